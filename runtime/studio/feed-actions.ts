/**
 * What the studio's feed import screen (/studio/{dealer}/feed, a draft's /studio/drafts/{name}/feed:
 * feed-target.ts) posts, answered as plain form posts
 * (a 303 back to the screen with what happened), so the screen works without JavaScript:
 * - upload: an export file, an https address to fetch it from, or the feed's own source; the
 *   columns start from the dealer's saved mapping and, for columns it does not name, the guess;
 * - mapping: the columns as staff set them, then a dry run (the report and the first cars as the
 *   site would show them, nothing changed), a save into the dealer's manifest (a draft's: into the
 *   draft, as its editor saves it), or a save and an import now (recorded in the feed history like
 *   the scheduled runs; a draft's cars show on its preview and stay when it goes live).
 * The export, the profile being worked on and the last dry run are kept in the database
 * (runtime/feeds/uploads.ts), so any server process answers the next step.
 */
import path from "node:path";
import type { Db } from "../db/types";
import type { Car, DealerManifest, FeedField, StockFeed } from "../generated/types";
import { downloadFeed, type DownloadOptions } from "../feeds/download";
import { photoMirrorFor, type PhotoMirror } from "../feeds/photos";
import { guessMapping } from "../feeds/guess";
import { readTable, runFeedImport, type FeedImportResult } from "../feeds/import";
import { keepInboxFile, noInboxFile, readInbox } from "../feeds/inbox";
import { resolveStockFeed } from "../feeds/profile";
import { FeedFileError } from "../feeds/read";
import type { FeedReport } from "../feeds/report";
import { claimRunNow, type RunResult } from "../feeds/runs";
import { completeRun } from "../feeds/scheduler";
import { runDealer, runDeps } from "../feeds/server";
import { getUpload, putUpload, updateUpload, type FeedDryRun, type PreviewCar } from "../feeds/uploads";
import { readBytes } from "../http/api-route";
import { refreshStockIndex } from "../inventory/stock-index";
import { stockDirectory } from "../inventory/stock-version";
import { manifestsDir, publicDir } from "../manifest/store";
import { parse } from "jsonc-parser";
import { dealerFeedTarget, draftFeedTarget, type FeedTarget } from "./feed-target";
import { placeOf, plainMessage } from "./messages";
import { dealerSource, publishDealer } from "./publish";
import { studioFeedPath } from "./targets";
import { checkTarget, readText, saveValue } from "./working-copy";

/** The largest export the screen takes (a 100,000-car CSV is about 40 MB). */
export const FEED_UPLOAD_MAX_BYTES = 64 * 1_048_576;

/** Every field a column can hold, in the order the screen offers them (the schema's `feedField`). */
export const FEED_FIELD_LABELS: Record<FeedField, string> = {
  stocknum: "Stock number",
  vin: "VIN",
  regplate: "Number plate (rego)",
  nvic: "NVIC",
  make: "Make",
  model: "Model",
  badge: "Variant (badge)",
  series: "Series",
  year: "Year",
  car_type: "New, demo or used",
  status: "Status (in stock, sold, on hold)",
  item_type: "Item type (car, motorcycle…)",
  price: "Price",
  before_price: "Price before a discount",
  offer_price: "Offer price",
  price_type: "Price type (drive away…)",
  km: "Odometer (km)",
  colour: "Colour",
  interior_colour: "Interior colour",
  trans: "Transmission",
  gearnum: "Number of gears",
  body: "Body type",
  bodyconfiguration: "Cab or body configuration",
  fuel: "Fuel",
  drive: "Drive (4WD, AWD…)",
  seats: "Seats",
  doors: "Doors",
  engine_size: "Engine size (cc)",
  engine_size_litres: "Engine size (litres)",
  dealercomments: "Dealer comments",
  features: "Features",
  photos: "Photo addresses",
  video_url: "Video address",
  build_date: "Build date",
  compliance_date: "Compliance date",
  rego_expiry: "Registration expiry",
  listed_date: "Date listed",
  sold_date: "Date sold",
  location: "Yard or location",
  tag: "Tag",
  certified: "Certified pre-owned",
  ignore: "Not used",
};

const FIELDS = new Set(Object.keys(FEED_FIELD_LABELS));

export type Notice = { problem: string } | { notice: string };

/** 303 back to the screen (its address: FeedTarget.screen), with what happened and the part of the screen to show. */
export function backToScreen(screen: string, note: Notice, anchor = ""): Response {
  const q = new URLSearchParams("problem" in note ? { problem: note.problem } : { notice: note.notice });
  return new Response(null, { status: 303, headers: { location: `${screen}?${q.toString()}${anchor}`, "cache-control": "no-store" } });
}

