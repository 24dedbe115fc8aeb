-- 030: a stock snapshot indexed once for the whole fleet, and what each site last pushed to Algolia.
--
-- search_indexes holds the embedded engine's index of one set of stock snapshots, serialised
-- (runtime/search/serialise.ts), keyed by the snapshots' hash and the engine's format version: the
-- first process to see a new snapshot claims the row ('building'), builds and stores it ('ready');
-- every other process loads it instead of building. A claim older than a few minutes is taken
-- over (its builder died). Rows of snapshots no longer served are removed after a day.
CREATE TABLE search_indexes (
  snapshot_hash   text NOT NULL,
  engine_version  text NOT NULL,
  state           text NOT NULL CHECK (state IN ('building', 'ready')),
  data            bytea,
  bytes           integer,
  build_ms        integer,
  claimed_by      text NOT NULL,
  claimed_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (snapshot_hash, engine_version)
);

-- The cars each site's Algolia index holds from its last push (the stock file's text as pushed),
-- so a feed run sends only what changed, partial updates and the deletions of cars that left.
CREATE TABLE algolia_pushes (
  site        text NOT NULL,
  index_name  text NOT NULL,
  cars        text NOT NULL,
  hash        text NOT NULL,
  pushed_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site, index_name)
);
