import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Car, StockFeed } from "../generated/types";
import { suiteDb } from "../db/testing";
import { readCarsFile } from "../stock/store";
import { guessMapping } from "./guess";
import { lastGood, readTable, proposedProfile, runFeedImport } from "./import";
import { resolveStockFeed } from "./profile";
import { NO_PRICE_TYPE } from "./convert";
import { reportLines } from "./report";

const root = path.resolve(import.meta.dirname, "../..");
const fixtures = path.join(root, "tests/fixtures/feeds");
let dir: string;
const db = suiteDb(undefined, { empty: ["feed_last_good"] });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "feed-import-"));
  fs.cpSync(path.join(root, "manifests/templates"), path.join(dir, "manifests/templates"), { recursive: true });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Sunshine Chery's manifest with a feed profile guessed from the fixture's header (as staff would paste it), plus changes. */
async function dealerWithFeed(fixture: string, change: (feed: StockFeed) => void = () => {}): Promise<void> {
  const table = await readTable(new Uint8Array(fs.readFileSync(path.join(fixtures, fixture))), resolveStockFeed({ source: { inboxFile: "x" } }));
  const feed = proposedProfile(guessMapping(table.columns), { inboxFile: fixture });
  change(feed);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "manifests/sunshine-chery.json"), "utf8"));
  manifest.stockFeed = feed;
  fs.writeFileSync(path.join(dir, "manifests/sunshine-chery.json"), JSON.stringify(manifest));
  fs.mkdirSync(path.join(dir, ".data/inbox/sunshine-chery"), { recursive: true });
  fs.copyFileSync(path.join(fixtures, fixture), path.join(dir, ".data/inbox/sunshine-chery", fixture));
}

/** Staff say the prices are drive away, as the studio asks when no column of the export says it. */
const drivenAway = (feed: StockFeed) => (feed.transforms = { ...feed.transforms, priceType: "DAP" });

const run = (over: { file?: string; now?: Date; dryRun?: boolean } = {}) =>
  runFeedImport({
    dealer: "sunshine-chery",
    manifestsDir: path.join(dir, "manifests"),
    publicDir: path.join(root, "public"),
    stockDir: path.join(dir, ".data/stock"),
    dataDir: path.join(dir, ".data"),
    now: new Date("2024-06-01T00:00:00Z"),
    db,
    ...over,
  });
const stock = () => readCarsFile(path.join(dir, ".data/stock/sunshine-chery.json"));
const byStock = (cars: Car[]) => new Map(cars.map((c) => [c.stocknum, c]));

