-- 032: the export staff imported in the studio, kept as the dealer's inbox file for the nightly run.
--
-- A feed read from an inbox file takes the file the dealer's DMS drops into .data/inbox/<slug>/ on a
-- server. Until the DMS sends one (and on processes that do not share that disk), the export staff
-- last imported in the studio under the same name is read instead: the newer of the two wins.
CREATE TABLE feed_inbox (
  dealer_slug  text PRIMARY KEY,
  file_name    text NOT NULL,
  bytes        bytea NOT NULL,
  stored_at    timestamptz NOT NULL
);
