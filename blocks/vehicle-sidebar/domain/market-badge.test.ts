import { describe, expect, it } from "vitest";
import { marketPriceBadge } from "./market-badge";

describe("market-price badge", () => {
  const car = (price: number, average: number, state?: number) => ({
    price,
    autograb_data: { average_market_price: average, state_average_market_price: state },
  });
  it("shows when the price is at least 500 below the state average (preferred)", () => {
    expect(marketPriceBadge(car(20_000, 30_000, 20_500))).toEqual({ average: 20_500, saving: 500, basis: "state" });
    expect(marketPriceBadge(car(20_000, 30_000, 20_499))).toBeNull();
  });
  it("uses the national average when there is no state average", () => {
    expect(marketPriceBadge(car(20_000, 21_000))).toEqual({ average: 21_000, saving: 1000, basis: "national" });
    expect(marketPriceBadge(car(20_000, 20_400))).toBeNull();
  });
  it("needs a displayed price and market data", () => {
    expect(marketPriceBadge({ price: 0, autograb_data: { average_market_price: 30_000 } })).toBeNull();
    expect(marketPriceBadge({ price: 20_000 })).toBeNull();
  });
});
