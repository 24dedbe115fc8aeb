import { afterEach, describe, expect, it } from "vitest";
import { createEngine, type SearchResponse } from "./engine";
import { FIXTURE_ENGINE_OPTIONS, makeCars } from "./fixtures/cars";
import { EmbeddedStockSearch } from "./service";
import { setReservedOverlay } from "./overlay";

const cars = makeCars(60, 7, [101]);
const engine = createEngine(cars as unknown as Record<string, unknown>[], FIXTURE_ENGINE_OPTIONS);
const s = new EmbeddedStockSearch({ engineFor: (n) => (n === "Car_production" ? engine : null) });
const ctx = { baseFilter: "" };

describe("reserved overlay on search answers", () => {
  afterEach(() => setReservedOverlay(null));

  it("marks held cars' hits reserved and moves them to 'true' in the reserved facet", async () => {
    const free = cars.filter((c) => !c.reserved).slice(0, 2);
    const before = (await s.search("Car_production", { hitsPerPage: 100, facets: ["reserved"] }, ctx)) as SearchResponse;
    const held = new Set(free.map((c) => Number(c.id)));
    setReservedOverlay({ isReserved: (id) => held.has(Number(id)), reservedIds: () => [...held] });
    const after = (await s.search("Car_production", { hitsPerPage: 100, facets: ["reserved"] }, ctx)) as SearchResponse;
    for (const h of after.hits) expect(h.reserved === true).toBe(held.has(Number(h.id)) || before.hits.find((b) => b.id === h.id)?.reserved === true);
    expect(after.facets!.reserved.true).toBe((before.facets!.reserved.true ?? 0) + 2);
    expect(after.facets!.reserved.false ?? 0).toBe((before.facets!.reserved.false ?? 0) - 2);
    // A search that does not include the held cars counts nothing extra.
    const other = (await s.search(
      "Car_production",
      { hitsPerPage: 0, facets: ["reserved"], filters: `NOT id = ${free[0].id} AND NOT id = ${free[1].id}` },
      ctx,
    )) as SearchResponse;
    setReservedOverlay(null);
    const plain = (await s.search(
      "Car_production",
      { hitsPerPage: 0, facets: ["reserved"], filters: `NOT id = ${free[0].id} AND NOT id = ${free[1].id}` },
      ctx,
    )) as SearchResponse;
    expect(other.facets).toEqual(plain.facets);
  });
});
