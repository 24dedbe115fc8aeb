import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Car } from "../../runtime/generated/types";
import { toCsv } from "../../runtime/csv";
import { readCarsFile } from "../../runtime/stock/store";
import { stockEngine } from "../../runtime/inventory/stock-index";
import { stockSnapshot } from "../../runtime/inventory/stock-version";
import { replicaIndexName } from "../../runtime/search/index-settings";
import { allRecords, generateStock } from "./generate";
import { buildAlgoliaPlan, csvToRows, importFeed, reportToCsv, validateRows, type ImportReport } from "./import";
import { carToJson, writeCarsFile } from "./store";

const NOW = Date.UTC(2026, 0, 15);
let dir: string;
let cars: Car[];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-import-"));
  cars = allRecords(generateStock({ count: 120, now: NOW, seed: "import" }));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("csvToRows", () => {
  it("coerces cells by the schema and builds nested objects from dotted headers", () => {
    const csv = [
      "id,price,reserved,tags,youxQuote.weeklyRepaymentAmount,images,year,stocknum,location",
      '7,"$24,990",Yes,Test Drive Only|runout sale,123.45,[],2021,AB1,"{""id"":1,""name"":""X"",""slug"":""x"",""address"":{""street"":""1 A St"",""city"":""C"",""state"":""QLD"",""postcode"":""4000""},""dealership"":{""id"":1,""slug"":""d""}}"',
      "8,abc,maybe,,,,,,",
    ].join("\n");
    const rows = csvToRows(csv);
    expect(rows[0]).toMatchObject({ row: 1, line: 2 });
    expect(rows[0].data).toMatchObject({
      id: 7,
      price: 24990,
      reserved: true,
      tags: ["Test Drive Only", "runout sale"],
      youxQuote: { weeklyRepaymentAmount: 123.45 },
      images: [],
      year: 2021,
      stocknum: "AB1",
      location: { id: 1, address: { state: "QLD" } },
    });
    // Uncoercible cells stay strings so validation can say what is wrong.
    expect(rows[1].data).toEqual({ id: 8, price: "abc", reserved: "maybe" });
  });
});

