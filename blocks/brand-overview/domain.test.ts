import { describe, expect, it } from "vitest";
import { brandStockHref, pageBrand } from "./domain";

const brands = {
  car: [
    { title: "TWG Cars", slug: "twg-cars" },
    { title: "Toyota", slug: "toyota", skipPage: true },
  ],
};

describe("brand overview page", () => {
  it("is found only for brands with a page of their own", () => {
    expect(pageBrand({ brands }, "twg-cars")?.title).toBe("TWG Cars");
    expect(pageBrand({ brands }, "toyota")).toBeNull();
    expect(pageBrand({ brands }, "nope")).toBeNull();
    expect(pageBrand({}, "twg-cars")).toBeNull();
  });
  it("links to the brand's make, or to all stock", () => {
    expect(brandStockHref({ slug: "isuzu-trucks", make: "Isuzu" })).toBe("/search/isuzu");
    expect(brandStockHref({ slug: "twg-cars" })).toBe("/search/new-used-and-demo-cars");
  });
});
