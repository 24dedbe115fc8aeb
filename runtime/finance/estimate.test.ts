import { describe, expect, it } from "vitest";
import { financeEstimate } from "./estimate";
import { resolveProvider, SAMPLE_PROVIDERS } from "./settings";

const standard = resolveProvider(SAMPLE_PROVIDERS.standard);

describe("financeEstimate", () => {
  it("reads '5 year term, 10.0% deposit' and amortises weekly", () => {
    const e = financeEstimate(33333.33, standard)!;
    expect(e.label).toBe("5 year term, 10.0% deposit");
    expect(e.result.amountOfCredit).toBeCloseTo(30000, 2);
    // 30000 at 10% over 260 weeks: 30000 × (0.1/52) / (1 − (1 + 0.1/52)^−260) = 146.7333 (independently computed)
    expect(e.weekly).toBe(146.73);
  });
  it("gives the monthly figure as weekly × 4.33", () => {
    const e = financeEstimate(33333.33, standard)!;
    expect(e.monthly).toBe(635.34); // 146.73 × 4.33 = 635.3409
  });
  it("follows the provider's rounding and fees", () => {
    const prime = resolveProvider(SAMPLE_PROVIDERS.prime);
    const e = financeEstimate(20000, prime)!;
    expect(e.result.amountFinanced).toBe(18000 + 1300);
    expect(e.rate).toBe(8.5);
  });
  it("takes other terms, deposits and a balloon", () => {
    const e = financeEstimate(30000, standard, { termYears: 3, depositPercent: 0, balloonPercent: 30, rate: 6 })!;
    expect(e.label).toBe("3 year term, 0.0% deposit");
    expect(e.result.balloon).toBe(9000);
    expect(e.weekly).toBeLessThan(financeEstimate(30000, standard, { termYears: 3, depositPercent: 0, rate: 6 })!.weekly);
  });
  it("has nothing to estimate without a price", () => {
    expect(financeEstimate(0, standard)).toBeNull();
    expect(financeEstimate(null, standard)).toBeNull();
    expect(financeEstimate(Number.NaN, standard)).toBeNull();
  });
});
