import { describe, expect, it } from "vitest";
import { carBySlug } from "./cars";
import { stockCar, testStockDir, writeStockFile } from "@/tests/helpers/stock-dir";

const now = Math.floor(Date.now() / 1000);
const car = (id: number, dealership_id: number, extra: Record<string, unknown> = {}) => stockCar(id, dealership_id, { created_at_timestamp: now, ...extra });
const manifest = { slug: "a", dealerships: [{ id: 1, slug: "a", name: "A" }], search: {} } as any;

testStockDir("stock", (dir) => {
  writeStockFile(dir, "a", [car(1, 1), car(2, 1, { show_on_dealer_website: false }), car(3, 1, { status: "sold", sold_date_timestamp: now - 30 * 86400 })]);
  writeStockFile(dir, "b", [car(4, 2)]);
});

describe("server-side car lookups go through the dealer's base filter", () => {
  it("finds the dealer's own visible car by slug", async () => {
    expect((await carBySlug(manifest, "car-1"))?.id).toBe(1);
  });
  it("does not find another dealer's car, a hidden car or a long-sold car", async () => {
    expect(await carBySlug(manifest, "car-4")).toBeNull();
    expect(await carBySlug(manifest, "car-2")).toBeNull();
    expect(await carBySlug(manifest, "car-3")).toBeNull();
  });
});