describe("validateRows and importFeed", () => {
  it("accepts valid rows and reports every rejected row with pointers and messages", () => {
    const good = cars.slice(0, 5);
    const missing = { ...cars[5] } as Record<string, unknown>;
    delete missing.price;
    const badEnum = { ...cars[6], car_type: "nearly-new", simple_fuel: "Steam" };
    const extra = { ...cars[7], colour_code: "040" };
    const dup = { ...cars[0] };
    const feed = [...good, missing, badEnum, extra, dup, 42, { ...cars[8], vin: "IOQ" }];
    const file = path.join(dir, "feed.json");
    fs.writeFileSync(file, JSON.stringify(feed));
    const progress: number[] = [];
    const result = importFeed(file, { outDir: path.join(dir, "stock"), dealer: "test-dealer", onProgress: (d) => progress.push(d) });
    expect(result.total).toBe(feed.length);
    expect(result.accepted.length + result.rejected.length).toBe(feed.length);
    expect(result.accepted.length).toBe(5);
    expect(progress.at(-1)).toBe(feed.length);

    const report = JSON.parse(fs.readFileSync(`${file}.report.json`, "utf8")) as ImportReport;
    expect(report).toMatchObject({ total: 11, accepted: 5, rejected: 6, format: "json" });
    const byRow = new Map(report.rejections.map((r) => [r.row, r]));
    expect(byRow.get(6)).toMatchObject({ id: cars[5].id, reasons: [{ pointer: "/price", message: "is required" }] });
    expect(
      byRow
        .get(7)!
        .reasons.map((r) => r.pointer)
        .sort(),
    ).toEqual(["/car_type", "/simple_fuel"]);
    expect(byRow.get(7)!.reasons[0].message).toMatch(/must be one of/);
    expect(byRow.get(8)!.reasons).toEqual([{ pointer: "/colour_code", message: "is not a known field" }]);
    expect(byRow.get(9)!.reasons.map((r) => r.message)).toContain("duplicates row 1");
    expect(byRow.get(10)).toMatchObject({ id: null, reasons: [{ pointer: "", message: "row is not an object" }] });
    expect(byRow.get(11)!.reasons[0].pointer).toBe("/vin");

    const written = readCarsFile(path.join(dir, "stock", "test-dealer.json"));
    expect(written.map((c) => c.id)).toEqual(good.map((c) => c.id));
    expect(result.outputPath).toBe(path.join(dir, "stock", "test-dealer.json"));
  });

  it("replaces only the imported dealerships' records in a site file", () => {
    const out = path.join(dir, "merge");
    const harbour = allRecords(generateStock({ count: 600, now: NOW, seed: "merge" })).filter((c) => [201, 202, 203].includes(c.dealership_id));
    writeCarsFile(path.join(out, "harbour-motor-group.json"), harbour);
    const mazda = harbour.filter((c) => c.dealership_id === 202).slice(0, 3);
    const file = path.join(dir, "mazda.json");
    fs.writeFileSync(file, JSON.stringify(mazda));
    const result = importFeed(file, { outDir: out });
    expect(result.outputPath).toBe(path.join(out, "harbour-motor-group.json"));
    const after = readCarsFile(result.outputPath!);
    expect(after.filter((c) => c.dealership_id === 202).map((c) => c.id)).toEqual(mazda.map((c) => c.id));
    expect(after.filter((c) => c.dealership_id !== 202).length).toBe(harbour.filter((c) => c.dealership_id !== 202).length);
  });

  it("imports a CSV feed and writes a CSV report", () => {
    const cols = [
      "id",
      "objectID",
      "slug",
      "name",
      "year",
      "make",
      "model",
      "car_type",
      "status",
      "item_type",
      "price",
      "stocknum",
      "created_at",
      "created_at_timestamp",
      "photos_count",
      "images",
      "location_id",
      "dealership_id",
      "dealership_slug",
      "show_on_dealer_website",
      "custom_rank",
      "tags",
      "youxQuote.weeklyRepaymentAmount",
    ] as const;
    // Lists of text as a|b, lists of objects as JSON: what the importer reads.
    const cell = (v: unknown) => (Array.isArray(v) ? (v.length && typeof v[0] === "object" ? JSON.stringify(v) : v.join("|")) : (v ?? ""));
    const rows: unknown[][] = [[...cols]];
    for (const c of cars.slice(10, 14)) {
      const rec = c as unknown as Record<string, unknown>;
      rows.push(
        cols.map((k) =>
          k === "youxQuote.weeklyRepaymentAmount" ? cell(c.youxQuote?.weeklyRepaymentAmount) : k === "images" ? JSON.stringify(c.images) : cell(rec[k]),
        ),
      );
    }
    rows.push(
      cols.map((k) =>
        k === "price" ? "cheap" : k === "car_type" ? "old" : cell((cars[15] as unknown as Record<string, unknown>)[k] ?? (k === "images" ? "[]" : "")),
      ),
    );
    const file = path.join(dir, "feed.csv");
    fs.writeFileSync(file, toCsv(rows));
    const result = importFeed(file, { outDir: path.join(dir, "csv"), dealer: "csv-dealer", reportFormat: "csv" });
    expect(result.report.format).toBe("csv");
    expect(result.accepted.length).toBe(4);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]).toMatchObject({ row: 5, line: 6 });
    const report = fs.readFileSync(`${file}.report.csv`, "utf8").trim().split("\r\n");
    expect(report[0]).toBe("row,line,id,pointer,message");
    expect(
      report
        .slice(1)
        .map((l) => l.split(",")[3])
        .sort(),
    ).toEqual(["/car_type", "/price"]);
  });

  it("writes a formula-safe CSV report: a rejected row's id cannot run in a spreadsheet", () => {
    const file = path.join(dir, "evil.json");
    fs.writeFileSync(file, JSON.stringify([{ id: '=HYPERLINK("http://x")' }, { objectID: "@SUM(A1)", stocknum: 1 }]));
    const result = importFeed(file, { outDir: path.join(dir, "evil"), reportFormat: "csv", dryRun: true });
    const lines = fs
      .readFileSync(result.reportPath, "utf8")
      .split("\r\n")
      .filter((l) => l.includes("/id") || l.includes("/objectID"));
    expect(lines.some((l) => l.startsWith(`1,,"'=HYPERLINK(`))).toBe(true);
    expect(lines.some((l) => l.startsWith("2,,'@SUM(A1),"))).toBe(true);
  });

  it("never drops a row: totals always add up", () => {
    const rows = [null, "x", [], {}, cars[0]].map((data, i) => ({ row: i + 1, data }));
    const outcome = validateRows(rows);
    expect(outcome.accepted.length + outcome.rejected.length).toBe(rows.length);
    expect(outcome.rejected.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(reportToCsv({ rejections: outcome.rejected } as ImportReport).split("\r\n").length).toBeGreaterThan(5);
  });
});