const noSuch = (what: "dealer" | "draft") => Response.json({ ok: false, message: `There is no such ${what}.`, errors: [] }, { status: 404 });

/** The target a post names: a live dealer's slug, or the target itself (a draft's, resolved by its route). */
const targetOf = (t: string | FeedTarget): FeedTarget | null => (typeof t === "string" ? dealerFeedTarget(t) : t);

/**
 * A post to a draft's feed screen: the draft resolved (feed-target.ts) and handed to `run`; a draft
 * that cannot be worked on yet goes back to the screen saying why; an unknown one is a 404.
 */
export async function draftFeedPost(name: string, run: (target: FeedTarget) => Promise<Response>): Promise<Response> {
  const target = await draftFeedTarget(name);
  if (!target) return noSuch("draft");
  if ("problem" in target) return backToScreen(studioFeedPath(name, "draft"), { problem: target.problem });
  return run(target);
}

/** A file name fit for the profile's inbox file (letters, digits, spaces, dots, dashes). */
export function inboxName(name: string): string {
  const base = path
    .basename(name)
    .replace(/[^A-Za-z0-9 ._-]/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "");
  return (base || "stock.csv").slice(0, 120);
}

/**
 * The profile the screen starts from for a file with these columns: the dealer's saved profile,
 * its mapping for every column it names and the guess for the others; the source the given address,
 * else the saved source, else the uploaded file's name in the dealer's inbox.
 */
export function startingProfile(saved: StockFeed | undefined, columns: readonly string[], from: { url: string } | { fileName: string }): StockFeed {
  const guessed = guessMapping(columns);
  const mapped: Record<string, FeedField> = {};
  for (const c of columns) {
    const field = saved?.columns?.[c] ?? guessed.columns[c];
    if (field) mapped[c] = field;
  }
  const source: StockFeed["source"] = "url" in from ? { url: from.url } : (saved?.source ?? { inboxFile: inboxName(from.fileName) });
  const transforms = saved?.transforms ?? (guessed.priceType && guessed.priceType !== "POA" ? { priceType: guessed.priceType } : undefined);
  return { ...saved, source, columns: mapped, ...(transforms ? { transforms } : {}) };
}

export interface FeedActionDeps {
  db: Db;
  /** Who is signed in (the studio session's subject), for the manifest's history. */
  by?: string;
  now?: Date;
  /** Download overrides (tests). */
  download?: Partial<DownloadOptions>;
  /** Where an import mirrors the feed's photos (default: as the environment configures; null: not mirrored). */
  photos?: PhotoMirror | null;
  /** The `.data` folder holding the dealers' inbox folders (default: the server's). */
  dataDir?: string;
}

const dataDirOf = (deps: FeedActionDeps) => deps.dataDir ?? path.join(process.cwd(), ".data");

