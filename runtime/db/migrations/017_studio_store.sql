-- Shared blobs: uploaded pictures (a dealer's logo) and any other file every server process must
-- serve alike, by key (runtime/blobs/). The default backend; an S3-compatible bucket replaces it
-- by configuration. Rows are replaced whole by a put.
CREATE TABLE blobs (
  key text PRIMARY KEY,
  content_type text NOT NULL,
  body bytea NOT NULL,
  size integer NOT NULL,
  -- Hex SHA-256 of the body: an ETag for HTTP caching and a check that a copy is whole.
  etag text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The studio's working copies: the text a person is editing, written on every valid change, so
-- any process of a fleet previews and publishes the same draft (runtime/studio/working-copy.ts).
-- `name` is the working copy's name ("studio-{slug}" for a dealer, "studio-template-{name}" …).
CREATE TABLE studio_working_copies (
  collection text NOT NULL,
  name text NOT NULL,
  manifest text NOT NULL,
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection, name)
);

-- The text a studio save replaced, kept before each save of a template or a draft file (a
-- dealer's earlier texts are its published versions, manifest_versions). Never updated.
CREATE TABLE studio_backups (
  id bigserial PRIMARY KEY,
  collection text NOT NULL,
  -- 'dealer', 'draft' or 'template', and its name (the file name without .json).
  kind text NOT NULL,
  name text NOT NULL,
  manifest text NOT NULL,
  saved_by text,
  saved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX studio_backups_latest ON studio_backups (collection, kind, name, id DESC);
