import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { liteClient } from "algoliasearch/lite";
import algoliasearchHelper from "algoliasearch-helper";
import { createEngine, type Engine, type SearchResponse, type FacetSearchResponse } from "./engine";
import { compileFilter, parseFilters } from "./filter-grammar";
import { FIXTURE_ENGINE_OPTIONS, FIXTURE_NOW, makeCars, type TestCar } from "./fixtures/cars";
import { startSearchServer, type TestServer } from "./fixtures/server";
import { baseStockFilter, handleSearchHttp, HTTP_LIMITS, type HttpLimits, type SearchHttpRequest, type SearchHttpResponse } from "./http";
import { generateSecuredApiKey } from "./secured-keys";
import { searchSettingsDefaults } from "../generated/defaults";

/** The stock rules a manifest gets when its search section leaves them out (3 days, 3 photos). */
const RULES = { includeSoldCarsDays: searchSettingsDefaults.includeSoldCarsDays, minPhotos: searchSettingsDefaults.minPhotos, excludedStockNumbers: [] };

const cars = makeCars(400, 11, [101, 102, 103]);
const engine = createEngine(cars as unknown as Record<string, unknown>[], FIXTURE_ENGINE_OPTIONS);
const engineFor = (name: string) => (name === "Car_production" ? engine : null);
const BASE = baseStockFilter({ dealershipIds: [101], ...RULES, now: FIXTURE_NOW * 1000 });
const visible = compileFilter(parseFilters(BASE));
const dealerCars = cars.filter((c) => visible(c));

/** No bound on the work: what the isolation tests use to look at every hit. */
const UNBOUNDED: HttpLimits = {
  ...HTTP_LIMITS,
  hitsPerPage: 1000,
  hitsPerRequest: Infinity,
  facetsPerRequest: Infinity,
  facetValuesPerRequest: Infinity,
  responseBytes: Infinity,
};

/** The whole answer: status, objects, the text sent and its headers. */
function callFull(over: Partial<SearchHttpRequest> & { body?: unknown }): Promise<SearchHttpResponse & { body: any }> {
  return handleSearchHttp({
    method: "POST",
    pathAfterPrefix: "/1/indexes/*/queries",
    query: new URLSearchParams(),
    headers: new Headers(),
    bodyText: over.body === undefined ? "" : typeof over.body === "string" ? over.body : JSON.stringify(over.body),
    baseFilter: BASE,
    engineFor,
    // Isolation is checked over every hit, past the public API's limits (tested on their own).
    limits: UNBOUNDED,
    ...over,
  });
}

async function call(over: Partial<SearchHttpRequest> & { body?: unknown }): Promise<{ status: number; body: any }> {
  const { status, body } = await callFull(over);
  return { status, body };
}

describe("baseStockFilter", () => {
  it("builds the dealer's mandatory filter", () => {
    expect(baseStockFilter({ dealershipIds: [101, 102], ...RULES, now: 1_700_000_000_000, excludedStockNumbers: ["ST 1", "X2"] })).toBe(
      '(dealership_id:101 OR dealership_id:102) AND show_on_dealer_website:true AND (status:in_stock OR status:coming_soon OR sold_date_timestamp > 1699740800) AND photos_count >= 3 AND NOT stocknum:"ST 1" AND NOT stocknum:X2',
    );
    expect(baseStockFilter({ dealershipIds: [7], includeSoldCarsDays: 0, minPhotos: 0, excludedStockNumbers: [], now: 0 })).toBe(
      "dealership_id:7 AND show_on_dealer_website:true AND (status:in_stock OR status:coming_soon)",
    );
    expect(baseStockFilter({ dealershipIds: [], ...RULES })).toMatch(/^dealership_id:"__no_dealership__"/);
  });
  it("filters as specified on the fixture", () => {
    expect(dealerCars.length).toBeGreaterThan(50);
    for (const c of dealerCars) {
      expect(c.dealership_id).toBe(101);
      expect(c.show_on_dealer_website).toBe(true);
      expect(c.photos_count).toBeGreaterThanOrEqual(3);
      if (c.status === "sold") expect(c.sold_date_timestamp!).toBeGreaterThan(FIXTURE_NOW - 3 * 86400);
    }
    expect(dealerCars.some((c) => c.status === "sold")).toBe(true);
    expect(cars.some((c) => c.dealership_id === 101 && c.status === "sold" && !visible(c))).toBe(true);
  });
});

