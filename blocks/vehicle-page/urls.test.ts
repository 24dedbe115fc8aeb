import { describe, expect, it } from "vitest";
import { pageUrls } from "./urls";
import { stockCar, testStockDir, writeStockFile } from "@/tests/helpers/stock-dir";

const T = Math.floor(Date.now() / 1000) - 3600;
const car = (id: number, dealership_id: number, extra: Record<string, unknown> = {}) =>
  stockCar(id, dealership_id, { make: "Kia", model: "EV5", year: 2024, car_type: "new", created_at_timestamp: T - id, price: 50000, ...extra });
const manifest = { slug: "a", dealerships: [{ id: 1, slug: "a", name: "A" }], search: { includeSoldCarsDays: 30 } } as never;
const site = { manifest, now: new Date(), limit: 50_000 };

testStockDir("stock", (dir) => {
  writeStockFile(dir, "a", [
    car(1, 1),
    car(2, 1, { show_on_dealer_website: false }),
    car(3, 1, { status: "sold", created_at_timestamp: T - 20 * 86400, sold_date_timestamp: T - 5 * 86400 + 7 }),
    car(4, 1, { status: "sold", sold_date_timestamp: T - 90 * 86400 }),
  ]);
  writeStockFile(dir, "b", [car(5, 2)]);
});

describe("the vehicle page's URLs", () => {
  it("are the dealer's cars that have a page (a recently sold one too), at the route's pattern, last changed when listed or sold", async () => {
    const urls = await pageUrls({} as never, site, "/stock/[slug]");
    expect(urls.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: "/stock/car-1", lastModified: new Date((T - 1) * 1000) },
      { path: "/stock/car-3", lastModified: new Date((T - 5 * 86400 + 7) * 1000) },
    ]);
  });

  it("stop at the limit they are given", async () => {
    expect(await pageUrls({} as never, { ...site, limit: 1 }, "/cars/[slug]")).toHaveLength(1);
  });
});
