/**
 * Importing a dealer's stock feed through its profile (the manifest's `stockFeed`): read the file
 * (downloaded, from the dealer's inbox folder, named on the command line or given by the studio),
 * turn it into a table, convert the rows (./convert.ts), decide whether to publish (./publish.ts)
 * and write the stock file. The last published run is kept in the database (`feed_last_good`), not
 * on a disk only one server sees; each run's whole report is recorded by whoever claimed the run
 * (./runs.ts). A run that cannot read its file, or rejects too much, leaves the stock file as it was.
 */
import fs from "node:fs";
import path from "node:path";
import type { Queryable } from "../db/types";
import type { Car, DealerManifest, ResolvedStockFeed, StockFeed } from "../generated/types";
import { loadManifest } from "../manifest/load";
import { resolveSearchSettings } from "../inventory/search-settings";
import { listStockFiles } from "../stock/store";
import { RowConverter, stockKey, type DealerContext, type FeedTable, type PreviousCar } from "./convert";
import { downloadFeed, type DownloadOptions } from "./download";
import { guessMapping, type GuessedMapping } from "./guess";
import { markNamedPhotos, mirrorCarPhotos, removeUnusedPhotos, type PhotoMirror } from "./photos";
import { noInboxFile, readInbox } from "./inbox";
import { resolveStockFeed } from "./profile";
import { leftFeed, publishRefusal } from "./publish";
import { FeedFileError, readCsvTable, readJsonTable, rowsOfTable, sniffFormat, streamCsvRows, streamJsonRows, type FeedRows } from "./read";
import { CarsFileWriter, eachCarInFile } from "./stock-stream";
import type { FeedReport } from "./report";
import { readXlsxTable, streamXlsxRows } from "./xlsx";

export interface FeedImportOptions {
  /** The site's slug. */
  dealer: string;
  /** A file to read instead of the profile's source. */
  file?: string;
  /** The file's bytes instead (the studio's upload), with where they came from. */
  bytes?: { bytes: Uint8Array; source: string };
  /** A profile to use instead of the manifest's (the studio's mapping before it is saved). */
  profile?: StockFeed;
  /**
   * The dealer's manifest as the server serves it. A dealer put live from the studio lives in the database, not in
   * a file, so the server's callers pass it; without it, it is read from `manifestsDir` (the command line).
   */
  manifest?: DealerManifest;
  manifestsDir: string;
  publicDir: string;
  stockDir: string;
  /** `.data` folder: inboxes in `inbox/<slug>/`. */
  dataDir: string;
  /**
   * Where the last published run is kept (`feed_last_good`). Null when the database cannot be
   * opened (a dry run beside a server holding the embedded one): the dealer counts as imported
   * before, so its cars that left the feed are reported as marked sold rather than replaced.
   */
  db: Queryable | null;
  now?: Date;
  dryRun?: boolean;
  onProgress?: (read: number, total: number, accepted: number) => void;
  /** Download overrides (tests). */
  download?: Partial<DownloadOptions>;
  /**
   * Where the feed's photos are mirrored (./photos.ts): a published run then points every car at
   * copies served from the site's own origin. Without it the cars keep the feed's photo addresses.
   */
  photos?: PhotoMirror | null;
  /** Told after each photo mirrored: done so far, of all. */
  onPhotoProgress?: (done: number, total: number) => void;
}

export interface FeedImportResult {
  report: FeedReport;
  /** The cars the file's rows became (accepted ones, in file order): what the studio previews. */
  cars: Car[];
  /** The mapping used when the manifest has no profile (guessed from the header row). */
  guessed?: GuessedMapping;
}

