import { describe, expect, it } from "vitest";
import { allRecords, generateStock } from "@/scripts/stock/generate";
import { buildEngineInBackground, createEngine, EngineBuilder, STOCK_BUILD_OPTIONS, type BackgroundBuildOptions, type Engine } from "./engine";
import { FileRecords } from "./file-records";
import { FIXTURE_ENGINE_OPTIONS, makeCars } from "./fixtures/cars";
import { indexedKeys, replicaIndexName } from "./index-settings";
import { normalizeSearchParams } from "./request";

type Rec = Record<string, unknown>;

/** The records cut down to the keys the index reads, as the stock reader sends them. */
function cutDown(records: readonly Rec[], options: BackgroundBuildOptions): Rec[] {
  const keys = indexedKeys(options.settings!, options.replicas!);
  return records.map((r) => Object.fromEntries(keys.filter((k) => Object.prototype.hasOwnProperty.call(r, k)).map((k) => [k, r[k]])));
}

/** Fed in batches of uneven sizes (one record, a few, more than a step of the build, the rest), as the reader's batches come. */
async function batched(records: readonly Rec[], options: BackgroundBuildOptions): Promise<Engine> {
  const builder = new EngineBuilder(options);
  const sizes = [1, 7, 130, 3];
  let at = 0;
  for (let i = 0; at < records.length; i++) {
    const next = Math.min(records.length, at + (sizes[i] ?? records.length));
    await builder.add(records.slice(at, next));
    at = next;
  }
  expect(builder.size).toBe(records.length);
  return builder.finish(options.recordsInFile ? await FileRecords.spool(records) : undefined);
}

/** Every answer that depends on the index, compared with the time taken left out. */
function expectSameAnswers(
  a: Engine,
  b: Engine,
  requests: ReadonlyArray<readonly [string, Record<string, unknown>]>,
  facetSearches: ReadonlyArray<Record<string, unknown>>,
) {
  for (const [index, raw] of requests) {
    const params = normalizeSearchParams(raw);
    expect({ ...a.search(index, params), processingTimeMS: 0 }, `${index} ${JSON.stringify(raw)}`).toEqual({ ...b.search(index, params), processingTimeMS: 0 });
  }
  for (const raw of facetSearches) {
    const params = normalizeSearchParams(raw);
    expect({ ...a.searchForFacetValues("Car_production", params), processingTimeMS: 0 }).toEqual({
      ...b.searchForFacetValues("Car_production", params),
      processingTimeMS: 0,
    });
  }
}

