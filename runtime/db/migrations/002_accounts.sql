-- 002: shopper accounts (per dealer site), one-time sign-in codes, sessions; the watchlist keeps the price a car was saved at.
-- An account belongs to one dealer: the same email or mobile on two dealer sites is two accounts.

CREATE TABLE account_users (
  id           text PRIMARY KEY,                      -- random UUID
  dealer_slug  text NOT NULL,
  email        text,                                  -- lower-cased
  phone        text,                                  -- Australian mobile, digits only (04xxxxxxxx)
  own_car      jsonb,                                 -- the shopper's own car (my garage: service reminders)
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_users_dealer_email UNIQUE (dealer_slug, email),
  CONSTRAINT account_users_dealer_phone UNIQUE (dealer_slug, phone)
);

-- A code is stored only as a hash, with a masked hint of where it went; it expires and is consumed once.
CREATE TABLE account_codes (
  id             text PRIMARY KEY,                    -- random; the pending sign-in cookie names it
  dealer_slug    text NOT NULL,
  channel        text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient      text NOT NULL,                       -- normalised email or mobile (needed to create the account)
  code_hash      text NOT NULL,
  attempts       integer NOT NULL DEFAULT 0,
  expires_at     timestamptz NOT NULL,
  consumed_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_codes_expiry ON account_codes (expires_at);

-- Sessions: the cookie holds a random token, the table only its SHA-256.
CREATE TABLE account_sessions (
  token_hash   text PRIMARY KEY,
  dealer_slug  text NOT NULL,
  user_id      text NOT NULL REFERENCES account_users (id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_sessions_user ON account_sessions (user_id);

ALTER TABLE watchlist ADD COLUMN saved_price integer;

-- Favourites are kept in the browser; a signed-in shopper's are also kept here, so those made
-- before signing in join the account and show on another device.
CREATE TABLE account_favourites (
  dealer_slug  text NOT NULL,
  user_id      text NOT NULL REFERENCES account_users (id) ON DELETE CASCADE,
  car_id       integer NOT NULL,
  details      jsonb NOT NULL,                        -- the Favourite fields (name, slug, make, model, primary_image_url)
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, car_id)
);
