-- The stock every server process serves, shared through the database instead of each machine's
-- disk (runtime/stock/shared.ts). A site's snapshot is the whole JSON array of its cars as the
-- import wrote it; each process keeps a copy in its own stock folder and indexes that.
CREATE SEQUENCE stock_seq;

CREATE TABLE stock_snapshots (
  -- The site's slug (.data/stock/{site}.json).
  site text PRIMARY KEY,
  -- The publish that wrote it (stock_seq): a process holding an older number fetches it again.
  seq bigint NOT NULL,
  -- The JSON array of cars, verbatim.
  cars text NOT NULL,
  -- SHA-256 of that text: a process whose copy has the same hash keeps its file as it is.
  hash text NOT NULL,
  car_count integer NOT NULL,
  published_by text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);

-- The cars a publish changed (sold, reserved, edited, or gone from the stock: car NULL), so that
-- every process lays them over the index it serves at once, before the snapshot is indexed again.
-- Rows older than a day are removed by later publishes.
CREATE TABLE stock_changes (
  seq bigint NOT NULL,
  site text NOT NULL,
  car_id bigint NOT NULL,
  car jsonb,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (seq, car_id)
);
