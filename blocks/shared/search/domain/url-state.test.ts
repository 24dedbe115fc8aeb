import { describe, expect, it } from "vitest";
import { slugify } from "@/runtime/slug";
import {
  buildSearchUrl,
  carTypeSegment,
  emptyState,
  parseCarTypeSegment,
  parseRange,
  parseSearchUrl,
  splitSearchUrl,
  type SearchState,
  type SearchVocabulary,
} from "./url-state";

const vocab: SearchVocabulary = {
  makes: ["Toyota", "Land Rover", "Mercedes-Benz", "Mazda"],
  makeModels: ["Toyota > RAV4", "Toyota > HiLux", "Land Rover > Range Rover Sport", "Mazda > CX-5"],
  dealershipSlugs: ["harbour-toyota", "harbour-mazda"],
};
const state = (patch: Partial<SearchState>): SearchState => ({ ...emptyState(), ...patch });
const parse = (url: string) => {
  const { segments, params } = splitSearchUrl(url);
  return parseSearchUrl(segments, params, vocab);
};

describe("car type path segments", () => {
  it("maps condition sets to the spec's paths", () => {
    expect(carTypeSegment([])).toBeNull();
    expect(carTypeSegment(["used"])).toBe("used-cars");
    expect(carTypeSegment(["demo", "new"])).toBe("new-and-demo-cars");
    expect(carTypeSegment(["new"])).toBe("new-cars");
    expect(carTypeSegment(["demo"])).toBe("demo-cars");
    expect(carTypeSegment(["new", "used", "demo"])).toBeNull();
  });
  it("parses them back", () => {
    expect(parseCarTypeSegment("used-cars")).toEqual(["used"]);
    expect(parseCarTypeSegment("new-and-demo-cars")).toEqual(["new", "demo"]);
    expect(parseCarTypeSegment("new-used-and-demo-cars")).toEqual([]);
    expect(parseCarTypeSegment("toyota")).toBeNull();
    expect(parseCarTypeSegment("blue-cars")).toBeNull();
  });
});

describe("building search URLs", () => {
  it("uses the default path for no filters", () => {
    expect(buildSearchUrl(emptyState())).toBe("/search/new-used-and-demo-cars");
  });
  it("puts the condition, a make, a make and model, or a dealership in the path", () => {
    expect(buildSearchUrl(state({ refinements: { car_type: ["used"] } }))).toBe("/search/used-cars");
    expect(buildSearchUrl(state({ refinements: { car_type: ["new", "demo"] } }))).toBe("/search/new-and-demo-cars");
    expect(buildSearchUrl(state({ refinements: { make: ["Land Rover"] } }))).toBe("/search/land-rover");
    expect(buildSearchUrl(state({ refinements: { make: ["Toyota"], model: ["RAV4"] } }))).toBe("/search/toyota/rav4");
    expect(buildSearchUrl(state({ refinements: { dealership_slug: ["harbour-toyota"] } }))).toBe("/search/harbour-toyota");
  });
  it("keeps the rest in the query, price as range[price]=min:max, page only when not 1", () => {
    const url = buildSearchUrl(
      state({
        query: "hybrid",
        refinements: { make: ["Toyota"], model: ["RAV4"], car_type: ["used"], colour: ["White", "Black"] },
        ranges: { price: { min: 5000, max: 20000 }, km: { max: 50000 } },
        page: 3,
        sortBy: "Car_production:price:desc",
      }),
    );
    expect(url).toBe(
      "/search/toyota/rav4?query=hybrid&car_type=used&colour=White&colour=Black&range[km]=:50000&range[price]=5000:20000&sortBy=Car_production:price:desc&page=3",
    );
    expect(buildSearchUrl(state({ page: 1, refinements: { car_type: ["used"] } }))).not.toContain("page");
  });
  it("puts several makes in the query", () => {
    expect(buildSearchUrl(state({ refinements: { make: ["Toyota", "Mazda"] } }))).toBe("/search/new-used-and-demo-cars?make=Toyota&make=Mazda");
  });
  it("uses a fixed path for offers", () => {
    expect(buildSearchUrl(state({ refinements: { categories: ["Runout"] }, page: 2 }), { basePath: "/special-offers", pathFacets: false })).toBe(
      "/special-offers?categories=Runout&page=2",
    );
  });
});

