-- 007: the checkout journey (/checkout-journey?car_id=), saved as the shopper goes so a reload resumes.
-- One row per (dealer, browser, car): the browser is known only by a random token in an HttpOnly
-- cookie, stored here as its SHA-256, so the database never holds the cookie itself. The answers
-- (contact, delivery, trade-in, finance) are personal data: they live here and in the lead only,
-- never in a URL or a log line. Numbered 007 to leave room for migrations other branches add.
CREATE TABLE checkout_journeys (
  id              text PRIMARY KEY,
  dealer_slug     text NOT NULL,
  token_hash      text NOT NULL,
  car_id          text NOT NULL,
  car_slug        text NOT NULL,
  step            text NOT NULL DEFAULT 'contact',
  answers         jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- What the last refused post held and why (the page shows it at the fields), cleared by the next good post.
  draft           jsonb,
  reservation_id  text REFERENCES reservations (id),
  lead_id         text,
  submitted_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (dealer_slug, token_hash, car_id)
);
CREATE INDEX checkout_journeys_updated ON checkout_journeys (updated_at);
