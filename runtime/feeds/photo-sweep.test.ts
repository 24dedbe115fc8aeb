import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseBlobStore } from "../blobs/database";
import type { BlobStore } from "../blobs/types";
import { suiteDb } from "../db/testing";
import type { Car } from "../generated/types";
import { readCarsFile } from "../stock/store";
import { guessMapping } from "./guess";
import { proposedProfile, readTable, runFeedImport } from "./import";
import { markNamedPhotos, mirrorCarPhotos, photoKeysOf, PHOTO_GRACE_DAYS, removeUnusedPhotos, type PhotoMirror } from "./photos";
import { resolveStockFeed } from "./profile";

const db = suiteDb(undefined, { empty: ["feed_photos", "feed_photo_blobs", "blobs", "feed_last_good"] });
const store = databaseBlobStore(db);
const DAY = 86_400_000;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY);

/** A distinct small picture for each `n` (PNG: lossless, so no two are the same bytes), so each photo has a copy of its own. */
const picture = (n: number) =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: { r: n % 256, g: Math.floor(n / 256) % 256, b: 7 } } })
    .png()
    .toBuffer();

const key = (dealer: string, n: number) => `dealers/${dealer}/photos/${String(n).padStart(64, "0")}.jpg`;
const named = (...keys: string[]) => ({ images: keys.map((k) => ({ image: { url: `/api/media/${k}` } })) }) as unknown as Car;
const cars = (list: Car[]) => async (each: (car: Car) => Promise<void>) => {
  for (const c of list) await each(c);
};
const keys = async (dealer: string) => (await store.list(`dealers/${dealer}/photos/`)).map((b) => b.key);

async function stored(dealer: string, n: number): Promise<string> {
  const k = key(dealer, n);
  await store.put(k, new Uint8Array([n]), "image/jpeg");
  await db.query("INSERT INTO feed_photos (dealer_slug, source_url, blob_key, sha256, fetched_at, checked_at) VALUES ($1, $2, $3, $4, $5, $5)", [
    dealer,
    `https://dms.example.com/${n}.jpg`,
    k,
    String(n),
    day(0),
  ]);
  return k;
}

describe("photoKeysOf", () => {
  it("finds the dealer's own copies in any field of a car, and no one else's", () => {
    const car = {
      images: [{ image: { url: "/api/media/dealers/a/photos/1.jpg" } }, { image: { url: "https://dms.example.com/2.jpg" } }],
      primary_image_url: "/api/media/dealers/a/photos/1.jpg",
      spin_images: ["/api/media/dealers/a/photos/3.jpg", "/api/media/dealers/b/photos/4.jpg"],
    } as unknown as Car;
    expect(photoKeysOf(car, "a")).toEqual(["dealers/a/photos/1.jpg", "dealers/a/photos/1.jpg", "dealers/a/photos/3.jpg"]);
  });
});

