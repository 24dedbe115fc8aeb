import { describe, expect, it } from "vitest";
import { brandHref, brandStockCount, brandsWithoutStock } from "./brands";

describe("brandHref", () => {
  it("links a brand with a page to /{slug}/overview", () => {
    expect(brandHref({ slug: "twg-tyres" })).toBe("/twg-tyres/overview");
  });
  it("links a brand without a page (skipPage) to its stock", () => {
    expect(brandHref({ slug: "toyota", skipPage: true })).toBe("/search/toyota");
  });
  it("links to the make's stock when the brand's slug is not the make's", () => {
    expect(brandHref({ slug: "honda-motorcycles", make: "Honda", skipPage: true })).toBe("/search/honda");
    expect(brandHref({ slug: "bmw-motorrad", make: "BMW", skipPage: true })).toBe("/search/bmw");
  });
});

describe("brand slug to stock matching", () => {
  const counts = { Toyota: 126, "Harley-Davidson": 57, Honda: 64, BMW: 66 };
  it("matches a brand to the make facet by slug", () => {
    expect(brandStockCount({ slug: "toyota" }, counts)).toBe(126);
    expect(brandStockCount({ slug: "harley-davidson" }, counts)).toBe(57);
    expect(brandStockCount({ slug: "honda-motorcycles" }, counts)).toBe(0);
    expect(brandStockCount({ slug: "honda-motorcycles", make: "Honda" }, counts)).toBe(64);
  });
  it("lists the stock tiles with no stock, with their pointers; brand pages are not stock tiles", () => {
    const brands = {
      car: [
        { title: "TWG Cars", slug: "twg-cars" },
        { title: "Toyota", slug: "toyota", skipPage: true },
      ],
      truck: [{ title: "UD Trucks", slug: "ud-trucks", skipPage: true }],
    };
    expect(brandsWithoutStock(brands, counts)).toEqual([{ brand: brands.truck[0], pointer: "/brands/truck/0" }]);
  });
});