/** The dealer's manifest, loaded through the one pipeline; live manifests first, then drafts. */
export function loadDealer(slug: string, manifestsDir: string, publicDir: string): DealerManifest {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw new FeedFileError(`'${slug}' is not a dealer slug`);
  const file = [path.join(manifestsDir, `${slug}.json`), path.join(manifestsDir, "drafts", `${slug}.json`)].find((f) => fs.existsSync(f));
  if (!file)
    throw new FeedFileError(
      `there is no dealer '${slug}' in ${path.relative(process.cwd(), manifestsDir) || manifestsDir} or its drafts folder (a dealer put live from the studio is imported on its stock feed screen there)`,
    );
  const loaded = loadManifest(file, { manifestsDir, publicDir });
  if (!loaded.ok) throw new FeedFileError(`${loaded.file} has problems; fix them first (npm run validate): ${loaded.problems[0]?.message ?? ""}`);
  return loaded.manifest;
}

/** The site's dealership and locations as the conversion needs them. */
export function dealerContext(manifest: DealerManifest, profile: ResolvedStockFeed): DealerContext {
  const dealership = manifest.dealerships.find((d) => d.id === profile.dealershipId) ?? manifest.dealerships[0];
  const own = manifest.locations.filter((l) => l.dealership_id === dealership.id);
  const locations = (own.length > 0 ? own : manifest.locations).map((l) => ({
    id: l.id,
    name: l.name,
    slug: l.slug,
    city: l.address.city,
    state: l.address.state.toUpperCase() as Car["state"] & string,
    dealership_id: l.dealership_id,
  }));
  const defaultLocationId = profile.locationId ?? own.find((l) => l.primary)?.id ?? locations[0].id;
  return {
    slug: manifest.slug,
    dealership: { id: dealership.id, slug: dealership.slug, name: dealership.name },
    locations,
    defaultLocationId,
    ...(profile.locationByType ? { locationByType: profile.locationByType } : {}),
    minPhotos: resolveSearchSettings(manifest.search).minPhotos,
  };
}

/** The feed's bytes and where they came from. */
async function readSource(options: FeedImportOptions, profile: ResolvedStockFeed): Promise<{ bytes: Uint8Array; source: string }> {
  const maxBytes = profile.maxMegabytes * 1_048_576;
  const fromDisk = (file: string) => {
    if (!fs.existsSync(file)) throw new FeedFileError(`the file ${file} is not there`);
    const size = fs.statSync(file).size;
    if (size > maxBytes) throw new FeedFileError(`the file is ${Math.round(size / 1_048_576)} MB, more than the ${profile.maxMegabytes} MB limit`);
    const read = fs.readFileSync(file);
    // A view of the Buffer's bytes, not a copy (a 40 MB export is held once).
    return { bytes: new Uint8Array(read.buffer, read.byteOffset, read.byteLength), source: path.relative(process.cwd(), file) || file };
  };
  if (options.bytes) {
    if (options.bytes.bytes.length > maxBytes)
      throw new FeedFileError(`the file is ${Math.round(options.bytes.bytes.length / 1_048_576)} MB, more than the ${profile.maxMegabytes} MB limit`);
    return options.bytes;
  }
  if (options.file) return fromDisk(path.resolve(options.file));
  if (profile.source.url) return { bytes: await downloadFeed(profile.source.url, { maxBytes, ...options.download }), source: profile.source.url };
  const fileName = profile.source.inboxFile!;
  const inbox = await readInbox({ db: options.db, dataDir: options.dataDir, dealer: options.dealer, fileName, maxBytes });
  if (!inbox) throw new FeedFileError(noInboxFile(fileName));
  return inbox;
}

/** Bytes to a table in the profile's format (or the one the bytes show). */
export async function readTable(bytes: Uint8Array, profile: ResolvedStockFeed): Promise<FeedTable> {
  if (bytes.length === 0) return { format: "csv", dialect: "empty file", columns: [], rows: [] };
  const format = profile.format === "auto" ? sniffFormat(bytes) : profile.format;
  if (format === "xlsx") return readXlsxTable(bytes, profile.sheet, xlsxLimits(profile));
  if (format === "json") return readJsonTable(bytes);
  return readCsvTable(bytes, profile.csv);
}

