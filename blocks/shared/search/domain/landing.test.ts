import { describe, expect, it } from "vitest";
import { landingFor, searchHeading } from "./landing";
import { emptyState, type SearchState } from "./url-state";

const words = { usedKeyword: "Used", vehicles: "Cars" };

const state = (patch: Partial<SearchState>): SearchState => ({ ...emptyState(), ...patch });

describe("indexable landing pages", () => {
  it("are canonical for the default, condition, make and make+model pages", () => {
    expect(landingFor(emptyState())).toEqual({ indexable: true, canonical: "/search/new-used-and-demo-cars" });
    expect(landingFor(state({ refinements: { car_type: ["used"] } }))).toEqual({ indexable: true, canonical: "/search/used-cars" });
    expect(landingFor(state({ refinements: { car_type: ["new", "demo"] } }))).toEqual({ indexable: true, canonical: "/search/new-and-demo-cars" });
    expect(landingFor(state({ refinements: { make: ["Toyota"] } }))).toEqual({ indexable: true, canonical: "/search/toyota" });
    expect(landingFor(state({ refinements: { make: ["Toyota"], model: ["RAV4"] } }))).toEqual({ indexable: true, canonical: "/search/toyota/rav4" });
  });
  it("are noindex with a canonical parent otherwise", () => {
    expect(landingFor(state({ refinements: { make: ["Toyota"], model: ["RAV4"], colour: ["White"] } }))).toEqual({
      indexable: false,
      canonical: "/search/toyota/rav4",
    });
    expect(landingFor(state({ refinements: { make: ["Toyota"], car_type: ["used"] } }))).toEqual({ indexable: false, canonical: "/search/toyota" });
    expect(landingFor(state({ refinements: { car_type: ["used"] }, page: 2 }))).toEqual({ indexable: false, canonical: "/search/used-cars" });
    expect(landingFor(state({ refinements: { car_type: ["used"] }, sortBy: "Car_production:price:asc" })).indexable).toBe(false);
    expect(landingFor(state({ query: "hybrid" })).indexable).toBe(false);
    expect(landingFor(state({ ranges: { price: { max: 20000 } } })).canonical).toBe("/search/new-used-and-demo-cars");
    expect(landingFor(state({ refinements: { dealership_slug: ["harbour-toyota"] } }))).toEqual({
      indexable: false,
      canonical: "/search/new-used-and-demo-cars",
    });
    expect(landingFor(state({ refinements: { make: ["Toyota", "Mazda"] } }))).toEqual({ indexable: false, canonical: "/search/new-used-and-demo-cars" });
  });
  it("treats a fixed-path search as indexable only when bare", () => {
    expect(landingFor(emptyState(), { basePath: "/special-offers", pathFacets: false })).toEqual({ indexable: true, canonical: "/special-offers" });
    expect(landingFor(state({ page: 2 }), { basePath: "/special-offers", pathFacets: false })).toEqual({ indexable: false, canonical: "/special-offers" });
  });
});

describe("search heading", () => {
  it("reads from the state", () => {
    expect(searchHeading(state({ refinements: { car_type: ["used"], make: ["Toyota"], model: ["RAV4"] } }), words)).toBe("Used Toyota RAV4 for sale");
    expect(searchHeading(emptyState(), words)).toBe("New, used and demo cars for sale");
    expect(searchHeading(state({ refinements: { car_type: ["new", "demo"] } }), words)).toBe("New and demo cars for sale");
    expect(searchHeading(state({ refinements: { make: ["Toyota"] } }), words)).toBe("Toyota for sale");
    expect(searchHeading(state({ refinements: { car_type: ["used"] } }), { usedKeyword: "Pre-loved", vehicles: "Caravans" })).toBe(
      "Pre-loved caravans for sale",
    );
    expect(searchHeading(emptyState(), { usedKeyword: "Used", vehicles: "Motorcycles" })).toBe("New, used and demo motorcycles for sale");
  });
});