describe("an engine built a batch at a time (as the stock reader reads)", () => {
  it("answers as the one-shot build does with the production options: facet counts, text ranking, sort replicas, filters", async () => {
    const whole = allRecords(generateStock({ count: 900, seed: "batched-build" })) as unknown as Rec[];
    const options = STOCK_BUILD_OPTIONS;
    const oneShot = await buildEngineInBackground(whole, options);
    // The records in a file, the build fed only the keys the index reads, a batch at a time.
    const builder = new EngineBuilder(options);
    const cut = cutDown(whole, { settings: options.settings, replicas: options.replicas });
    for (let at = 0; at < cut.length; at += 97) await builder.add(cut.slice(at, at + 97));
    const inBatches = await builder.finish(await FileRecords.spool(whole));
    const requests: Array<readonly [string, Record<string, unknown>]> = [
      ["Car_production", { query: "", hitsPerPage: 30, facets: ["*"] }],
      ["Car_production", { query: "toyota", hitsPerPage: 30, page: 1, facets: ["*"] }],
      ["Car_production", { query: "hilux white", hitsPerPage: 30, facets: ["make", "model", "colour"] }],
      ["Car_production", { query: "ranger 4x4", hitsPerPage: 30 }],
      ["Car_production", { query: "mazd", hitsPerPage: 30, facets: ["model"] }],
      [
        "Car_production",
        { query: "", hitsPerPage: 30, facets: ["*"], facetFilters: [["make:Toyota", "make:Kia"]], numericFilters: ["price>=15000", "price<=60000"] },
      ],
      ["Car_production", { query: "", hitsPerPage: 5, filters: "car_type:used AND year >= 2018", facets: ["year", "price"] }],
      ...options.replicas!.map((r) => [replicaIndexName("Car_production", r), { query: "", hitsPerPage: 30, page: 2, facets: ["*"] }] as const),
      ...options.replicas!.map((r) => [replicaIndexName("Car_production", r), { query: "suv", hitsPerPage: 30 }] as const),
    ];
    // Not answers that agree by being empty.
    expect(inBatches.search("Car_production", normalizeSearchParams({ query: "toyota" })).nbHits).toBeGreaterThan(0);
    expectSameAnswers(inBatches, oneShot, requests, [
      { facet: "make", facetQuery: "to" },
      { facet: "model", facetQuery: "c", filters: "car_type:new" },
    ]);
    // And as an engine over the whole cars as objects, built at once.
    expectSameAnswers(inBatches, createEngine(whole, { settings: options.settings, replicas: options.replicas }), requests, []);
    oneShot.close();
    inBatches.close();
  });

  it("answers as the one-shot build does over records kept as objects, string sorts and nested paths included", async () => {
    const cars = makeCars(400, 11) as unknown as Rec[];
    const inBatches = await batched(cars, FIXTURE_ENGINE_OPTIONS);
    const oneShot = createEngine(cars, FIXTURE_ENGINE_OPTIONS);
    const requests = [
      ["Car_production", { query: "", hitsPerPage: 40, facets: ["*"] }],
      ["Car_production", { query: "mazda cx", hitsPerPage: 40, facets: ["*"] }],
      ["Car_production", { query: "", hitsPerPage: 40, filters: "location.address.city:Brisbane OR doors = 4" }],
      ...FIXTURE_ENGINE_OPTIONS.replicas!.map((r) => [replicaIndexName("Car_production", r), { query: "toyota", hitsPerPage: 40, facets: ["make"] }] as const),
    ] as const;
    expectSameAnswers(inBatches, oneShot, requests, [{ facet: "make", facetQuery: "m" }]);
    // Records in a file: the same answers again.
    expectSameAnswers(await batched(cars, { ...FIXTURE_ENGINE_OPTIONS, recordsInFile: true }), oneShot, requests, []);
  });

  it("keeps no record when the records are in a file, and needs that file, of the same count, to finish", async () => {
    const cars = makeCars(50, 3) as unknown as Rec[];
    const builder = new EngineBuilder({ ...FIXTURE_ENGINE_OPTIONS, recordsInFile: true });
    await builder.add(cars.slice(0, 20));
    await builder.add(cars.slice(20));
    await expect(builder.finish()).rejects.toThrow(/needs that file/);
    const other = new EngineBuilder({ ...FIXTURE_ENGINE_OPTIONS, recordsInFile: true });
    await other.add(cars);
    await expect(other.finish(await FileRecords.spool(cars.slice(1)))).rejects.toThrow(/49 records/);
  });

  it("a record with no value in the last documents still counts (the columns are sized to every record added)", async () => {
    const cars = makeCars(70, 5) as unknown as Rec[];
    // The last records have none of the indexed attributes.
    const records = [...cars, { objectID: "bare-1" }, { objectID: "bare-2" }];
    const inBatches = await batched(records, FIXTURE_ENGINE_OPTIONS);
    const oneShot = createEngine(records, FIXTURE_ENGINE_OPTIONS);
    expectSameAnswers(
      inBatches,
      oneShot,
      [
        ["Car_production", { query: "", hitsPerPage: 100, facets: ["*"] }],
        ["Car_production:price:asc", { query: "", hitsPerPage: 100 }],
        ["Car_production", { query: "", hitsPerPage: 100, numericFilters: ["price!=0"] }],
      ],
      [],
    );
    expect(inBatches.search("Car_production", normalizeSearchParams({ hitsPerPage: 0 })).nbHits).toBe(72);
  });
});