/** Bytes to rows read as they go, whatever the format: each row is converted as its parser gives it. */
export async function openRows(bytes: Uint8Array, profile: ResolvedStockFeed): Promise<FeedRows> {
  if (bytes.length === 0) return rowsOfTable(await readTable(bytes, profile));
  const format = profile.format === "auto" ? sniffFormat(bytes) : profile.format;
  if (format === "xlsx") return streamXlsxRows(bytes, profile.sheet, xlsxLimits(profile));
  if (format === "json") return streamJsonRows(bytes);
  return streamCsvRows(bytes, profile.csv);
}

/** What an XLSX may unpack to: four times the file size limit (XML is wordy, but a zip bomb is far more). */
const xlsxLimits = (profile: ResolvedStockFeed) => ({ maxUnpackedBytes: profile.maxMegabytes * 1_048_576 * 4 });

/** The profile to use: the manifest's, or (with a file named and no profile) one guessed from the header row. */
async function profileFor(manifest: DealerManifest, options: FeedImportOptions): Promise<{ profile: ResolvedStockFeed; guessed?: GuessedMapping }> {
  if (options.profile) return { profile: resolveStockFeed(options.profile) };
  if (manifest.stockFeed) return { profile: resolveStockFeed(manifest.stockFeed) };
  if (!options.file) throw new FeedFileError(`${manifest.slug} has no stockFeed in its manifest: run with --file=<export> --guess to propose one`);
  const bare = resolveStockFeed({ source: { inboxFile: "feed" } });
  const table = await readTable(fs.readFileSync(path.resolve(options.file)), bare);
  const guessed = guessMapping(table.columns);
  return { profile: resolveStockFeed(proposedProfile(guessed)), guessed };
}

/** The stockFeed section a guess proposes (to paste into the manifest and correct). */
export function proposedProfile(guessed: GuessedMapping, source: StockFeed["source"] = { inboxFile: "stock.csv" }): StockFeed {
  return { source, columns: guessed.columns, ...(guessed.priceType && guessed.priceType !== "POA" ? { transforms: { priceType: guessed.priceType } } : {}) };
}

/** The dealer's own name for the stock number column, for messages. */
function stockColumnName(profile: ResolvedStockFeed): string {
  return Object.entries(profile.columns).find(([, field]) => field === "stocknum")?.[0] ?? "Stock number";
}

async function slugsOfOtherSites(stockDir: string, slug: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (const site of listStockFiles(stockDir)) {
    if (site !== slug) await eachCarInFile(path.join(stockDir, `${site}.json`), (car) => void out.add(car.slug));
  }
  return out;
}

function emptyReport(dealer: string, source: string, startedAt: Date): FeedReport {
  return {
    dealer,
    source,
    format: "csv",
    dialect: "",
    startedAt: startedAt.toISOString(),
    rows: 0,
    accepted: 0,
    rejected: 0,
    hidden: 0,
    markedSold: 0,
    removed: 0,
    published: false,
    unusedColumns: [],
    issues: [],
  };
}

/** Runs one import; never throws for a bad file (the report says why the last good stock stays). */
export async function runFeedImport(options: FeedImportOptions): Promise<FeedImportResult> {
  const now = options.now ?? new Date();
  const manifest = options.manifest ?? loadDealer(options.dealer, options.manifestsDir, options.publicDir);
  const { profile, guessed } = await profileFor(manifest, options);
  let cars: Car[] = [];
  let report = emptyReport(options.dealer, options.bytes?.source ?? options.file ?? profile.source.url ?? `inbox/${profile.source.inboxFile}`, now);
  try {
    const { bytes, source } = await readSource(options, profile);
    report.source = source;
    const rows = await openRows(bytes, profile);
    report = { ...report, format: rows.format, dialect: rows.dialect };
    ({ report, cars } = await publishRows(options, manifest, profile, rows, report, now));
  } catch (e) {
    if (!(e instanceof FeedFileError)) throw e;
    report.keptLastGood = e.message;
    report.issues.push({ kind: "rejected", message: `The file was not imported: ${e.message}` });
  }
  if (options.dryRun) report = { ...report, dryRun: true };
  else if (report.published && options.db) await recordLastGood(options.db, report);
  return { report, cars, guessed };
}