describe("handleSearchHttp: routes and errors", () => {
  it("multi-query with hits and facet items, v4 and v5 bodies", async () => {
    const r = await call({
      body: {
        requests: [
          { indexName: "Car_production", query: "", facets: ["make"], hitsPerPage: 3 },
          { indexName: "Car_production", params: "query=&hitsPerPage=0&facets=%5B%22car_type%22%5D&facetFilters=%5B%5B%22make%3AFord%22%5D%5D" },
          { indexName: "Car_production:price:asc", type: "facet", facet: "make", facetQuery: "fo" },
        ],
      },
      headers: new Headers({ "content-type": "text/plain" }),
    });
    expect(r.status).toBe(200);
    const [a, b, c] = r.body.results as [SearchResponse, SearchResponse, FacetSearchResponse];
    expect(a.nbHits).toBe(dealerCars.length);
    expect(a.hits).toHaveLength(3);
    expect(b.facets!.car_type).toBeDefined();
    expect(b.nbHits).toBe(dealerCars.filter((x) => x.make === "Ford").length);
    expect(c.facetHits).toEqual([{ value: "Ford", highlighted: "<em>Fo</em>rd", count: dealerCars.filter((x) => x.make === "Ford").length }]);
  });

  it("single query and facet query endpoints with URL-encoded replica names", async () => {
    const q = await call({ pathAfterPrefix: "/1/indexes/Car_production%3Aprice%3Adesc/query", body: { params: "hitsPerPage=5" } });
    expect(q.status).toBe(200);
    const prices = (q.body as SearchResponse).hits.map((h) => h.price as number);
    expect(prices).toEqual(
      [...dealerCars]
        .map((c) => c.price)
        .sort((x, y) => y - x)
        .slice(0, 5),
    );
    expect(q.body.index).toBe("Car_production:price:desc");
    const f = await call({ pathAfterPrefix: "/1/indexes/Car_production/facets/make/query", body: { params: "facetQuery=toy" } });
    expect(f.status).toBe(200);
    expect(f.body.facetHits[0]).toMatchObject({ value: "Toyota", highlighted: "<em>Toy</em>ota" });
  });

  it("recommendations answer an empty results shape", async () => {
    const r = await call({ pathAfterPrefix: "/1/indexes/*/recommendations", body: { requests: [{ indexName: "x" }, { indexName: "y" }] } });
    expect(r.status).toBe(200);
    expect(r.body.results).toHaveLength(2);
    expect(r.body.results[0]).toMatchObject({ hits: [], nbHits: 0 });
  });

  it.each([
    [{ body: "{" }, 400, /body: invalid JSON/],
    [{ body: { requests: [{ indexName: "Nope" }] } }, 404, /^Index does not exist$/],
    [{ body: { requests: [{ indexName: "Car_production:nope:asc" }] } }, 404, /^Index does not exist$/],
    [{ body: { requests: [{ indexName: "Car_production", filters: "(make:Ford))" }] } }, 400, /filters: unexpected '\)' at position 11/],
    [{ body: { requests: [{ indexName: "Car_production", hitsPerPage: "x" }] } }, 400, /hitsPerPage/],
    [{ pathAfterPrefix: "/1/indexes/*/browse", body: {} }, 404, /Path not found/],
    [{ pathAfterPrefix: "/1/indexes/%E0%A4%A/query", body: {} }, 400, /invalid URL encoding/],
    [{ method: "GET", body: {} }, 405, /not allowed/],
  ] as const)("rejects bad input %# with a 4xx", async (over, status, message) => {
    const r = await call(over as Partial<SearchHttpRequest> & { body?: unknown });
    expect(r.status).toBe(status);
    expect(r.body).toEqual({ message: expect.stringMatching(message), status });
  });

  it("turns unexpected failures into a 400, reporting them", async () => {
    const seen: unknown[] = [];
    const r = await call({
      body: { requests: [{ indexName: "Car_production" }] },
      engineFor: () => {
        throw new Error("boom");
      },
      onUnexpectedError: (e) => seen.push(e),
    });
    expect(r).toEqual({ status: 400, body: { message: "Could not process the search request", status: 400 } });
    expect(seen).toHaveLength(1);
  });

  it("property: arbitrary bodies and paths never produce a 5xx", async () => {
    const item = fc.record(
      {
        indexName: fc.oneof(fc.constant("Car_production"), fc.constant("Car_production:price:asc"), fc.string({ maxLength: 8 })),
        query: fc.oneof(fc.string({ maxLength: 10 }), fc.integer()),
        filters: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("make:Ford OR price > 3", "NOT (", "a:1 TO x")),
        facetFilters: fc.jsonValue({ maxDepth: 3 }),
        numericFilters: fc.jsonValue({ maxDepth: 2 }),
        tagFilters: fc.jsonValue({ maxDepth: 2 }),
        facets: fc.oneof(fc.string({ maxLength: 6 }), fc.array(fc.constantFrom("make", "*", "price", "location.name", "x"))),
        hitsPerPage: fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.string({ maxLength: 3 })),
        page: fc.jsonValue({ maxDepth: 1 }),
        type: fc.constantFrom("default", "facet", "x", undefined),
        facet: fc.constantFrom("make", "price", "nope", undefined),
        params: fc.oneof(fc.string({ maxLength: 30 }), fc.constant("facets=%5B%22make%22&query=a")),
      },
      { requiredKeys: ["indexName"] },
    );
    const body = fc.oneof(
      fc.record({ requests: fc.array(item, { maxLength: 3 }) }).map((b) => JSON.stringify(b)),
      fc.string({ maxLength: 40 }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    );
    const path = fc.constantFrom(
      "/1/indexes/*/queries",
      "/1/indexes/Car_production/query",
      "/1/indexes/Car_production/facets/make/query",
      "/1/indexes/%2A/queries",
      "/x",
    );
    await fc.assert(
      fc.asyncProperty(body, path, async (b, pth) => {
        const r = await call({ body: b, pathAfterPrefix: pth });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect(r.body).toEqual({ message: expect.any(String), status: r.status });
      }),
      { numRuns: 400 },
    );
  });
});

