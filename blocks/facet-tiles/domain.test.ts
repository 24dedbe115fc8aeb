import { describe, expect, it } from "vitest";
import { facetTiles, makeLogo, tileCount } from "./domain";

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
    // Kia is in no brand list: the platform's own picture of the make; a make it has none of: no logo.
    expect(makeLogo(manifest, "Kia")).toBe("/brands/kia.svg");
    expect(makeLogo(manifest, "Alfa Romeo")).toBeUndefined();
  });
  it("counts a tile in its vehicles' words", () => {
    const kinds = { Toyota: ["car"], Yamaha: ["motorcycle"], Jayco: ["caravan"], Isuzu: ["truck", "car"] };
    expect(tileCount({ value: "Toyota", count: 1 }, kinds, undefined)).toBe("1 car");
    expect(tileCount({ value: "Yamaha", count: 29 }, kinds, undefined)).toBe("29 motorcycles");
    expect(tileCount({ value: "Jayco", count: 45 }, kinds, undefined)).toBe("45 caravans");
    expect(tileCount({ value: "Isuzu", count: 12 }, kinds, undefined)).toBe("12 vehicles");
    expect(tileCount({ value: "Unknown", count: 2 }, kinds, { vehicleType: "Caravan" })).toBe("2 caravans");
  });
});
