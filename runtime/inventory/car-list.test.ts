import { describe, expect, it, vi } from "vitest";
import { dealerCarPages } from "./car-list";
import { stockCar, testStockDir, writeStockFile } from "@/tests/helpers/stock-dir";

// Listing times well inside the base filter's windows whatever the clock says.
const T = Math.floor(Date.now() / 1000) - 3600;
const car = (id: number, dealership_id: number, created: number, extra: Record<string, unknown> = {}) =>
  stockCar(id, dealership_id, { custom_rank: id % 13, created_at_timestamp: created, ...extra });
const manifest = (id: number) => ({ slug: `d${id}`, dealerships: [{ id, slug: `d${id}`, name: `D${id}` }], search: {} }) as never;

testStockDir("stock", (dir) => {
  // Dealer 1: 2,500 cars, seven to a listing second, so every 1,000-hit window ends inside a second.
  const one = Array.from({ length: 2500 }, (_, i) => car(i + 1, 1, T - Math.floor(i / 7)));
  one.push(car(9001, 1, T, { show_on_dealer_website: false }), car(9002, 1, T, { status: "sold", sold_date_timestamp: T - 400 * 86400 }));
  // Dealer 2: 50 new cars, then 1,100 listed in the same second.
  const two = [...Array.from({ length: 50 }, (_, i) => car(10_001 + i, 2, T)), ...Array.from({ length: 1100 }, (_, i) => car(20_001 + i, 2, T - 60))];
  // Dealer 3: a small stock.
  const three = [car(30_001, 3, T - 5), car(30_002, 3, T), car(30_003, 3, T, { photos_count: 0 })];
  writeStockFile(dir, "one", one);
  writeStockFile(dir, "two", two);
  writeStockFile(dir, "three", three);
});

describe("dealerCarPages", () => {
  it("lists every car of the dealer that has a page, once each, newest first, past the engines' 1,000-hit reach", async () => {
    const cars = await dealerCarPages(manifest(1), 50_000);
    expect(cars).toHaveLength(2500);
    expect(new Set(cars.map((c) => c.slug)).size).toBe(2500);
    expect(cars.map((c) => c.slug)).not.toContain("car-9001");
    expect(cars.map((c) => c.slug)).not.toContain("car-9002");
    const times = cars.map((c) => c.created_at_timestamp!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("stops at the limit", async () => {
    const cars = await dealerCarPages(manifest(1), 1200);
    expect(cars).toHaveLength(1200);
    expect(new Set(cars.map((c) => c.slug)).size).toBe(1200);
    expect(await dealerCarPages(manifest(1), 0)).toEqual([]);
  });

  it("reads a small stock in one query, through the dealer's base filter", async () => {
    const cars = await dealerCarPages(manifest(3), 50_000);
    expect(cars.map((c) => c.slug).sort()).toEqual(["car-30001", "car-30002"]);
  });

  it("logs the cars it cannot reach when more than 1,000 share one listing second", async () => {
    const log = vi.fn();
    const cars = await dealerCarPages(manifest(2), 50_000, log);
    expect(cars).toHaveLength(1050);
    expect(new Set(cars.map((c) => c.slug)).size).toBe(1050);
    expect(log).toHaveBeenCalledWith("[stock] site=d2: 100 cars listed in the same second as 1,000 others left out of the car list");
  });
});