describe("tenant isolation", () => {
  const crafted = [
    "dealership_id:999 OR dealership_id:101",
    "dealership_id:102",
    "NOT show_on_dealer_website:true",
    "NOT dealership_id:101",
    "dealership_id:101 OR NOT dealership_id:101",
    "status:sold OR photos_count < 3",
    "(dealership_id:102 OR dealership_id:103) OR show_on_dealer_website:false",
  ];
  it.each(crafted)("filter %s never reaches another dealer's or hidden stock", async (filters) => {
    const r = await call({
      body: {
        requests: [
          { indexName: "Car_production", filters, hitsPerPage: 1000, facets: ["dealership_id"] },
          { indexName: "Car_production", facetFilters: [["dealership_id:102", "dealership_id:103"]], numericFilters: ["photos_count<3"], hitsPerPage: 1000 },
          { indexName: "Car_production", type: "facet", facet: "dealership_id", facetQuery: "", filters },
        ],
      },
    });
    expect(r.status).toBe(200);
    const allowed = new Set(dealerCars.map((c) => c.objectID));
    for (const res of r.body.results.slice(0, 2) as SearchResponse[]) {
      for (const h of res.hits) expect(allowed.has(h.objectID)).toBe(true);
      expect(Object.keys(res.facets?.dealership_id ?? {}).every((k) => k === "101")).toBe(true);
    }
    expect((r.body.results[2] as FacetSearchResponse).facetHits.every((h) => h.value === "101")).toBe(true);
  });

  it("secured API keys narrow further, enforce restrictIndices and validUntil", async () => {
    const parent = "search-parent";
    const key = generateSecuredApiKey(parent, { filters: "make:Toyota", restrictIndices: ["Car_production"], validUntil: FIXTURE_NOW + 60 });
    const body = { requests: [{ indexName: "Car_production", hitsPerPage: 1000, filters: "make:Toyota OR make:Ford" }] };
    const ok = await call({ body, headers: new Headers({ "x-algolia-api-key": key }), securedKeyParents: [parent], now: FIXTURE_NOW });
    expect(ok.status).toBe(200);
    expect(ok.body.results[0].nbHits).toBe(dealerCars.filter((c) => c.make === "Toyota").length);
    const viaQuery = await call({ body, query: new URLSearchParams({ "x-algolia-api-key": key }), securedKeyParents: [parent], now: FIXTURE_NOW });
    expect(viaQuery.body.results[0].nbHits).toBe(ok.body.results[0].nbHits);
    const expired = await call({ body, headers: new Headers({ "x-algolia-api-key": key }), securedKeyParents: [parent], now: FIXTURE_NOW + 61 });
    expect(expired.status).toBe(403);
    const otherIndex = await call({
      body: { requests: [{ indexName: "Car_production:price:asc" }] },
      headers: new Headers({ "x-algolia-api-key": key }),
      securedKeyParents: [parent],
      now: FIXTURE_NOW,
    });
    expect(otherIndex.status).toBe(403);
    const forged = await call({ body, headers: new Headers({ "x-algolia-api-key": generateSecuredApiKey("wrong", {}) }), securedKeyParents: [parent] });
    expect(forged.status).toBe(403);
    const withParams = generateSecuredApiKey(parent, { searchParams: { hitsPerPage: 2 } });
    const fixed = await call({ body, headers: new Headers({ "x-algolia-api-key": withParams }), securedKeyParents: [parent] });
    expect(fixed.body.results[0].hits).toHaveLength(2);
    const plain = await call({ body, headers: new Headers({ "x-algolia-api-key": "public-key" }), securedKeyParents: [parent], requireSecuredKey: true });
    expect(plain.status).toBe(403);
  });
});