/** The dealer's last published run: when, how many rows and cars, from where; null before its first. */
export async function lastGood(db: Queryable, slug: string): Promise<{ runAt: Date; rows: number; accepted: number; source: string } | null> {
  const rows = await db.query<{ run_at: Date | string; rows: number; accepted: number; source: string }>(
    "SELECT run_at, rows, accepted, source FROM feed_last_good WHERE dealer_slug = $1",
    [slug],
  );
  const r = rows[0];
  return r ? { runAt: new Date(r.run_at), rows: Number(r.rows), accepted: Number(r.accepted), source: r.source } : null;
}

async function recordLastGood(db: Queryable, report: FeedReport): Promise<void> {
  await db.query(
    `INSERT INTO feed_last_good (dealer_slug, run_at, rows, accepted, source) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (dealer_slug) DO UPDATE SET run_at = EXCLUDED.run_at, rows = EXCLUDED.rows, accepted = EXCLUDED.accepted, source = EXCLUDED.source`,
    [report.dealer, new Date(report.startedAt), report.rows, report.accepted, report.source],
  );
}

/** The first cars of a run kept in the result for the studio's preview; the rest go to the file as they are converted. */
export const PREVIEW_CARS = 200;

/** Cars whose photos are mirrored together. */
const PHOTO_BATCH = 500;

const previousOf = (c: Car): PreviousCar => ({
  id: c.id,
  slug: c.slug,
  stocknum: c.stocknum,
  created_at: c.created_at,
  ...(c.views !== undefined ? { views: c.views } : {}),
  ...(c.sold_date_timestamp !== undefined ? { sold_date_timestamp: c.sold_date_timestamp } : {}),
});

/** The feed's cars from the pending file into the new stock file, their photos mirrored a batch at a time when the run mirrors them. */
async function writeFeedCars(
  pendingFile: string,
  writer: CarsFileWriter,
  out: FeedReport,
  options: FeedImportOptions,
  profile: ResolvedStockFeed,
  dealer: DealerContext,
  now: Date,
): Promise<void> {
  const mirror = options.photos ?? null;
  let batch: Car[] = [];
  const photos = { stored: 0, unchanged: 0, keptLastGood: 0, failed: 0 };
  let photosDone = 0;
  const flush = async () => {
    if (mirror) {
      const before = photosDone;
      const m = await mirrorCarPhotos(batch, mirror, {
        dealer: options.dealer,
        stockLabel: stockColumnName(profile),
        minPhotos: dealer.minPhotos,
        now,
        onProgress: (done, total) => {
          photosDone = before + done;
          options.onPhotoProgress?.(photosDone, before + total);
        },
      });
      out.hidden += m.hidden;
      out.issues.push(...m.issues);
      photos.stored += m.stored;
      photos.unchanged += m.unchanged;
      photos.keptLastGood += m.keptLastGood;
      photos.failed += m.failed;
    }
    for (const c of batch) writer.add(c);
    batch = [];
  };
  await eachCarInFile(pendingFile, async (c) => {
    batch.push(c);
    if (batch.length >= PHOTO_BATCH) await flush();
  });
  await flush();
  if (mirror) out.photos = photos;
}

/**
 * The dealer's mirrored photos no car of the new stock names deleted once unused long enough
 * (./photos.ts). The stock is already published: a failure here is reported, never thrown, and
 * the next run tries again.
 */
async function sweepPhotos(mirror: PhotoMirror, dealer: string, stockFile: string, out: FeedReport, now: Date): Promise<void> {
  try {
    await markNamedPhotos(mirror, dealer, (each) => eachCarInFile(stockFile, each), now);
    const sweep = await removeUnusedPhotos(mirror, dealer, now);
    if (out.photos) out.photos.removed = sweep.removed;
    if (sweep.failed > 0)
      out.issues.push({ kind: "warning", message: `${sweep.failed} photos no car uses any more could not be deleted; the next run tries again` });
  } catch (e) {
    out.issues.push({ kind: "warning", message: `Photos no car uses any more were not cleared this time (${(e as Error).message}); the next run tries again` });
  }
}

