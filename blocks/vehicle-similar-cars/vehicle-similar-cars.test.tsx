import { describe, expect, it, vi } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock, testContext, testManifest, testSite } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";
import { loadSimilarCars, loadVehicleSimilarCars } from "./load";

const multiSearch = vi.fn(async (_queries: { filters: string }[]) => ({ results: [{ hits: [testCar({ id: 3, slug: "three" })] }] }));
vi.mock("@/runtime/inventory/site-search", () => ({
  siteStockSearch: () => ({ search: { multiSearch, search: vi.fn() }, ctx: { baseFilter: "" }, indexName: "Car_production" }),
}));

describe("vehicle-similar-cars block", () => {
  it("shows the similar cars in a carousel titled with the site's wording", async () => {
    const similar = [testCar({ id: 2, slug: "two", model: "Corolla" })];
    const wording = { vehicleNouns: { car: { singular: "Ute", plural: "Utes" } } };
    const out = await renderBlock(block, { props: {}, car: testCar(), data: similar, manifest: { wording } });
    expect(out).toContain('data-section="similar-cars"');
    expect(out).toContain("Similar Utes In-Stock");
    // On a motorcycle, the section names motorcycles, not cars.
    const bike = testCar({ item_type: "motorcycle", make: "Yamaha", model: "MT-07" });
    expect(await renderBlock(block, { props: {}, car: bike, data: similar })).toContain("Similar Motorcycles In-Stock");
    expect(out).toContain('href="/cars/two"');
  });
  it("is left out when there are none, or the loader failed", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar(), data: [] })).toBe("");
    expect(await renderBlock(block, { props: {}, car: testCar(), data: undefined, dataFailed: true })).toBe("");
  });
});

describe("vehicle-similar-cars loader", () => {
  it("loads nothing without the vehicle page's car", async () => {
    expect(await loadVehicleSimilarCars({}, testSite(), undefined)).toEqual([]);
  });
  it("searches for the page's car (the context the vehicle page hands down)", async () => {
    expect((await loadVehicleSimilarCars({}, testSite(), testContext(testCar()))).map((c) => c.id)).toEqual([3]);
    expect(multiSearch.mock.calls[0][0][0].filters).toMatch(/^make:Toyota AND model:RAV4 AND NOT id=1/);
  });
  it("falls back to one search when the multi-search fails, and to none when that fails too", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const hit = testCar({ id: 9, slug: "nine" });
    const search = {
      multiSearch: vi.fn().mockRejectedValue(new Error("boom")),
      search: vi.fn().mockResolvedValue({ hits: [hit] }),
      searchForFacetValues: vi.fn(),
    };
    const s = { search, ctx: { baseFilter: "" }, indexName: "Car_production" };
    expect((await loadSimilarCars(testManifest, testCar(), s as never)).map((c) => c.id)).toEqual([9]);
    expect(search.multiSearch).toHaveBeenCalledTimes(1);
    search.search.mockRejectedValue(new Error("down"));
    expect(await loadSimilarCars(testManifest, testCar(), s as never)).toEqual([]);
    warn.mockRestore();
  });
});