describe("real clients against a local endpoint", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startSearchServer({ engineFor, baseFilter: BASE });
  });
  afterAll(async () => {
    await server.close();
  });
  const client = () => liteClient("APPID", "public-key", { hosts: [{ url: server.host, protocol: "http", accept: "read" }] });

  it("liteClient.search returns the right hits and facets", async () => {
    const res = await client().search({
      requests: [{ indexName: "Car_production", query: "toyota", facets: ["model", "price"], hitsPerPage: 50, filters: "car_type:used OR car_type:demo" }],
    });
    const r = res.results[0] as unknown as SearchResponse;
    const expected = dealerCars.filter((c) => c.make === "Toyota" && c.car_type !== "new");
    expect(r.nbHits).toBe(expected.length);
    expect(r.hits.map((h) => h.objectID).sort()).toEqual(
      expected
        .slice()
        .map((c) => c.objectID)
        .sort()
        .slice(0, 50)
        .sort(),
    );
    const models: Record<string, number> = {};
    for (const c of expected) models[c.model] = (models[c.model] ?? 0) + 1;
    expect(r.facets!.model).toEqual(models);
    expect(r.facets_stats!.price.min).toBe(Math.min(...expected.map((c) => c.price)));
    expect((r.hits[0]._highlightResult.make as { value: string }).value).toBe("<em>Toyota</em>");
    expect(server.requests.at(-1)!.path).toBe("/api/search/1/indexes/*/queries");
  });

  it("liteClient facet search and errors surface as ApiError without a 5xx", async () => {
    const res = await client().searchForFacets({ requests: [{ indexName: "Car_production", type: "facet", facet: "colour", facetQuery: "sil" }] });
    const fh = (res.results[0] as FacetSearchResponse).facetHits.map((h) => h.value).sort();
    expect(fh).toEqual(["Moonlight Silver", "Silver"]);
    await expect(client().search({ requests: [{ indexName: "Car_production", filters: "a:(" }] })).rejects.toMatchObject({ status: 400 });
    await expect(client().search({ requests: [{ indexName: "Nope" }] })).rejects.toMatchObject({ status: 404 });
  });

  type Helper = ReturnType<typeof algoliasearchHelper>;
  const run = (helper: Helper) =>
    new Promise<any>((resolve, reject) => {
      helper.once("result", (e: { results: unknown }) => resolve(e.results));
      helper.once("error", (e: { error: unknown }) => reject(e.error));
      helper.search();
    });

  it("InstantSearch sequence: disjunctive refinements + numeric range + searchable facet", async () => {
    const helper = algoliasearchHelper(client() as never, "Car_production", {
      disjunctiveFacets: ["make", "price"],
      facets: ["car_type"],
      hitsPerPage: 21,
      highlightPreTag: "__ais-highlight__",
      highlightPostTag: "__/ais-highlight__",
    } as never);
    helper.addDisjunctiveFacetRefinement("make", "Toyota").addDisjunctiveFacetRefinement("make", "Ford");
    helper.addNumericRefinement("price", ">=", 20000).addNumericRefinement("price", "<=", 50000);
    helper.addFacetRefinement("car_type", "used");
    const before = server.requests.length;
    const results = await run(helper);
    const sent = JSON.parse(server.requests[before].body);
    expect(sent.requests.length).toBeGreaterThanOrEqual(2); // main query + one per refined disjunctive facet
    const inRange = (c: TestCar) => c.price >= 20000 && c.price <= 50000 && c.car_type === "used";
    const expected = dealerCars.filter((c) => (c.make === "Toyota" || c.make === "Ford") && inRange(c));
    expect(results.nbHits).toBe(expected.length);
    // Disjunctive counts: make counted without its own refinement.
    const makeFacet = results.getFacetValues("make", { sortBy: ["name:asc"] }) as Array<{ name: string; count: number; isRefined: boolean }>;
    const makeCounts: Record<string, number> = {};
    for (const c of dealerCars.filter(inRange)) makeCounts[c.make] = (makeCounts[c.make] ?? 0) + 1;
    expect(Object.fromEntries(makeFacet.map((f) => [f.name, f.count]))).toEqual(makeCounts);
    expect(makeFacet.find((f) => f.name === "Toyota")!.isRefined).toBe(true);
    // Range slider stats come from the query without the price refinement.
    const stats = results.getFacetStats("price");
    const noPrice = dealerCars.filter((c) => (c.make === "Toyota" || c.make === "Ford") && c.car_type === "used").map((c) => c.price);
    expect(stats).toMatchObject({ min: Math.min(...noPrice), max: Math.max(...noPrice) });
    expect(results.hits[0]._highlightResult.make.value).not.toContain("<em>");

    const sffv = await helper.searchForFacetValues("make", "ma", 10);
    const mazdas = dealerCars.filter((c) => c.make === "Mazda" && inRange(c)).length;
    expect(mazdas).toBeGreaterThan(0);
    expect(sffv.facetHits.map((h: { value: string; count: number }) => [h.value, h.count])).toEqual([["Mazda", mazdas]]);
    expect(sffv.facetHits[0].highlighted).toBe("__ais-highlight__Ma__/ais-highlight__zda");

    helper.setQuery("ranger").setPage(0);
    const text = await run(helper);
    expect(text.nbHits).toBe(expected.filter((c) => c.model === "Ranger").length);
  });
});