describe("removeUnusedPhotos", () => {
  it("deletes a copy no stock has named for the grace period, with its addresses; keeps the rest", async () => {
    const [one, two, three] = [await stored("a", 1), await stored("a", 2), await stored("a", 3)];
    await markNamedPhotos({ db }, "a", cars([named(one, two), named(three)]), day(0));
    // Day 10: the stock names only the first copy; the others are within the grace period.
    await markNamedPhotos({ db }, "a", cars([named(one)]), day(10));
    expect(await removeUnusedPhotos({ db, store }, "a", day(10))).toEqual({ removed: 0, failed: 0 });
    // Day 29 and 30: the second and third copies were last named on day 0, the first on day 30.
    await markNamedPhotos({ db }, "a", cars([named(one)]), day(30));
    expect(await removeUnusedPhotos({ db, store }, "a", day(PHOTO_GRACE_DAYS - 1))).toEqual({ removed: 0, failed: 0 });
    expect(await removeUnusedPhotos({ db, store }, "a", day(PHOTO_GRACE_DAYS + 1))).toEqual({ removed: 2, failed: 0 });
    expect(await keys("a")).toEqual([one]);
    expect((await db.query<{ blob_key: string }>("SELECT blob_key FROM feed_photos WHERE dealer_slug = 'a'")).map((r) => r.blob_key)).toEqual([one]);
  });

  it("never reaches another dealer's copies", async () => {
    const mine = await stored("a", 1);
    const theirs = await stored("b", 1);
    await markNamedPhotos({ db }, "a", cars([named(mine)]), day(0));
    await markNamedPhotos({ db }, "b", cars([named(theirs)]), day(0));
    // Dealer a's stock naming dealer b's copy does not mark it for a.
    expect(await markNamedPhotos({ db }, "a", cars([named(theirs)]), day(100))).toBe(0);
    expect(await removeUnusedPhotos({ db, store }, "a", day(100))).toEqual({ removed: 1, failed: 0 });
    expect(await keys("a")).toEqual([]);
    expect(await keys("b")).toEqual([theirs]);
    expect(await db.query("SELECT 1 FROM feed_photos WHERE dealer_slug = 'b'")).toHaveLength(1);
  });

  it("works through more copies than one batch, and a copy it cannot delete is tried again next run", async () => {
    const many = Array.from({ length: 1_203 }, (_, i) => key("a", i));
    await markNamedPhotos({ db }, "a", cars(many.map((k) => named(k))), day(0));
    let refuse = true;
    const flaky: BlobStore = { ...store, delete: async (k) => (refuse && k === many[7] ? Promise.reject(new Error("bucket unavailable")) : store.delete(k)) };
    expect(await removeUnusedPhotos({ db, store: flaky }, "a", day(40))).toEqual({ removed: 1_202, failed: 1 });
    refuse = false;
    expect(await removeUnusedPhotos({ db, store: flaky }, "a", day(41))).toEqual({ removed: 1, failed: 0 });
    expect(await db.query("SELECT 1 FROM feed_photo_blobs WHERE dealer_slug = 'a'")).toEqual([]);
  });
});

// A stand-in for a DMS's photo host on loopback, as in photos.test.ts.
let routes = new Map<string, Buffer>();
let fetched: string[] = [];
let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = routes.get(req.url ?? "");
    if (!body) return res.writeHead(404).end();
    fetched.push(req.url!);
    res.writeHead(200, { "content-type": "image/png" }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  routes = new Map();
  fetched = [];
});
const PUBLIC = "203.0.113.10";
const mirror: PhotoMirror = {
  store,
  db,
  download: {
    resolve: async () => [PUBLIC],
    allowAddress: (a) => a === PUBLIC,
    get: (url, _address, signal, headers) =>
      new Promise((ok, fail) => http.get(`http://127.0.0.1:${port}${url.pathname}`, { headers, signal }, ok).on("error", fail)),
  },
};

describe("mirrorCarPhotos and removal at the same time", () => {
  it("a photo whose copy is being removed is fetched again rather than pointed at the copy", async () => {
    routes.set("/p/1.jpg", await picture(1));
    const input = { dealer: "a", stockLabel: "Stock No", minPhotos: 0, now: day(0) };
    const first = named();
    first.images = [{ image: { url: "https://photos.dms.example.com/p/1.jpg" } }];
    await mirrorCarPhotos([first], mirror, input);
    const copy = first.images[0].image.url.slice("/api/media/".length);
    // The server gave no validators: the copy is reused without asking, while its mark is there.
    const again = () => {
      const c = named();
      c.images = [{ image: { url: "https://photos.dms.example.com/p/1.jpg" } }];
      return c;
    };
    await mirrorCarPhotos([again()], mirror, { ...input, now: day(1) });
    expect(fetched).toEqual(["/p/1.jpg"]);
    // Another run's removal has taken the mark (and is about to delete the copy): this run fetches it afresh.
    await db.query("DELETE FROM feed_photo_blobs WHERE blob_key = $1", [copy]);
    const c = again();
    await mirrorCarPhotos([c], mirror, { ...input, now: day(2) });
    expect(fetched).toEqual(["/p/1.jpg", "/p/1.jpg"]);
    expect(c.images[0].image.url).toBe(`/api/media/${copy}`);
    expect(await db.query("SELECT 1 FROM feed_photo_blobs WHERE blob_key = $1", [copy])).toHaveLength(1);
  });
});

