import { describe, expect, it } from "vitest";
import { createEngine } from "@/runtime/search/engine";
import { EmbeddedStockSearch } from "@/runtime/search/service";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { fallbackSimilarQuery, mergeSimilarCars, priceBand, SIMILAR_QUERY_LIMIT, similarCarsQueries, similarCarsTitle } from "./similar-cars";

describe("similar cars", () => {
  it("uses a band of 10,000 under 50,000 and 25,000 from 50,000", () => {
    expect(priceBand(32_990)).toEqual({ min: 22_990, max: 42_990 });
    expect(priceBand(49_999)).toEqual({ min: 39_999, max: 59_999 });
    expect(priceBand(50_000)).toEqual({ min: 25_000, max: 75_000 });
    expect(priceBand(5_000)).toEqual({ min: 0, max: 15_000 });
  });
  it("builds one multi-search of three queries, limit 10 each, in the band, never the car itself", () => {
    const qs = similarCarsQueries(testCar(), "Car_production");
    expect(qs).toHaveLength(3);
    for (const q of qs) {
      expect(q.hitsPerPage).toBe(SIMILAR_QUERY_LIMIT);
      expect(q.indexName).toBe("Car_production");
      expect(q.filters).toContain("NOT id=1");
      expect(q.filters).toContain("price:22990 TO 42990");
      expect(q.filters).toContain("(status:in_stock OR status:coming_soon)");
    }
    expect(qs[0].filters).toMatch(/^make:Toyota AND model:RAV4 AND/);
    expect(qs[2].filters).toMatch(/^simple_body:suv AND/);
    expect(fallbackSimilarQuery(testCar()).filters).not.toContain("make:");
  });
  it("de-duplicates by id, drops the car itself, puts the same model first and keeps 6", () => {
    const c = (id: number, model: string) => ({ id, make: "Toyota", model });
    const merged = mergeSimilarCars(c(1, "RAV4"), [
      [c(2, "Corolla"), c(3, "RAV4")],
      [c(3, "RAV4"), c(1, "RAV4"), c(4, "Camry"), c(5, "rav4")],
      [c(6, "Yaris"), c(7, "Hilux"), c(8, "Prado"), c(9, "RAV4")],
    ]);
    expect(merged.map((h) => h.id)).toEqual([3, 5, 9, 2, 4, 6]);
  });
  it("runs against the embedded engine: the multi-search parses and the car itself never comes back", async () => {
    const records = [
      testCar(),
      testCar({ objectID: "2", id: 2, slug: "b", model: "RAV4", price: 30_000 }),
      testCar({ objectID: "3", id: 3, slug: "c", model: "Corolla", price: 28_000, simple_body: "hatch" }),
      testCar({ objectID: "4", id: 4, slug: "d", model: "Kluger", make: "Toyota", price: 90_000 }),
      testCar({ objectID: "5", id: 5, slug: "e", model: "CX-5", make: "Mazda", price: 35_000 }),
      testCar({ objectID: "6", id: 6, slug: "f", model: "RAV4", price: 31_000, status: "sold" }),
    ] as unknown as Record<string, unknown>[];
    const engine = createEngine(records);
    const search = new EmbeddedStockSearch({ engineFor: () => engine });
    const { results } = await search.multiSearch(similarCarsQueries(testCar(), "Car_production"), { baseFilter: "" });
    const merged = mergeSimilarCars(
      testCar(),
      results.map((r) => ("hits" in r ? (r.hits as unknown as ReturnType<typeof testCar>[]) : [])),
    );
    expect(merged.map((h) => h.id)).toEqual([2, 5]); // the Corolla is a hatch in another model: no query asks for it
  });
  it("titles the section from the site's wording and the car's kind", () => {
    const car = { item_type: "car" as const };
    expect(similarCarsTitle(undefined, car)).toBe("Similar Cars In-Stock");
    expect(similarCarsTitle(undefined, { item_type: "motorcycle" })).toBe("Similar Motorcycles In-Stock");
    expect(similarCarsTitle(undefined, { item_type: "truck" })).toBe("Similar Trucks In-Stock");
    expect(similarCarsTitle({ vehicleType: "Caravan", similarCarsTitle: "More {vehicleType}s you'll love" }, { item_type: "caravan" })).toBe(
      "More Caravans you'll love",
    );
    expect(similarCarsTitle({ similarCarsTitle: "Available for subscription" }, car)).toBe("Available for subscription");
    // A subscription site (features.subscription) reads the spec's title unless it wrote its own.
    expect(similarCarsTitle(undefined, car, true)).toBe("Available for subscription");
    expect(similarCarsTitle({ similarCarsTitle: "More like this" }, car, true)).toBe("More like this");
  });
});