describe("public API limits", () => {
  const limited = (body: unknown, path = "/1/indexes/*/queries") => call({ body, pathAfterPrefix: path, limits: HTTP_LIMITS });
  it("answer 400 with a message past queries per request, hits per page, and offset+length", async () => {
    const many = { requests: Array.from({ length: 21 }, () => ({ indexName: "Car_production", hitsPerPage: 1 })) };
    expect(await limited(many)).toEqual({ status: 400, body: { message: "requests: at most 20 queries per call", status: 400 } });
    expect((await limited({ requests: [{ indexName: "Car_production", hitsPerPage: 1000 }] })).body.message).toBe("hitsPerPage: at most 60");
    expect((await limited({ requests: [{ indexName: "Car_production", offset: 990, length: 20 }] })).body.message).toMatch(/^offset and length/);
    expect((await limited({ requests: [{ indexName: "Car_production", offset: 0, length: 500 }] })).body.message).toBe("length: at most 60");
    expect((await limited({ hitsPerPage: 61 }, "/1/indexes/Car_production/query")).status).toBe(400);
  });
  it("let the site's own requests through (a page of 60, a far page that is simply empty)", async () => {
    expect((await limited({ requests: [{ indexName: "Car_production", hitsPerPage: 60 }] })).status).toBe(200);
    const far = await limited({ requests: [{ indexName: "Car_production", hitsPerPage: 21, page: 500 }] });
    expect(far.status).toBe(200);
    expect(far.body.results[0].hits).toEqual([]);
  });
});

