import { afterEach, describe, expect, it } from "vitest";
import { createEngine, type SearchResponse } from "./engine";
import { FIXTURE_ENGINE_OPTIONS, makeCars } from "./fixtures/cars";
import { EmbeddedStockSearch } from "./service";
import { dropIndexedChanges, layOverStock, resetStockOverlay, stockOverlayKey } from "./stock-overlay";

// Cars a newer stock snapshot changed, laid over the served (older) index: every filter, hit and
// facet count reads their new records at once, before the snapshot is indexed.

const cars = makeCars(80, 11, [101]);
const engine = createEngine(cars as unknown as Record<string, unknown>[], FIXTURE_ENGINE_OPTIONS);
const s = new EmbeddedStockSearch({ engineFor: (n) => (n === "Car_production" ? engine : null) });
/** A dealer's base filter in the platform's shape: its dealership, not sold. */
const ctx = { baseFilter: "dealership_id = 101 AND NOT status:sold" };
const inStock = cars.filter((c) => c.status === "in_stock" && c.dealership_id === 101);

const search = async (params: Record<string, unknown>) => (await s.search("Car_production", { hitsPerPage: 1000, ...params }, ctx)) as SearchResponse;
const ids = (res: SearchResponse) => res.hits.map((h) => Number(h.id));
const sold = (car: (typeof cars)[number]) => ({ ...car, status: "sold", sold_date_timestamp: 1_800_000_000 }) as unknown as Record<string, unknown>;

describe("stock changes laid over the served index", () => {
  afterEach(() => resetStockOverlay());

  it("takes a sold car out of a dealer's search at once, through its base filter and every refinement", async () => {
    const [car, other] = inStock;
    const before = await search({ facets: ["status", "make"] });
    expect(ids(before)).toContain(car.id);
    layOverStock([{ seq: 5, site: "site", car_id: car.id, car: sold(car) }]);
    const after = await search({ facets: ["status", "make"] });
    expect(ids(after)).not.toContain(car.id);
    expect(ids(after)).toContain(other.id);
    expect(after.nbHits).toBe(before.nbHits - 1);
    // The facet counts agree with the hits.
    expect(after.facets!.make[car.make] ?? 0).toBe((before.facets!.make[car.make] ?? 0) - 1);
    expect(after.facets!.status.in_stock).toBe(before.facets!.status.in_stock - 1);
    // A refinement on the new value finds it (without the dealer's base filter that hides sold cars).
    const all = (await s.search("Car_production", { hitsPerPage: 1000, filters: "status:sold", facets: ["status"] }, { baseFilter: "" })) as SearchResponse;
    const hit = all.hits.find((h) => Number(h.id) === car.id);
    expect(hit?.status).toBe("sold");
    expect(hit?.sold_date_timestamp).toBe(1_800_000_000);
    expect(all.facets!.status).toEqual({ sold: all.nbHits });
    // NOT reads the new record too.
    expect(ids(await search({ filters: "NOT status:in_stock" }))).not.toContain(car.id);
  });

  it("shows a changed car's new values in its hit and lets filters on them find it", async () => {
    const car = inStock[2];
    layOverStock([{ seq: 3, site: "site", car_id: car.id, car: { ...car, reserved: true, price: 1234 } as unknown as Record<string, unknown> }]);
    const res = await search({ filters: "reserved:true AND price < 2000", attributesToRetrieve: ["price", "reserved", "slug"] });
    expect(res.hits.map((h) => [Number(h.objectID), h.price, h.reserved])).toEqual([[car.id, 1234, true]]);
    expect(ids(await search({ filters: `price = ${car.price}` }))).not.toContain(car.id);
  });

  it("leaves out a car gone from the stock, whatever the filter", async () => {
    const car = inStock[3];
    layOverStock([{ seq: 4, site: "site", car_id: car.id, car: null }]);
    expect(ids(await search({}))).not.toContain(car.id);
    expect(ids(await search({ filters: "NOT status:coming_soon" }))).not.toContain(car.id);
  });

  it("answers the same with many cars laid over, request after request (long id sets kept per node)", async () => {
    const keep = new Set(inStock.slice(0, 3).map((c) => c.id));
    layOverStock(cars.map((c) => ({ seq: 8, site: "site", car_id: c.id, car: keep.has(c.id) ? (c as unknown as Record<string, unknown>) : sold(c) })));
    for (const filters of ["", "price > 0", "NOT status:coming_soon"]) {
      const res = await search({ filters, facets: ["status"] });
      expect(ids(res).sort(), filters).toEqual([...keep].sort());
      expect(res.facets!.status, filters).toEqual({ in_stock: 3 });
    }
  });

  it("keeps a car's latest change, and lets go of the changes an index build holds", async () => {
    const car = inStock[4];
    expect(stockOverlayKey()).toBe("");
    layOverStock([{ seq: 7, site: "site", car_id: car.id, car: sold(car) }]);
    layOverStock([{ seq: 6, site: "site", car_id: car.id, car: { ...car } as unknown as Record<string, unknown> }]);
    expect(ids(await search({}))).not.toContain(car.id);
    const key = stockOverlayKey();
    expect(key).not.toBe("");
    // A build of an older snapshot of the site still needs the change; another site's build too.
    dropIndexedChanges(
      new Map([
        ["site", 6],
        ["elsewhere", 9],
      ]),
    );
    expect(ids(await search({}))).not.toContain(car.id);
    expect(stockOverlayKey()).toBe(key);
    // Once the index holds publish 7, the index answers for the car again (here: the old fixture).
    dropIndexedChanges(new Map([["site", 7]]));
    expect(stockOverlayKey()).toBe("");
    expect(ids(await search({}))).toContain(car.id);
  });
});
