import { describe, expect, it } from "vitest";
import { carsCount, facetTiles, makeLogo } from "./domain";

describe("facet tiles", () => {
  it("leaves out values without stock and orders by count", () => {
    expect(facetTiles({ Toyota: 12, Kia: 0, Mazda: 12, Ford: 3 }, 10)).toEqual([
      { value: "Mazda", count: 12 },
      { value: "Toyota", count: 12 },
      { value: "Ford", count: 3 },
    ]);
    expect(facetTiles({ Toyota: 12, Ford: 3 }, 1)).toEqual([{ value: "Toyota", count: 12 }]);
  });
  it("finds a make's logo in the brand lists, by the brand's make", () => {
    const manifest = { brands: { motorcycle: [{ title: "Honda", slug: "honda-motorcycles", make: "Honda", logoSrc: "/brands/honda-motorcycles.svg" }] } };
    expect(makeLogo(manifest, "Honda")).toBe("/brands/honda-motorcycles.svg");
    expect(makeLogo(manifest, "Kia")).toBeUndefined();
    expect(carsCount(1)).toBe("1 car");
    expect(carsCount(5)).toBe("5 cars");
  });
});
