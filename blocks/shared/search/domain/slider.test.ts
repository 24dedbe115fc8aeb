import { describe, expect, it } from "vitest";
import { moveThumb, rangeRefinement, roundSliderValue, sliderBounds, sliderRangeFor, sliderStep } from "./slider";

const price = { min: 5000, max: 250000 };

describe("slider rules", () => {
  it("rounds price and km to the nearest 1000, years to whole numbers", () => {
    expect(roundSliderValue("price", 12499)).toBe(12000);
    expect(roundSliderValue("price", 12500)).toBe(13000);
    expect(roundSliderValue("km", 49_600)).toBe(50_000);
    expect(roundSliderValue("year", 2019.4)).toBe(2019);
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
