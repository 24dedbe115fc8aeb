import { afterEach, describe, expect, it } from "vitest";
import { createEngine, type SearchResponse } from "./engine";
import { FIXTURE_ENGINE_OPTIONS, makeCars } from "./fixtures/cars";
import { EmbeddedStockSearch } from "./service";
import { overlayReservedFilter, setReservedOverlay } from "./overlay";
import { parseFilters } from "./filter-grammar";

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

  it("a refinement on reserved reads the overlay: reserved:true finds the held cars, reserved:false leaves them out", async () => {
    const free = cars.filter((c) => !c.reserved).slice(0, 2);
    const held = new Set(free.map((c) => Number(c.id)));
    const ids = async (params: Record<string, unknown>) =>
      ((await s.search("Car_production", { hitsPerPage: 100, ...params }, ctx)) as SearchResponse).hits.map((h) => Number(h.id));
    const indexTrue = await ids({ facetFilters: [["reserved:true"]] });
    const indexFalse = await ids({ filters: "reserved:false" });
    setReservedOverlay({ isReserved: (id) => held.has(Number(id)), reservedIds: () => [...held] });
    const liveTrue = await ids({ facetFilters: [["reserved:true"]] });
    expect(new Set(liveTrue)).toEqual(new Set([...indexTrue, ...held]));
    const liveFalse = await ids({ filters: "reserved:false" });
    expect(new Set(liveFalse)).toEqual(new Set(indexFalse.filter((id) => !held.has(id))));
    // The refined answer's facet agrees with its hits.
    const refined = (await s.search("Car_production", { hitsPerPage: 100, facets: ["reserved"], filters: "reserved:true" }, ctx)) as SearchResponse;
    expect(refined.facets!.reserved).toEqual({ true: refined.nbHits });
    expect(refined.hits.every((h) => h.reserved === true)).toBe(true);
  });

  it("overlayReservedFilter rewrites reserved refinements only, and keeps the node when nothing is held", () => {
    const node = parseFilters("make:Toyota AND (reserved:true OR NOT reserved:false)");
    expect(overlayReservedFilter(node, [])).toBe(node);
    const plain = parseFilters("make:Toyota");
    expect(overlayReservedFilter(plain, [7])).toBe(plain);
    expect(overlayReservedFilter(parseFilters("reserved:true"), [7])).toEqual({
      type: "or",
      children: [
        { type: "facet", attribute: "reserved", value: "true" },
        { type: "or", children: [{ type: "numeric", attribute: "id", op: "=", value: 7 }] },
      ],
    });
    expect(overlayReservedFilter(parseFilters("reserved:false"), [7])).toEqual({
      type: "and",
      children: [
        { type: "facet", attribute: "reserved", value: "false" },
        { type: "not", child: { type: "or", children: [{ type: "numeric", attribute: "id", op: "=", value: 7 }] } },
      ],
    });
  });
});
