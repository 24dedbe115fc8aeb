-- 021: stock feeds without a shared disk. feed_last_good holds, per dealer, the last feed run that
-- was published (the site shows its stock): a dealer's first published import replaces whatever
-- stock it had before, later ones mark the cars that left the feed sold. feed_uploads holds the
-- export staff gave the studio's import screen (uploaded, or fetched from an address) with the
-- column mapping they are working on and the last dry run's report, so any server process can
-- answer the next step. Runs started from the studio are recorded like the others.
CREATE TABLE feed_last_good (
  dealer_slug  text PRIMARY KEY,
  run_at       timestamptz NOT NULL,
  rows         integer NOT NULL,
  accepted     integer NOT NULL,
  source       text NOT NULL
);

CREATE TABLE feed_uploads (
  dealer_slug  text PRIMARY KEY,
  -- The file's name as staff gave it, or the address it was fetched from.
  source       text NOT NULL,
  bytes        bytea NOT NULL,
  uploaded_at  timestamptz NOT NULL,
  -- The stockFeed profile being worked on (its columns, transforms and options), as JSON.
  profile      jsonb NOT NULL,
  -- The last dry run's report (runtime/feeds/report.ts), or null before one.
  dry_run      jsonb
);

ALTER TABLE feed_runs DROP CONSTRAINT feed_runs_trigger_check;
ALTER TABLE feed_runs ADD CONSTRAINT feed_runs_trigger_check CHECK (trigger IN ('schedule', 'cli', 'studio'));
