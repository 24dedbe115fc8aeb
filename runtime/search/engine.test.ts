import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createEngine } from "./engine";
import { parseIndexName } from "./index-settings";
import { SearchRequestError } from "./errors";
import { compileFilter, formatFilter, parseFilters, type FilterNode } from "./filter-grammar";
import { FIXTURE_ENGINE_OPTIONS, makeCars, type TestCar } from "./fixtures/cars";
import { normalizeSearchParams } from "./request";

const cars = makeCars(300, 7);
const engine = createEngine(cars as unknown as Record<string, unknown>[], FIXTURE_ENGINE_OPTIONS);
const IDX = "Car_production";
const p = (raw: Record<string, unknown>) => normalizeSearchParams(raw);
const byRank = (a: TestCar, b: TestCar) => b.custom_rank - a.custom_rank || cars.indexOf(a) - cars.indexOf(b);

describe("engine: hits and pagination", () => {
  it("empty query returns everything ranked by custom_rank desc with default paging", () => {
    const r = engine.search(IDX, p({}));
    expect(r.nbHits).toBe(300);
    expect([r.page, r.nbPages, r.hitsPerPage]).toEqual([0, 15, 20]);
    expect(r.hits.map((h) => h.objectID)).toEqual(
      [...cars]
        .sort(byRank)
        .slice(0, 20)
        .map((c) => c.objectID),
    );
    expect(r.hits[0]._highlightResult.make).toEqual({ value: r.hits[0].make, matchLevel: "none", matchedWords: [] });
    // As Algolia: by default only the searchable attributes are highlighted; "*" asks for every one.
    expect(r.hits[0]._highlightResult.location).toBeUndefined();
    expect(engine.search(IDX, p({ attributesToHighlight: ["*"] })).hits[0]._highlightResult.location).toMatchObject({ name: { matchLevel: "none" } });
    expect(r).toMatchObject({
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      exhaustive: { nbHits: true, facetsCount: true, typo: true },
      index: IDX,
      query: "",
    });
    expect(typeof r.processingTimeMS).toBe("number");
    expect(typeof r.params).toBe("string");
  });

  it("pages, offset/length, hitsPerPage 0 and the 1000-hit limit", () => {
    const all = [...cars].sort(byRank).map((c) => c.objectID);
    const r = engine.search(IDX, p({ page: 2, hitsPerPage: 7 }));
    expect(r.hits.map((h) => h.objectID)).toEqual(all.slice(14, 21));
    expect(r.nbPages).toBe(43);
    const o = engine.search(IDX, p({ offset: 5, length: 3 }));
    expect(o.hits.map((h) => h.objectID)).toEqual(all.slice(5, 8));
    expect([o.offset, o.length, o.page, o.nbPages]).toEqual([5, 3, undefined, undefined]);
    const z = engine.search(IDX, p({ hitsPerPage: 0 }));
    expect([z.hits.length, z.nbHits, z.nbPages]).toEqual([0, 300, 0]);
    expect(engine.search(IDX, p({ page: 99 })).hits).toEqual([]);
    const many = createEngine(makeCars(1100, 3) as unknown as Record<string, unknown>[], { eager: false });
    const last = many.search(IDX, p({ hitsPerPage: 100, page: 9 }));
    expect([last.nbHits, last.nbPages, last.hits.length]).toEqual([1100, 10, 100]);
    expect(many.search(IDX, p({ hitsPerPage: 100, page: 10 })).hits).toEqual([]);
  });

  it("attributesToRetrieve and attributesToHighlight", () => {
    const r = engine.search(IDX, p({ attributesToRetrieve: ["make", "price"], attributesToHighlight: ["make"], hitsPerPage: 1 }));
    expect(Object.keys(r.hits[0]).sort()).toEqual(["_highlightResult", "make", "objectID", "price"]);
    expect(Object.keys(r.hits[0]._highlightResult)).toEqual(["make"]);
  });
});

