import { describe, expect, it } from "vitest";
import { searchSettingsDefaults } from "@/runtime/generated/defaults";
import { displayedTotal, facetValueLabel, priceRangeLowerBound, resolveFacets, sortFacetValues, visibleFacetValues, type FacetValue } from "./facets";

const v = (value: string, count = 1): FacetValue => ({ value, label: value, count, isRefined: false });

describe("facet list", () => {
  it("defaults to car type, colour, body, transmission, odometer, price, fuel type, drive, year, make, model", () => {
    // A site that states no facets gets the schema's default list.
    expect(resolveFacets(searchSettingsDefaults.facets).map((f) => f.attribute)).toEqual([
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
    ]);
    expect(resolveFacets([])).toEqual([]);
  });
  it("follows the manifest's order, adding and removing facets, dropping unknown and repeated keys", () => {
    expect(resolveFacets(["make", "seats", "state", "location", "certified", "tag", "nope", "make"]).map((f) => f.attribute)).toEqual([
      "make",
      "seats",
      "state",
      "location_name",
      "certified",
      "tag",
    ]);
  });
});

describe("facet value order", () => {
  it("puts car types in the order new, demo, used", () => {
    expect(sortFacetValues("car_type", [v("used", 50), v("new", 10), v("demo", 3)]).map((x) => x.value)).toEqual(["new", "demo", "used"]);
  });
  it("sorts bodies by the spec's body order, others after", () => {
    const out = sortFacetValues("simple_body", [
      v("suv", 90),
      v("hatch", 5),
      v("Single Cab"),
      v("sedan", 3),
      v("wagon", 1),
      v("Dual Cab"),
      v("4 Door"),
      v("2 door"),
      v("Extra-Cab"),
    ]);
    expect(out.map((x) => x.value)).toEqual(["wagon", "sedan", "hatch", "Dual Cab", "Extra-Cab", "Single Cab", "2 door", "4 Door", "suv"]);
  });
  it("sorts price ranges by their numeric lower bound", () => {
    const out = sortFacetValues("price_range", [v("$50,000 - $75,000"), v("$100,000+"), v("$0 - $10,000"), v("$10,000 - $20,000")]);
    expect(out.map((x) => x.value)).toEqual(["$0 - $10,000", "$10,000 - $20,000", "$50,000 - $75,000", "$100,000+"]);
    expect(priceRangeLowerBound("$20,000 - $30,000")).toBe(20000);
  });
  it("sorts other facets by count then name", () => {
    expect(sortFacetValues("colour", [v("Red", 2), v("White", 9), v("Black", 2)]).map((x) => x.value)).toEqual(["White", "Black", "Red"]);
  });
});

describe("certified filter", () => {
  it("hides 'false' on certified-only sites", () => {
    const values = [v("true"), v("false")];
    expect(visibleFacetValues("certified", values, { certifiedOnly: true }).map((x) => x.value)).toEqual(["true"]);
    expect(visibleFacetValues("certified", values, { certifiedOnly: false })).toHaveLength(2);
  });
});

describe("labels and totals", () => {
  it("labels codes", () => {
    expect(facetValueLabel("car_type", "used", { usedKeyword: "Pre-owned" })).toBe("Pre-owned");
    expect(facetValueLabel("simple_body", "peopleMover", { usedKeyword: "Used" })).toBe("People mover");
    expect(facetValueLabel("status", "coming_soon", { usedKeyword: "Used" })).toBe("Coming soon");
    expect(facetValueLabel("status", "in_stock", { usedKeyword: "Used" })).toBe("In stock");
  });
  it("uses the stock count above 1999 hits", () => {
    expect(displayedTotal(1999, 2500)).toBe(1999);
    expect(displayedTotal(2000, 2500)).toBe(2500);
    expect(displayedTotal(2000, null)).toBe(2000);
  });
});
