import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  amortisedPayment,
  FREQUENCIES,
  monthlyEstimateFromWeekly,
  numberOfPayments,
  PERIODS_PER_YEAR,
  providerTerms,
  repaymentFor,
  roundPayment,
  type RepaymentInput,
} from "./repayment";
import { NO_FEES, feeScheduleFor } from "./fees";
import { resolveProvider, SAMPLE_PROVIDERS } from "./settings";

const base = { price: 30000, termYears: 5, frequency: "monthly" } as const;

describe("published figures", () => {
  it("$30,000 at 6% over 60 months is $579.98 a month", () => {
    const r = repaymentFor({ ...base, annualRate: 6 });
    expect(r.numberOfPayments).toBe(60);
    expect(r.payment).toBe(579.98);
    expect(r.totalRepayments).toBe(34798.8);
  });
  it("$30,000 at 6% over 60 months with a $9,000 balloon is $450.99 a month", () => {
    const r = repaymentFor({ ...base, annualRate: 6, balloon: 9000 });
    expect(r.payment).toBe(450.99);
    expect(r.totalRepayments).toBe(36059.4); // 60 × 450.99 + 9000
  });
  it("$30,000 over 60 months is $566.14 at 5% and $601.14 at 7.5%", () => {
    expect(repaymentFor({ ...base, annualRate: 5 }).payment).toBe(566.14);
    expect(repaymentFor({ ...base, annualRate: 7.5 }).payment).toBe(601.14);
  });
});

describe("frequencies", () => {
  it("uses 52, 26 and 12 payments a year", () => {
    expect(PERIODS_PER_YEAR).toEqual({ weekly: 52, fortnightly: 26, monthly: 12 });
    expect(numberOfPayments(5, "weekly")).toBe(260);
    expect(numberOfPayments(5, "fortnightly")).toBe(130);
    expect(numberOfPayments(2.5, "monthly")).toBe(30);
  });
  it("amortises weekly and fortnightly at rate / periods per year", () => {
    // Independently computed: 30000 × (0.06/52) / (1 − (1 + 0.06/52)^−260) = 133.6224...
    expect(repaymentFor({ ...base, annualRate: 6, frequency: "weekly" }).payment).toBe(133.62);
    expect(repaymentFor({ ...base, annualRate: 6, frequency: "fortnightly" }).payment).toBe(267.38);
  });
  it("a 0% loan divides the principal evenly", () => {
    const r = repaymentFor({ ...base, annualRate: 0, frequency: "weekly", balloon: 4000 });
    expect(r.payment).toBe(100); // (30000 − 4000) / 260
    expect(r.totalInterest).toBe(0);
  });
});

describe("deposit, trade-in and balloon", () => {
  it("takes the deposit off the price", () => {
    const r = repaymentFor({ ...base, price: 35000, deposit: 5000, annualRate: 6 });
    expect(r.amountOfCredit).toBe(30000);
    expect(r.payment).toBe(579.98);
  });
  it("a deposit covering the price means no loan and no fees", () => {
    const r = repaymentFor({ ...base, price: 20000, deposit: 25000, annualRate: 6, fees: feeScheduleFor(resolveProvider(SAMPLE_PROVIDERS.brand).fees) });
    expect(r.payment).toBe(0);
    expect(r.totalRepayments).toBe(0);
    expect(r.amountFinanced).toBe(0);
  });
  it("never charges a negative payment for an oversized balloon", () => {
    expect(repaymentFor({ ...base, annualRate: 6, balloon: 60000 }).payment).toBe(0);
  });
  it("leaves exactly the balloon owing at the end of the term", () => {
    const i = 0.06 / 12;
    const p = amortisedPayment(30000, i, 60, 9000);
    let owing = 30000;
    for (let k = 0; k < 60; k++) owing = owing * (1 + i) - p;
    expect(owing).toBeCloseTo(9000, 6);
  });
});