/** The bytes the upload form sent: a file, an address to fetch, or the feed's own source. */
async function uploadedBytes(
  slug: string,
  manifest: DealerManifest,
  data: FormData,
  deps: FeedActionDeps,
): Promise<{ bytes: Uint8Array; source: string; from: { url: string } | { fileName: string } } | { problem: string }> {
  const url = data.get("url");
  const file = data.get("file");
  const maxBytes = FEED_UPLOAD_MAX_BYTES;
  if (typeof url === "string" && url.trim() !== "") {
    const address = url.trim();
    if (!/^https:\/\/[^\s/?#]+\S*$/.test(address))
      return { problem: `'${address.slice(0, 100)}' is not an https address: the feed's address starts with https://` };
    return { bytes: await downloadFeed(address, { maxBytes, ...deps.download }), source: address, from: { url: address } };
  }
  if (file instanceof File && file.size > 0) {
    return { bytes: new Uint8Array(await file.arrayBuffer()), source: inboxName(file.name), from: { fileName: file.name } };
  }
  if (data.get("action") === "source") {
    const source = manifest.stockFeed?.source;
    if (source?.url) return { bytes: await downloadFeed(source.url, { maxBytes, ...deps.download }), source: source.url, from: { url: source.url } };
    if (source?.inboxFile) {
      const inbox = await readInbox({ db: deps.db, dataDir: dataDirOf(deps), dealer: slug, fileName: source.inboxFile, maxBytes });
      if (!inbox) return { problem: `Not read: ${noInboxFile(source.inboxFile)}.` };
      return { bytes: inbox.bytes, source: source.inboxFile, from: { fileName: source.inboxFile } };
    }
    return { problem: "This dealer has no feed source saved yet: upload the export or give its https address." };
  }
  return { problem: "Choose the export file to upload, or give the feed's https address." };
}

/** POST /studio/{dealer}/feed/upload, /studio/drafts/{name}/feed/upload (multipart form): keeps the export and the profile to start from. */
export async function feedUpload(to: string | FeedTarget, request: Request, deps: FeedActionDeps): Promise<Response> {
  const target = targetOf(to);
  if (!target) return noSuch("dealer");
  const { slug, manifest, screen } = target;
  let data: FormData;
  try {
    const body = await readBytes(request, FEED_UPLOAD_MAX_BYTES);
    data = await new Response(new Uint8Array(body), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch (e) {
    const tooLarge = (e as { status?: number }).status === 413;
    return backToScreen(screen, {
      problem: tooLarge
        ? `The file is larger than the ${FEED_UPLOAD_MAX_BYTES / 1_048_576} MB the studio takes: give the feed's address instead.`
        : "The upload could not be read: choose the file again and upload it.",
    });
  }
  try {
    const got = await uploadedBytes(slug, manifest, data, deps);
    if ("problem" in got) return backToScreen(screen, got);
    const table = await readTable(got.bytes, resolveStockFeed(manifest.stockFeed ?? { source: { inboxFile: "stock.csv" } }));
    if (table.columns.length === 0) return backToScreen(screen, { problem: `${got.source} has no header row: the first row must name the columns.` });
    const profile = startingProfile(manifest.stockFeed, table.columns, got.from);
    await putUpload(deps.db, { dealer: slug, source: got.source, bytes: got.bytes, uploadedAt: deps.now ?? new Date(), profile });
    return backToScreen(
      screen,
      { notice: `Read ${got.source}: ${table.rows.length} rows, ${table.columns.length} columns. Check what each column holds, then run a dry run.` },
      "#columns",
    );
  } catch (e) {
    if (e instanceof FeedFileError) return backToScreen(screen, { problem: `The file could not be read: ${e.message}.` });
    throw e;
  }
}

const PRICE_TYPES = ["", "DAP", "EGC", "ORC"];
const SEPARATORS = ["auto", "|", ";", ",", "space", "newline"];
const DATE_ORDERS = ["dmy", "mdy", "ymd"];

/** The profile the mapping form describes, or what is wrong with the form. */
export function profileFromForm(base: StockFeed, columns: readonly string[], fields: Record<string, unknown>): StockFeed | { problem: string } {
  const text = (k: string) => (typeof fields[k] === "string" ? (fields[k] as string) : "");
  const mapped: Record<string, FeedField> = {};
  for (const [i, column] of columns.entries()) {
    const field = text(`map.${i}`);
    if (field === "" || field === "ignore") continue;
    if (!FIELDS.has(field)) return { problem: `'${field.slice(0, 40)}' is not something a column can hold (column ${column}).` };
    mapped[column] = field as FeedField;
  }
  if (!Object.values(mapped).includes("stocknum")) return { problem: "One column must hold the stock number: every car is known by it." };
  const twice = Object.values(mapped).find((f, i, all) => f !== "photos" && all.indexOf(f) !== i);
  if (twice) return { problem: `Two columns are set to ${FEED_FIELD_LABELS[twice]}: choose one.` };
  const priceType = text("priceType");
  const separator = text("photoSeparator") || "auto";
  const dateOrder = text("dateOrder") || "dmy";
  if (!PRICE_TYPES.includes(priceType)) return { problem: "Choose the price type from the list." };
  if (priceType === "" && !Object.values(mapped).includes("price_type"))
    return {
      problem:
        "Say what the prices are under Prices are: Drive away, Excluding government charges or Plus on-road costs. No column of the export says it, and a price is never advertised as drive away unless the dealer says so.",
    };
  if (!SEPARATORS.includes(separator)) return { problem: "Choose what separates the photo addresses from the list." };
  if (!DATE_ORDERS.includes(dateOrder)) return { problem: "Choose the order dates are written in from the list." };
  const transforms = {
    ...base.transforms,
    photoSeparator: separator as NonNullable<StockFeed["transforms"]>["photoSeparator"],
    dateOrder: dateOrder as NonNullable<StockFeed["transforms"]>["dateOrder"],
  };
  if (priceType) transforms.priceType = priceType as NonNullable<StockFeed["transforms"]>["priceType"];
  else delete transforms.priceType;
  // Where each kind of car is kept when its row names no yard; the main yard when not chosen.
  const locationByType: NonNullable<StockFeed["locationByType"]> = {};
  for (const kind of ["new", "demo", "used"] as const) {
    const chosen = text(`yard.${kind}`);
    if (chosen === "") continue;
    if (!/^[1-9]\d{0,9}$/.test(chosen)) return { problem: "Choose each kind of car's yard from the list." };
    locationByType[kind] = Number(chosen);
  }
  const { locationByType: _old, ...rest } = base;
  void _old;
  return { ...rest, columns: mapped, transforms, ...(Object.keys(locationByType).length > 0 ? { locationByType } : {}) };
}

/** The first cars of a run as the site would show them. */
export function previewOf(result: FeedImportResult, limit = 8): PreviewCar[] {
  const hidden = new Set(result.report.issues.filter((i) => i.kind === "hidden").map((i) => i.stocknum));
  return result.cars.slice(0, limit).map((c: Car) => ({
    stocknum: c.stocknum,
    name: c.name,
    price: c.price,
    priceType: c.price_type ?? "",
    km: c.km ?? null,
    photos: c.photos_count ?? 0,
    status: c.status,
    shown: !hidden.has(c.stocknum),
  }));
}

/**
 * Puts the profile into the dealer's manifest and publishes it as a new version, exactly as the
 * studio's Publish does (publish.ts: the validation CI runs, the history says who and why).
 */
export async function saveProfile(db: Db, slug: string, profile: StockFeed, by: string): Promise<Notice> {
  const source = await dealerSource(db, slug);
  if (!source) return { problem: "The dealer was not found." };
  const value = parse(source.text) as Record<string, unknown>;
  value.stockFeed = profile;
  const answer = await publishDealer(db, { slug, baseText: source.text, value, liveId: source.liveId, note: "Stock feed column mapping", by });
  if (!answer) return { problem: "The dealer was not found." };
  if (answer.status === "published" || answer.status === "unchanged")
    return { notice: "The column mapping is saved in the dealer's manifest: the nightly run uses it." };
  if (answer.status === "changed") return { problem: "Someone published this dealer at the same moment: save again." };
  return { problem: `The manifest would not be valid: ${answer.message}` };
}

/**
 * Puts the profile into a draft and saves it exactly as the draft's editor saves (working-copy.ts
 * saveValue: the same checks, a backup first, its file or its row in the database); nothing goes live.
 */
export async function saveDraftProfile(db: Db, name: string, file: string, profile: StockFeed, by: string): Promise<Notice> {
  const text = readText(file);
  const value = parse(text) as Record<string, unknown>;
  value.stockFeed = profile;
  const saved = await saveValue(file, text, value, new Date(), (f, b, v) => checkTarget({ kind: "draft", name }, f, b, v), { db, by });
  if (saved.status === "saved")
    return { notice: "The column mapping is saved in the draft: its import uses it, and it goes live with the draft, so the nightly run starts then." };
  if (saved.status === "changed") return { problem: "Someone saved this draft at the same moment: save the mapping again." };
  const first = saved.errors[0];
  return { problem: `The draft would not be valid: ${saved.message ?? (first ? `${placeOf(first.pointer)}: ${plainMessage(first)}` : "see its editor")}` };
}

/** Saves the mapping where the target keeps it: a dealer's as a published version, a draft's in the draft. */
const saveMapping = (target: FeedTarget, db: Db, profile: StockFeed, by: string): Promise<Notice> =>
  target.kind === "draft" && target.file ? saveDraftProfile(db, target.name, target.file, profile, by) : saveProfile(db, target.slug, profile, by);

function importOptions(
  slug: string,
  manifest: DealerManifest,
  profile: StockFeed,
  upload: { bytes: Uint8Array; source: string },
  deps: FeedActionDeps,
  now: Date,
) {
  return {
    dealer: slug,
    manifest,
    bytes: upload,
    profile,
    manifestsDir: manifestsDir(),
    publicDir: publicDir(),
    stockDir: stockDirectory(),
    dataDir: dataDirOf(deps),
    db: deps.db,
    photos: deps.photos === undefined ? photoMirrorFor(deps.db) : deps.photos,
    now,
  };
}

/** POST /studio/{dealer}/feed/mapping, /studio/drafts/{name}/feed/mapping (form): dry run, save, or save and import now. */
export async function feedMapping(to: string | FeedTarget, fields: Record<string, unknown>, deps: FeedActionDeps): Promise<Response> {
  const target = targetOf(to);
  if (!target) return noSuch("dealer");
  const { slug, manifest, screen } = target;
  const db = deps.db;
  const now = deps.now ?? new Date();
  const upload = await getUpload(db, slug);
  if (!upload) return backToScreen(screen, { problem: "Upload the export first." });
  const action = typeof fields.action === "string" ? fields.action : "";
  if (!["dry-run", "save", "import"].includes(action)) return backToScreen(screen, { problem: "Choose Dry run, Save the mapping, or Save and import now." });
  // Refused before anything is saved: the button is not offered then, and a stale page's post changes nothing.
  if (action === "import" && target.importBlocked) return backToScreen(screen, { problem: target.importBlocked }, "#columns");
  try {
    const table = await readTable(upload.bytes, resolveStockFeed(upload.profile));
    const profile = profileFromForm(upload.profile, table.columns, fields);
    if ("problem" in profile) return backToScreen(screen, profile, "#columns");
    try {
      resolveStockFeed(profile);
    } catch (e) {
      return backToScreen(screen, { problem: (e as Error).message }, "#columns");
    }
    if (action === "dry-run") {
      const result = await runFeedImport({ ...importOptions(slug, manifest, profile, upload, deps, now), dryRun: true });
      await updateUpload(db, slug, profile, { report: result.report, preview: previewOf(result) });
      return backToScreen(screen, { notice: "Dry run done: nothing on the site changed." }, "#report");
    }
    const saved = await saveMapping(target, db, profile, deps.by ?? "studio");
    await updateUpload(db, slug, profile, upload.dryRun);
    if ("problem" in saved || action === "save") return backToScreen(screen, saved, "#columns");
    return await importNow(target, profile, upload, deps, now);
  } catch (e) {
    if (e instanceof FeedFileError) return backToScreen(screen, { problem: `The file could not be read: ${e.message}.` });
    throw e;
  }
}

/** What a published import put on the site: the cars shown, and the hidden ones never counted among them. */
export function importedNotice(report: Pick<FeedReport, "accepted" | "hidden">): string {
  const shown = report.accepted - report.hidden;
  const cars = (n: number) => `${n} ${n === 1 ? "car" : "cars"}`;
  if (report.hidden === 0) return `Imported: ${cars(shown)} ${shown === 1 ? "is" : "are"} on the site.`;
  const why = "until the problems the report names are fixed (most often too few photos)";
  if (shown === 0) return `Imported ${cars(report.accepted)}, but none is shown yet: every one is hidden ${why}.`;
  return `Imported: ${cars(shown)} ${shown === 1 ? "is" : "are"} on the site; ${cars(report.hidden)} more ${report.hidden === 1 ? "is" : "are"} hidden ${why}.`;
}

/** A draft's import in words: its cars are on its preview, and stay when it goes live. */
export function draftImportedNotice(report: Pick<FeedReport, "accepted" | "hidden">): string {
  const said = importedNotice(report).replace("on the site", "on the draft's preview");
  return `${said} They stay when the draft goes live, and the nightly run carries on from then.`;
}

async function importNow(target: FeedTarget, profile: StockFeed, upload: { bytes: Uint8Array; source: string }, deps: FeedActionDeps, now: Date) {
  const { slug, manifest, screen } = target;
  const db = deps.db;
  const claimed = await claimRunNow(db, slug, now, undefined, "studio");
  if ("busy" in claimed) return backToScreen(screen, { problem: `The feed of ${claimed.busy} is being imported now: try again when it has finished.` });
  let result: RunResult;
  let imported: FeedImportResult | null = null;
  try {
    imported = await runFeedImport(importOptions(slug, manifest, profile, upload, deps, now));
    result = { report: imported.report };
  } catch (e) {
    result = { error: (e as Error).message };
  }
  // A draft's run alerts no one: the dealer is not live yet, and staff read the result on this screen.
  const alerts = target.kind === "dealer" ? runDealer({ ...manifest, stockFeed: profile }) : null;
  await completeRun(db, claimed, result, alerts, runDeps(db, stockDirectory()));
  if (imported) await updateUpload(db, slug, profile, { report: imported.report, preview: previewOf(imported) } satisfies FeedDryRun);
  if ("error" in result) return backToScreen(screen, { problem: `The import failed: ${result.error}. The site keeps its last good stock.` }, "#history");
  if (result.report.published) {
    // The nightly run reads the inbox file: until the DMS drops a newer one there, it reads this export again.
    if (profile.source.inboxFile) await keepInboxFile(db, slug, profile.source.inboxFile, upload.bytes, now);
    // This process looks at the new stock now; the others hear of it on the change bus.
    await refreshStockIndex();
  }
  return backToScreen(
    screen,
    result.report.published
      ? { notice: target.kind === "draft" ? draftImportedNotice(result.report) : importedNotice(result.report) }
      : { problem: `Not imported: ${result.report.keptLastGood ?? "the file was not published"}. The site keeps its last good stock.` },
    "#report",
  );
}
