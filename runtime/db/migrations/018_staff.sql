-- 018: staff accounts for the studio and its audit trail. A staff member signs in as themselves
-- with a code emailed to them (the codes are account_codes rows under the dealer slug "_studio",
-- which no dealer's slug can be); their studio session's subject is their account id. An admin
-- edits everything and manages staff; an editor edits only the dealers named in `dealers`.
CREATE TABLE staff_accounts (
  id          text PRIMARY KEY,                 -- random UUID: the studio session's subject
  email       text NOT NULL UNIQUE,             -- lower-cased
  name        text NOT NULL DEFAULT '',
  role        text NOT NULL CHECK (role IN ('admin', 'editor')),
  dealers     jsonb NOT NULL DEFAULT '[]',      -- an editor's dealer slugs (and draft names)
  active      boolean NOT NULL DEFAULT true,    -- removed staff are kept inactive, so the audit trail still names them
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Who did what in the studio's access, when: sign-ins (and refused codes), sign-outs, staff
-- added, changed and removed. Manifest changes are recorded by their published versions instead.
CREATE TABLE studio_audit (
  id       bigserial PRIMARY KEY,
  at       timestamptz NOT NULL DEFAULT now(),
  actor    text NOT NULL,                       -- a staff id, "studio-secret", "first-run-link", "cli" or "unknown"
  action   text NOT NULL,
  target   text,                                -- the staff account acted on, when there is one
  detail   jsonb
);
CREATE INDEX studio_audit_at ON studio_audit (at DESC);
