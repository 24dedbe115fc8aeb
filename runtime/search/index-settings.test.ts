import { describe, expect, it } from "vitest";
import { createEngine } from "./engine";
import { SearchRequestError } from "./errors";
import { normalizeSearchParams } from "./request";
import { blockPropsDefaults } from "@/runtime/generated/block-defaults";
import { parseFilters, type FilterNode } from "./filter-grammar";
import {
  parseFacetAttribute,
  parseIndexName,
  replicaIndexName,
  replicaRanking,
  STOCK_INDEX_SETTINGS,
  STOCK_SORT_REPLICAS,
  indexedKeys,
} from "./index-settings";

const records = [
  {
    objectID: "1",
    name: "2021 Toyota RAV4 GX",
    make: "Toyota",
    model: "RAV4",
    city: "Springwood",
    dealership_id: 1,
    price: 30000,
    custom_rank: 2,
    created_at_timestamp: 10,
  },
  {
    objectID: "2",
    name: "2020 Mazda CX-5 Maxx",
    make: "Mazda",
    model: "CX-5",
    city: "Parramatta",
    dealership_id: 2,
    price: 25000,
    custom_rank: 1,
    created_at_timestamp: 20,
  },
];
const engine = createEngine(records);
const p = (raw: Record<string, unknown>) => normalizeSearchParams(raw);

describe("the stock index settings drive the embedded engine as they drive Algolia", () => {
  it("is the engine's configuration when none is given", () => {
    expect(engine.settings).toBe(STOCK_INDEX_SETTINGS);
    expect(engine.replicas).toBe(STOCK_SORT_REPLICAS);
  });

  it("searches the searchable attributes, modifiers read as Algolia reads them", () => {
    expect(engine.searchableAttributes).toContain("name");
    expect(engine.searchableAttributes).not.toContain("unordered(name)");
    expect(engine.search("Car_production", p({ query: "parramatta" })).hits.map((h) => h.objectID)).toEqual(["2"]);
  });

  it("counts every facet but the filter-only ones for facets: ['*'], and still filters on those", () => {
    const star = engine.search("Car_production", p({ facets: ["*"], hitsPerPage: 0 }));
    expect(Object.keys(star.facets!)).toContain("make");
    expect(Object.keys(star.facets!)).not.toContain("dealership_id");
    expect(engine.search("Car_production", p({ filters: "dealership_id:2" })).hits.map((h) => h.objectID)).toEqual(["2"]);
  });

  it("searches facet values only of searchable(...) facets", () => {
    expect(engine.searchForFacetValues("Car_production", p({ facet: "make", facetQuery: "to" })).facetHits.map((h) => h.value)).toEqual(["Toyota"]);
    expect(() => engine.searchForFacetValues("Car_production", p({ facet: "dealership_id", facetQuery: "1" }))).toThrow(SearchRequestError);
  });

  it("ranks by the custom ranking and serves exactly the configured sort replicas", () => {
    expect(engine.search("Car_production", p({})).hits.map((h) => h.objectID)).toEqual(["1", "2"]);
    expect(
      engine.search(replicaIndexName("Car_production", { attribute: "created_at_timestamp", direction: "desc" }), p({})).hits.map((h) => h.objectID),
    ).toEqual(["2", "1"]);
    expect(() => engine.search("Car_production:make:asc", p({}))).toThrow(/Index does not exist/);
  });

  it("names and ranks replicas the Algolia way", () => {
    for (const sort of STOCK_SORT_REPLICAS) {
      expect(parseIndexName(replicaIndexName("I", sort))).toEqual({ base: "I", sort });
      expect(replicaRanking(STOCK_INDEX_SETTINGS, sort)[0]).toBe(`${sort.direction}(${sort.attribute})`);
    }
    expect(parseFacetAttribute("filterOnly(slug)")).toEqual({ attribute: "slug", modifier: "filterOnly" });
  });
});

/** The attributes a filter names. */
function filterAttributes(node: FilterNode | null): string[] {
  if (!node) return [];
  if (node.type === "and" || node.type === "or") return node.children.flatMap(filterAttributes);
  if (node.type === "not") return filterAttributes(node.child);
  return [node.attribute];
}

describe("declared attributes", () => {
  // Stock records live in a file on a server: only declared attributes can be filtered on there, so a default
  // filter naming an undeclared one would quietly match nothing (the offers page once showed no offers at all).
  it("declares every attribute the offers search's default filter names", () => {
    const declared = new Set(STOCK_INDEX_SETTINGS.attributesForFaceting.map((e) => parseFacetAttribute(e).attribute));
    const attributes = filterAttributes(parseFilters(blockPropsDefaults["offers-search"]!.offerFilter));
    expect(attributes).toEqual(["offer_price", "before_price"]);
    for (const attribute of attributes) expect(declared, attribute).toContain(attribute);
  });
});

describe("indexedKeys", () => {
  it("lists every top-level key the index reads, and each dot-prefix of a nested path", () => {
    const settings = {
      ...STOCK_INDEX_SETTINGS,
      searchableAttributes: ["unordered(name)", "location.city"],
      attributesForFaceting: ["searchable(make)", "filterOnly(id)"],
    };
    expect(indexedKeys(settings, [{ attribute: "price", direction: "desc" }]).sort()).toEqual([
      "custom_rank",
      "id",
      "location",
      "location.city",
      "make",
      "name",
      "price",
    ]);
  });
});
