import { describe, expect, it } from "vitest";
import { quoteFilterToken } from "@/runtime/search/filter-grammar";
import { autogaugeFromComparables, autogaugeFromFeed, comparablesFilter, gaugeEligible, gaugeLabel, gaugeVisible } from "./gauge";

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
  it("labels the lower third of the range a Great Deal", () => {
    expect(gaugeLabel({ fill: 80 })).toBe("Great Deal");
    expect(gaugeLabel({ fill: 40 })).toBe("Good Deal");
  });
  it("is for used cars on sites with the Autogauge plugin and flag", () => {
    const site = { plugins: ["Autogauge"], features: { autogauge: true } };
    expect(gaugeEligible(site, { car_type: "used" })).toBe(true);
    expect(gaugeEligible(site, { car_type: "new" })).toBe(false);
    expect(gaugeEligible({ plugins: [], features: { autogauge: true } }, { car_type: "used" })).toBe(false);
    expect(gaugeEligible({ plugins: ["Autogauge"], features: {} }, { car_type: "used" })).toBe(false);
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
  it("filters comparables to the same make and model, a similar year, used, never the car itself", () => {
    expect(comparablesFilter({ make: "Toyota", model: "RAV4", year: 2021, id: 7 }, quoteFilterToken)).toBe(
      "make:Toyota AND model:RAV4 AND year:2019 TO 2023 AND car_type:used AND price > 10 AND NOT id=7",
    );
  });
});
