import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { databaseBlobStore } from "../blobs/database";
import { suiteDb } from "../db/testing";
import type { Car } from "../generated/types";
import { readCarsFile } from "../stock/store";
import { guardedRequest } from "./download";
import { guessMapping } from "./guess";
import { proposedProfile, readTable, runFeedImport } from "./import";
import { mirrorCarPhotos, photoMirrorFor, sniffPhotoType, type PhotoMirror } from "./photos";
import { resolveStockFeed } from "./profile";

const db = suiteDb(undefined, { empty: ["feed_photos", "blobs", "feed_last_good"] });

const picture = (format: "jpeg" | "png" | "webp" | "avif" | "gif", colour = "#c00") =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

// A stand-in for a DMS's photo host on loopback. The guard's checks run on the https addresses it
// is given (a looked-up public address); only the last step, the request, is sent here over http.
interface Served {
  status?: number;
  body?: Buffer;
  type?: string;
  etag?: string;
  lastModified?: string;
  location?: string;
}
let routes = new Map<string, Served>();
/** Requests by path, and how many were answered with the body. */
let asked: { path: string; ifNoneMatch?: string }[] = [];
let bodies = new Map<string, number>();
let server: http.Server;
let port = 0;
let jpeg: Buffer, png: Buffer, webp: Buffer, avif: Buffer, gif: Buffer, otherJpeg: Buffer;

