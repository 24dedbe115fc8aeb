-- A reservation deposit's effects after capture (the shopper's confirmation, the cached page
-- expired) are claimed by one conditional UPDATE of this column, so two requests finishing the
-- same payment at the same moment send one confirmation. Payments captured before this column
-- existed have had theirs.
ALTER TABLE reservation_payments ADD COLUMN effects_at timestamptz;
UPDATE reservation_payments SET effects_at = updated_at WHERE status IN ('captured', 'refunded');