describe("engine: filters agree with the record predicate", () => {
  const atoms = [
    "make:Toyota",
    "make:ford",
    'model:"CX-5"',
    "car_type:used",
    "status:sold",
    "show_on_dealer_website:true",
    "certified:true",
    "price > 40000",
    "price<=30000",
    "km:0 TO 50000",
    "year=2025",
    "year:2020",
    "dealership_id:101",
    "dealership_id = 102",
    "location.address.state:VIC",
    '_tags:"Test Drive Only"',
    '"runout sale"',
    'tags:"runout sale"',
    "photos_count >= 3",
    "sold_date_timestamp > 1749500000",
    "seats != 5",
    'colour:"moonlight silver"',
    "stocknum:ST10005",
    'images.url:"https://img.example/1001/0.jpg"',
    "nonexistent:x",
    "nonexistent > 3",
    "nonexistent != 3",
  ];
  const atom = fc.constantFrom(...atoms);
  const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small" },
      atom,
      tie("e").map((x) => `NOT (${x})`),
      fc.tuple(tie("e"), tie("e")).map(([a, b]) => `(${a}) AND (${b})`),
      fc.tuple(tie("e"), tie("e")).map(([a, b]) => `(${a}) OR (${b})`),
    ),
  })).e;
  it("property: bitset evaluation equals compileFilter over the records", () => {
    fc.assert(
      fc.property(expr, (f) => {
        const node = parseFilters(f);
        const pred = compileFilter(node);
        const expected = cars.map((c, i) => (pred(c) ? i : -1)).filter((i) => i >= 0);
        expect([...engine.matchingDocuments([node])]).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("property: ranking by custom_rank and by replica sorts matches a plain sort", () => {
    fc.assert(
      fc.property(expr, fc.constantFrom(null, "price:asc", "price:desc", "km:asc", "make:asc"), fc.integer({ min: 0, max: 3 }), (f, sort, page) => {
        const pred = compileFilter(parseFilters(f));
        let expected = cars.filter((c) => pred(c)).sort(byRank);
        if (sort) {
          const [attr, dir] = sort.split(":") as [keyof TestCar, string];
          const s = dir === "asc" ? 1 : -1;
          expected = [...expected].sort((a, b) => {
            const x = a[attr] as number | string;
            const y = b[attr] as number | string;
            if (typeof x === "string")
              return (x.toLowerCase() < (y as string).toLowerCase() ? -1 : x.toLowerCase() > (y as string).toLowerCase() ? 1 : 0) * s || byRank(a, b);
            return ((x as number) - (y as number)) * s || byRank(a, b);
          });
        }
        const r = engine.search(sort ? `${IDX}:${sort}` : IDX, p({ filters: f, page, hitsPerPage: 10 }));
        expect(r.nbHits).toBe(expected.length);
        expect(r.hits.map((h) => h.objectID)).toEqual(expected.slice(page * 10, page * 10 + 10).map((c) => c.objectID));
      }),
      { numRuns: 150 },
    );
  });
});

describe("engine: facets", () => {
  const count = (list: TestCar[], attr: (c: TestCar) => unknown) => {
    const m = new Map<string, number>();
    for (const c of list) {
      const v = attr(c);
      for (const x of Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]) m.set(String(x), (m.get(String(x)) ?? 0) + 1);
    }
    return Object.fromEntries(m);
  };
  it("counts under filters and query, sorted by count, with stats", () => {
    const r = engine.search(IDX, p({ facets: ["make", "car_type", "tags", "location.address.state", "price", "certified"], filters: "price < 50000" }));
    const subset = cars.filter((c) => c.price < 50000);
    expect(r.nbHits).toBe(subset.length);
    expect(r.facets!.make).toEqual(count(subset, (c) => c.make));
    expect(r.facets!.car_type).toEqual(count(subset, (c) => c.car_type));
    expect(r.facets!.tags).toEqual(count(subset, (c) => c.tags));
    expect(r.facets!["location.address.state"]).toEqual(count(subset, (c) => c.location.address.state));
    expect(r.facets!.certified).toEqual(count(subset, (c) => c.certified));
    const counts = Object.values(r.facets!.make);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const prices = subset.map((c) => c.price);
    const sum = prices.reduce((a, b) => a + b, 0);
    expect(r.facets_stats!.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices), sum, avg: sum / prices.length });
    expect(r.facets_stats!.make).toBeUndefined();
  });
  it("cuts at maxValuesPerFacet; '*' gives all facetable attributes with the index's number of values", () => {
    const r = engine.search(IDX, p({ facets: ["price"], maxValuesPerFacet: 5 }));
    const full = count(cars, (c) => c.price);
    const top = Object.entries(full)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 5);
    expect(r.facets!.price).toEqual(Object.fromEntries(top));
    const star = engine.search(IDX, p({ facets: ["*"], hitsPerPage: 0 }));
    expect(Object.keys(star.facets!)).toContain("location.address.city");
    expect(Object.keys(star.facets!.price).length).toBe(Math.min(FIXTURE_ENGINE_OPTIONS.settings!.maxValuesPerFacet, new Set(cars.map((c) => c.price)).size));
    expect(star.facets!.make).toEqual(count(cars, (c) => c.make));
    expect(engine.search(IDX, p({ facets: "nope" })).facets).toEqual({});
  });
});

