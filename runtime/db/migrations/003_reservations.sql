-- 003: reserve online. A paid deposit holds a car; the database, not the application, keeps a car
-- to one active reservation (the partial unique index below), so two shoppers paying at the same
-- moment get one reservation between them and the loser's payment is voided.
-- 001 created a placeholder `reservations` table that nothing wrote to; it is completed here.

ALTER TABLE reservations RENAME COLUMN held_until TO expires_at;
ALTER TABLE reservations ALTER COLUMN status SET DEFAULT 'held';
ALTER TABLE reservations
  ADD COLUMN car_slug        text,
  ADD COLUMN car_title       text,
  ADD COLUMN stock_number    text,
  ADD COLUMN user_id         text,                    -- the signed-in shopper, when there is one
  ADD COLUMN contact         jsonb NOT NULL DEFAULT '{}'::jsonb,  -- name, last_name, email, phone (personal data lives only here and in the lead)
  ADD COLUMN payment_id      bigint,
  ADD COLUMN confirmed_at    timestamptz,
  ADD COLUMN cancelled_at    timestamptz,
  ADD COLUMN refunded_at     timestamptz;
-- held: paid, holding the car until expires_at (read time decides; no job has to end it);
-- confirmed: staff took it on (held until cancelled); cancelled / expired: the car is free again.
ALTER TABLE reservations ADD CONSTRAINT reservations_status CHECK (status IN ('held', 'confirmed', 'cancelled', 'expired'));
ALTER TABLE reservations ADD CONSTRAINT reservations_held_expires CHECK (status <> 'held' OR expires_at IS NOT NULL);

-- The guarantee: at most one held or confirmed reservation per car (car ids are unique across the
-- shared stock index; a car listed by two dealers' sites is still one car). A held row whose time
-- is up still occupies the slot until a new reservation of that car marks it expired in the same
-- transaction as its insert (runtime/reservations/store.ts); readers treat it as lapsed at once.
CREATE UNIQUE INDEX reservations_one_active_per_car ON reservations (car_id) WHERE status IN ('held', 'confirmed');
CREATE INDEX reservations_dealer_created ON reservations (dealer_slug, created_at DESC);

-- Every payment attempt, written before the gateway is called, so a payment taken by a process
-- that then died is found and voided (reconcile): nothing stays charged without a reservation.
CREATE TABLE reservation_payments (
  id               bigserial PRIMARY KEY,
  dealer_slug      text NOT NULL,
  car_id           text NOT NULL,
  gateway          text NOT NULL,                     -- 'test' or 'stripe'
  idempotency_key  text NOT NULL UNIQUE,              -- sent to the gateway with every call for this payment
  gateway_ref      text,                              -- the gateway's payment id (test charge id, PaymentIntent id)
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  -- pending: gateway not answered yet; authorised: money held, no reservation yet; captured: taken, reservation made;
  -- declined / failed: nothing taken; voided: authorisation released; refunded: captured then returned.
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'authorised', 'captured', 'declined', 'failed', 'voided', 'refunded')),
  reservation_id   text REFERENCES reservations (id),
  request          jsonb,                             -- Stripe: the checkout form (car, contact) kept until the browser or the webhook finishes it
  error            text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reservation_payments_open ON reservation_payments (created_at) WHERE status IN ('pending', 'authorised');

-- The built-in test gateway's own ledger (gateway 'test' only): what a real gateway would hold on
-- its side, kept apart from our records so the benchmark can check one against the other.
CREATE TABLE test_gateway_charges (
  id               text PRIMARY KEY,
  idempotency_key  text NOT NULL UNIQUE,
  amount_cents     integer NOT NULL,
  card_last4       text NOT NULL,
  status           text NOT NULL CHECK (status IN ('authorised', 'captured', 'voided', 'refunded')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- /online-payment: a balance or other payment the dealer asked for (a signed-in shopper only),
-- taken in one step (authorise and capture) by the dealer's gateway.
CREATE TABLE online_payments (
  id               text PRIMARY KEY,
  dealer_slug      text NOT NULL,
  user_id          text NOT NULL,
  purpose          text NOT NULL,
  reference        text NOT NULL,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  gateway          text NOT NULL,
  idempotency_key  text NOT NULL UNIQUE,
  gateway_ref      text,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'captured', 'declined', 'failed', 'voided', 'refunded')),
  contact          jsonb NOT NULL DEFAULT '{}'::jsonb,
  lead_id          text REFERENCES leads (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX online_payments_dealer_created ON online_payments (dealer_slug, created_at DESC);
