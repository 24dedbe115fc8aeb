import { describe, expect, it } from "vitest";
import { feeScheduleFor } from "./fees";
import { resolveProvider, SAMPLE_PROVIDERS } from "./settings";

describe("feeScheduleFor", () => {
  it("splits the brand variant's fees into credit and government fees", () => {
    const f = feeScheduleFor(resolveProvider(SAMPLE_PROVIDERS.brand).fees);
    expect(f.upfrontCredit).toBeCloseTo(395 + 912.25, 10);
    expect(f.upfrontGovernment).toBe(6);
    expect(f.monthlyCredit).toBe(8);
    expect(f.monthlyGovernment).toBe(0);
    expect(f.financed).toBe(true);
  });

  it("routes other fees by frequency and government flag", () => {
    const f = feeScheduleFor({
      establishment: 100,
      securityRegistration: 0,
      monthlyAdmin: 0,
      dealerAgency: 0,
      financed: false,
      other: [
        { name: "Stamp duty", amount: 40, frequency: "upfront", government: true },
        { name: "Doc fee", amount: 25, frequency: "upfront", government: false },
        { name: "Service fee", amount: 3, frequency: "monthly", government: false },
        { name: "Levy", amount: 1, frequency: "monthly", government: true },
      ],
    });
    expect(f).toEqual({ upfrontCredit: 125, upfrontGovernment: 40, monthlyCredit: 3, monthlyGovernment: 1, financed: false });
  });
});
