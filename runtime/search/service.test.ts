import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type SearchResponse } from "./engine";
import { SearchRequestError } from "./errors";
import { compileFilter, parseFilters } from "./filter-grammar";
import { FIXTURE_ENGINE_OPTIONS, FIXTURE_NOW, makeCars } from "./fixtures/cars";
import { startSearchServer, type TestServer } from "./fixtures/server";
import { baseStockFilter } from "./http";
import { AlgoliaStockSearch, EmbeddedStockSearch, type StockSearch } from "./service";
import { searchSettingsDefaults } from "../generated/defaults";

/** The stock rules a manifest gets when its search section leaves them out (3 days, 3 photos). */
const RULES = { includeSoldCarsDays: searchSettingsDefaults.includeSoldCarsDays, minPhotos: searchSettingsDefaults.minPhotos, excludedStockNumbers: [] };

const cars = makeCars(240, 5, [101, 102]);
const engine = createEngine(cars as unknown as Record<string, unknown>[], FIXTURE_ENGINE_OPTIONS);
const engineFor = (name: string) => (name === "Car_production" ? engine : null);
const ctx = { baseFilter: baseStockFilter({ dealershipIds: [101], ...RULES, now: FIXTURE_NOW * 1000 }) };
const visible = compileFilter(parseFilters(ctx.baseFilter));
const dealerCars = cars.filter((c) => visible(c));

describe("EmbeddedStockSearch", () => {
  const s: StockSearch = new EmbeddedStockSearch({ engineFor });
  it("similar cars as a multi-query, always within the base filter", async () => {
    const target = dealerCars[0];
    const { results } = await s.multiSearch(
      [
        {
          indexName: "Car_production",
          filters: `model:"${target.model}" AND NOT objectID:${target.objectID}`,
          hitsPerPage: 6,
          highlightPreTag: "<b>",
          highlightPostTag: "</b>",
        },
        { indexName: "Car_production", filters: `simple_body:"${target.simple_body}" OR dealership_id:102`, hitsPerPage: 6 },
      ],
      ctx,
    );
    const [a, b] = results as SearchResponse[];
    expect(a.nbHits).toBe(dealerCars.filter((c) => c.model === target.model && c.objectID !== target.objectID).length);
    expect(a.hits.length).toBeLessThanOrEqual(6);
    for (const h of [...a.hits, ...b.hits]) expect(h.dealership_id).toBe(101);
  });
  it("car by slug, limited list by filter string, facet values", async () => {
    const target = dealerCars[3];
    const bySlug = await s.search("Car_production", { filters: `slug:"${target.slug}"`, hitsPerPage: 1 }, ctx);
    expect(bySlug.hits.map((h) => h.objectID)).toEqual([target.objectID]);
    const hidden = cars.find((c) => !visible(c))!;
    expect((await s.search("Car_production", { filters: `slug:"${hidden.slug}"` }, ctx)).nbHits).toBe(0);
    const list = await s.search("Car_production:price:asc", { filters: "car_type:used", hitsPerPage: 5, attributesToRetrieve: ["price"] }, ctx);
    expect(list.hits.map((h) => h.price)).toEqual(
      dealerCars
        .filter((c) => c.car_type === "used")
        .map((c) => c.price)
        .sort((x, y) => x - y)
        .slice(0, 5),
    );
    const fv = await s.searchForFacetValues("Car_production", "model", { facetQuery: "hi" }, ctx);
    expect(fv.facetHits.map((h) => h.value)).toEqual(dealerCars.some((c) => c.model === "Hilux") ? ["Hilux"] : []);
  });
  it("unknown index and bad params reject with SearchRequestError", async () => {
    await expect(s.search("Nope", {}, ctx)).rejects.toMatchObject({ status: 404 });
    await expect(s.search("Car_production", { filters: "(" }, ctx)).rejects.toBeInstanceOf(SearchRequestError);
  });
});

describe("AlgoliaStockSearch (against the local protocol endpoint)", () => {
  let server: TestServer;
  beforeAll(async () => {
    // The endpoint itself applies no base filter: the Algolia implementation must add it.
    server = await startSearchServer({ engineFor, baseFilter: "" });
  });
  afterAll(() => server.close());

  it("gives the same answers as the embedded implementation, base filter included", async () => {
    const algolia = new AlgoliaStockSearch({ appId: "APPID", apiKey: "key", host: `http://${server.host}` });
    const embedded = new EmbeddedStockSearch({ engineFor });
    const params = { query: "ford", filters: "car_type:used OR dealership_id:102", facets: ["model"], hitsPerPage: 5 };
    const [x, y] = await Promise.all([algolia.search("Car_production", params, ctx), embedded.search("Car_production", params, ctx)]);
    expect(x.nbHits).toBe(y.nbHits);
    expect(x.hits.map((h) => h.objectID)).toEqual(y.hits.map((h) => h.objectID));
    expect(x.facets).toEqual(y.facets);
    for (const h of x.hits) expect(h.dealership_id).toBe(101);
    const sent = JSON.parse(server.requests.at(-1)!.body);
    expect(sent.requests[0].filters).toContain("dealership_id:101");
    const fv = await algolia.searchForFacetValues("Car_production", "make", { facetQuery: "fo" }, ctx);
    expect(fv.facetHits[0]).toMatchObject({ value: "Ford", count: dealerCars.filter((c) => c.make === "Ford").length });
  });
});
