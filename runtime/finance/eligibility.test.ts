import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { brisbaneYear, financeDisplay, financeEligibility, isAvailable, isFinanceEligible, showsPrice, type FinanceCar, type LenderData } from "./eligibility";
import type { EligibilityRule } from "./settings";

const now = new Date("2025-06-15T00:00:00Z");
const recent: EligibilityRule = { kind: "recent-vehicle", maxAgeYears: 12, minPrice: 500, paymentField: "paymentWeek" };
const payment: EligibilityRule = { kind: "payment-present", maxAgeYears: 12, minPrice: 500, paymentField: "paymentWeek" };
const car: FinanceCar = { make: "Chery", year: 2022, price: 25000, status: "in_stock" };
const lender: LenderData = { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 120.5, paymentMonth: null };

const reason = (c: FinanceCar, l: LenderData | null | undefined, r: EligibilityRule) => {
  const e = financeEligibility(c, l, r, now);
  return e.eligible ? "eligible" : e.reason;
};

describe("common conditions (every rule)", () => {
  it.each([recent, payment])("an eligible car shows finance (%o)", (rule) => {
    expect(reason(car, lender, rule)).toBe("eligible");
    expect(isFinanceEligible(car, lender, rule, now)).toBe(true);
  });
  it.each([recent, payment])("needs provider data", (rule) => {
    expect(reason(car, null, rule)).toBe("no-provider-data");
    expect(reason(car, undefined, rule)).toBe("no-provider-data");
  });
  it.each([recent, payment])("needs an interest rate and a comparison rate", (rule) => {
    expect(reason(car, { ...lender, interestRate: null }, rule)).toBe("no-interest-rate");
    expect(reason(car, { ...lender, comparisonRate: null }, rule)).toBe("no-comparison-rate");
    expect(reason(car, { ...lender, comparisonRate: undefined }, rule)).toBe("no-comparison-rate");
  });
  it.each(["Suzuki", "SUZUKI", "suzuki", " Suzuki "])("never shows for the make %j", (make) => {
    expect(reason({ ...car, make }, lender, payment)).toBe("excluded-make");
    expect(reason({ ...car, make }, lender, recent)).toBe("excluded-make");
  });
  it.each([recent, payment])("needs a price over 500", (rule) => {
    expect(reason({ ...car, price: 500 }, lender, rule)).toBe("price-too-low");
    expect(reason({ ...car, price: null }, lender, rule)).toBe("price-too-low");
    expect(reason({ ...car, price: 501 }, lender, rule)).toBe("eligible");
  });
  it.each([recent, payment])("needs the car to be available", (rule) => {
    expect(reason({ ...car, status: "sold" }, lender, rule)).toBe("not-available");
    expect(reason({ ...car, status: null }, lender, rule)).toBe("not-available");
    expect(reason({ ...car, status: "coming_soon" }, lender, rule)).toBe("eligible");
  });
});

describe("recent-vehicle rule", () => {
  it("needs a year newer than the current year minus 12", () => {
    expect(reason({ ...car, year: 2013 }, lender, recent)).toBe("too-old");
    expect(reason({ ...car, year: 2014 }, lender, recent)).toBe("eligible");
    expect(reason({ ...car, year: null }, lender, recent)).toBe("too-old");
  });
  it("does not need a payment value", () => {
    expect(reason(car, { ...lender, paymentWeek: null }, recent)).toBe("eligible");
  });
  it("reads the year in Brisbane time", () => {
    expect(brisbaneYear(new Date("2025-12-31T14:00:00Z"))).toBe(2026);
    expect(brisbaneYear(new Date("2025-12-31T13:59:00Z"))).toBe(2025);
  });
});

describe("payment-present rule", () => {
  it("needs the relevant payment value", () => {
    expect(reason(car, { ...lender, paymentWeek: null }, payment)).toBe("no-payment");
    expect(reason(car, lender, { ...payment, paymentField: "paymentMonth" })).toBe("no-payment");
    expect(reason(car, { ...lender, paymentMonth: 520 }, { ...payment, paymentField: "paymentMonth" })).toBe("eligible");
  });
  it("does not care about age", () => {
    expect(reason({ ...car, year: 1990 }, lender, payment)).toBe("eligible");
  });
});

describe("helpers", () => {
  it("availability is in_stock or coming_soon", () => {
    expect(isAvailable("in_stock")).toBe(true);
    expect(isAvailable("coming_soon")).toBe(true);
    expect(isAvailable("sold")).toBe(false);
    expect(isAvailable(undefined)).toBe(false);
  });
  it("a price shows only above 10", () => {
    expect(showsPrice(10)).toBe(false);
    expect(showsPrice(11)).toBe(true);
    expect(showsPrice(null)).toBe(false);
  });
});

describe("financeDisplay", () => {
  it("a payment of 25 or less reads 'Enquire for Finance' with blank total repayments", () => {
    expect(financeDisplay(25, 6500)).toEqual({ enquire: true, paymentText: "Enquire for Finance", totalRepaymentsText: "" });
    expect(financeDisplay(0, 0)).toEqual({ enquire: true, paymentText: "Enquire for Finance", totalRepaymentsText: "" });
    expect(financeDisplay(null)).toEqual({ enquire: true, paymentText: "Enquire for Finance", totalRepaymentsText: "" });
  });
  it("above 25 shows the payment and total with cents", () => {
    expect(financeDisplay(25.01, 6502.6)).toEqual({ enquire: false, paymentText: "$25.01", totalRepaymentsText: "$6,502.60" });
    expect(financeDisplay(579.98, 34798.8)).toEqual({ enquire: false, paymentText: "$579.98", totalRepaymentsText: "$34,798.80" });
  });
});

describe("properties", () => {
  const arbCar = fc.record({
    make: fc.constantFrom("Chery", "Suzuki", "suzuki", "Toyota", null),
    year: fc.option(fc.integer({ min: 1990, max: 2026 })),
    price: fc.option(fc.integer({ min: -10, max: 100000 })),
    status: fc.constantFrom("in_stock", "coming_soon", "sold", null),
  });
  const arbLender = fc.option(
    fc.record({
      interestRate: fc.option(fc.double({ min: 0, max: 20, noNaN: true })),
      comparisonRate: fc.option(fc.double({ min: 0, max: 25, noNaN: true })),
      paymentWeek: fc.option(fc.double({ min: 0, max: 2000, noNaN: true })),
    }),
  );
  it("eligible exactly when every listed condition holds", () => {
    fc.assert(
      fc.property(arbCar, arbLender, fc.constantFrom(recent, payment), (c, l, rule) => {
        const expected =
          l != null &&
          l.interestRate != null &&
          l.comparisonRate != null &&
          (c.make ?? "").toLowerCase() !== "suzuki" &&
          c.price != null &&
          c.price > 500 &&
          (c.status === "in_stock" || c.status === "coming_soon") &&
          (rule.kind === "recent-vehicle" ? c.year != null && c.year > 2025 - 12 : l.paymentWeek != null);
        expect(isFinanceEligible(c, l, rule, now)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
  it("'Enquire for Finance' exactly when the payment is 25 or less", () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), (p, total) => {
        const d = financeDisplay(p, total);
        expect(d.enquire).toBe(p <= 25);
        if (d.enquire) expect(d.totalRepaymentsText).toBe("");
        else expect(d.totalRepaymentsText).not.toBe("");
      }),
    );
  });
});