describe("buildAlgoliaPlan", () => {
  it("builds records, settings and the sort replicas", () => {
    const plan = buildAlgoliaPlan(cars.slice(0, 3));
    expect(plan.indexName).toBe("Car_production");
    expect(plan.objects.map((o) => o.objectID)).toEqual(cars.slice(0, 3).map((c) => String(c.id)));
    expect(plan.settings.customRanking).toEqual(["desc(custom_rank)"]);
    expect(plan.settings.replicas).toEqual(["Car_production:price:desc", "Car_production:price:asc", "Car_production:created_at_timestamp:desc"]);
    expect(plan.replicas[0].settings.ranking[0]).toBe("desc(price)");
    expect(plan.replicas[1].settings.ranking[0]).toBe("asc(price)");
    expect(plan.replicas[2].settings.ranking[0]).toBe("desc(created_at_timestamp)");
    for (const a of ["make", "model", "stocknum"]) expect(plan.settings.searchableAttributes.join(" ")).toContain(a);
    for (const f of ["searchable(make)", "car_type", "status", "price", "filterOnly(dealership_id)", "filterOnly(show_on_dealer_website)"]) {
      expect(plan.settings.attributesForFaceting).toContain(f);
    }
  });
});

describe("one index configuration", () => {
  it("the Algolia push and the embedded engine get identical settings and sort replicas", () => {
    const stock = path.join(dir, "engine");
    writeCarsFile(path.join(stock, "site.json"), cars);
    const before = process.env.STOCK_DIR;
    process.env.STOCK_DIR = stock;
    try {
      stockSnapshot(Date.now(), { force: true });
      const engine = stockEngine();
      const plan = buildAlgoliaPlan(cars, "Car_production");
      const { replicas, ...primary } = plan.settings;
      expect(primary).toEqual(engine.settings);
      expect(replicas).toEqual(engine.replicas.map((sort) => replicaIndexName("Car_production", sort)));
      for (const [i, sort] of engine.replicas.entries()) {
        expect(plan.replicas[i].settings.ranking).toEqual([`${sort.direction}(${sort.attribute})`, ...engine.settings.ranking]);
        expect(plan.replicas[i].settings.customRanking).toEqual(engine.settings.customRanking);
      }
      // And the engine serves exactly those replicas: any other sort is an unknown index, as on Algolia.
      for (const name of replicas) expect(() => engine.assertIndexServable(name)).not.toThrow();
      expect(() => engine.assertIndexServable("Car_production:km:asc")).toThrow(/Index does not exist/);
    } finally {
      if (before === undefined) delete process.env.STOCK_DIR;
      else process.env.STOCK_DIR = before;
      stockSnapshot(Date.now(), { force: true });
    }
  });
});

describe("stock files", () => {
  it("round-trips records in schema key order", () => {
    const file = path.join(dir, "rt", "x.json");
    writeCarsFile(file, cars.slice(0, 20));
    expect(readCarsFile(file)).toEqual(JSON.parse(JSON.stringify(cars.slice(0, 20))));
    expect(Object.keys(JSON.parse(carToJson(cars[0]))).slice(0, 3)).toEqual(["objectID", "id", "slug"]);
  });
});
