-- 005: trade-in valuations (the trade-in form's rego lookup, adjustment questions, offer and acceptance).
-- The offer is kept here, not trusted from the browser: the lead's offer_price, vehicle fields and
-- adjustmentAnswers are copied from this row when the shopper sends or accepts it. No personal
-- data here (the contact details go in the lead only); the rego is the car's.
CREATE TABLE trade_in_valuations (
  id                  text PRIMARY KEY,
  dealer_slug         text NOT NULL,
  rego                text,
  rego_state          text,
  make                text,
  model               text,
  year                integer,
  kms                 integer,
  adjustment_answers  jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The valuation's answer (runtime/leads/valuation.ts ValuationResult); null until asked.
  result              jsonb,
  offer_price         integer,
  lead_id             text REFERENCES leads (id),
  offer_accepted      boolean NOT NULL DEFAULT false,
  accepted_at         timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trade_in_valuations_dealer_created ON trade_in_valuations (dealer_slug, created_at DESC);
