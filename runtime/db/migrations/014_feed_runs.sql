-- Stock feed runs (runtime/feeds/runs.ts). feed_schedules holds, per dealer with a feed profile,
-- when its next scheduled run is due; a server process claims a due row with
-- FOR UPDATE SKIP LOCKED and moves it to the following occurrence in the same transaction, so each
-- occurrence runs once whichever process sees it first.
CREATE TABLE feed_schedules (
  dealer_slug text PRIMARY KEY,
  -- The profile's schedule and the dealer's time zone the next run was worked out from: when either
  -- changes in the manifest, the next run is worked out again.
  schedule    text NOT NULL,
  time_zone   text NOT NULL,
  next_run_at timestamptz NOT NULL
);

-- Every run, scheduled or from the command line: its figures, outcome and the whole report.
-- A row with outcome 'running' is a run under way; lease_until says until when its process holds
-- it (a process that dies mid-run lets the next claim go ahead once the lease has passed).
CREATE TABLE feed_runs (
  id          bigserial PRIMARY KEY,
  dealer_slug text NOT NULL,
  trigger     text NOT NULL CHECK (trigger IN ('schedule', 'cli')),
  started_at  timestamptz NOT NULL,
  finished_at timestamptz,
  lease_until timestamptz,
  rows        integer NOT NULL DEFAULT 0,
  accepted    integer NOT NULL DEFAULT 0,
  rejected    integer NOT NULL DEFAULT 0,
  hidden      integer NOT NULL DEFAULT 0,
  marked_sold integer NOT NULL DEFAULT 0,
  removed     integer NOT NULL DEFAULT 0,
  -- 'published': the site shows the file's stock; 'kept': the file was read but the last good
  -- stock stays (too many rejected rows, an empty or unreadable file); 'failed': the run broke.
  outcome     text NOT NULL CHECK (outcome IN ('running', 'published', 'kept', 'failed')),
  -- Why the last good stock stayed or the run failed, in the dealer's words.
  message     text,
  report      jsonb,
  -- Whether the staff were emailed about this run.
  alerted     boolean NOT NULL DEFAULT false
);
CREATE INDEX feed_runs_dealer ON feed_runs (dealer_slug, id DESC);
CREATE INDEX feed_runs_running ON feed_runs (outcome) WHERE outcome = 'running';