/** The fixture engine, counting the searches run through it. */
function countingEngine() {
  const counts = { search: 0 };
  const wrapped = new Proxy(engine, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if (key === "search")
        return (...args: Parameters<Engine["search"]>) => {
          counts.search++;
          return target.search(...args);
        };
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { counts, engineFor: (name: string) => (name === "Car_production" ? wrapped : null) };
}

const queries = (n: number, params: Record<string, unknown>) => ({
  requests: Array.from({ length: n }, (_, i) => ({ indexName: "Car_production", page: i, ...params })),
});

describe("public API bounds on the work of one call, checked before any search runs", () => {
  const bounded = (body: unknown, over: Partial<SearchHttpRequest> = {}) => {
    const c = countingEngine();
    return callFull({ body, limits: HTTP_LIMITS, engineFor: c.engineFor, ...over }).then((r) => ({ ...r, searches: c.counts.search }));
  };

  it("hits: at most 60 asked for by all the queries together (pages or lengths)", async () => {
    const over = await bounded(queries(2, { hitsPerPage: 60 }));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("hitsPerPage: at most 60 hits per call, all queries together (this call asks for 120)");
    expect(over.searches).toBe(0);
    const lengths = await bounded(queries(2, { offset: 0, length: 31 }));
    expect([lengths.status, lengths.searches]).toEqual([400, 0]);
    const within = await bounded({ requests: [...queries(1, { hitsPerPage: 41 }).requests, ...queries(19, { hitsPerPage: 1 }).requests] });
    expect([within.status, within.searches]).toEqual([200, 20]);
  });

  it("facet values: each facet × maxValuesPerFacet, '*' counting every facet of the index", async () => {
    const facetCount = engine.attributesForFaceting.length;
    expect(facetCount * 1000).toBeGreaterThan(HTTP_LIMITS.facetValuesPerRequest);
    const star = await bounded(queries(1, { hitsPerPage: 0, facets: ["*"], maxValuesPerFacet: 1000 }));
    expect(star.status).toBe(400);
    expect(star.body.message).toBe(
      `facets and maxValuesPerFacet: at most 10000 facet values per call, all queries together (this call asks for ${facetCount * 1000}: each facet × maxValuesPerFacet)`,
    );
    expect(star.searches).toBe(0);
    // Without maxValuesPerFacet, the index's default (100) counts.
    const defaults = Math.floor(HTTP_LIMITS.facetValuesPerRequest / (facetCount * engine.settings.maxValuesPerFacet)) + 1;
    expect((await bounded(queries(defaults, { hitsPerPage: 0, facets: ["*"] }))).status).toBe(400);
    expect((await bounded(queries(defaults - 1, { hitsPerPage: 0, facets: ["*"] }))).status).toBe(200);
  });

  it("facets: at most 200 counted per call", async () => {
    const names = Array.from({ length: 201 }, (_, i) => `f${i}`);
    const over = await bounded(queries(1, { hitsPerPage: 0, facets: names, maxValuesPerFacet: 1 }));
    expect(over.body.message).toBe('facets: at most 200 facets per call, all queries together, "*" counting each facet (this call asks for 201)');
    expect(over.searches).toBe(0);
  });

  it("let the search page's own call through: a page of 21 with 13 facets of 200 values, and a query per refined facet", async () => {
    const facets = [
      "car_type",
      "colour",
      "simple_body",
      "simple_transmission",
      "km",
      "price",
      "simple_fuel",
      "drive",
      "year",
      "make",
      "model",
      "location_name",
      "certified",
    ];
    const main = {
      indexName: "Car_production",
      hitsPerPage: 21,
      facets,
      maxValuesPerFacet: 200,
      highlightPreTag: "__ais-highlight__",
      highlightPostTag: "__/ais-highlight__",
    };
    const disjunctive = facets.slice(0, 12).map((f) => ({ indexName: "Car_production", hitsPerPage: 0, facets: f, maxValuesPerFacet: 200 }));
    const r = await bounded({ requests: [main, ...disjunctive] });
    expect([r.status, r.searches]).toEqual([200, 13]);
  });

  it("highlight tags: at most 64 characters each, in either form of the parameters", async () => {
    const long = await bounded(queries(1, { query: "toyota", highlightPreTag: "x".repeat(65) }));
    expect(long.body).toEqual({ message: "highlightPreTag: at most 64 characters (this one has 65)", status: 400 });
    const v4 = await bounded({ requests: [{ indexName: "Car_production", params: `query=toyota&highlightPostTag=${"y".repeat(1000)}` }] });
    expect(v4.body.message).toBe("highlightPostTag: at most 64 characters (this one has 1000)");
    expect([long.searches, v4.searches]).toEqual([0, 0]);
    const ok = await bounded(queries(1, { query: "toyota", hitsPerPage: 1, highlightPreTag: "<".repeat(64), highlightPostTag: ">" }));
    expect(ok.status).toBe(200);
    expect(ok.body.results[0].hits[0]._highlightResult.make.value).toContain("<".repeat(64));
  });

  it("charges the call's cost (a point per query and per hit) to the client's budget, refusing with 429 before searching", async () => {
    const costs: number[] = [];
    const spend = async (cost: number) => {
      costs.push(cost);
      return costs.length === 1 ? ({ ok: true } as const) : ({ ok: false, retryAfterS: 42 } as const);
    };
    const body = { requests: [...queries(1, { hitsPerPage: 21 }).requests, ...queries(3, { hitsPerPage: 0, facets: "make" }).requests] };
    expect((await bounded(body, { spend })).status).toBe(200);
    const refused = await bounded(body, { spend });
    expect(refused.status).toBe(429);
    expect(refused.headers).toEqual({ "retry-after": "42" });
    expect(refused.body.message).toBe("Too many searches from this address: please wait 42 s and try again");
    expect(refused.searches).toBe(0);
    expect(costs).toEqual([4 + 21, 4 + 21]);
    // A call refused by a bound costs nothing.
    await bounded(queries(2, { hitsPerPage: 60 }), { spend });
    expect(costs).toHaveLength(2);
  });

  it("serialises with a running byte count: the answer stops at the cap, and no search runs after it", async () => {
    const one = await bounded(queries(1, { hitsPerPage: 20 }));
    const size = Buffer.byteLength(one.text);
    expect(JSON.parse(one.text)).toEqual(one.body);
    const limits = { ...HTTP_LIMITS, responseBytes: Math.round(size * 1.5) };
    const over = await bounded(queries(3, { hitsPerPage: 20 }), { limits });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/^answer: larger than \d+ bytes; ask for fewer hits \(hitsPerPage, length\)/);
    expect(over.searches).toBe(2);
    const fits = await bounded(queries(1, { hitsPerPage: 20 }), { limits });
    expect(fits.status).toBe(200);
    expect(Buffer.byteLength(fits.text)).toBeLessThanOrEqual(limits.responseBytes);
    // A single query's answer and a facet-value search's are sent as they are.
    const single = await bounded({ hitsPerPage: 2, query: "toyota" }, { pathAfterPrefix: "/1/indexes/Car_production/query" });
    expect(JSON.parse(single.text)).toEqual(single.body);
    expect(single.body.hits).toHaveLength(2);
  });

  it("runs one query per turn of the event loop, so other work is answered between them", async () => {
    const order: string[] = [];
    const base = engine;
    const engineFor = (name: string) =>
      name === "Car_production"
        ? new Proxy(base, {
            get: (t, k) =>
              k === "search"
                ? (...a: Parameters<Engine["search"]>) => {
                    const n = order.filter((o) => o.startsWith("search")).length + 1;
                    order.push(`search ${n}`);
                    // Work that arrives while the first query runs (another client's request).
                    // A timer, as the handler's own yield is (yieldToLoop): timers of the same delay
                    // run in the order they were set, so the order holds however busy the machine
                    // is. With setImmediate it depended on the loop's phase: the yield's timer could
                    // expire first on a loaded machine, and the test failed once at load 10.
                    if (n === 1) setTimeout(() => order.push("other request"), 0);
                    return t.search(...a);
                  }
                : Reflect.get(t, k, t),
          })
        : null;
    await callFull({ body: queries(3, { hitsPerPage: 1 }), limits: HTTP_LIMITS, engineFor });
    expect(order).toEqual(["search 1", "other request", "search 2", "search 3"]);
  });

  it("serialises a long answer over several turns of the event loop", async () => {
    const order: string[] = [];
    const engineFor = (name: string) =>
      name === "Car_production"
        ? new Proxy(engine, {
            get: (t, k) =>
              k === "search"
                ? (...a: Parameters<Engine["search"]>) => {
                    setTimeout(() => order.push("other request"), 0);
                    return t.search(...a);
                  }
                : Reflect.get(t, k, t),
          })
        : null;
    const run = (bytesPerTurn: number) =>
      callFull({ body: queries(1, { hitsPerPage: 20 }), limits: { ...HTTP_LIMITS, bytesPerTurn }, engineFor }).then(() => order.push("answered"));
    await run(Infinity);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(["answered", "other request"]);
    order.length = 0;
    await run(1000);
    expect(order).toEqual(["other request", "answered"]);
  });
});
