import { describe, expect, it } from "vitest";
import { buildEngineInBackground, type Engine } from "./engine";
import { parseFilters } from "./filter-grammar";
import { FIXTURE_ENGINE_OPTIONS, makeCars } from "./fixtures/cars";
import { normalizeSearchParams } from "./request";
import { deserialiseParts, loadEngine, SEARCH_INDEX_FORMAT, searchIndexVersion, serialiseEngine, storedVersion } from "./serialise";

// An index built once and stored as bytes answers exactly as the built one does, for the five
// kinds of query the engine takes: text (typos, prefixes), filters, facet counts and stats, sort
// replicas, and facet-value search; bytes of another version load as nothing (the caller builds).

const records = makeCars(400, 11) as unknown as Record<string, unknown>[];
const options = { ...FIXTURE_ENGINE_OPTIONS, recordsInFile: true };
const IDX = "Car_production";
const p = (raw: Record<string, unknown>) => normalizeSearchParams(raw);
/** An answer without its timing (the one thing that may differ). */
const same = <T extends object>(r: T) => ({ ...r, processingTimeMS: 0 });

const QUERIES: Array<[string, string, Record<string, unknown>]> = [
  ["text with a typo and a prefix", IDX, { query: "toyta hil", hitsPerPage: 30 }],
  ["text over digits", IDX, { query: "2019 ranger", hitsPerPage: 30 }],
  ["filters", IDX, { filters: "(make:Toyota OR make:Mazda) AND price <= 40000 AND NOT car_type:new", hitsPerPage: 50 }],
  ["facet counts and stats", IDX, { facets: ["*"], hitsPerPage: 5, query: "diesel" }],
  ["a sort replica", `${IDX}:price:asc`, { hitsPerPage: 40, filters: "year >= 2018" }],
  ["a string sort replica, second page", `${IDX}:make:asc`, { hitsPerPage: 20, page: 1 }],
];

async function pair(): Promise<{ built: Engine; loaded: Engine; bytes: Uint8Array }> {
  const built = await buildEngineInBackground(records, options);
  const bytes = serialiseEngine(built);
  const loaded = await loadEngine(bytes, records, options);
  if (!loaded) throw new Error("the stored index did not load");
  return { built, loaded, bytes };
}

describe("a stored search index", () => {
  it("answers every kind of query as the engine it was stored from", async () => {
    const { built, loaded, bytes } = await pair();
    expect(loaded.size).toBe(built.size);
    expect(storedVersion(bytes)).toBe(searchIndexVersion(options.settings, options.replicas));
    for (const [what, index, params] of QUERIES) {
      const a = built.search(index, p(params));
      expect(a.nbHits, what).toBeGreaterThan(0);
      expect(same(loaded.search(index, p(params))), what).toEqual(same(a));
    }
    for (const facet of [
      { facet: "make", facetQuery: "to" },
      { facet: "colour", facetQuery: "sil", filters: "car_type:used" },
    ]) {
      const a = built.searchForFacetValues(IDX, p(facet));
      expect(a.facetHits.length).toBeGreaterThan(0);
      expect(same(loaded.searchForFacetValues(IDX, p(facet)))).toEqual(same(a));
    }
    const filter = [parseFilters("make:Toyota AND km < 60000")];
    expect(loaded.matchingDocuments(filter)).toEqual(built.matchingDocuments(filter));
    built.close();
    loaded.close();
  });

  it("loads from bytes that do not start at a multiple of 8 (a database driver's buffer)", async () => {
    const { built, bytes } = await pair();
    const shifted = new Uint8Array(bytes.byteLength + 3).subarray(3);
    shifted.set(bytes);
    const loaded = await loadEngine(shifted, records, options);
    expect(same(loaded!.search(IDX, p({ query: "mazda" })))).toEqual(same(built.search(IDX, p({ query: "mazda" }))));
    built.close();
    loaded!.close();
  });

  it("is not loaded when stored by another format or with other settings, or over other records: the caller builds", async () => {
    const { built, bytes } = await pair();
    const otherFormat = bytes.slice();
    new DataView(otherFormat.buffer).setUint32(4, SEARCH_INDEX_FORMAT + 1, true);
    expect(await loadEngine(otherFormat, records, options)).toBeNull();
    const otherSettings = { ...options, settings: { ...options.settings!, searchableAttributes: ["make"] } };
    expect(searchIndexVersion(otherSettings.settings, otherSettings.replicas)).not.toBe(searchIndexVersion(options.settings, options.replicas));
    expect(await loadEngine(bytes, records, otherSettings)).toBeNull();
    expect(await loadEngine(bytes, records.slice(1), options)).toBeNull();
    expect(deserialiseParts(new TextEncoder().encode("not an index"), searchIndexVersion())).toBeNull();
    built.close();
  });
});
