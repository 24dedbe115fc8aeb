import { describe, expect, it } from "vitest";
import { buildEngineInBackground, createEngine } from "./engine";
import { CompactRecords } from "./compact-records";
import { FIXTURE_ENGINE_OPTIONS, makeCars } from "./fixtures/cars";
import { normalizeSearchParams } from "./request";

const cars = makeCars(400, 11) as unknown as Record<string, unknown>[];
const IDX = "Car_production";
const p = (raw: Record<string, unknown>) => normalizeSearchParams(raw);

describe("CompactRecords", () => {
  it("gives back every record as it was, from the sync and the thread-pool build alike", async () => {
    const sync = CompactRecords.fromRecords(cars);
    const pooled = await CompactRecords.fromRecordsAsync(cars);
    expect(sync.length).toBe(cars.length);
    for (const i of [0, 1, 199, 399]) {
      expect(sync.get(i)).toEqual(cars[i]);
      expect(pooled.get(i)).toEqual(cars[i]);
    }
    expect(() => sync.get(400)).toThrow(RangeError);
  });

  it("holds a small fraction of the records' JSON", () => {
    const json = cars.reduce((n, r) => n + Buffer.byteLength(JSON.stringify(r)), 0);
    expect(CompactRecords.fromRecords(cars).byteLength).toBeLessThan(json / 3);
  });
});

describe("an engine built in the background with compact records", () => {
  const queries = [
    { query: "", hitsPerPage: 20, facets: ["make", "body", "year"] },
    { query: "toyota", hitsPerPage: 10, facets: ["*"] },
    { query: "", facetFilters: [["make:Mazda", "make:Kia"]], numericFilters: ["price>=20000"], hitsPerPage: 15, page: 1 },
    { query: "", filters: "dealership_id:1 AND show_on_dealer_website:true", hitsPerPage: 5 },
  ];

  it("answers exactly as the engine built at once over objects", async () => {
    const plain = createEngine(cars, FIXTURE_ENGINE_OPTIONS);
    const compact = await buildEngineInBackground(cars, { ...FIXTURE_ENGINE_OPTIONS, compact: true });
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
    const compact = await buildEngineInBackground(cars, { ...FIXTURE_ENGINE_OPTIONS, compact: true });
    const q = p({ filters: `vin:${String(cars[0].vin)}` });
    expect(FIXTURE_ENGINE_OPTIONS.settings!.attributesForFaceting.some((a) => a.includes("vin"))).toBe(false);
    expect(plain.search(IDX, q).nbHits).toBe(1);
    expect(compact.search(IDX, q).nbHits).toBe(0);
  });

  it("lets other work run while it builds", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const many = makeCars(4500, 3) as unknown as Record<string, unknown>[];
    await buildEngineInBackground(many, { ...FIXTURE_ENGINE_OPTIONS, compact: true });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2);
  });
});
