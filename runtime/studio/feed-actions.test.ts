import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { suiteDb } from "../db/testing";
import { lastGood, runFeedImport } from "../feeds/import";
import { feedHistory } from "../feeds/runs";
import { getUpload, type FeedUpload } from "../feeds/uploads";
import { readCarsFile } from "../stock/store";
import { loadManifest } from "../manifest/load";
import { refreshSiteStore, servePublished } from "../manifest/store";
import { versionHistory } from "../fleet/manifests";
import { manifestCollection } from "../manifest/store";
import { draftFeedPost, feedMapping, feedUpload, importedNotice, inboxName, profileFromForm, startingProfile } from "./feed-actions";
import { draftFeedTarget } from "./feed-target";
import { dealerSource, publishDraft } from "./publish";

const root = path.resolve(import.meta.dirname, "../..");
const SAMPLE = path.join(root, "tests/fixtures/feeds/harbour-dms-export.csv");
const SLUG = "harbour-motor-group";
const db = suiteDb(undefined, { empty: ["feed_uploads", "feed_runs", "feed_last_good", "feed_inbox"] });
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "feed-studio-"));
  fs.cpSync(path.join(root, "manifests"), path.join(dir, "manifests"), { recursive: true });
  // A dealer whose feed is not connected yet: the screen starts from the guess.
  const file = path.join(dir, "manifests", `${SLUG}.json`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
  delete manifest.stockFeed;
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");
  vi.stubEnv("MANIFESTS_DIR", path.join(dir, "manifests"));
  vi.stubEnv("STOCK_DIR", path.join(dir, "stock"));
});
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

const uploadRequest = (form: FormData) => new Request("https://localhost/_studio/feeds/x/upload", { method: "POST", body: form });
const location = (res: Response) => new URL(res.headers.get("location")!, "https://localhost");

/** The mapping form as staff leave it: each column of the sample export as the screen guessed it, unless `as` names another choice. */
function mappingFields(upload: FeedUpload, as: Record<string, string> = {}): Record<string, string> {
  const header = fs
    .readFileSync(SAMPLE, "utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n")[0]
    .split(",");
  const fields: Record<string, string> = { priceType: "DAP", photoSeparator: "|", dateOrder: "dmy" };
  header.forEach((c, i) => (fields[`map.${i}`] = as[c] ?? upload.profile.columns?.[c] ?? ""));
  return fields;
}

