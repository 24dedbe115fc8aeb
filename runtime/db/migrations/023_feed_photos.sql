-- 023: a dealer's feed photos mirrored into the shared blob store (runtime/feeds/photos.ts). One
-- row per photo address a feed has named: where its copy is (a blob key named by the copy's
-- SHA-256, so the served address changes whenever the picture does), and the validators the
-- photo's server gave (ETag, Last-Modified) so the next run only asks whether it changed. A row
-- stays when a later fetch fails: the site keeps showing the last good copy.
CREATE TABLE feed_photos (
  dealer_slug           text NOT NULL,
  source_url            text NOT NULL,
  blob_key              text NOT NULL,
  sha256                text NOT NULL,
  source_etag           text,
  source_last_modified  text,
  fetched_at            timestamptz NOT NULL,
  checked_at            timestamptz NOT NULL,
  PRIMARY KEY (dealer_slug, source_url)
);