describe("fees", () => {
  it("finances upfront fees into the loan", () => {
    const r = repaymentFor({ ...base, annualRate: 6, fees: { ...NO_FEES, upfrontCredit: 1300 } });
    expect(r.amountFinanced).toBe(31300);
    expect(r.upfrontFeesFinanced).toBe(1300);
    expect(r.upfrontFeesPaid).toBe(0);
    expect(r.payment).toBe(605.12); // 31300 amortised
  });
  it("or has them paid at settlement", () => {
    const r = repaymentFor({ ...base, annualRate: 6, fees: { ...NO_FEES, upfrontCredit: 1360.5, financed: false } });
    expect(r.amountFinanced).toBe(30000);
    expect(r.payment).toBe(579.98);
    expect(r.upfrontFeesPaid).toBe(1360.5);
    expect(r.totalPayable).toBe(34798.8 + 1360.5);
  });
  it("adds the $8 monthly admin fee to each repayment, converted for the frequency", () => {
    const fees = { ...NO_FEES, monthlyCredit: 8 };
    const monthly = repaymentFor({ ...base, annualRate: 6, fees });
    expect(monthly.payment).toBe(587.98);
    expect(monthly.periodicFee).toBe(8);
    const weekly = repaymentFor({ ...base, annualRate: 6, frequency: "weekly", fees });
    expect(weekly.periodicFee).toBeCloseTo((8 * 12) / 52, 10);
    expect(weekly.payment).toBe(135.47); // 133.6225 + 1.8462
    expect(monthly.totalInterest).toBe(4798.8);
  });
  it("applies the brand variant's full fee list", () => {
    const fees = feeScheduleFor(resolveProvider(SAMPLE_PROVIDERS.brand).fees);
    const r = repaymentFor({ ...base, annualRate: 9.99, fees });
    expect(r.amountFinanced).toBeCloseTo(30000 + 395 + 6 + 912.25, 10);
    expect(r.payment).toBe(673.16);
  });
});

describe("arrears and advance", () => {
  it("in advance pays one period's interest less each time", () => {
    const arrears = repaymentFor({ ...base, annualRate: 6 });
    const advance = repaymentFor({ ...base, annualRate: 6, timing: "advance" });
    expect(advance.payment).toBe(577.1); // 579.9840 / 1.005
    expect(advance.payment).toBeLessThan(arrears.payment);
  });
  it("in advance still leaves the balloon owing at the end", () => {
    const i = 0.06 / 12;
    const p = amortisedPayment(30000, i, 60, 9000, "advance");
    let owing = 30000;
    for (let k = 0; k < 60; k++) owing = (owing - p) * (1 + i);
    expect(owing).toBeCloseTo(9000, 6);
  });
  it("at 0% timing makes no difference", () => {
    expect(repaymentFor({ ...base, annualRate: 0, timing: "advance" }).payment).toBe(500);
  });
});

describe("rounding", () => {
  it("rounds to the nearest cent by default and up when configured", () => {
    expect(repaymentFor({ ...base, annualRate: 6 }).payment).toBe(579.98);
    expect(repaymentFor({ ...base, annualRate: 6, rounding: "up-cent" }).payment).toBe(579.99);
    expect(repaymentFor({ ...base, annualRate: 6, rounding: "nearest-dollar" }).payment).toBe(580);
    expect(repaymentFor({ ...base, annualRate: 5, rounding: "up-dollar" }).payment).toBe(567);
  });
  it("does not round an exact cent amount up", () => {
    expect(roundPayment(579.98, "up-cent")).toBe(579.98);
    expect(roundPayment(0.1 + 0.2, "up-cent")).toBe(0.3);
    expect(roundPayment(500, "up-dollar")).toBe(500);
    expect(roundPayment(1.005, "nearest-cent")).toBe(1.01);
  });
});

