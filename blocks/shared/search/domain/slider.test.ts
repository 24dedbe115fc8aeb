import { describe, expect, it } from "vitest";
import { moveThumb, rangeRefinement, roundSliderValue, sliderBounds, sliderInputValue, sliderRangeFor, sliderStep } from "./slider";

const price = { min: 5000, max: 250000 };

describe("slider rules", () => {
  it("rounds price and km to the nearest 1000, years to whole numbers", () => {
    expect(roundSliderValue("price", 12499)).toBe(12000);
    expect(roundSliderValue("price", 12500)).toBe(13000);
    expect(roundSliderValue("km", 49_600)).toBe(50_000);
    expect(roundSliderValue("year", 2019.4)).toBe(2019);
  });
  it("takes a range input's last position, short of a maximum between two steps, as the maximum: no upper limit", () => {
    const bounds = sliderBounds("price", { min: 6000, max: 335_390 });
    const step = sliderStep("price", bounds);
    expect(step).toBe(3000);
    // The input stops at 6,000 + 109 × 3,000 = 333,000.
    expect(sliderInputValue(333_000, bounds, step)).toBe(335_390);
    expect(rangeRefinement(moveThumb("price", { min: 6000, max: 120_000 }, "max", sliderInputValue(333_000, bounds, step), bounds), bounds)).toEqual({});
    // One step down is a limit, as are the other positions and a maximum on a step.
    expect(sliderInputValue(330_000, bounds, step)).toBe(330_000);
    expect(sliderInputValue(6000, bounds, step)).toBe(6000);
    expect(sliderInputValue(335_390, bounds, step)).toBe(335_390);
    // A maximum on a step is reached by the input itself: its position before is a limit.
    expect(sliderInputValue(333_000, { min: 6000, max: 336_000 }, step)).toBe(333_000);
  });
  it("keeps a bound between two thousands as it is (the + button at the end, the cheapest car's price typed): no limit", () => {
    const bounds = { min: 5990, max: 335_390 };
    const current = { min: 20_000, max: 120_000 };
    expect(moveThumb("price", current, "max", 335_390, bounds)).toEqual({ min: 20_000, max: 335_390 });
    expect(moveThumb("price", current, "min", 5990, bounds)).toEqual({ min: 5990, max: 120_000 });
    expect(rangeRefinement(moveThumb("price", moveThumb("price", current, "max", 335_390, bounds), "min", 5990, bounds), bounds)).toEqual({});
    // Anything else still rounds to the nearest 1000.
    expect(moveThumb("price", current, "max", 335_380, bounds)).toEqual({ min: 20_000, max: 335_000 });
  });
  it("steps by range/100", () => {
    expect(sliderStep("price", price)).toBe(2000);
    expect(sliderStep("year", { min: 2000, max: 2026 })).toBe(1);
    expect(sliderStep("km", { min: 0, max: 300000 })).toBe(3000);
  });
  it("clamps within the bounds and keeps min at least 1 below max", () => {
    const cur = { min: 5000, max: 50000 };
    expect(moveThumb("price", cur, "min", 20400, price)).toEqual({ min: 20000, max: 50000 });
    expect(moveThumb("price", cur, "min", 60000, price)).toEqual({ min: 49999, max: 50000 });
    expect(moveThumb("price", { min: 30000, max: 250000 }, "max", 10000, price)).toEqual({ min: 30000, max: 30001 });
    expect(moveThumb("price", cur, "max", 249900, price)).toEqual({ min: 5000, max: 250000 });
    expect(moveThumb("year", { min: 2010, max: 2020 }, "min", 2020, { min: 2000, max: 2026 })).toEqual({ min: 2019, max: 2020 });
  });
  it("silently ignores values outside the range", () => {
    const cur = { min: 5000, max: 50000 };
    expect(moveThumb("price", cur, "min", 1000, price)).toBe(cur);
    expect(moveThumb("price", cur, "max", 300000, price)).toBe(cur);
    expect(moveThumb("price", cur, "max", Number.NaN, price)).toBe(cur);
  });
  it("turns a side at its bound into no refinement", () => {
    expect(rangeRefinement({ min: 5000, max: 250000 }, price)).toEqual({});
    expect(rangeRefinement({ min: 10000, max: 250000 }, price)).toEqual({ min: 10000 });
    expect(sliderRangeFor({ max: 20000 }, price)).toEqual({ min: 5000, max: 20000 });
    expect(sliderRangeFor({ min: 900000 }, price)).toEqual({ min: 249999, max: 250000 });
  });
  it("derives bounds from facet stats, with the price fallback maximum", () => {
    expect(sliderBounds("price", null)).toEqual({ min: 0, max: 100000 });
    expect(sliderBounds("year", { min: 2020, max: 2020 })).toEqual({ min: 2020, max: 2021 });
    expect(sliderBounds("km", { min: 10.5, max: 99000.2 })).toEqual({ min: 10, max: 99001 });
  });
});
