import { describe, expect, it } from "vitest";
import { DEFAULT_SEARCH_PATH } from "@/blocks/shared/search/domain/url-state";
import { priceRangeHref } from "./price-range-link";

describe("priceRangeHref", () => {
  it("links to the search results for the range, sorted by price descending on the site's index, encoded", () => {
    const href = priceRangeHref(5000, 250000, DEFAULT_SEARCH_PATH, "Car_production");
    expect(href).toBe("/search/new-used-and-demo-cars?range%5Bprice%5D=5000%3A250000&sortBy=Car_production%3Aprice%3Adesc");
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe(DEFAULT_SEARCH_PATH);
    expect(url.searchParams.get("range[price]")).toBe("5000:250000");
    expect(url.searchParams.get("sortBy")).toBe("Car_production:price:desc");
    expect(new URL(priceRangeHref(1, 2, DEFAULT_SEARCH_PATH, "Dealer_stock"), "http://x").searchParams.get("sortBy")).toBe("Dealer_stock:price:desc");
  });

  it("puts the pair in order and rounds to whole dollars", () => {
    expect(new URL(priceRangeHref(40000.4, 20000, DEFAULT_SEARCH_PATH, "I"), "http://x").searchParams.get("range[price]")).toBe("20000:40000");
  });

  it("uses another site search path, and never links off the site", () => {
    expect(priceRangeHref(1, 2, "/search/used-cars", "I")).toMatch(/^\/search\/used-cars\?/);
    for (const bad of ["https://evil.example", "//evil.example", "/search?x=1", "javascript:alert(1)", ""])
      expect(priceRangeHref(1, 2, bad, "I")).toMatch(/^\/search\/new-used-and-demo-cars\?/);
  });
});