describe("the profile the screen starts from and the form's mapping", () => {
  it("keeps the dealer's saved columns, guesses the others, and names an uploaded file's inbox file", () => {
    const p = startingProfile({ source: { inboxFile: "old.csv" }, columns: { Yr: "ignore" } }, ["Stock No", "Yr", "Web Blurb"], { fileName: "x.csv" });
    expect(p).toMatchObject({ source: { inboxFile: "old.csv" }, columns: { "Stock No": "stocknum", Yr: "ignore" } });
    expect(p.columns).not.toHaveProperty("Web Blurb");
    expect(startingProfile(undefined, ["Stock No"], { fileName: "../../My Export (2).csv" }).source).toEqual({ inboxFile: "My Export -2-.csv" });
    expect(startingProfile(undefined, ["Stock No"], { url: "https://dms.example.com/a.csv" }).source).toEqual({ url: "https://dms.example.com/a.csv" });
    expect(inboxName("...")).toBe("stock.csv");
  });

  it("reads each column's choice and the value options; says what is wrong in words", () => {
    const base = { source: { inboxFile: "a.csv" } };
    const cols = ["Stock No", "Price", "Notes"];
    expect(
      profileFromForm(base, cols, { "map.0": "stocknum", "map.1": "price", "map.2": "", priceType: "DAP", photoSeparator: "|", dateOrder: "dmy" }),
    ).toEqual({
      source: { inboxFile: "a.csv" },
      columns: { "Stock No": "stocknum", Price: "price" },
      transforms: { photoSeparator: "|", dateOrder: "dmy", priceType: "DAP" },
    });
    expect(profileFromForm(base, cols, { "map.1": "price" })).toEqual({ problem: "One column must hold the stock number: every car is known by it." });
    expect(profileFromForm(base, cols, { "map.0": "stocknum", "map.1": "price", "map.2": "price" })).toEqual({
      problem: "Two columns are set to Price: choose one.",
    });
    expect(profileFromForm(base, cols, { "map.0": "stocknum", "map.1": "<script>" })).toEqual({
      problem: "'<script>' is not something a column can hold (column Price).",
    });
    expect(profileFromForm(base, cols, { "map.0": "stocknum", priceType: "cheap" })).toEqual({ problem: "Choose the price type from the list." });
    // Prices are what the dealer says they are: by a column of price types, else by staff's choice, never by default.
    expect(profileFromForm(base, cols, { "map.0": "stocknum", "map.1": "price", priceType: "" })).toEqual({
      problem:
        "Say what the prices are under Prices are: Drive away, Excluding government charges or Plus on-road costs. No column of the export says it, and a price is never advertised as drive away unless the dealer says so.",
    });
    // Used cars kept at the used-car yard, new ones at the main yard; a yard not from the list is refused.
    expect(profileFromForm(base, cols, { "map.0": "stocknum", priceType: "EGC", "yard.new": "", "yard.used": "1013" })).toMatchObject({
      locationByType: { used: 1013 },
    });
    expect(profileFromForm({ ...base, locationByType: { used: 1013 } }, cols, { "map.0": "stocknum", priceType: "EGC" })).not.toHaveProperty("locationByType");
    expect(profileFromForm(base, cols, { "map.0": "stocknum", priceType: "EGC", "yard.used": "x" })).toEqual({
      problem: "Choose each kind of car's yard from the list.",
    });
    expect(profileFromForm(base, cols, { "map.0": "stocknum", "map.1": "price", "map.2": "price_type", priceType: "" })).toMatchObject({
      columns: { "Stock No": "stocknum", Price: "price", Notes: "price_type" },
    });
  });
});

