import { describe, expect, it } from "vitest";
import {
  clamp,
  decimalsOf,
  formatDecimal,
  formatDollars,
  formatKms,
  formatThousands,
  orderedPair,
  parseAmount,
  parseDecimal,
  sliderBounds,
  stepBy,
  tidy,
} from "./number-format";

describe("formatting", () => {
  it("groups thousands, whole numbers only", () => {
    expect(formatThousands(0)).toBe("0");
    expect(formatThousands(999)).toBe("999");
    expect(formatThousands(30000)).toBe("30,000");
    expect(formatThousands(1234567.6)).toBe("1,234,568");
    expect(formatThousands(-25000)).toBe("-25,000");
    expect(formatThousands(null)).toBe("");
    expect(formatThousands(Number.NaN)).toBe("");
  });
  it("prefixes dollars and suffixes kms", () => {
    expect(formatDollars(5000)).toBe("$5,000");
    expect(formatDollars(-5)).toBe("-$5");
    expect(formatDollars(undefined)).toBe("");
    expect(formatKms(12500)).toBe("12,500 kms");
    expect(formatKms(null)).toBe("");
  });
  it("shows decimals only where there are some", () => {
    expect(formatDecimal(10)).toBe("10");
    expect(formatDecimal(7.5)).toBe("7.5");
    expect(formatDecimal(9.95)).toBe("9.95");
    expect(formatDecimal(0.1 + 0.2)).toBe("0.3");
    expect(formatDecimal(null)).toBe("");
  });
});

describe("parsing", () => {
  it("reads typed amounts with separators, prefixes and suffixes", () => {
    expect(parseAmount("$30,000")).toBe(30000);
    expect(parseAmount("12 500 kms")).toBe(12500);
    expect(parseAmount("30000.99")).toBe(30000);
    expect(parseAmount("-500")).toBe(-500);
    expect(parseAmount("")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
  });
  it("reads typed decimals", () => {
    expect(parseDecimal("7.5")).toBe(7.5);
    expect(parseDecimal("7,5")).toBe(7.5);
    expect(parseDecimal(" 10 % ")).toBe(10);
    expect(parseDecimal("")).toBeNull();
    expect(parseDecimal(".")).toBeNull();
  });
});

describe("stepping and clamping", () => {
  it("knows a step's decimals", () => {
    expect(decimalsOf(500)).toBe(0);
    expect(decimalsOf(0.5)).toBe(1);
    expect(decimalsOf(0.25)).toBe(2);
    expect(decimalsOf(1e-7)).toBe(7);
  });
  it("clamps, NaN to min", () => {
    expect(clamp(5, 1, 7)).toBe(5);
    expect(clamp(0, 1, 7)).toBe(1);
    expect(clamp(9, 1, 7)).toBe(7);
    expect(clamp(Number.NaN, 1, 7)).toBe(1);
  });
  it("steps on the grid from min and stops at the limits", () => {
    const term = { min: 1, max: 7, step: 0.5 };
    expect(stepBy(5, 1, term)).toBe(5.5);
    expect(stepBy(5, -1, term)).toBe(4.5);
    expect(stepBy(7, 1, term)).toBe(7);
    expect(stepBy(1, -1, term)).toBe(1);
    expect(stepBy(5.2, 1, term)).toBe(5.5); // off the grid: to the next grid point up
    expect(stepBy(5.2, -1, term)).toBe(5);
    expect(stepBy(2, 10, term)).toBe(7);
    const rate = { min: 9.95, max: 19.95, step: 0.5 };
    expect(stepBy(12.95, 1, rate)).toBe(13.45);
    expect(stepBy(0.1 * 3, 1, { min: 0, max: 1, step: 0.1 })).toBe(0.4);
    expect(tidy(0.30000000000000004)).toBe(0.3);
  });
  it("keeps a slider's min at least 1 below its max", () => {
    expect(sliderBounds(1000, 100000)).toEqual({ min: 1000, max: 100000 });
    expect(sliderBounds(5, 5)).toEqual({ min: 4, max: 5 });
    expect(sliderBounds(5, 5.5)).toEqual({ min: 4, max: 5.5 });
    expect(sliderBounds(8, 5)).toEqual({ min: 4, max: 5 });
  });
  it("keeps two thumbs in order, at least one step (and 1) apart", () => {
    const r = { min: 5000, max: 250000, step: 500 };
    expect(orderedPair(10000, 20000, r, "low")).toEqual({ low: 10000, high: 20000 });
    expect(orderedPair(30000, 20000, r, "low")).toEqual({ low: 19500, high: 20000 });
    expect(orderedPair(20000, 10000, r, "high")).toEqual({ low: 20000, high: 20500 });
    expect(orderedPair(250000, 250000, r, "low")).toEqual({ low: 249500, high: 250000 });
    expect(orderedPair(5000, 5000, r, "high")).toEqual({ low: 5000, high: 5500 });
    expect(orderedPair(1, 999999, r, "low")).toEqual({ low: 5000, high: 250000 });
    expect(orderedPair(3, 3, { min: 0, max: 10, step: 0.5 }, "low")).toEqual({ low: 2, high: 3 });
  });
});
