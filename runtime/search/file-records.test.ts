import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { buildEngineInBackground, createEngine } from "./engine";
import { FileRecords, openStockFiles } from "./file-records";
import { FIXTURE_ENGINE_OPTIONS, makeCars } from "./fixtures/cars";
import { normalizeSearchParams } from "./request";

const cars = makeCars(400, 11) as unknown as Record<string, unknown>[];
const IDX = "Car_production";
const p = (raw: Record<string, unknown>) => normalizeSearchParams(raw);

describe("FileRecords", () => {
  it("gives back every record as it was, from a file that is already gone from the folder", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "file-records-"));
    const records = await FileRecords.spool(cars, dir);
    expect(readdirSync(dir)).toEqual([]);
    expect(records.length).toBe(cars.length);
    for (const i of [0, 1, 199, 399, 1]) expect(records.get(i)).toEqual(cars[i]);
    expect(records.byteLength).toBe(cars.reduce((n, r) => n + Buffer.byteLength(JSON.stringify(r)), 0));
    expect(() => records.get(400)).toThrow(RangeError);
    records.close();
    expect(() => records.get(2)).toThrow(/closed/);
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps parsed only the records read more than once, and forgets single reads after a while", async () => {
    const records = await FileRecords.spool(cars);
    // Read once: parsed for that read only (a new object next time).
    const first = records.get(5);
    const second = records.get(5);
    expect(second).not.toBe(first);
    expect(second).toEqual(cars[5]);
    // Read again: kept, the same object from now on.
    expect(records.get(5)).toBe(second);
    records.close();
    // Single reads of as many other records as it counts before forgetting: a record read once
    // before them is read once again afterwards (not kept on its next read).
    const many = await FileRecords.spool(Array.from({ length: 8 * 512 + 10 }, (_, id) => ({ id })));
    many.get(0);
    for (let i = 1; i <= 8 * 512; i++) many.get(i);
    const afterForgetting = many.get(0);
    expect(many.get(0)).not.toBe(afterForgetting);
    expect(many.get(0)).toEqual({ id: 0 });
    many.close();
  });

  it("spools across several chunks", async () => {
    const big = Array.from({ length: 3 }, (_, i) => ({ id: i, text: "x".repeat(3 * 1024 * 1024) }));
    const records = await FileRecords.spool(big);
    expect(records.get(2)).toEqual(big[2]);
    expect(records.get(0)!.text).toHaveLength(3 * 1024 * 1024);
    records.close();
  });

  it("keeps each record's bytes apart when records of multi-byte text fill the write buffer unevenly", async () => {
    // UTF-8 of "é" and "車" is two and three bytes a character: offsets are counted in bytes.
    const mixed = Array.from({ length: 300 }, (_, i) => ({ id: i, text: (i % 3 === 0 ? "é" : i % 3 === 1 ? "車" : "a").repeat(20_000 + i) }));
    const records = await FileRecords.spool(mixed);
    for (const i of [0, 1, 2, 149, 298, 299]) expect(records.get(i)).toEqual(mixed[i]);
    expect(records.byteLength).toBe(mixed.reduce((n, r) => n + Buffer.byteLength(JSON.stringify(r)), 0));
    records.close();
  });
});