describe("upload, dry run, save and import from the studio", () => {
  it("maps the DMS export, dry-runs it without changing the site, then saves the mapping and imports it", async () => {
    const form = new FormData();
    form.append("file", new File([fs.readFileSync(SAMPLE)], "dms-export.csv", { type: "text/csv" }));
    form.append("action", "upload");
    const up = await feedUpload(SLUG, uploadRequest(form), { db });
    expect(up.status).toBe(303);
    expect(location(up).pathname).toBe(`/studio/${SLUG}/feed`);
    expect(location(up).searchParams.get("notice")).toMatch(/^Read dms-export\.csv: 12 rows, 17 columns/);
    const upload = (await getUpload(db, SLUG))!;
    expect(upload.profile.source).toEqual({ inboxFile: "dms-export.csv" });
    expect(upload.profile.columns).toMatchObject({ "Stock No": "stocknum", "Drive Away Price": "price", "Photo URLs": "photos" });
    expect(upload.profile.columns).not.toHaveProperty("Web Blurb");

    // The form as staff leave it: the guesses, plus the blurb as the dealer's comments.
    const fields = mappingFields(upload, { "Web Blurb": "dealercomments" });

    const dry = await feedMapping(SLUG, { ...fields, action: "dry-run" }, { db, now: new Date("2026-11-20T00:00:00Z") });
    expect(location(dry).hash).toBe("#report");
    const report = (await getUpload(db, SLUG))!.dryRun!;
    expect(report.report).toMatchObject({ rows: 12, accepted: 11, rejected: 1, hidden: 1 });
    expect(report.report.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        "Stock No T5110: Yr '20119' is not a year: write the four-digit model year, such as 2019",
        "Stock No T5108 has 2 photos; cars need 3 to be shown",
      ]),
    );
    expect(report.preview[0]).toMatchObject({
      stocknum: "T5101",
      name: "2022 Toyota RAV4 GXL Hybrid AWD",
      price: 46990,
      priceType: "DAP",
      km: 38120,
      photos: 5,
      shown: true,
    });
    expect(fs.existsSync(path.join(dir, "stock", `${SLUG}.json`))).toBe(false);
    expect(await feedHistory(db, SLUG)).toEqual([]);

    // Photos stay at the feed's addresses here (no photo host is reached); mirroring has its own tests.
    const done = await feedMapping(SLUG, { ...fields, action: "import" }, { db, now: new Date("2026-11-20T00:00:00Z"), photos: null });
    expect(location(done).searchParams.get("notice")).toBe(
      "Imported: 10 cars are on the site; 1 car more is hidden until the problems the report names are fixed (most often too few photos).",
    );
    // The mapping went live as a published version, as every studio change does (publish.ts); the repository's file is as it was.
    const saved = JSON.parse((await dealerSource(db, SLUG))!.text);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "manifests", `${SLUG}.json`), "utf8")).stockFeed).toBeUndefined();
    expect(saved.stockFeed).toMatchObject({
      source: { inboxFile: "dms-export.csv" },
      columns: { "Web Blurb": "dealercomments" },
      transforms: { priceType: "DAP" },
    });
    const cars = readCarsFile(path.join(dir, "stock", `${SLUG}.json`));
    expect(cars.find((c) => c.stocknum === "T5111")).toMatchObject({ dealercomments: "Seven-seat family hybrid.", dealership_id: 201, price_type: "DAP" });
    const [run] = await feedHistory(db, SLUG);
    expect(run).toMatchObject({ trigger: "studio", outcome: "published", rows: 12, accepted: 11, rejected: 1 });
    expect(await lastGood(db, SLUG)).toMatchObject({ accepted: 11, source: "dms-export.csv" });

    // The export imported is the inbox file the nightly run reads, on any process, until the DMS drops a newer one.
    const nightly = await runFeedImport({
      dealer: SLUG,
      manifestsDir: path.join(dir, "manifests"),
      publicDir: path.join(root, "public"),
      stockDir: path.join(dir, "stock"),
      dataDir: path.join(dir, "no-inbox-on-this-process"),
      profile: saved.stockFeed,
      db,
      dryRun: true,
    });
    expect(nightly.report).toMatchObject({ source: "dms-export.csv, as imported in the studio", rows: 12, accepted: 11 });
  });

  it("reads the saved feed's own inbox file, and says so when it is not there yet", async () => {
    // A dealer whose feed is saved (as the sample is), the store reading it now.
    const file = path.join(dir, "manifests", `${SLUG}.json`);
    const sample = JSON.parse(fs.readFileSync(path.join(root, "manifests", `${SLUG}.json`), "utf8"));
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, "utf8")), stockFeed: sample.stockFeed }, null, 2) + "\n");
    await refreshSiteStore();
    const dataDir = path.join(dir, "data");
    const form = () => {
      const f = new FormData();
      f.append("action", "source");
      return f;
    };
    const missing = await feedUpload(SLUG, uploadRequest(form()), { db, dataDir });
    expect(location(missing).searchParams.get("problem")).toBe(
      "Not read: no file dms-export.csv has arrived in the dealer's inbox folder yet, and none was imported in the studio: upload the export on the stock feed screen and import it.",
    );
    fs.mkdirSync(path.join(dataDir, "inbox", SLUG), { recursive: true });
    fs.copyFileSync(SAMPLE, path.join(dataDir, "inbox", SLUG, "dms-export.csv"));
    const read = await feedUpload(SLUG, uploadRequest(form()), { db, dataDir });
    expect(location(read).searchParams.get("notice")).toMatch(/^Read dms-export\.csv: 12 rows, 17 columns/);
    expect((await getUpload(db, SLUG))!.profile.columns).toMatchObject({ "Web Blurb": "dealercomments" });
  });

  it("imports a dealer put live from the studio, which has no file in manifests/", async () => {
    // A dealer put live from its draft lives in the database only: the import takes the manifest the server serves.
    const manifests = path.join(dir, "manifests");
    const value = JSON.parse(fs.readFileSync(path.join(manifests, `${SLUG}.json`), "utf8"));
    Object.assign(value, { $schema: "../../schemas/manifest.schema.json", slug: "harbour-two", name: "Harbour Two" });
    Object.assign(value, { hosts: ["www.harbourtwo.com.au"], redirectHosts: ["harbourtwo.com.au"] });
    delete value.stockFeed;
    value.dealerships = value.dealerships.map((d: { id: number }) => ({ ...d, id: d.id + 9000 }));
    value.locations = value.locations.map((l: { dealership_id: number }) => ({ ...l, dealership_id: l.dealership_id + 9000 }));
    fs.mkdirSync(path.join(manifests, "drafts"), { recursive: true });
    const draft = path.join(manifests, "drafts", "harbour-two.json");
    fs.writeFileSync(draft, JSON.stringify(value, null, 2));
    const loaded = loadManifest(draft, { manifestsDir: manifests, publicDir: path.join(root, "public") });
    if (!loaded.ok) throw new Error(loaded.problems[0]?.message);
    const put = await publishDraft(db, "harbour-two", "staff:test", manifests);
    expect(put && "message" in put ? put.message : put?.status).toBe("published");
    expect(fs.existsSync(draft) || fs.existsSync(path.join(manifests, "harbour-two.json"))).toBe(false);
    // The server serves the published versions (runtime/fleet/start.ts): here, the files' store and the new dealer.
    const files = await refreshSiteStore();
    const site = {
      status: "ok" as const,
      slug: "harbour-two",
      file: path.join(manifests, "harbour-two.json"),
      hosts: value.hosts,
      pending: [],
      manifest: loaded.manifest,
    };
    const served = { ...files, sites: [...files.sites, site], bySlug: new Map([...files.bySlug, ["harbour-two", site]]), version: `${files.version}+1` };
    servePublished({ snapshot: () => served, refresh: async () => served });
    onTestFinished(() => servePublished(null));

    const form = new FormData();
    form.append("file", new File([fs.readFileSync(SAMPLE)], "dms-export.csv", { type: "text/csv" }));
    form.append("action", "upload");
    expect(location(await feedUpload("harbour-two", uploadRequest(form), { db })).searchParams.get("problem")).toBeNull();
    const upload = (await getUpload(db, "harbour-two"))!;
    const fields = mappingFields(upload);
    const dry = await feedMapping("harbour-two", { ...fields, action: "dry-run" }, { db, now: new Date("2026-11-21T00:00:00Z") });
    expect(location(dry).searchParams.get("problem")).toBeNull();
    expect((await getUpload(db, "harbour-two"))!.dryRun!.report).toMatchObject({ rows: 12, accepted: 11 });
    const done = await feedMapping("harbour-two", { ...fields, action: "import" }, { db, now: new Date("2026-11-21T00:00:00Z"), photos: null });
    expect(location(done).searchParams.get("problem")).toBeNull();
    expect(location(done).searchParams.get("notice")).toMatch(/^Imported: 10 cars are on the site/);
    expect(readCarsFile(path.join(dir, "stock", "harbour-two.json")).find((c) => c.stocknum === "T5111")).toMatchObject({ dealership_id: 9201 });
  });

  it("says how many imported cars are shown, never counting the hidden ones among them", () => {
    expect(importedNotice({ accepted: 1, hidden: 0 })).toBe("Imported: 1 car is on the site.");
    expect(importedNotice({ accepted: 22, hidden: 22 })).toBe(
      "Imported 22 cars, but none is shown yet: every one is hidden until the problems the report names are fixed (most often too few photos).",
    );
    expect(importedNotice({ accepted: 5, hidden: 2 })).toMatch(/^Imported: 3 cars are on the site; 2 cars more are hidden until/);
  });

  it("a form without a stock number column, or before any upload, goes back with the problem", async () => {
    const res = await feedMapping(SLUG, { "map.0": "", action: "dry-run" }, { db });
    expect(location(res).searchParams.get("problem")).toBe("Upload the export first.");
    const form = new FormData();
    form.append("url", "http://dms.example.com/stock.csv");
    const refused = await feedUpload(SLUG, uploadRequest(form), { db });
    expect(location(refused).searchParams.get("problem")).toBe(
      "'http://dms.example.com/stock.csv' is not an https address: the feed's address starts with https://",
    );
    const empty = await feedUpload(SLUG, uploadRequest(new FormData()), { db });
    expect(location(empty).searchParams.get("problem")).toBe("Choose the export file to upload, or give the feed's https address.");
    expect((await feedUpload("no-such-dealer", uploadRequest(new FormData()), { db })).status).toBe(404);
  });
});

