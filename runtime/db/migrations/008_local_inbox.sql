-- 008: the local inbox. Messages to shoppers (sign-in codes, reservation and payment confirmations)
-- that no provider sends are kept here when the local stand-ins are on, and listed on the directory
-- host's /inbox; in the database rather than on disk, so every process of a deployment writes and
-- reads the same list. A deployment with real providers never writes here.
CREATE TABLE local_inbox (
  id          bigserial PRIMARY KEY,
  dealer_slug text NOT NULL,
  channel     text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient   text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  -- A sign-in code, when the message carries one (shown apart so it is easy to copy).
  code        text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_inbox_created ON local_inbox (created_at DESC);
