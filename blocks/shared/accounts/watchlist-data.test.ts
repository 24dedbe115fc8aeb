import { describe, expect, it } from "vitest";
import type { Car } from "@/runtime/stock/car";
import { watchlistItem } from "./watchlist-data";

const car = (over: Partial<Car>) => ({ id: 1, slug: "2021-mg-zs-1", year: 2021, make: "MG", model: "ZS", status: "in_stock", price: 20000, ...over }) as Car;

describe("watchlist page items", () => {
  it("show a price drop since the car was saved", () => {
    expect(watchlistItem("1", 22000, car({ price: 20000 }))).toMatchObject({ drop: 2000, price: 20000, sold: false, href: "/cars/2021-mg-zs-1" });
    expect(watchlistItem("1", 19000, car({ price: 20000 })).drop).toBeNull();
    expect(watchlistItem("1", null, car({})).drop).toBeNull();
  });
  it("mark a car that sold, or is no longer listed, as sold", () => {
    expect(watchlistItem("1", 20000, car({ status: "sold" })).sold).toBe(true);
    expect(watchlistItem("1", 20000, null)).toMatchObject({ sold: true, href: null, title: null });
  });
});
