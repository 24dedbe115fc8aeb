-- 024: manifest inputs that passed every check, so that a process starting (or one whose file
-- changed back) does not run the semantic rules again over a manifest they passed before
-- (runtime/fleet/manifest-checks.ts). Keyed by the release, whose rules did the checking (a new
-- release checks everything again), and by a hash of the exact input: the file's text and every
-- template's. Only passes are kept: a file with problems is always checked, so its problems can
-- be located and shown.
CREATE TABLE manifest_checks (
  release text NOT NULL,
  input_hash text NOT NULL,
  -- The warnings the checks gave (problems that do not stop the manifest from being served).
  warnings jsonb NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (release, input_hash)
);
