-- 031: keys the platform makes for itself, held where every server process reads the same one.
--
-- A key nobody configured (the lead forms' state cookie without FORM_STATE_SECRET) is made once,
-- by the first process to ask, and read by every other: a cookie one process signed is then read
-- by any process the next request lands on, and after a restart. Never logged or shown.
CREATE TABLE platform_secrets (
  name        text PRIMARY KEY,
  secret      bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
