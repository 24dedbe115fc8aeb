-- 011: the payment providers' webhook events processed here, by the provider's own event id, so a
-- redelivered event (providers retry until acknowledged, and may deliver one twice) is acknowledged
-- and skipped rather than acted on again. Numbered 011 to leave room for migrations other branches add.
CREATE TABLE payment_webhook_events (
  gateway       text NOT NULL,
  event_id      text NOT NULL,
  dealer_slug   text NOT NULL,
  action        text NOT NULL,
  processed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway, event_id)
);
CREATE INDEX payment_webhook_events_processed ON payment_webhook_events (processed_at);