/**
 * Converts the rows as they are read and, when the run is published, writes the new stock file a
 * record at a time: the other dealerships' cars as they were, the feed's cars (photos mirrored a
 * batch at a time), then the dealership's cars that left the feed, marked sold or removed. Neither
 * the old stock nor the new is held whole: the old file is read twice, the feed's cars wait in a
 * temporary file until the run knows whether it publishes.
 */
async function publishRows(
  options: FeedImportOptions,
  manifest: DealerManifest,
  profile: ResolvedStockFeed,
  source: FeedRows,
  report: FeedReport,
  now: Date,
): Promise<{ report: FeedReport; cars: Car[] }> {
  const dealer = dealerContext(manifest, profile);
  const mine = dealer.dealership.id;
  const stockFile = path.join(options.stockDir, `${options.dealer}.json`);
  const previous: PreviousCar[] = [];
  await eachCarInFile(stockFile, (c) => {
    if (c.dealership_id === mine) previous.push(previousOf(c));
  });
  const others = await slugsOfOtherSites(options.stockDir, options.dealer);
  const converter = new RowConverter({ columns: source.columns, profile, dealer, previous, now, slugTaken: (s) => others.has(s) });
  previous.length = 0;
  const cars: Car[] = [];
  const pending = new CarsFileWriter(`${stockFile}.feed`);
  let writer: CarsFileWriter | null = null;
  try {
    let read = 0;
    for await (const row of source.rows) {
      const car = converter.take(row);
      read++;
      if (car) {
        pending.add(car);
        if (cars.length < PREVIEW_CARS) cars.push(car);
      }
      if (options.onProgress) {
        const share = source.progress();
        options.onProgress(read, share >= 1 ? read : Math.max(read, Math.round(read / Math.max(share, 1e-6))), pending.written);
      }
    }
    pending.close();
    const summary = converter.summary();
    const out: FeedReport = {
      ...report,
      rows: summary.rows,
      accepted: summary.accepted,
      rejected: summary.rejected,
      hidden: summary.hidden,
      unusedColumns: summary.unusedColumns,
      issues: summary.issues,
      published: false,
    };
    const refusal = publishRefusal(summary, profile.rejectLimitPercent);
    if (refusal !== null) return { report: { ...out, keptLastGood: refusal }, cars };
    out.published = true;
    const importedBefore = options.db ? (await lastGood(options.db, options.dealer)) !== null : true;
    writer = options.dryRun ? null : new CarsFileWriter(stockFile);
    // The other dealerships' cars in the site's file, untouched.
    if (writer) await eachCarInFile(stockFile, (c) => void (c.dealership_id !== mine && writer!.add(c)));
    // The feed's cars, pointed at mirrored copies of their photos.
    if (writer) await writeFeedCars(pending.tmp, writer, out, options, profile, dealer, now);
    // The dealership's cars that left the feed: marked sold, or removed once kept long enough; on
    // its first import from a feed, whatever stock it had before is replaced.
    let markedSold = 0;
    let removed = 0;
    if (importedBefore)
      await eachCarInFile(stockFile, (c) => {
        if (c.dealership_id !== mine || summary.acceptedKeys.has(stockKey(c.stocknum))) return;
        const left = leftFeed(c, now, profile.keepSoldDays);
        if (left.markedSold) markedSold++;
        if (!left.car) removed++;
        else writer?.add(left.car);
      });
    // The photos of the stock being replaced were shown until now.
    if (writer && options.photos) await markNamedPhotos(options.photos, options.dealer, (each) => eachCarInFile(stockFile, each), now);
    writer?.commit();
    if (writer && options.photos) await sweepPhotos(options.photos, options.dealer, stockFile, out, now);
    return { report: { ...out, markedSold, removed }, cars };
  } finally {
    pending.abort();
    writer?.abort();
  }
}
