import { describe, expect, it } from "vitest";
import { formRanges, hiddenFields, onlySearchParams, rangeFromForm, requestSearchUrl, sameSearchUrl } from "./form-query";
import { buildSearchUrl, emptyState, parseSearchUrl, splitSearchUrl } from "./url-state";

describe("the search form's query", () => {
  it("reads the range fields by attribute, skipping empty and unknown ones", () => {
    const q = new URLSearchParams("range[price][min]=5000&range[price][max]=&range[km][max]=90000&range[nope][min]=1&range[year][min]=x");
    expect(formRanges(q)).toEqual({ price: { min: 5000 }, km: { max: 90000 } });
  });

  it("drops a side left at the slider's bound and swaps min above max", () => {
    expect(rangeFromForm("price", { min: 0, max: 80000 }, { min: 0, max: 80000 })).toBeNull();
    expect(rangeFromForm("price", { min: 10000, max: 80000 }, { min: 0, max: 80000 })).toEqual({ min: 10000 });
    expect(rangeFromForm("year", { min: 2022, max: 2015 }, { min: 2010, max: 2024 })).toEqual({ min: 2015, max: 2022 });
  });

  it("a submission becomes the canonical URL the router writes, which parses back to itself", () => {
    const q = new URLSearchParams("query=&car_type=used&make=Toyota&sortBy=Car_production:price:asc");
    const { segments, params } = splitSearchUrl(requestSearchUrl("/search", ["new-used-and-demo-cars"], q));
    const state = parseSearchUrl(segments, params, { makes: ["Toyota"], makeModels: [], dealershipSlugs: [] });
    const url = buildSearchUrl(state);
    expect(url).toBe("/search/toyota?car_type=used&sortBy=Car_production:price:asc");
    const again = splitSearchUrl(url);
    expect(buildSearchUrl(parseSearchUrl(again.segments, again.params, { makes: ["Toyota"], makeModels: [], dealershipSlugs: [] }))).toBe(url);
    expect(sameSearchUrl(url, "/search/toyota?sortBy=Car_production%3Aprice%3Aasc&car_type=used")).toBe(true);
    expect(sameSearchUrl(url, requestSearchUrl("/search", ["new-used-and-demo-cars"], q))).toBe(false);
  });

  it("only search parameters may be redirected (tracking tags are kept)", () => {
    expect(onlySearchParams(new URLSearchParams("query=a&colour=White&range[price]=1:2&range[km][min]=3&page=2&sortBy=x"))).toBe(true);
    expect(onlySearchParams(new URLSearchParams("colour=White&utm_source=mail"))).toBe(false);
  });

  it("hidden fields carry what no visible control does", () => {
    const state = { ...emptyState(), refinements: { make: ["Toyota"], colour: ["White"], dealership_slug: ["north"] }, ranges: { km: { max: 5000 } } };
    expect(hiddenFields(state, new Set(["colour", "km"]))).toEqual([
      { name: "make", value: "Toyota" },
      { name: "dealership", value: "north" },
    ]);
    expect(hiddenFields(state, new Set(["colour"]))).toContainEqual({ name: "range[km]", value: ":5000" });
  });
});
