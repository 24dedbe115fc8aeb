/**
 * A feed's photos mirrored into the shared blob store (runtime/blobs: the database by default, an
 * S3-compatible bucket by configuration) and served from the platform's own origin at
 * `/api/media/dealers/{slug}/photos/{sha256}.{ext}` (runtime/images/media-route.ts), so the site
 * never hot-links the dealer management system's host.
 *
 * Each photo is downloaded through the feed download's guard (https only, public addresses only,
 * redirects checked, a time limit), capped in size, and kept only when sharp reads it as a JPEG,
 * PNG, WebP or AVIF picture, whatever the server called it. At most a few downloads run at once.
 * A photo mirrored before is asked for again only with the validators its server gave (ETag,
 * Last-Modified): a 304, or the same bytes, stores nothing; a server that gave neither is taken at
 * its word that the address names one picture, and it is not fetched again. A photo that cannot be
 * fetched keeps its last good copy, or, without one, is left out of the car and reported in the
 * dealer's words ("Stock No U8812: photo 3 could not be fetched (404)"); it never fails the import.
 *
 * Copies no car names any more are deleted (removeUnusedPhotos), after a published run: every copy
 * the site's new stock names is marked used (feed_photo_blobs), and a copy unused for
 * PHOTO_GRACE_DAYS goes, with the addresses that pointed at it, so their next run fetches afresh.
 */
import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import pLimit from "p-limit";
import sharp from "sharp";
import { blobConfigFromEnv, openBlobStore } from "../blobs";
import type { BlobStore } from "../blobs/types";
import type { Queryable } from "../db/types";
import type { Car } from "../generated/types";
import { guardedRequest, readCapped, type DownloadOptions } from "./download";
import { FeedFileError } from "./read";
import type { FeedIssue } from "./report";

/** The picture types kept, by the media type they are served as, with their file ending. */
const KEPT = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/avif": "avif" } as const;
export type PhotoType = keyof typeof KEPT;

/** Where the site's mirrored photos are served from (the media route's address for a blob key). */
export const MEDIA_PREFIX = "/api/media/";

export interface PhotoMirror {
  store: BlobStore;
  db: Queryable;
  /** The most bytes one photo may have (default 15 MB). */
  maxBytes?: number;
  /** Downloads at once (default 6). */
  concurrency?: number;
  /** One photo's time limit (default 30 s). */
  timeoutMs?: number;
  /** The guard's test overrides (a stand-in server); refused in production by the guard itself. */
  download?: Pick<DownloadOptions, "resolve" | "get" | "allowAddress">;
}

export interface MirrorInput {
  /** The site's slug: photos are stored and served under `dealers/{slug}/photos/`. */
  dealer: string;
  /** The dealer's name for the stock number column ("Stock No"), for the report. */
  stockLabel: string;
  /** Cars with fewer photos are hidden by the site (search.minPhotos). */
  minPhotos: number;
  now: Date;
  /** Told after each photo: photos done so far, of all. */
  onProgress?: (done: number, total: number) => void;
}

export interface MirrorOutcome {
  issues: FeedIssue[];
  /** Photos downloaded and stored by this run (new or changed). */
  stored: number;
  /** Photos whose copy was already there (not downloaded, or the same bytes). */
  unchanged: number;
  /** Photos that could not be fetched and were left out. */
  failed: number;
  /** Photos that could not be fetched and kept their last good copy. */
  keptLastGood: number;
  /** Cars the site no longer shows because photos were left out. */
  hidden: number;
}

/**
 * The mirror every real run uses: the blob store the environment configures, on `db` when it is
 * the database one. FEED_PHOTOS=link turns mirroring off (the cars keep the feed's photo
 * addresses), for a machine that reaches no photo host, such as a browser test's own server.
 */
export function photoMirrorFor(db: Queryable, env: Record<string, string | undefined> = process.env): PhotoMirror | null {
  const setting = (env.FEED_PHOTOS ?? "mirror").trim().toLowerCase();
  if (setting === "link") return null;
  if (setting !== "mirror" && setting !== "") throw new Error(`FEED_PHOTOS is '${env.FEED_PHOTOS}': use 'mirror' (the default) or 'link'`);
  return { store: openBlobStore(blobConfigFromEnv(env), db), db };
}

