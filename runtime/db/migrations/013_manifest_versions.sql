-- Published manifest versions: the one record, shared by every server process, of what each
-- dealer is served (runtime/fleet/manifests.ts). A dealer's live version is its newest row;
-- older rows are its history (who published what, when, from where). A row whose manifest is
-- NULL withdraws the dealer (its file was removed from a release). Rows are never updated:
-- a rollback publishes an earlier version's text again as a new row.
CREATE TABLE manifest_versions (
  id bigserial PRIMARY KEY,
  -- Which manifest folder the dealer belongs to: 'default' for the project's own manifests/;
  -- another MANIFESTS_DIR (a test's temporary copy) gets its own, so it never speaks for the real dealers.
  collection text NOT NULL,
  -- The file name without .json (manifests/{name}.json), the dealer's key.
  name text NOT NULL,
  -- 'files': the release's manifests/ folder; 'cli': npm run manifests publish; 'studio'; 'rollback'.
  source text NOT NULL CHECK (source IN ('files', 'cli', 'studio', 'rollback')),
  -- The validated manifest as it stands alone (its templates merged in), as JSON text kept verbatim.
  manifest text,
  -- A hash of that text: tells whether a file's content was already published.
  hash text,
  -- What it claims that no other dealer may: { slug, hosts, dealerships } (runtime/manifest/claims.ts).
  claims jsonb,
  published_by text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  note text,
  -- For a rollback: the version whose text it publishes again.
  restores bigint REFERENCES manifest_versions (id)
);
CREATE INDEX manifest_versions_latest ON manifest_versions (collection, name, id DESC);

-- The releases (builds) that have published their manifests/ folder, in the order they first did:
-- a process of an older release (one restarted during a rolling deploy) does not publish its
-- older files over a newer release's.
CREATE TABLE manifest_releases (
  seq bigserial PRIMARY KEY,
  collection text NOT NULL,
  build_id text NOT NULL,
  first_seen timestamptz NOT NULL DEFAULT now(),
  UNIQUE (collection, build_id)
);
