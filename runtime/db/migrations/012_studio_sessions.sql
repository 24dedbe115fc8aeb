-- 011: studio sessions. Signing in to the studio issues a random session id (32 bytes) in an
-- HttpOnly cookie; only its SHA-256 is stored here, so neither the database nor the cookie ever
-- holds the studio secret. `subject` says who signed in: "studio-secret" for the shared secret,
-- a staff account's id once there are staff accounts. Numbered 011 to leave room for migrations
-- other branches add.
CREATE TABLE studio_sessions (
  id_hash     text PRIMARY KEY,               -- hex SHA-256 of the session id in the cookie
  subject     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX studio_sessions_expires ON studio_sessions (expires_at);