describe("parsing search URLs", () => {
  it("reads the paths back into refinements with stored spelling", () => {
    expect(parse("/search/new-used-and-demo-cars")).toEqual(emptyState());
    expect(parse("/search").refinements).toEqual({});
    expect(parse("/search/used-cars").refinements).toEqual({ car_type: ["used"] });
    expect(parse("/search/toyota/rav4").refinements).toEqual({ make: ["Toyota"], model: ["RAV4"] });
    expect(parse("/search/land-rover/range-rover-sport").refinements).toEqual({ make: ["Land Rover"], model: ["Range Rover Sport"] });
    expect(parse("/search/mazda/cx-5").refinements).toEqual({ make: ["Mazda"], model: ["CX-5"] });
    expect(parse("/search/harbour-toyota").refinements).toEqual({ dealership_slug: ["harbour-toyota"] });
  });
  it("reads query parameters, ignoring unknown and malformed ones", () => {
    const s = parse(
      "/search/used-cars?colour=White&body=suv&range[price]=5000:20000&range[year]=2018:&page=2&sortBy=Car_production:price:asc&utm_source=x&range[colour]=1:2&range[km]=abc",
    );
    expect(s).toEqual({
      query: "",
      refinements: { car_type: ["used"], colour: ["White"], simple_body: ["suv"] },
      ranges: { price: { min: 5000, max: 20000 }, year: { min: 2018 } },
      page: 2,
      sortBy: "Car_production:price:asc",
    });
    expect(parse("/search?status=sold&range[subscription_price]=100:200").refinements).toEqual({ status: ["sold"] });
    expect(parse("/search?range[subscription_price]=100:200").ranges).toEqual({ subscription_price: { min: 100, max: 200 } });
    expect(parse("/search?page=0").page).toBe(1);
    expect(parse("/search?page=abc").page).toBe(1);
    expect(parse("/search?sortBy=javascript:alert(1)").sortBy).toBeNull();
  });
  it("round-trips every URL it builds", () => {
    const samples: SearchState[] = [
      emptyState(),
      state({ refinements: { car_type: ["used"] } }),
      state({ refinements: { make: ["Toyota"], model: ["RAV4"], car_type: ["used"] }, ranges: { price: { min: 10000 } }, page: 2 }),
      state({ query: "tow bar", refinements: { make: ["Toyota", "Mazda"], simple_fuel: ["Hybrid"] }, sortBy: "Car_production:created_at_timestamp:desc" }),
      state({ refinements: { dealership_slug: ["harbour-mazda"], colour: ["Red"] } }),
    ];
    for (const s of samples) expect(parse(buildSearchUrl(s))).toEqual(s);
  });
  it("falls back to a title-cased make for an unknown slug", () => {
    expect(parse("/search/great-wall").refinements.make).toEqual(["Great Wall"]);
  });
});

describe("helpers", () => {
  it("slugifies makes and models with the platform's slug rule, the one car slugs use", () => {
    expect(slugify("Mercedes-Benz")).toBe("mercedes-benz");
    expect(slugify("Range Rover Sport")).toBe("range-rover-sport");
    expect(slugify("Škoda")).toBe("skoda");
    // '+' reads 'plus' as in car slugs (a search rule of its own once dropped it).
    expect(buildSearchUrl(state({ refinements: { make: ["Kia"], model: ["Cerato Sport+"] } }))).toBe("/search/kia/cerato-sport-plus");
    const vocabulary: SearchVocabulary = { makes: ["Kia"], makeModels: ["Kia > Cerato Sport+"], dealershipSlugs: [] };
    expect(parseSearchUrl(["kia", "cerato-sport-plus"], new URLSearchParams(), vocabulary).refinements.model).toEqual(["Cerato Sport+"]);
  });
  it("parses ranges", () => {
    expect(parseRange("1:2")).toEqual({ min: 1, max: 2 });
    expect(parseRange(":2")).toEqual({ max: 2 });
    expect(parseRange(":")).toBeNull();
    expect(parseRange("a:2")).toBeNull();
  });
});
