import { describe, expect, it } from "vitest";
import { quoteFilterToken } from "@/runtime/search/filter-grammar";
import { autogaugeFromComparables, autogaugeFromFeed, comparablesFilter, gaugeEligible, gaugeLabel, gaugeVisible } from "./gauge";
import { marketComparison } from "./gauge";

describe("price gauge conditions", () => {
  const ok = { fill: 60, listing_price: 30_000, market_range_min: 28_000, market_range_max: 34_000, confidence: 0.5, description: "x" };
  it("shows only when every value is present", () => {
    expect(gaugeVisible(ok)).toBe(true);
    for (const key of Object.keys(ok)) expect(gaugeVisible({ ...ok, [key]: undefined })).toBe(false);
    expect(gaugeVisible(null)).toBe(false);
    expect(gaugeVisible({ ...ok, description: " " })).toBe(false);
  });
  it("needs confidence above 0.2", () => {
    expect(gaugeVisible({ ...ok, confidence: 0.2 })).toBe(false);
    expect(gaugeVisible({ ...ok, confidence: 0.21 })).toBe(true);
  });
  it("needs the market maximum not below the listing price", () => {
    expect(gaugeVisible({ ...ok, market_range_max: 29_999 })).toBe(false);
    expect(gaugeVisible({ ...ok, market_range_max: 30_000 })).toBe(true);
  });
  it("labels the lower third of the range a Great Deal, the middle a Good Deal, and claims no deal in the upper third", () => {
    expect(gaugeLabel({ fill: 80 })).toBe("Great Deal");
    expect(gaugeLabel({ fill: 40 })).toBe("Good Deal");
    expect(gaugeLabel({ fill: 7 })).toBeNull();
    expect(gaugeLabel({ fill: 0 })).toBeNull();
  });
  it("is for used cars in stock, not sold or reserved, priced above $200, on sites with the Autogauge plugin and flag", () => {
    const site = { plugins: ["Autogauge"], features: { autogauge: true } };
    const used = { car_type: "used", status: "in_stock", sold: false, reserved: false, price: 24_990 };
    expect(gaugeEligible(site, used)).toBe(true);
    expect(gaugeEligible(site, { ...used, car_type: "new" })).toBe(false);
    expect(gaugeEligible(site, { ...used, status: "coming_soon" })).toBe(false);
    expect(gaugeEligible(site, { ...used, status: "sold" })).toBe(false);
    expect(gaugeEligible(site, { ...used, sold: true })).toBe(false);
    expect(gaugeEligible(site, { ...used, reserved: true })).toBe(false);
    expect(gaugeEligible(site, { ...used, price: 200 })).toBe(false);
    expect(gaugeEligible(site, { ...used, price: 201 })).toBe(true);
    expect(gaugeEligible({ plugins: [], features: { autogauge: true } }, used)).toBe(false);
    expect(gaugeEligible({ plugins: ["Autogauge"], features: {} }, used)).toBe(false);
  });
  it("computes the range from comparables (10th to 90th percentile) and grows confidence with their number", () => {
    const prices = Array.from({ length: 11 }, (_, i) => 25_000 + i * 1000); // 25k..35k
    const g = autogaugeFromComparables(27_000, prices)!;
    expect(g).toMatchObject({ listing_price: 27_000, market_range_min: 26_000, market_range_max: 34_000, confidence: 0.37 });
    expect(g.fill).toBe(88);
    expect(gaugeVisible(g)).toBe(true);
    expect(autogaugeFromComparables(27_000, [1, 2])).toBeNull();
    expect(autogaugeFromComparables(0, prices)).toBeNull();
  });
  it("falls back to the feed's market data", () => {
    expect(autogaugeFromFeed(20_000, { market_range_min: 19_000, market_range_max: 23_000, confidence: 0.14 })).toMatchObject({ fill: 75, confidence: 0.14 });
    expect(autogaugeFromFeed(20_000, { market_range_min: 19_000 })).toBeNull();
  });
  it("gives the gauge, its label and the badge from one computation", () => {
    const prices = Array.from({ length: 11 }, (_, i) => 25_000 + i * 1000); // 25k..35k, average 30k
    // Near the top of the range: a bar filled 7% claims no deal, and no badge.
    const high = marketComparison(33_500, prices, null);
    expect(high.gauge).toMatchObject({ fill: 6, label: null, average_market_price: 30_000, below_average: null });
    expect(high.belowAverage).toBeNull();
    // Low in the range: a Great Deal, and the badge's saving against the same comparables' average.
    const low = marketComparison(27_000, prices, null);
    expect(low.gauge).toMatchObject({ label: "Great Deal", below_average: 3000 });
    expect(low.belowAverage).toBe(3000);
  });
  it("never lets the feed's average give a badge the comparables contradict", () => {
    const prices = Array.from({ length: 11 }, (_, i) => 25_000 + i * 1000);
    // The feed says $5,110 below its average, but the comparables put the car above their whole range.
    const above = marketComparison(36_000, prices, { average_market_price: 41_110 });
    expect(above.gauge?.market_range_max).toBe(34_000);
    expect(above.belowAverage).toBeNull();
  });
  it("reads the feed's averages for the badge when there is no market range (state preferred, at least $500)", () => {
    expect(marketComparison(20_000, null, { average_market_price: 30_000, state_average_market_price: 20_500 }).belowAverage).toBe(500);
    expect(marketComparison(20_000, null, { average_market_price: 30_000, state_average_market_price: 20_499 }).belowAverage).toBeNull();
    expect(marketComparison(20_000, null, { average_market_price: 21_000 }).belowAverage).toBe(1000);
    expect(marketComparison(0, null, { average_market_price: 30_000 }).belowAverage).toBeNull();
    expect(marketComparison(20_000, null, null)).toEqual({ gauge: null, belowAverage: null });
    // With a range in the feed, its gauge decides.
    const feed = { market_range_min: 19_000, market_range_max: 23_000, confidence: 0.5, state_average_market_price: 21_000 };
    expect(marketComparison(20_000, null, feed)).toMatchObject({ gauge: { fill: 75, label: "Great Deal" }, belowAverage: 1000 });
    expect(marketComparison(20_000, [1, 2], feed).gauge?.fill).toBe(75);
  });
  it("filters comparables to the same make and model, a similar year, used, never the car itself", () => {
    expect(comparablesFilter({ make: "Toyota", model: "RAV4", year: 2021, id: 7 }, quoteFilterToken)).toBe(
      "make:Toyota AND model:RAV4 AND year:2019 TO 2023 AND car_type:used AND price > 10 AND NOT id=7",
    );
  });
});