describe("a draft's feed, before it goes live", () => {
  const manifests = () => path.join(dir, "manifests");
  const header = () =>
    fs
      .readFileSync(SAMPLE, "utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n")[0]
      .split(",");
  /** A draft file made from the sample dealer: its own slug and hosts, and (unless `sameDealerships`) its own dealership ids. */
  function writeDraft(name: string, changes: { slug?: string; sameDealerships?: boolean } = {}): string {
    const value = JSON.parse(fs.readFileSync(path.join(root, "manifests", `${SLUG}.json`), "utf8"));
    Object.assign(value, { $schema: "../../schemas/manifest.schema.json", slug: changes.slug ?? name, name: `Draft ${name}` });
    Object.assign(value, { hosts: [`www.${name}.com.au`], redirectHosts: [`${name}.com.au`] });
    delete value.stockFeed;
    if (!changes.sameDealerships) {
      value.dealerships = value.dealerships.map((d: { id: number }) => ({ ...d, id: d.id + 7000 }));
      value.locations = value.locations.map((l: { dealership_id: number }) => ({ ...l, dealership_id: l.dealership_id + 7000 }));
    }
    fs.mkdirSync(path.join(manifests(), "drafts"), { recursive: true });
    const file = path.join(manifests(), "drafts", `${name}.json`);
    fs.writeFileSync(file, JSON.stringify(value, null, 2) + "\n");
    onTestFinished(() => fs.rmSync(file, { force: true }));
    return file;
  }
  const upload = () => {
    const form = new FormData();
    form.append("file", new File([fs.readFileSync(SAMPLE)], "dms-export.csv", { type: "text/csv" }));
    form.append("action", "upload");
    return form;
  };
  async function mappingFields(slug: string) {
    const saved = (await getUpload(db, slug))!;
    const fields: Record<string, string> = { priceType: "DAP", photoSeparator: "|", dateOrder: "dmy" };
    header().forEach((c, i) => (fields[`map.${i}`] = saved.profile.columns?.[c] ?? ""));
    return fields;
  }
  const draftTarget = async (name: string) => {
    const t = await draftFeedTarget(name);
    if (!t || "problem" in t) throw new Error(t ? t.problem : "no draft");
    return t;
  };

  it("uploads, dry-runs, saves the mapping into the draft and imports its cars under the slug it goes live with; going live keeps both", async () => {
    const file = writeDraft("peel-valley");
    const target = await draftTarget("peel-valley");
    expect(target).toMatchObject({ kind: "draft", slug: "peel-valley", screen: "/studio/drafts/peel-valley/feed", editor: "/studio/drafts/peel-valley" });
    expect(target.importBlocked).toBeUndefined();

    const up = await feedUpload(target, uploadRequest(upload()), { db });
    expect(location(up).pathname).toBe("/studio/drafts/peel-valley/feed");
    expect(location(up).searchParams.get("notice")).toMatch(/^Read dms-export\.csv: 12 rows/);
    const fields = await mappingFields("peel-valley");

    // The dry run needs no live dealer: the draft's own manifest is passed to the import.
    const dry = await feedMapping(target, { ...fields, action: "dry-run" }, { db, now: new Date("2026-11-22T00:00:00Z") });
    expect(location(dry).searchParams.get("problem")).toBeNull();
    expect((await getUpload(db, "peel-valley"))!.dryRun!.report).toMatchObject({ rows: 12, accepted: 11, rejected: 1 });
    expect(fs.existsSync(path.join(dir, "stock", "peel-valley.json"))).toBe(false);

    // Saving writes the draft (as its editor's save does), never a published version.
    const saved = await feedMapping(target, { ...fields, action: "save" }, { db, by: "staff:test" });
    expect(location(saved).searchParams.get("notice")).toMatch(/^The column mapping is saved in the draft/);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).stockFeed).toMatchObject({ source: { inboxFile: "dms-export.csv" }, columns: { "Stock No": "stocknum" } });
    expect(await dealerSource(db, "peel-valley")).toBeNull();

    const done = await feedMapping(
      await draftTarget("peel-valley"),
      { ...fields, action: "import" },
      { db, now: new Date("2026-11-22T00:00:00Z"), photos: null },
    );
    expect(location(done).searchParams.get("problem")).toBeNull();
    expect(location(done).searchParams.get("notice")).toMatch(/^Imported: 10 cars are on the draft's preview; .* They stay when the draft goes live/);
    expect(readCarsFile(path.join(dir, "stock", "peel-valley.json")).find((c) => c.stocknum === "T5111")).toMatchObject({ dealership_id: 7201 });
    const [run] = await feedHistory(db, "peel-valley");
    expect(run).toMatchObject({ trigger: "studio", outcome: "published", alerted: false });

    // Put live: the live dealer has the mapping, and the stock and its last good run are already its own.
    const put = await publishDraft(db, "peel-valley", "staff:test", manifests());
    expect(put?.status).toBe("published");
    const [live] = await versionHistory(db, manifestCollection(manifests()), "peel-valley", 1);
    expect(JSON.parse(live.text!).stockFeed).toMatchObject({ columns: { "Stock No": "stocknum" } });
    expect(await lastGood(db, "peel-valley")).toMatchObject({ accepted: 11 });
  });

  it("refuses to import cars another dealer's site would list, and a draft with a live dealer's slug; says why in words", async () => {
    writeDraft("harbour-again", { sameDealerships: true });
    const blocked = await draftTarget("harbour-again");
    expect(blocked.importBlocked).toMatch(/^The stock is not imported while the dealership \d+ is also listed by the live dealer harbour-motor-group/);
    await feedUpload(blocked, uploadRequest(upload()), { db });
    const fields = await mappingFields("harbour-again");
    const dry = await feedMapping(blocked, { ...fields, action: "dry-run" }, { db });
    expect(location(dry).searchParams.get("problem")).toBeNull();
    const refused = await feedMapping(blocked, { ...fields, action: "import" }, { db, photos: null });
    expect(location(refused).searchParams.get("problem")).toBe(blocked.importBlocked);
    expect(fs.existsSync(path.join(dir, "stock", "harbour-again.json"))).toBe(false);
    expect(await feedHistory(db, "harbour-again")).toEqual([]);

    writeDraft("harbour-copy", { slug: SLUG });
    expect(await draftFeedTarget("harbour-copy")).toEqual({
      problem: `The live dealer ${SLUG} already has this draft's slug, so the draft's stock and pictures would be mixed with its own. Give the draft a slug of its own first.`,
      editor: "/studio/drafts/harbour-copy",
    });
    const back = await draftFeedPost("harbour-copy", () => Promise.reject(new Error("not reached")));
    expect(location(back).pathname).toBe("/studio/drafts/harbour-copy/feed");
    expect(location(back).searchParams.get("problem")).toMatch(/already has this draft's slug/);
    expect((await draftFeedPost("no-such-draft", () => Promise.reject(new Error("not reached")))).status).toBe(404);
  });

  it("a draft that does not load yet is sent to its editor with its first problem", async () => {
    const file = writeDraft("half-done");
    const value = JSON.parse(fs.readFileSync(file, "utf8"));
    value.theme.colors.primary = "red-ish";
    fs.writeFileSync(file, JSON.stringify(value));
    const t = await draftFeedTarget("half-done");
    expect(t && "problem" in t && t.problem).toMatch(
      /^The draft has (a problem|\d+ problems) to fix in its editor before its stock feed can be read \(.+\)\.$/,
    );
  });
});