describe("bad input", () => {
  it("rejects negative or non-finite numbers and empty terms", () => {
    expect(() => repaymentFor({ ...base, annualRate: -1 })).toThrow(RangeError);
    expect(() => repaymentFor({ ...base, annualRate: Number.NaN })).toThrow(RangeError);
    expect(() => repaymentFor({ ...base, price: Number.POSITIVE_INFINITY, annualRate: 6 })).toThrow(RangeError);
    expect(() => repaymentFor({ ...base, annualRate: 6, termYears: 0 })).toThrow(RangeError);
  });
});

describe("monthly estimate", () => {
  it("is weekly × 4.33, not the amortised monthly payment", () => {
    expect(monthlyEstimateFromWeekly(133.62)).toBe(578.57);
    expect(monthlyEstimateFromWeekly(100)).toBe(433);
    expect(monthlyEstimateFromWeekly(133.62)).not.toBe(repaymentFor({ ...base, annualRate: 6 }).payment);
  });
});

describe("properties", () => {
  const loan = fc.record({
    price: fc.integer({ min: 1000, max: 250000 }),
    depositShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
    termYears: fc.constantFrom(1, 1.5, 2, 3, 4, 5, 6, 7),
    frequency: fc.constantFrom(...FREQUENCIES),
    timing: fc.constantFrom("arrears" as const, "advance" as const),
    rounding: fc.constantFrom("nearest-cent" as const, "up-cent" as const),
    upfront: fc.integer({ min: 0, max: 2000 }),
    monthly: fc.integer({ min: 0, max: 20 }),
    financed: fc.boolean(),
  });
  type Loan = typeof loan extends fc.Arbitrary<infer T> ? T : never;
  const input = (l: Loan, rate: number, balloon = 0): RepaymentInput => ({
    price: l.price,
    deposit: Math.round(l.price * l.depositShare),
    termYears: l.termYears,
    frequency: l.frequency,
    timing: l.timing,
    rounding: l.rounding,
    annualRate: rate,
    balloon,
    fees: { ...NO_FEES, upfrontCredit: l.upfront, monthlyCredit: l.monthly, financed: l.financed },
  });

  it("a higher rate never lowers the payment", () => {
    fc.assert(
      fc.property(loan, fc.double({ min: 0, max: 30, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), (l, rate, extra) => {
        expect(repaymentFor(input(l, rate + extra)).payment).toBeGreaterThanOrEqual(repaymentFor(input(l, rate)).payment);
      }),
      { numRuns: 500 },
    );
  });

  it("a balloon never raises the payment", () => {
    fc.assert(
      fc.property(loan, fc.double({ min: 0, max: 30, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (l, rate, share) => {
        const balloon = Math.round(l.price * share);
        expect(repaymentFor(input(l, rate, balloon)).payment).toBeLessThanOrEqual(repaymentFor(input(l, rate)).payment);
      }),
      { numRuns: 500 },
    );
  });

  it("total repayments are payment × count + balloon, and cover the amount financed at positive rates", () => {
    fc.assert(
      fc.property(loan, fc.double({ min: 0.5, max: 30, noNaN: true }), (l, rate) => {
        const r = repaymentFor(input(l, rate));
        expect(r.totalRepayments).toBeCloseTo(r.payment * r.numberOfPayments, 6);
        expect(r.totalRepayments).toBeGreaterThan(r.amountFinanced);
      }),
      { numRuns: 500 },
    );
  });
});

describe("providerTerms", () => {
  it("is the provider's fee schedule, payment timing and rounding, as every quote of it uses them", () => {
    const provider = resolveProvider(SAMPLE_PROVIDERS.brand);
    expect(providerTerms(provider)).toEqual({ fees: feeScheduleFor(provider.fees), timing: provider.paymentTiming, rounding: provider.rounding });
    const base = { price: 30000, annualRate: 7, termYears: 5, frequency: "weekly" as const };
    expect(repaymentFor({ ...base, ...providerTerms(provider) }).payment).not.toBe(repaymentFor(base).payment);
  });
});
