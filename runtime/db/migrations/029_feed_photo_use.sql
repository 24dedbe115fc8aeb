-- 029: when each of a dealer's mirrored photos (runtime/feeds/photos.ts) was last named by its
-- stock. One row per stored copy (blob key), not per photo address: a copy stays after the photo
-- at its address changes, and may be named by sold cars or by more than one address. A published
-- feed run marks every copy its stock names, then deletes the copies no car has named for the
-- grace period, the row first, so a run still using a copy either keeps it or fetches it again.
CREATE TABLE feed_photo_blobs (
  dealer_slug   text NOT NULL,
  blob_key      text NOT NULL,
  last_used_at  timestamptz NOT NULL,
  PRIMARY KEY (dealer_slug, blob_key)
);

CREATE INDEX feed_photo_blobs_unused ON feed_photo_blobs (dealer_slug, last_used_at);

-- The copies mirrored before this table: last named when their address was last checked.
INSERT INTO feed_photo_blobs (dealer_slug, blob_key, last_used_at)
SELECT dealer_slug, blob_key, max(checked_at) FROM feed_photos GROUP BY dealer_slug, blob_key;