describe("records read where they are in stock files", () => {
  it("notices a file rewritten in place between its opening and the index's first read (while the reader reads it)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "stock-files-"));
    const file = path.join(dir, "a.json");
    const text = JSON.stringify(cars.slice(0, 2));
    writeFileSync(file, text);
    const opened = openStockFiles([file]);
    // Rewritten in place after it was opened, every byte where it was but one.
    writeFileSync(
      file,
      text
        .replace('"', "'")
        .replace("'", '"')
        .replace(/"make":"([A-W])/, '"make":"Z'),
    );
    expect(readFileSync(file).length).toBe(Buffer.byteLength(text));
    const first = JSON.stringify(cars[0]);
    const records = FileRecords.inStockFiles(opened, [2], Float64Array.of(1, 2 + first.length), Float64Array.of(1 + first.length, text.length - 1));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(records.get(0)).toBeNull();
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
      records.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("an engine given its records' file", () => {
  it("refuses a file that holds another number of records", async () => {
    const file = await FileRecords.spool(cars.slice(0, 10));
    await expect(buildEngineInBackground(cars, { ...FIXTURE_ENGINE_OPTIONS, recordsInFile: true, recordsFile: file })).rejects.toThrow(/10 records/);
    file.close();
  });
});

describe("an engine built in the background with its records in a file", () => {
  const queries = [
    { query: "", hitsPerPage: 20, facets: ["make", "body", "year"] },
    { query: "toyota", hitsPerPage: 10, facets: ["*"] },
    { query: "", facetFilters: [["make:Mazda", "make:Kia"]], numericFilters: ["price>=20000"], hitsPerPage: 15, page: 1 },
    { query: "", filters: "dealership_id:1 AND show_on_dealer_website:true", hitsPerPage: 5 },
  ];

  it("answers exactly as the engine built at once over objects", async () => {
    const plain = createEngine(cars, FIXTURE_ENGINE_OPTIONS);
    const compact = await buildEngineInBackground(cars, { ...FIXTURE_ENGINE_OPTIONS, recordsInFile: true });
    for (const q of queries) {
      const a = plain.search(IDX, p(q));
      const b = compact.search(IDX, p(q));
      expect({ ...b, processingTimeMS: 0 }).toEqual({ ...a, processingTimeMS: 0 });
    }
    expect(compact.search(`${IDX}:price:asc`, p({ hitsPerPage: 5 })).hits).toEqual(plain.search(`${IDX}:price:asc`, p({ hitsPerPage: 5 })).hits);
    expect(compact.record(3)).toEqual(cars[3]);
  });

  it("filters on undeclared attributes match nothing, as with Algolia, instead of reading every record", async () => {
    const plain = createEngine(cars, FIXTURE_ENGINE_OPTIONS);
    const compact = await buildEngineInBackground(cars, { ...FIXTURE_ENGINE_OPTIONS, recordsInFile: true });
    const q = p({ filters: `vin:${String(cars[0].vin)}` });
    expect(FIXTURE_ENGINE_OPTIONS.settings!.attributesForFaceting.some((a) => a.includes("vin"))).toBe(false);
    expect(plain.search(IDX, q).nbHits).toBe(1);
    expect(compact.search(IDX, q).nbHits).toBe(0);
  });

  it("lets other work run while it builds", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const many = makeCars(4500, 3) as unknown as Record<string, unknown>[];
    await buildEngineInBackground(many, { ...FIXTURE_ENGINE_OPTIONS, recordsInFile: true });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2);
  });

  it("lets other work run once a turn has used its budget, every few dozen records, and answers the same", async () => {
    // A budget of 0 ms: every stop of the records' pass is a turn of its own (the default stops
    // after 10 ms of work). Counted in turns of the loop, not in time.
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const more = makeCars(1000, 5) as unknown as Record<string, unknown>[];
    const plain = createEngine(more, FIXTURE_ENGINE_OPTIONS);
    const stepped = await buildEngineInBackground(more, { ...FIXTURE_ENGINE_OPTIONS, recordsInFile: true, turnBudgetMs: 0 });
    spinning = false;
    expect(turns).toBeGreaterThanOrEqual(Math.floor(more.length / 64));
    for (const q of queries) expect({ ...stepped.search(IDX, p(q)), processingTimeMS: 0 }).toEqual({ ...plain.search(IDX, p(q)), processingTimeMS: 0 });
  });

  it("still lets timers run when setImmediate runs its callbacks in the same task (as Next's server does during a render)", async () => {
    const native = globalThis.setImmediate;
    globalThis.setImmediate = ((fn: (...args: unknown[]) => void, ...args: unknown[]) => {
      queueMicrotask(() => fn(...args));
      return {} as NodeJS.Immediate;
    }) as unknown as typeof setImmediate;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      await buildEngineInBackground(makeCars(640, 9) as unknown as Record<string, unknown>[], {
        ...FIXTURE_ENGINE_OPTIONS,
        recordsInFile: true,
        turnBudgetMs: 0,
      });
    } finally {
      globalThis.setImmediate = native;
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});