describe("feed import, end to end into a dealer's stock", () => {
  it("AutoLedger CSV (BOM, CRLF, | photos): cars in platform form, the report in the dealer's words", async () => {
    await dealerWithFeed("autoledger-stock.csv");
    const { report } = await run();
    expect(report).toMatchObject({
      format: "csv",
      dialect: "comma-separated, utf-8 with a byte-order mark",
      rows: 7,
      accepted: 5,
      rejected: 2,
      hidden: 1,
      published: true,
    });
    expect(report.issues.map((i) => i.message)).toEqual([
      "Stock No U8812 has 2 photos; cars need 3 to be shown",
      "Stock No U8813: Yr '20119' is not a year: write the four-digit model year, such as 2019",
      "Stock No U8816 appears twice: rows 7 and 8, the second was skipped",
    ]);
    const cars = byStock(stock());
    expect(cars.get("U8810")).toMatchObject({
      name: "2021 Toyota RAV4 GX Hybrid",
      slug: "2021-toyota-rav4-gx-hybrid-u8810",
      path: "/cars/2021-toyota-rav4-gx-hybrid-u8810",
      objectID: "101000001",
      id: 101000001,
      price: 38990,
      price_type: "DAP",
      km: 45210,
      car_type: "used",
      status: "in_stock",
      simple_fuel: "Hybrid",
      simple_transmission: "Automatic",
      simple_body: "wagon",
      photos_count: 5,
      regplate: "ABC123",
      vin: "JTMW1RFV10D012345",
      dealership_id: 101,
      dealership_slug: "sunshine-chery",
      location_id: 1011,
      state: "QLD",
      show_on_dealer_website: true,
      custom_rank: 0,
    });
    expect(cars.get("U8811")).toMatchObject({ reserved: true, status: "in_stock", price: 29490 });
    expect(cars.get("N1001")).toMatchObject({ car_type: "new", colour: "Graphite", simple_body: "ute", km: 12, gearnum: 6 });
    expect(cars.get("U8816")).toMatchObject({ status: "sold", sold: true, sold_date_timestamp: Date.UTC(2024, 5, 1) / 1000 });
    expect(cars.has("U8813")).toBe(false);
  });

  it("the next run keeps ids and slugs, marks cars that left the feed sold, and a broken file keeps the stock", async () => {
    await dealerWithFeed("autoledger-stock.csv");
    await run();
    const before = byStock(stock());
    const shorter = fs
      .readFileSync(path.join(fixtures, "autoledger-stock.csv"), "utf8")
      .split("\r\n")
      .filter((l) => !l.startsWith("U8811"))
      .join("\r\n");
    const next = path.join(dir, "next.csv");
    fs.writeFileSync(next, shorter);
    const second = await run({ file: next, now: new Date("2024-06-02T00:00:00Z") });
    expect(second.report).toMatchObject({ published: true, markedSold: 1 });
    const after = byStock(stock());
    expect(after.get("U8810")!.slug).toBe(before.get("U8810")!.slug);
    expect(after.get("U8810")!.created_at).toBe(before.get("U8810")!.created_at);
    expect(after.get("U8811")).toMatchObject({ status: "sold", sold: true, sold_date_timestamp: Date.UTC(2024, 5, 2) / 1000, slug: before.get("U8811")!.slug });

    const empty = path.join(dir, "empty.csv");
    fs.writeFileSync(empty, "");
    const third = await run({ file: empty });
    expect(third.report).toMatchObject({ published: false, keptLastGood: "the file has no rows of stock" });
    const broken = path.join(dir, "broken.csv");
    fs.writeFileSync(broken, "Stock No,Make,Model,Yr\r\nA,Kia,Rio,1\r\nB,Kia,Rio,2\r\nC,Kia,Rio,2020\r\n");
    expect((await run({ file: broken })).report.keptLastGood).toBe("2 of its 3 rows (67%) were rejected, more than the 50% limit");
    expect(stock()).toEqual([...after.values()]);
  });

  it("a file that breaks part-way through, after rows were converted, keeps the stock as it was and leaves no half-written file", async () => {
    await dealerWithFeed("autoledger-stock.csv");
    await run();
    const before = fs.readFileSync(path.join(dir, ".data/stock/sunshine-chery.json"), "utf8");
    const [header, first] = fs.readFileSync(path.join(fixtures, "autoledger-stock.csv"), "utf8").split("\r\n");
    // Longer than the reader's first pieces, so the converter has taken rows before the parser meets the open quote.
    const rows = Array.from({ length: 400 }, (_, i) => first.replace(/U8810/g, `X${i}`));
    const broken = path.join(dir, "broken-late.csv");
    fs.writeFileSync(broken, [header, ...rows, 'X9999,,,Kia,"Rio'].join("\r\n"));
    const { report } = await run({ file: broken, now: new Date("2024-06-02T00:00:00Z") });
    expect(report.published).toBe(false);
    expect(report.keptLastGood).toMatch(/^the file cannot be read as CSV at line 402/);
    expect(fs.readFileSync(path.join(dir, ".data/stock/sunshine-chery.json"), "utf8")).toBe(before);
    expect(fs.readdirSync(path.join(dir, ".data/stock"))).toEqual(["sunshine-chery.json"]);
  });

  it("the last published run is kept in the database, shared by every server: a dry run leaves it, a run on another disk sees it", async () => {
    await dealerWithFeed("autoledger-stock.csv");
    const dry = await run({ dryRun: true });
    expect(await lastGood(db, "sunshine-chery")).toBeNull();
    expect(dry.report.dryRun).toBe(true);
    expect(reportLines(dry.report)).toContain("A real run would put this stock on the site.");
    await run();
    expect(await lastGood(db, "sunshine-chery")).toMatchObject({ rows: 7, accepted: 5, runAt: new Date("2024-06-01T00:00:00Z") });
    // Another process on another machine: its own stock folder holds a car that left the feed since.
    const elsewhere = path.join(dir, "elsewhere");
    fs.cpSync(path.join(dir, ".data/stock"), path.join(elsewhere, "stock"), { recursive: true });
    const shorter = fs
      .readFileSync(path.join(fixtures, "autoledger-stock.csv"), "utf8")
      .split("\r\n")
      .filter((l) => !l.startsWith("U8810"))
      .join("\r\n");
    fs.writeFileSync(path.join(dir, "next.csv"), shorter);
    const { report } = await runFeedImport({
      dealer: "sunshine-chery",
      file: path.join(dir, "next.csv"),
      manifestsDir: path.join(dir, "manifests"),
      publicDir: path.join(root, "public"),
      stockDir: path.join(elsewhere, "stock"),
      dataDir: elsewhere,
      now: new Date("2024-06-02T00:00:00Z"),
      db,
    });
    expect(report).toMatchObject({ published: true, markedSold: 1 });
  });

  it("Dealerbase CSV (semicolons, Windows-1252, $12,990.00, dd/mm/yyyy, price type words)", async () => {
    await dealerWithFeed("dealerbase-export.csv");
    const { report } = await run();
    expect(report).toMatchObject({ dialect: "semicolon-separated, windows-1252", accepted: 3, rejected: 0 });
    const cars = byStock(stock());
    expect(cars.get("DB-2001")).toMatchObject({
      make: "Škoda",
      price: 32990,
      price_type: "DAP",
      km: 61500,
      created_at: "2024-02-03T00:00:00.000Z",
      photos_count: 3,
    });
    expect(cars.get("DB-2001")!.dealercomments).toBe("One owner – full history, café racer green");
    expect(cars.get("DB-2002")).toMatchObject({ car_type: "demo", price_type: "EGC", simple_body: "hatch" });
    expect(cars.get("DB-2003")).toMatchObject({ price: 0, price_type: "POA", make: "Citroën" });
  });

  it("MotorHub XLSX (dates, a formula column left unused, photos one per line)", async () => {
    await dealerWithFeed("motorhub-stock.xlsx", drivenAway);
    const { report } = await run();
    expect(report).toMatchObject({ format: "xlsx", accepted: 3, rejected: 0, unusedColumns: ["Price inc GST"] });
    const cars = byStock(stock());
    expect(cars.get("MH-7001")).toMatchObject({ price: 31990, build_date: "2019-11-01", photos_count: 4, simple_transmission: "Automatic" });
    expect(cars.get("MH-7003")).toMatchObject({ car_type: "demo", simple_fuel: "Electric", simple_body: "suv" });
  });

  it("a car whose row names no yard is kept where its kind of car is: used cars at the used-car yard", async () => {
    await dealerWithFeed("autoledger-stock.csv", (feed) => (feed.locationByType = { used: 1012 }));
    const file = path.join(dir, "manifests/sunshine-chery.json");
    const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
    const yard = { ...manifest.locations[0], id: 1012, slug: "springwood-used", name: "Sunshine Chery Used Cars", primary: false };
    manifest.locations.push(yard);
    fs.writeFileSync(file, JSON.stringify(manifest));
    await run();
    const cars = byStock(stock());
    expect(cars.get("U8810")).toMatchObject({ car_type: "used", location_id: 1012 });
    expect(cars.get("N1001")).toMatchObject({ car_type: "new", location_id: 1011 });
  });

  it("a feed that never says what its prices are is not read: no price is advertised as drive away by default", async () => {
    await dealerWithFeed("motorhub-stock.xlsx");
    const { report } = await run();
    expect(report).toMatchObject({ published: false, accepted: 0 });
    expect(report.issues.map((i) => i.message)).toContain(NO_PRICE_TYPE);
    expect(fs.existsSync(path.join(dir, ".data/stock/sunshine-chery.json"))).toBe(false);
  });

  it("YardLink JSON (photo objects, status words, a location the dealer does not have)", async () => {
    await dealerWithFeed("yardlink-feed.json", drivenAway);
    const { report } = await run();
    expect(report).toMatchObject({ format: "json", accepted: 2 });
    expect(report.issues).toEqual([expect.objectContaining({ kind: "warning", row: 2, stocknum: "YL-502", column: "location", value: "Nowhere Yard" })]);
    const cars = byStock(stock());
    expect(cars.get("YL-501")).toMatchObject({ drive: "4WD", seats: 5, photos_count: 3, simple_body: "ute", location_id: 1011 });
    expect(cars.get("YL-502")).toMatchObject({ status: "coming_soon" });
  });

  it("a download that fails keeps the last good stock and says so", async () => {
    await dealerWithFeed("autoledger-stock.csv", (feed) => (feed.source = { url: "https://10.0.0.9/stock.csv" }));
    const { report } = await run();
    expect(report).toMatchObject({ published: false, keptLastGood: expect.stringMatching(/private or local address/) });
    expect(fs.existsSync(path.join(dir, ".data/stock/sunshine-chery.json"))).toBe(false);
    expect(await lastGood(db, "sunshine-chery")).toBeNull();
    expect(fs.existsSync(path.join(dir, ".data/feeds"))).toBe(false);
  });

  /** The stock file as the last published run left it, and a check that a later run changed nothing on disk. */
  const unchanged = () => {
    const file = path.join(dir, ".data/stock/sunshine-chery.json");
    const before = fs.readFileSync(file, "utf8");
    return () => {
      expect(fs.readFileSync(file, "utf8")).toBe(before);
      expect(fs.readdirSync(path.join(dir, ".data/stock"))).toEqual(["sunshine-chery.json"]);
    };
  };

  it("an XLSX whose worksheet breaks part-way, after rows were converted, keeps the stock as it was", async () => {
    await dealerWithFeed("motorhub-stock.xlsx", drivenAway);
    await run();
    const same = unchanged();
    // The MotorHub export grown to 600 cars, then its sheet's XML cut off inside row 500.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(path.join(fixtures, "motorhub-stock.xlsx")) as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    const first = ws.getRow(2).values as ExcelJS.CellValue[];
    for (let i = 0; i < 600; i++) ws.addRow([`MH-X${i}`, ...first.slice(2)]);
    const zip = await JSZip.loadAsync(await wb.xlsx.writeBuffer());
    const xml = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
    zip.file("xl/worksheets/sheet1.xml", `${xml.slice(0, xml.indexOf('<row r="500"'))}<row r="500"><c r="A500"><v>1</c></row>`);
    const broken = path.join(dir, "broken.xlsx");
    fs.writeFileSync(broken, await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }));
    const progress: number[] = [];
    const { report } = await runFeedImport({
      dealer: "sunshine-chery",
      file: broken,
      manifestsDir: path.join(dir, "manifests"),
      publicDir: path.join(root, "public"),
      stockDir: path.join(dir, ".data/stock"),
      dataDir: path.join(dir, ".data"),
      now: new Date("2024-06-02T00:00:00Z"),
      db,
      onProgress: (read) => progress.push(read),
    });
    expect(progress.length).toBeGreaterThan(0); // rows were converted before the reader met the break
    expect(report).toMatchObject({ format: "xlsx", published: false, keptLastGood: expect.stringMatching(/^the file is not a readable Excel workbook: /) });
    expect(reportLines(report).join("\n")).toMatch(/The file was not imported: the file is not a readable Excel workbook/);
    same();
  });

  it("a JSON feed broken part-way is refused before any row is converted, saying after which car", async () => {
    await dealerWithFeed("yardlink-feed.json", drivenAway);
    await run();
    const same = unchanged();
    const { vehicles } = JSON.parse(fs.readFileSync(path.join(fixtures, "yardlink-feed.json"), "utf8")) as { vehicles: Record<string, unknown>[] };
    const many = Array.from({ length: 600 }, (_, i) => JSON.stringify({ ...vehicles[0], stock_id: `YL-X${i}` }));
    const broken = path.join(dir, "broken.json");
    fs.writeFileSync(broken, `{"vehicles": [${many.slice(0, 400).join(",")}, {"stock_id": "YL-X400", "make": }]}`);
    const { report } = await run({ file: broken, now: new Date("2024-06-02T00:00:00Z") });
    expect(report).toMatchObject({ published: false, rows: 0, keptLastGood: expect.stringMatching(/^the file is not valid JSON after car 400: /) });
    same();
  });
});