beforeAll(async () => {
  [jpeg, png, webp, avif, gif, otherJpeg] = await Promise.all([
    picture("jpeg"),
    picture("png"),
    picture("webp"),
    picture("avif"),
    picture("gif"),
    picture("jpeg", "#00c"),
  ]);
  server = http.createServer((req, res) => {
    const route = routes.get(req.url ?? "");
    asked.push({ path: req.url ?? "", ...(req.headers["if-none-match"] ? { ifNoneMatch: String(req.headers["if-none-match"]) } : {}) });
    if (!route) return res.writeHead(404).end();
    if (route.location) return res.writeHead(302, { location: route.location }).end();
    if (route.etag && req.headers["if-none-match"] === route.etag) return res.writeHead(304, { etag: route.etag }).end();
    if ((route.status ?? 200) !== 200) return res.writeHead(route.status!).end();
    bodies.set(req.url!, (bodies.get(req.url!) ?? 0) + 1);
    res
      .writeHead(200, {
        "content-type": route.type ?? "image/jpeg",
        ...(route.etag ? { etag: route.etag } : {}),
        ...(route.lastModified ? { "last-modified": route.lastModified } : {}),
      })
      .end(route.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  routes = new Map();
  asked = [];
  bodies = new Map();
});

const PUBLIC = "203.0.113.10";
const download: PhotoMirror["download"] = {
  resolve: async (host) => (host === "intranet.dealer.example" ? ["10.1.2.3"] : [PUBLIC]),
  allowAddress: (a) => a === PUBLIC,
  get: (url, _address, signal, headers) =>
    new Promise((ok, fail) => http.get(`http://127.0.0.1:${port}${url.pathname}`, { headers, signal }, ok).on("error", fail)),
};
const mirror = (over: Partial<PhotoMirror> = {}): PhotoMirror => ({ store: databaseBlobStore(db), db, download, ...over });
const input = { dealer: "sunshine-chery", stockLabel: "Stock No", minPhotos: 0, now: new Date("2026-11-20T00:00:00Z") };
const photo = (p: string) => `https://photos.dms.example.com${p}`;

function car(stocknum: string, photos: string[]): Car {
  return {
    stocknum,
    photos_count: photos.length,
    images: photos.map((url) => ({ image: { url } })),
    ...(photos.length ? { primary_image_url: photos[0] } : {}),
  } as Car;
}
const urls = (c: Car) => c.images.map((i) => i.image.url);
const OURS = /^\/api\/media\/dealers\/sunshine-chery\/photos\/[0-9a-f]{64}\.(jpg|png|webp|avif)$/;

describe("sniffPhotoType", () => {
  it("reads JPEG, PNG, WebP and AVIF from the bytes, and nothing else", async () => {
    expect(await Promise.all([jpeg, png, webp, avif].map(sniffPhotoType))).toEqual(["image/jpeg", "image/png", "image/webp", "image/avif"]);
    expect(await sniffPhotoType(gif)).toBeNull();
    expect(await sniffPhotoType(new TextEncoder().encode("<html><body>Not found</body></html>"))).toBeNull();
  });
});

describe("mirrorCarPhotos", () => {
  it("stores each photo once under its hash, points the car at the site's own copies, and serves the bytes it fetched", async () => {
    routes.set("/u/1.jpg", { body: jpeg, etag: '"v1"' });
    routes.set("/u/2.png", { body: png, type: "application/octet-stream" });
    routes.set("/u/3.webp", { body: webp, lastModified: "Wed, 18 Nov 2026 00:00:00 GMT" });
    const a = car("U8810", [photo("/u/1.jpg"), photo("/u/2.png"), photo("/u/3.webp")]);
    const b = car("U8811", [photo("/u/1.jpg"), "/api/media/dealers/sunshine-chery/logo.png"]);
    const out = await mirrorCarPhotos([a, b], mirror(), input);
    expect(out).toMatchObject({ stored: 3, unchanged: 0, failed: 0, keptLastGood: 0, issues: [] });
    expect(urls(a).every((u) => OURS.test(u))).toBe(true);
    expect(urls(a)[1]).toMatch(/\.png$/); // the type is read from the bytes, not the server's word
    expect(a.primary_image_url).toBe(urls(a)[0]);
    expect(urls(b)).toEqual([urls(a)[0], "/api/media/dealers/sunshine-chery/logo.png"]);
    expect(bodies.get("/u/1.jpg")).toBe(1); // one download for the address two cars name
    const stored = await databaseBlobStore(db).get(urls(a)[0].slice("/api/media/".length));
    expect(stored?.contentType).toBe("image/jpeg");
    expect(Buffer.from(stored!.body).equals(jpeg)).toBe(true);
  });

  it("on the next run, fetches nothing already mirrored: a 304 for a photo with an ETag, no request at all for one without validators", async () => {
    routes.set("/u/1.jpg", { body: jpeg, etag: '"v1"' });
    routes.set("/u/2.png", { body: png });
    const first = car("U8810", [photo("/u/1.jpg"), photo("/u/2.png")]);
    await mirrorCarPhotos([first], mirror(), input);
    asked = [];
    const second = car("U8810", [photo("/u/1.jpg"), photo("/u/2.png")]);
    const out = await mirrorCarPhotos([second], mirror(), { ...input, now: new Date("2026-11-21T00:00:00Z") });
    expect(out).toMatchObject({ stored: 0, unchanged: 2, failed: 0 });
    expect(asked).toEqual([{ path: "/u/1.jpg", ifNoneMatch: '"v1"' }]);
    expect(bodies.get("/u/1.jpg")).toBe(1);
    expect(bodies.get("/u/2.png")).toBe(1);
    expect(urls(second)).toEqual(urls(first));
  });

  it("a photo that changed at its address is stored again under its new hash", async () => {
    routes.set("/u/1.jpg", { body: jpeg, etag: '"v1"' });
    const first = car("U8810", [photo("/u/1.jpg")]);
    await mirrorCarPhotos([first], mirror(), input);
    routes.set("/u/1.jpg", { body: otherJpeg, etag: '"v2"' });
    const second = car("U8810", [photo("/u/1.jpg")]);
    expect(await mirrorCarPhotos([second], mirror(), input)).toMatchObject({ stored: 1, unchanged: 0 });
    expect(urls(second)[0]).not.toBe(urls(first)[0]);
    expect(urls(second)[0]).toMatch(OURS);
  });

  it("reports in plain words a photo that cannot be fetched, is too big, is not a picture or leads to a private address, and leaves it out", async () => {
    routes.set("/u/1.jpg", { body: jpeg });
    routes.set("/u/2.jpg", { body: Buffer.from("<html>Sign in</html>"), type: "image/jpeg" });
    routes.set("/u/4.jpg", { body: Buffer.alloc(50_000, 1) });
    routes.set("/u/5.jpg", { location: "https://intranet.dealer.example/5.jpg" });
    const c = car("U8812", [
      photo("/u/1.jpg"),
      photo("/u/2.jpg"),
      photo("/u/3.jpg"),
      photo("/u/4.jpg"),
      photo("/u/5.jpg"),
      "http://photos.dms.example.com/6.jpg",
    ]);
    const out = await mirrorCarPhotos([c], mirror({ maxBytes: 20_000 }), { ...input, minPhotos: 3 });
    expect(out.issues.map((i) => i.message)).toEqual([
      "Stock No U8812: photo 2 is not a JPEG, PNG, WebP or AVIF picture (its server called it image/jpeg), so it is not shown",
      "Stock No U8812: photo 3 could not be fetched (404), so it is not shown",
      "Stock No U8812: photo 4 could not be fetched (it is more than the 20 KB limit), so it is not shown",
      "Stock No U8812: photo 5 could not be fetched (its host intranet.dealer.example is a private or local address; only public https addresses are downloaded), so it is not shown",
      "Stock No U8812: photo 6 could not be fetched (its address must start with https:// (http://photos.dms.example.com)), so it is not shown",
      "Stock No U8812 has 1 photo that could be fetched; cars need 3 to be shown",
    ]);
    expect(out).toMatchObject({ stored: 1, failed: 5, hidden: 1 });
    expect(out.issues.map((i) => i.photo)).toEqual([2, 3, 4, 5, 6, undefined]);
    expect(c.photos_count).toBe(1);
    expect(urls(c)).toHaveLength(1);
    expect(urls(c)[0]).toMatch(OURS);
    expect(asked.map((a) => a.path)).not.toContain("/6.jpg");
  });

  it("a photo that fails on a later run keeps its last good copy, and the report says so", async () => {
    routes.set("/u/1.jpg", { body: jpeg, etag: '"v1"' });
    const first = car("U8810", [photo("/u/1.jpg")]);
    await mirrorCarPhotos([first], mirror(), input);
    routes.set("/u/1.jpg", { status: 503 });
    const second = car("U8810", [photo("/u/1.jpg")]);
    const out = await mirrorCarPhotos([second], mirror(), input);
    expect(out).toMatchObject({ keptLastGood: 1, failed: 0 });
    expect(out.issues.map((i) => i.message)).toEqual(["Stock No U8810: photo 1 could not be fetched (503); the copy fetched before is shown"]);
    expect(urls(second)).toEqual(urls(first));
  });

  it("runs at most `concurrency` downloads at once", async () => {
    const waiting: (() => void)[] = [];
    let arrived = () => {};
    const nextArrival = () => new Promise<void>((r) => (arrived = r));
    let inFlight = 0;
    let most = 0;
    const gated: PhotoMirror["download"] = {
      ...download,
      get: async (url, address, signal, headers) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise<void>((r) => {
          waiting.push(r);
          arrived();
        });
        try {
          return await download.get!(url, address, signal, headers);
        } finally {
          inFlight--;
        }
      },
    };
    for (let n = 1; n <= 6; n++) routes.set(`/u/${n}.jpg`, { body: n % 2 ? jpeg : otherJpeg });
    const c = car(
      "U8810",
      [1, 2, 3, 4, 5, 6].map((n) => photo(`/u/${n}.jpg`)),
    );
    const running = mirrorCarPhotos([c], mirror({ download: gated, concurrency: 2 }), input);
    let released = 0;
    while (released < 6) {
      // Wait for a download to start, let every other that may start do so, then release one.
      if (waiting.length === 0) await nextArrival();
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      expect(waiting.length).toBeLessThanOrEqual(2);
      waiting.shift()!();
      released++;
    }
    const out = await running;
    expect(most).toBe(2);
    expect(out.stored).toBe(6);
  });
});

describe("the guard's test overrides", () => {
  afterEach(() => vi.unstubAllEnvs());
  it("are refused in a production process", async () => {
    vi.stubEnv("NODE_ENV", "production");
    await expect(guardedRequest(photo("/u/1.jpg"), { maxBytes: 10, what: "the photo", ...download })).rejects.toThrow(/for tests only/);
  });
});

describe("photoMirrorFor", () => {
  it("mirrors into the configured store by default; FEED_PHOTOS=link turns it off; anything else is named", () => {
    expect(photoMirrorFor(db, {})?.store.kind).toBe("database");
    expect(photoMirrorFor(db, { BLOB_STORE: "s3", BLOB_S3_BUCKET: "photos" })?.store.kind).toBe("s3");
    expect(photoMirrorFor(db, { FEED_PHOTOS: "link" })).toBeNull();
    expect(() => photoMirrorFor(db, { FEED_PHOTOS: "hotlink" })).toThrow(/FEED_PHOTOS is 'hotlink'/);
  });
});

describe("a feed import with photos mirrored", () => {
  let dir: string;
  const root = path.resolve(import.meta.dirname, "../..");
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "feed-photos-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("publishes stock that names the site's own photo addresses, and reports the photo it could not fetch", async () => {
    const fixture = path.join(root, "tests/fixtures/feeds/autoledger-stock.csv");
    const table = await readTable(new Uint8Array(fs.readFileSync(fixture)), resolveStockFeed({ source: { inboxFile: "x" } }));
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "manifests/sunshine-chery.json"), "utf8"));
    manifest.stockFeed = proposedProfile(guessMapping(table.columns), { inboxFile: "autoledger-stock.csv" });
    fs.cpSync(path.join(root, "manifests/templates"), path.join(dir, "manifests/templates"), { recursive: true });
    fs.writeFileSync(path.join(dir, "manifests/sunshine-chery.json"), JSON.stringify(manifest));
    for (const stock of ["U8810", "U8811", "U8812", "U8813", "N1001", "U8816"])
      for (let n = 1; n <= 6; n++) routes.set(`/u/${stock}/${n}.jpg`, { body: n % 2 ? jpeg : png, etag: `"${stock}-${n}"` });
    routes.delete("/u/U8810/3.jpg");
    const { report } = await runFeedImport({
      dealer: "sunshine-chery",
      file: fixture,
      manifestsDir: path.join(dir, "manifests"),
      publicDir: path.join(root, "public"),
      stockDir: path.join(dir, "stock"),
      dataDir: path.join(dir, ".data"),
      now: new Date("2024-06-01T00:00:00Z"),
      db,
      photos: mirror(),
    });
    expect(report.published).toBe(true);
    expect(report.photos).toMatchObject({ failed: 1, keptLastGood: 0 });
    expect(report.issues.map((i) => i.message)).toContain("Stock No U8810: photo 3 could not be fetched (404), so it is not shown");
    const cars = readCarsFile(path.join(dir, "stock/sunshine-chery.json")).filter((c) => c.dealership_id === 101);
    expect(cars.length).toBeGreaterThan(0);
    for (const c of cars) {
      expect(urls(c).every((u) => OURS.test(u))).toBe(true);
      expect(c.primary_image_url).toBe(urls(c)[0]);
      expect(c.photos_count).toBe(c.images.length);
    }
    expect(cars.find((c) => c.stocknum === "U8810")?.photos_count).toBe(4);
  });
});
