/**
 * The compact index structures (facet codes, lazily built postings, the one-pass eager
 * build, the sorted numeric pairs, the searchable-path tree) checked against naive
 * references on random records.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Bitset } from "./bitset";
import { createEngine } from "./engine";
import { countFacets, FacetColumn, NumericColumn } from "./facet-index";
import { buildHighlightResult, searchableTree } from "./highlight";
import { FIXTURE_ENGINE_OPTIONS, makeCars } from "./fixtures/cars";
import { valuesAtPath, type Scalar } from "./record-path";
import { normalizeSearchParams } from "./request";
import type { QueryWord } from "./text-index";

const scalar = fc.oneof(fc.constantFrom("a", "B", "b", "c", "2015", "x y", ""), fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -0, 2015), fc.boolean());
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.constant(null), fc.constant(undefined));
const records = fc.array(fc.record({ v: value, nested: fc.record({ w: value }) }), { maxLength: 80 });

/** Naive count per display value over the hit documents, as the engine defines it. */
function naiveCounts(recs: unknown[], path: string, hits: (d: number) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  recs.forEach((r, d) => {
    if (!hits(d)) return;
    const seen = new Set<string>();
    for (const v of valuesAtPath(r, path)) seen.add(typeof v + ":" + String(v));
    for (const k of seen) {
      const display = k.slice(k.indexOf(":") + 1);
      out.set(display, (out.get(display) ?? 0) + 1);
    }
  });
  return out;
}

function byDisplay(col: FacetColumn, counts: Uint32Array): Map<string, number> {
  const out = new Map<string, number>();
  col.values.forEach((v, o) => {
    if (counts[o] > 0) out.set(v, (out.get(v) ?? 0) + counts[o]);
  });
  return out;
}