/** The picture type sharp reads in the bytes, or null when it is none of the kept ones. */
export async function sniffPhotoType(bytes: Uint8Array): Promise<PhotoType | null> {
  try {
    const meta = await sharp(bytes).metadata();
    if (meta.format === "jpeg" || meta.format === "png" || meta.format === "webp") return `image/${meta.format}`;
    if (meta.format === "heif" && meta.compression === "av1") return "image/avif";
    return null;
  } catch {
    return null;
  }
}

interface Mirrored {
  source_url: string;
  blob_key: string;
  sha256: string;
  source_etag: string | null;
  source_last_modified: string | null;
}

/** A mirrored copy's key, or what went wrong ("could not be fetched (404)") and the last good copy's key. */
type Result = { ok: true; key: string } | { ok: false; what: string; kept?: string };

/** The site's address of a stored photo. */
export const photoAddress = (key: string) => MEDIA_PREFIX + key;

/**
 * Mirrors every https photo of `cars` and points the cars at the copies (in place: images,
 * primary_image_url, photos_count). Photos already on the site's own origin are left as they are.
 */
export async function mirrorCarPhotos(cars: Car[], mirror: PhotoMirror, input: MirrorInput): Promise<MirrorOutcome> {
  const outcome: MirrorOutcome = { issues: [], stored: 0, unchanged: 0, failed: 0, keptLastGood: 0, hidden: 0 };
  const limit = pLimit(mirror.concurrency ?? 6);
  const sources = [...new Set(cars.flatMap((c) => (c.images ?? []).map((i) => i.image.url).filter((u) => /^https?:\/\//i.test(u))))];
  const known = await knownPhotos(mirror.db, input.dealer, sources, input.now);
  const results = new Map<string, Promise<Result>>();
  let done = 0;
  for (const url of sources)
    results.set(
      url,
      limit(async () => {
        const r = await mirrorOne(url, known.get(url), mirror, input, outcome);
        input.onProgress?.(++done, sources.length);
        return r;
      }),
    );
  for (const car of cars) {
    const before = car.photos_count;
    const images: Car["images"] = [];
    for (const [n, image] of (car.images ?? []).entries()) {
      const pending = results.get(image.image.url);
      if (!pending) {
        images.push(image);
        continue;
      }
      const r = await pending;
      if (r.ok) images.push({ image: { url: photoAddress(r.key) } });
      else if (r.kept) {
        outcome.keptLastGood++;
        images.push({ image: { url: photoAddress(r.kept) } });
        outcome.issues.push(photoIssue(car, input, n + 1, `photo ${n + 1} ${r.what}; the copy fetched before is shown`));
      } else {
        outcome.failed++;
        outcome.issues.push(photoIssue(car, input, n + 1, `photo ${n + 1} ${r.what}, so it is not shown`));
      }
    }
    car.images = images;
    car.photos_count = images.length;
    if (images.length > 0) car.primary_image_url = images[0].image.url;
    else delete car.primary_image_url;
    if (input.minPhotos > 0 && before >= input.minPhotos && images.length < input.minPhotos) {
      outcome.hidden++;
      outcome.issues.push({
        kind: "hidden",
        stocknum: car.stocknum,
        message: `${input.stockLabel} ${car.stocknum} has ${images.length} ${images.length === 1 ? "photo" : "photos"} that could be fetched; cars need ${input.minPhotos} to be shown`,
      });
    }
  }
  return outcome;
}

const photoIssue = (car: Car, input: MirrorInput, photo: number, what: string): FeedIssue => ({
  kind: "warning",
  stocknum: car.stocknum,
  photo,
  message: `${input.stockLabel} ${car.stocknum}: ${what}`,
});

/**
 * The dealer's mirrored photos among `urls`, by address (looked up in slices, not all at once),
 * their copies marked used now. A copy whose mark is gone is being deleted as unused (by another
 * run, at this moment): its address counts as never mirrored, so the photo is fetched again.
 */
async function knownPhotos(db: Queryable, dealer: string, urls: string[], now: Date): Promise<Map<string, Mirrored>> {
  const out = new Map<string, Mirrored>();
  for (let i = 0; i < urls.length; i += 1000) {
    const rows = await db.query<Mirrored>(
      "SELECT source_url, blob_key, sha256, source_etag, source_last_modified FROM feed_photos WHERE dealer_slug = $1 AND source_url = ANY($2)",
      [dealer, urls.slice(i, i + 1000)],
    );
    const kept = new Set(await markUsed(db, dealer, [...new Set(rows.map((r) => r.blob_key))], now, { only: "existing" }));
    for (const r of rows) if (kept.has(r.blob_key)) out.set(r.source_url, r);
  }
  return out;
}

/**
 * Marks the dealer's copies used at `now` (never earlier than a mark they have); the keys marked.
 * `existing` marks only copies already known, so one whose mark a removal took stays gone.
 */
async function markUsed(db: Queryable, dealer: string, keys: readonly string[], now: Date, o: { only?: "existing" } = {}): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows =
    o.only === "existing"
      ? await db.query<{ blob_key: string }>(
          "UPDATE feed_photo_blobs SET last_used_at = GREATEST(last_used_at, $3::timestamptz) WHERE dealer_slug = $1 AND blob_key = ANY($2::text[]) RETURNING blob_key",
          [dealer, keys, now],
        )
      : await db.query<{ blob_key: string }>(
          `INSERT INTO feed_photo_blobs (dealer_slug, blob_key, last_used_at) SELECT $1::text, k, $3::timestamptz FROM unnest($2::text[]) AS k
           ON CONFLICT (dealer_slug, blob_key) DO UPDATE SET last_used_at = GREATEST(feed_photo_blobs.last_used_at, EXCLUDED.last_used_at)
           RETURNING blob_key`,
          [dealer, keys, now],
        );
  return rows.map((r) => r.blob_key);
}

async function mirrorOne(url: string, before: Mirrored | undefined, mirror: PhotoMirror, input: MirrorInput, outcome: MirrorOutcome): Promise<Result> {
  const failed = (what: string): Result => ({ ok: false, what, ...(before ? { kept: before.blob_key } : {}) });
  const unfetched = (reason: string) => failed(`could not be fetched (${reason})`);
  if (before && !before.source_etag && !before.source_last_modified) {
    outcome.unchanged++;
    return { ok: true, key: before.blob_key };
  }
  const headers: Record<string, string> = { accept: Object.keys(KEPT).join(", ") };
  if (before?.source_etag) headers["if-none-match"] = before.source_etag;
  if (before?.source_last_modified) headers["if-modified-since"] = before.source_last_modified;
  const maxBytes = mirror.maxBytes ?? 15 * 1_048_576;
  let bytes: Uint8Array;
  let validators: { etag: string | null; lastModified: string | null };
  let contentType: string | undefined;
  try {
    const { res, signal } = await guardedRequest(url, { maxBytes, timeoutMs: mirror.timeoutMs ?? 30_000, ...mirror.download, what: "the photo", headers });
    const status = res.statusCode ?? 0;
    if (status === 304 && before) {
      res.resume();
      await mirror.db.query("UPDATE feed_photos SET checked_at = $3 WHERE dealer_slug = $1 AND source_url = $2", [input.dealer, url, input.now]);
      outcome.unchanged++;
      return { ok: true, key: before.blob_key };
    }
    if (status !== 200) {
      res.resume();
      return unfetched(String(status));
    }
    validators = { etag: header(res.headers.etag), lastModified: header(res.headers["last-modified"]) };
    contentType = res.headers["content-type"];
    bytes = await readCapped(res, maxBytes, signal, "the photo");
  } catch (e) {
    if (e instanceof FeedFileError)
      return unfetched(
        e.message
          .replace(/^the photo's /, "its ")
          .replace(/^the photo address/, "its address")
          .replace(/^the photo /, "it "),
      );
    return unfetched((e as Error).message);
  }
  const type = await sniffPhotoType(bytes);
  if (!type) return failed(`is not a JPEG, PNG, WebP or AVIF picture (its server called it ${header(contentType) ?? "nothing"})`);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const key = `dealers/${input.dealer}/photos/${sha256}.${KEPT[type]}`;
  // Marked before it is stored, so a copy that is stored is always one a removal can find.
  await markUsed(mirror.db, input.dealer, [key], input.now);
  if (before?.sha256 === sha256) outcome.unchanged++;
  else {
    if (!(await mirror.store.head(key))) await mirror.store.put(key, bytes, type);
    outcome.stored++;
  }
  await mirror.db.query(
    `INSERT INTO feed_photos (dealer_slug, source_url, blob_key, sha256, source_etag, source_last_modified, fetched_at, checked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (dealer_slug, source_url) DO UPDATE SET blob_key = EXCLUDED.blob_key, sha256 = EXCLUDED.sha256,
       source_etag = EXCLUDED.source_etag, source_last_modified = EXCLUDED.source_last_modified, fetched_at = EXCLUDED.fetched_at, checked_at = EXCLUDED.checked_at`,
    [input.dealer, url, key, sha256, validators.etag, validators.lastModified, input.now],
  );
  return { ok: true, key };
}

const header = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/**
 * Days a mirrored copy is kept after the last run whose stock named it. Sold cars keep their photos
 * while their pages stay up (stockFeed.keepSoldDays); this covers what outlives the stock: pages
 * cached by browsers and the CDN, link previews other sites took of a shared listing (they keep
 * the image address for weeks), alert emails already sent, and a feed that leaves photos out for a
 * few nights and puts them back (they are not fetched again). A month covers those; a copy is
 * about 200 KB, so a month of a large dealer's turnover is a few hundred megabytes at most.
 */
export const PHOTO_GRACE_DAYS = 30;

/** Copies marked, and copies removed, a batch at a time. */
const SWEEP_BATCH = 500;

export interface PhotoSweep {
  /** Copies deleted: no car named them for the grace period. */
  removed: number;
  /** Copies whose deletion failed (they stay marked and are tried again next run). */
  failed: number;
}

/** The site's own copies a car names: keys under `dealers/{slug}/photos/`, from any of its fields. */
export function photoKeysOf(car: Car, dealer: string): string[] {
  const prefix = `${MEDIA_PREFIX}dealers/${dealer}/photos/`;
  const keys: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (v.startsWith(prefix)) keys.push(v.slice(MEDIA_PREFIX.length));
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(car);
  return keys;
}

/**
 * Marks every copy of the dealer's that `eachCar` names used now, a batch at a time, letting the
 * event loop run between batches. A published run marks the stock it replaces (shown until now)
 * and the stock it wrote, so a copy's mark is the last time the site showed it.
 */
export async function markNamedPhotos(
  mirror: Pick<PhotoMirror, "db">,
  dealer: string,
  eachCar: (each: (car: Car) => Promise<void>) => Promise<void>,
  now: Date,
): Promise<number> {
  let marked = 0;
  let batch = new Set<string>();
  const mark = async () => {
    marked += (await markUsed(mirror.db, dealer, [...batch], now)).length;
    batch = new Set();
    await nextTurn();
  };
  await eachCar(async (car) => {
    for (const key of photoKeysOf(car, dealer)) batch.add(key);
    if (batch.size >= SWEEP_BATCH) await mark();
  });
  await mark();
  return marked;
}

/**
 * Deletes the dealer's copies no stock has named for `graceDays` (markNamedPhotos), with the
 * addresses that pointed at them, a batch at a time; only ever keys under the dealer's own
 * `dealers/{slug}/photos/`. A copy's mark is deleted before the copy, so a run that meanwhile wants
 * it fetches it again instead of pointing a car at a copy about to go; a copy that cannot be
 * deleted gets its mark back, to be tried again by the next run.
 */
export async function removeUnusedPhotos(
  mirror: Pick<PhotoMirror, "store" | "db">,
  dealer: string,
  now: Date,
  graceDays = PHOTO_GRACE_DAYS,
): Promise<PhotoSweep> {
  const out: PhotoSweep = { removed: 0, failed: 0 };
  const cutoff = new Date(now.getTime() - graceDays * 86_400_000);
  const own = `dealers/${dealer}/photos/`;
  const retry: Array<{ key: string; at: Date }> = [];
  for (;;) {
    const gone = await mirror.db.query<{ blob_key: string; last_used_at: Date | string }>(
      `DELETE FROM feed_photo_blobs WHERE dealer_slug = $1 AND blob_key IN (
         SELECT blob_key FROM feed_photo_blobs WHERE dealer_slug = $1 AND last_used_at < $2 ORDER BY last_used_at LIMIT $3)
       AND last_used_at < $2 RETURNING blob_key, last_used_at`,
      [dealer, cutoff, SWEEP_BATCH],
    );
    for (const { blob_key: key, last_used_at } of gone) {
      if (!key.startsWith(own)) continue;
      try {
        await mirror.db.query("DELETE FROM feed_photos WHERE dealer_slug = $1 AND blob_key = $2", [dealer, key]);
        await mirror.store.delete(key);
        out.removed++;
      } catch {
        out.failed++;
        retry.push({ key, at: new Date(last_used_at) });
      }
    }
    await nextTurn();
    if (gone.length < SWEEP_BATCH) break;
  }
  for (const { key, at } of retry)
    await mirror.db.query("INSERT INTO feed_photo_blobs (dealer_slug, blob_key, last_used_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [dealer, key, at]);
  return out;
}