describe("engine: text search", () => {
  const ids = (q: string, extra: Record<string, unknown> = {}) =>
    engine
      .search(IDX, p({ query: q, hitsPerPage: 1000, ...extra }))
      .hits.map((h) => h.objectID)
      .sort();
  const expectIds = (pred: (c: TestCar) => boolean) =>
    cars
      .filter(pred)
      .map((c) => c.objectID)
      .sort();
  it("matches words, prefixes, typos, accents, joined terms, stock numbers", () => {
    expect(ids("toyota")).toEqual(expectIds((c) => c.make === "Toyota"));
    expect(ids("TOYTA")).toEqual(expectIds((c) => c.make === "Toyota"));
    expect(ids("toy")).toEqual(expectIds((c) => c.make === "Toyota"));
    expect(ids("toyota hil")).toEqual(expectIds((c) => c.model === "Hilux"));
    expect(ids("skoda")).toEqual(expectIds((c) => c.make === "Škoda"));
    expect(ids("cx5")).toEqual(expectIds((c) => c.model === "CX-5"));
    expect(ids("cx-5")).toEqual(expectIds((c) => c.model === "CX-5"));
    expect(ids("commodre")).toEqual(expectIds((c) => c.model === "Commodore"));
    expect(ids("ST10005")).toEqual(["1005"]);
    expect(ids("ST1000")).toEqual(expectIds((c) => c.stocknum.startsWith("ST1000")));
    expect(ids("ST10006 zq")).toEqual([]);
    expect(ids("kio")).toEqual([]); // 3 letters: no typo allowed
    expect(ids("moonlight silver ranger")).toEqual(expectIds((c) => c.colour === "Moonlight Silver" && c.model === "Ranger"));
    expect(ids("2020 ford")).toEqual(expectIds((c) => c.year === 2020 && c.make === "Ford"));
    expect(ids("zzzzzz")).toEqual([]);
    expect(ids("ford", { filters: "car_type:new" })).toEqual(expectIds((c) => c.make === "Ford" && c.car_type === "new"));
  });
  it("ranks exact before typos, then custom_rank; highlights with the request's tags", () => {
    const e = createEngine([
      { objectID: "a", make: "Toyota", model: "Hilix", custom_rank: 100 },
      { objectID: "b", make: "Toyota", model: "Hilux", custom_rank: 1 },
      { objectID: "c", make: "Toyota", model: "Hilux", custom_rank: 50 },
      { objectID: "d", make: "Hilux", model: "Other", custom_rank: 0 },
    ]);
    const r = e.search(IDX, p({ query: "hilux", highlightPreTag: "__ais-highlight__", highlightPostTag: "__/ais-highlight__" }));
    expect(r.hits.map((h) => h.objectID)).toEqual(["d", "c", "b", "a"]);
    expect(r.hits[1]._highlightResult.model).toEqual({
      value: "__ais-highlight__Hilux__/ais-highlight__",
      matchLevel: "full",
      matchedWords: ["hilux"],
      fullyHighlighted: true,
    });
    expect(r.hits[1]._highlightResult.make).toEqual({ value: "Toyota", matchLevel: "none", matchedWords: [] });
    const pr = e.search(IDX, p({ query: "toyota hil" }));
    expect(pr.hits[0]._highlightResult.model).toMatchObject({ value: "<em>Hil</em>ix", matchLevel: "partial", fullyHighlighted: false });
  });
  it("a replica sort comes before text relevance", () => {
    const r = engine.search(`${IDX}:price:desc`, p({ query: "toyota", hitsPerPage: 1000 }));
    const prices = r.hits.map((h) => h.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(r.nbHits).toBe(cars.filter((c) => c.make === "Toyota").length);
  });
});

describe("engine: replicas and facet-value search", () => {
  it("parses replica names and 404s unknown sort attributes", () => {
    expect(parseIndexName("Car_production:price:desc")).toEqual({ base: "Car_production", sort: { attribute: "price", direction: "desc" } });
    expect(parseIndexName("Car_production")).toEqual({ base: "Car_production", sort: null });
    expect(() => engine.search(`${IDX}:nope:asc`, p({}))).toThrow(SearchRequestError);
    try {
      engine.search(`${IDX}:nope:asc`, p({}));
    } catch (e) {
      expect((e as SearchRequestError).status).toBe(404);
    }
  });
  it("prefix-matches facet values with counts under the filters and highlighting", () => {
    const r = engine.searchForFacetValues(IDX, p({ facet: "make", facetQuery: "to" }));
    expect(r.facetHits).toEqual([{ value: "Toyota", highlighted: "<em>To</em>yota", count: cars.filter((c) => c.make === "Toyota").length }]);
    const f = engine.searchForFacetValues(IDX, p({ facet: "make", facetQuery: "to", filters: "car_type:new" }));
    expect(f.facetHits[0].count).toBe(cars.filter((c) => c.make === "Toyota" && c.car_type === "new").length);
    const c = engine.searchForFacetValues(IDX, p({ facet: "colour", facetQuery: "sil", highlightPreTag: "[", highlightPostTag: "]" }));
    expect(c.facetHits.map((h) => h.highlighted).sort()).toEqual(["Moonlight [Sil]ver", "[Sil]ver"]);
    const all = engine.searchForFacetValues(IDX, p({ facet: "model", maxFacetHits: 3 }));
    expect(all.facetHits.length).toBe(3);
    expect(all.facetHits[0].count).toBeGreaterThanOrEqual(all.facetHits[1].count);
    // As on Algolia, only a facet declared searchable(x) can have its values searched.
    expect(() => engine.searchForFacetValues(IDX, p({ facet: "nothing", facetQuery: "x" }))).toThrow(/searchable\(nothing\)/);
    expect(() => engine.searchForFacetValues(IDX, p({ facet: "body", facetQuery: "x" }))).toThrow(SearchRequestError);
    expect(r).toMatchObject({ exhaustiveFacetsCount: true });
  });
});

describe("engine: caching does not leak between filters", () => {
  it("same results before and after many distinct filters", () => {
    const small = createEngine(cars as unknown as Record<string, unknown>[], { cacheSize: 4 });
    const before = small.search(IDX, p({ filters: "make:Ford", facets: ["model"] }));
    for (let i = 0; i < 20; i++) small.search(IDX, p({ filters: `price > ${i * 1000}`, facets: ["model"] }));
    const after = small.search(IDX, p({ filters: "make:Ford", facets: ["model"] }));
    expect(after.facets).toEqual(before.facets);
    expect(after.hits.map((h) => h.objectID)).toEqual(before.hits.map((h) => h.objectID));
    const node: FilterNode = parseFilters("make:Ford")!;
    expect(formatFilter(node)).toBe("make:Ford");
  });
});

describe("engine: text ranking across pages", () => {
  it("property: pages of a text query follow (score, custom_rank) order without gaps or repeats", () => {
    const e = createEngine(makeCars(500, 9) as unknown as Record<string, unknown>[]);
    for (const q of ["toyota", "silver", "s", "sport", "ranger xl", "2020", "hilux sr"]) {
      const all = e.search(IDX, p({ query: q, hitsPerPage: 1000 })).hits.map((h) => h.objectID);
      const paged: string[] = [];
      for (let page = 0; page * 7 < all.length; page++) paged.push(...e.search(IDX, p({ query: q, hitsPerPage: 7, page })).hits.map((h) => h.objectID));
      expect(paged).toEqual(all);
      expect(new Set(all).size).toBe(all.length);
      const filtered = e.search(IDX, p({ query: q, hitsPerPage: 1000, filters: "car_type:used" })).hits.map((h) => h.objectID);
      expect(filtered).toEqual(all.filter((id) => filtered.includes(id)));
    }
  });
});