describe("FacetColumn (codes, multi-valued side table, lazy postings)", () => {
  it("counts equal a naive count for any hit set, sparse or dense (complement path)", () => {
    fc.assert(
      fc.property(records, fc.array(fc.boolean(), { maxLength: 80 }), (recs, mask) => {
        for (const path of ["v", "nested.w"]) {
          const col = new FacetColumn(recs, path);
          const hitDocs = recs.map((_, d) => d).filter((d) => mask[d] ?? false);
          const bits = Bitset.fromDocs(recs.length, hitDocs);
          const counted = countFacets([col, col], bits, hitDocs.length);
          const want = naiveCounts(recs, path, (d) => bits.has(d));
          expect(byDisplay(col, counted[0])).toEqual(want);
          expect(counted[1]).toEqual(counted[0]);
          expect(byDisplay(col, col.count(null, recs.length))).toEqual(naiveCounts(recs, path, () => true));
          // Filters through the postings agree with a record scan.
          for (const q of ["b", "2015", "TRUE", "0", "x y"]) {
            const lower = q.toLowerCase();
            const want = recs
              .map((r, d) => [r, d] as const)
              .filter(([r]) =>
                valuesAtPath(r, path).some((v: Scalar) => (typeof v === "number" ? v === Number(q) && q.trim() !== "" : String(v).toLowerCase() === lower)),
              )
              .map(([, d]) => d);
            expect([...col.bitsFor(q).toArray()]).toEqual(want);
          }
          // firstOrdinal: the first value of the record.
          recs.forEach((r, d) => {
            const vs = valuesAtPath(r, path);
            const o = col.firstOrdinal(d);
            if (vs.length === 0) expect(o).toBe(-1);
            else expect(col.values[o]).toBe(String(vs[0]));
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("NumericColumn (native sort + stable placement)", () => {
  it("pairs come out sorted by value then document, ranges match a scan", () => {
    const nums = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0.25, -0, 1e9, Infinity, NaN), fc.string({ maxLength: 1 }));
    fc.assert(
      fc.property(
        fc.array(fc.record({ n: fc.oneof(nums, fc.array(nums, { maxLength: 3 })) }), { maxLength: 60 }),
        fc.integer({ min: -6, max: 6 }),
        fc.integer({ min: -6, max: 6 }),
        (recs, lo, hi) => {
          const col = new NumericColumn(recs, "n");
          const pairs: Array<[number, number]> = [];
          recs.forEach((r, d) => {
            for (const v of valuesAtPath(r, "n")) if (typeof v === "number" && Number.isFinite(v)) pairs.push([v, d]);
          });
          const sorted = pairs.map((p, i) => [...p, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
          expect([...col.sortedDocs]).toEqual(sorted.map((p) => p[1]));
          const inRange = [...new Set(pairs.filter(([v]) => v >= lo && v <= hi).map(([, d]) => d))].sort((a, b) => a - b);
          expect([...col.rangeBits(lo, hi).toArray()]).toEqual(lo > hi ? [] : inRange);
          const gt = [...new Set(pairs.filter(([v]) => v > lo).map(([, d]) => d))].sort((a, b) => a - b);
          expect([...col.compareBits(">", lo).toArray()]).toEqual(gt);
          // Stats walk the pairs in sorted order (so -0 and 0 come out as the first of their run).
          let min = Infinity;
          let max = -Infinity;
          for (const [v] of sorted) {
            if (v < min) min = v;
            if (v > max) max = v;
          }
          const st = col.stats(null, recs.length);
          if (pairs.length === 0) expect(st).toBeNull();
          else expect([st!.min, st!.max]).toEqual([min, max]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("searchableTree", () => {
  it("gives the same _highlightResult as the path predicate, dotted keys included, for the default, every attribute and a list", () => {
    const searchable = ["make", "location.name", "a.b", "variant"];
    const set = new Set(searchable);
    const isSearchable = (path: string) => {
      for (let p = path; ; p = p.slice(0, p.lastIndexOf("."))) {
        if (set.has(p)) return true;
        if (!p.includes(".")) return false;
      }
    };
    const words: QueryWord[] = [{ word: "toy", isLast: true, terms: new Map([["toyota", { typos: 0, prefix: true }]]) }];
    const leaf = fc.oneof(fc.constantFrom("Toyota", "toyota x", "Ford", ""), fc.integer({ min: 2019, max: 2021 }), fc.boolean(), fc.constant(null));
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        leaf,
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom("make", "name", "b", "a", "a.b", "location", "x", "variant"), tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("make", "model", "location", "a", "a.b", "variant", "images", "year"), tree, { maxKeys: 6 }),
        fc.constantFrom(null, ["*"], ["make", "location.name", "images"]),
        (generated, attributes) => {
          const rec = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>; // plain objects, as records are
          const opts = { words, isSearchable, attributes, preTag: "<em>", postTag: "</em>" };
          expect(buildHighlightResult(rec, { ...opts, searchableTree: searchableTree(searchable) })).toEqual(buildHighlightResult(rec, opts));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("engine: one-pass eager build equals lazy per-attribute columns", () => {
  it("same responses for facets, filters, text, replicas and facet-value search", () => {
    const cars = makeCars(400, 11) as unknown as Record<string, unknown>[];
    const eager = createEngine(cars, { ...FIXTURE_ENGINE_OPTIONS, cacheSize: 0 });
    const lazy = createEngine(cars, { ...FIXTURE_ENGINE_OPTIONS, eager: false });
    const strip = (r: { processingTimeMS: number }) => ({ ...r, processingTimeMS: 0 });
    const requests: Array<[string, Record<string, unknown>]> = [
      ["Car_production", { query: "", facets: ["*"], hitsPerPage: 30 }],
      ["Car_production", { query: "toy", facets: ["make", "model", "year"], numericFilters: ["price>=10000", "price<=60000"] }],
      ["Car_production:price:desc", { query: "", facets: ["make"], facetFilters: [["make:Toyota", "make:Mazda"]], page: 1 }],
      ["Car_production:make:asc", { query: "white", hitsPerPage: 5, page: 2 }],
      ["Car_production:year:asc", { query: "", filters: "NOT status:sold AND year:2015 TO 2022", hitsPerPage: 50 }],
    ];
    for (const [index, raw] of requests) {
      expect(strip(eager.search(index, normalizeSearchParams(raw)))).toEqual(strip(lazy.search(index, normalizeSearchParams(raw))));
    }
    const fv = normalizeSearchParams({ facet: "make", facetQuery: "to" });
    expect(strip(eager.searchForFacetValues("Car_production", fv))).toEqual(strip(lazy.searchForFacetValues("Car_production", fv)));
  });
});