describe("a feed import removes the photos its stock no longer names", () => {
  let dir: string;
  const root = path.resolve(import.meta.dirname, "../..");
  const fixture = path.join(root, "tests/fixtures/feeds/autoledger-stock.csv");
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "feed-photo-sweep-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async (file: string, now: Date) =>
    (
      await runFeedImport({
        dealer: "sunshine-chery",
        file,
        manifestsDir: path.join(dir, "manifests"),
        publicDir: path.join(root, "public"),
        stockDir: path.join(dir, "stock"),
        dataDir: path.join(dir, ".data"),
        now,
        db,
        photos: mirror,
      })
    ).report;
  const stock = () => readCarsFile(path.join(dir, "stock/sunshine-chery.json")).filter((c) => c.dealership_id === 101);
  const copies = (c: Car | undefined) => (c ? c.images.map((i) => i.image.url.slice("/api/media/".length)) : []);

  it("keeps a sold car's photos while its page is up and the grace period after; deletes a replaced photo's old copy", async () => {
    const table = await readTable(new Uint8Array(fs.readFileSync(fixture)), resolveStockFeed({ source: { inboxFile: "x" } }));
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "manifests/sunshine-chery.json"), "utf8"));
    manifest.stockFeed = { ...proposedProfile(guessMapping(table.columns), { inboxFile: "autoledger-stock.csv" }), keepSoldDays: 10 };
    fs.cpSync(path.join(root, "manifests/templates"), path.join(dir, "manifests/templates"), { recursive: true });
    fs.writeFileSync(path.join(dir, "manifests/sunshine-chery.json"), JSON.stringify(manifest));
    let n = 0;
    for (const s of ["U8810", "U8811", "U8812", "U8813", "N1001", "U8816"]) for (let p = 1; p <= 6; p++) routes.set(`/u/${s}/${p}.jpg`, await picture(++n));

    expect((await run(fixture, day(0))).published).toBe(true);
    const before = new Map(stock().map((c) => [c.stocknum, copies(c)]));
    const u8810 = before.get("U8810")!;
    expect(new Set(u8810).size).toBe(u8810.length);

    // Day 1: U8810's second photo is a new picture at the same address; U8811 leaves the feed (marked sold).
    routes.set("/u/U8810/2.jpg", await picture(999));
    const next = path.join(dir, "next.csv");
    const text = fs.readFileSync(fixture, "utf8");
    fs.writeFileSync(
      next,
      text
        .split("\r\n")
        .filter((l) => !l.startsWith("U8811"))
        .join("\r\n"),
    );
    // The first run gave no validators, so the new picture is only seen once the address is forgotten.
    await db.query("DELETE FROM feed_photos WHERE source_url LIKE '%/u/U8810/2.jpg'");
    const second = await run(next, day(1));
    expect(second).toMatchObject({ published: true, markedSold: 1 });
    const replaced = u8810[1];
    expect(copies(stock().find((c) => c.stocknum === "U8810"))).not.toContain(replaced);
    const sold = before.get("U8811")!;
    expect(copies(stock().find((c) => c.stocknum === "U8811"))).toEqual(sold);

    // Day 20: the sold car's page was removed by this run (10 days kept); it and the old copy were
    // shown until day 10 and day 1: both within the grace period, so nothing goes yet.
    const third = await run(next, day(20));
    expect(third).toMatchObject({ published: true, removed: 1 });
    expect(third.photos?.removed ?? 0).toBe(0);
    expect(await store.head(replaced)).not.toBeNull();

    // Past the grace period after day 1: the replaced copy goes (and its address row); the sold
    // car's copies were last shown on day 20 and stay until day 50.
    const fourth = await run(next, day(1 + PHOTO_GRACE_DAYS + 1));
    expect(fourth.photos?.removed).toBe(1);
    expect(await store.head(replaced)).toBeNull();
    for (const k of sold) expect(await store.head(k)).not.toBeNull();
    const fifth = await run(next, day(20 + PHOTO_GRACE_DAYS + 1));
    expect(fifth.photos?.removed).toBe(sold.length);
    // Every copy the published stock names is still there.
    for (const c of stock()) for (const k of copies(c)) expect(await store.head(k)).not.toBeNull();
    expect(await db.query("SELECT 1 FROM feed_photos WHERE dealer_slug = 'sunshine-chery' AND blob_key = ANY($1)", [[replaced, ...sold]])).toEqual([]);
  });
});
