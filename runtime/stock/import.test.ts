import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Car } from "./car";
import { allRecords, generateStock } from "./generate";
import { buildAlgoliaPlan, csvToRows, importFeed, parseCsv, reportToCsv, validateRows, type ImportReport } from "./import";
import { carToJson, readCarsFile, writeCarsFile } from "./store";

const NOW = Date.UTC(2026, 0, 15);
let dir: string;
let cars: Car[];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-import-"));
  cars = allRecords(generateStock({ count: 120, now: NOW, seed: "import" }));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("parseCsv", () => {
  it("handles quotes, commas and newlines in quotes, escaped quotes, CRLF and a BOM", () => {
    const text = '\ufeffa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"line1\nline2",\r\n\r\n3,,"last"';
    const { rows, lines } = parseCsv(text);
    expect(rows).toEqual([
      ["a", "b", "c"],
      ["1", "x, y", 'say "hi"'],
      ["2", "line1\nline2", ""],
      ["3", "", "last"],
    ]);
    expect(lines).toEqual([1, 2, 3, 6]);
  });
  it("keeps a trailing empty field and ignores a final newline", () => {
    expect(parseCsv("a,b\n1,\n").rows).toEqual([["a", "b"], ["1", ""]]);
  });
});

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
      id: 7, price: 24990, reserved: true, tags: ["Test Drive Only", "runout sale"], youxQuote: { weeklyRepaymentAmount: 123.45 },
      images: [], year: 2021, stocknum: "AB1", location: { id: 1, address: { state: "QLD" } },
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
    expect(byRow.get(7)!.reasons.map((r) => r.pointer).sort()).toEqual(["/car_type", "/simple_fuel"]);
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
    const cols = ["id", "objectID", "slug", "name", "year", "make", "model", "car_type", "status", "item_type", "price", "stocknum", "created_at", "created_at_timestamp", "photos_count", "images", "location_id", "dealership_id", "dealership_slug", "show_on_dealer_website", "custom_rank", "tags", "youxQuote.weeklyRepaymentAmount"] as const;
    const cell = (v: unknown) => {
      const s = Array.isArray(v) ? (v.length && typeof v[0] === "object" ? JSON.stringify(v) : v.join("|")) : String(v ?? "");
      return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    const lines = [cols.join(",")];
    for (const c of cars.slice(10, 14)) {
      const rec = c as unknown as Record<string, unknown>;
      lines.push(cols.map((k) => (k === "youxQuote.weeklyRepaymentAmount" ? cell(c.youxQuote?.weeklyRepaymentAmount) : k === "images" ? cell(JSON.stringify(c.images)) : cell(rec[k]))).join(","));
    }
    lines.push(cols.map((k) => (k === "price" ? "cheap" : k === "car_type" ? "old" : cell((cars[15] as unknown as Record<string, unknown>)[k] ?? (k === "images" ? "[]" : "")))).join(","));
    const file = path.join(dir, "feed.csv");
    fs.writeFileSync(file, lines.join("\r\n"));
    const result = importFeed(file, { outDir: path.join(dir, "csv"), dealer: "csv-dealer", reportFormat: "csv" });
    expect(result.report.format).toBe("csv");
    expect(result.accepted.length).toBe(4);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]).toMatchObject({ row: 5, line: 6 });
    const report = fs.readFileSync(`${file}.report.csv`, "utf8").trim().split("\n");
    expect(report[0]).toBe("row,line,id,pointer,message");
    expect(report.slice(1).map((l) => l.split(",")[3]).sort()).toEqual(["/car_type", "/price"]);
  });

  it("never drops a row: totals always add up", () => {
    const rows = [null, "x", [], {}, cars[0]].map((data, i) => ({ row: i + 1, data }));
    const outcome = validateRows(rows);
    expect(outcome.accepted.length + outcome.rejected.length).toBe(rows.length);
    expect(outcome.rejected.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(reportToCsv({ rejections: outcome.rejected } as ImportReport).split("\n").length).toBeGreaterThan(5);
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

describe("stock files", () => {
  it("round-trips records in schema key order", () => {
    const file = path.join(dir, "rt", "x.json");
    writeCarsFile(file, cars.slice(0, 20));
    expect(readCarsFile(file)).toEqual(JSON.parse(JSON.stringify(cars.slice(0, 20))));
    expect(Object.keys(JSON.parse(carToJson(cars[0]))).slice(0, 3)).toEqual(["objectID", "id", "slug"]);
  });
});
