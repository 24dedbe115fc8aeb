import { describe, expect, it } from "vitest";
import { carFinanceQuote, financeExcludedMake, quoteBasisNote, quoteRequestFor, quoteText } from "./car-quote";
import { resolveFinanceSettings } from "./settings";

const car = {
  make: "Toyota",
  year: 2022,
  price: 32990,
  status: "in_stock",
  vin: "JTM123",
  youxQuote: { weeklyRepaymentAmount: 85.96, advertisedRate: 8.89, comparisonRate: 9.52 },
};
const now = new Date("2026-11-24T00:00:00Z");

describe("carFinanceQuote: one quote per car for the card, sidebar and calculator", () => {
  it("uses the car's own quote", () => {
    expect(carFinanceQuote(car)).toEqual({ kind: "quote", weekly: 85.96, rate: 8.89, comparisonRate: 9.52 });
    expect(quoteText({ weekly: 85.96, rate: 8.89, comparisonRate: 9.52 })).toEqual({ weekly: "$85.96", rate: "8.89% p.a. (comparison rate 9.52% p.a.*)" });
  });
  it("never shows finance for Suzuki, whatever the case of its name", () => {
    expect(financeExcludedMake(" SUZUKI ")).toBe(true);
    expect(carFinanceQuote({ ...car, make: "Suzuki" })).toEqual({ kind: "none", reason: "excluded-make" });
  });
  it("shows none for an unavailable or unpriced car, or one outside the provider's rule", () => {
    expect(carFinanceQuote({ ...car, status: "sold" })).toMatchObject({ kind: "none", reason: "not-available" });
    expect(carFinanceQuote({ ...car, price: 10 })).toMatchObject({ kind: "none", reason: "no-price" });
    const rule = { kind: "recent-vehicle", maxAgeYears: 12, minPrice: 500, paymentField: "paymentWeek" } as const;
    expect(carFinanceQuote({ ...car, year: 2010 }, { rule, now })).toMatchObject({ kind: "none", reason: "too-old" });
    expect(carFinanceQuote({ ...car, year: 2020 }, { rule, now }).kind).toBe("quote");
  });
  it("a payment of 25 or less is no figure to show", () => {
    expect(carFinanceQuote({ ...car, youxQuote: { weeklyRepaymentAmount: 25 } })).toMatchObject({ kind: "none", reason: "too-small" });
  });
  it("asks POST /api/youx/quote for a car without a quote only when the site asks for quotes", () => {
    const unquoted = { ...car, youxQuote: null };
    expect(carFinanceQuote(unquoted)).toEqual({ kind: "none", reason: "no-quote" });
    expect(carFinanceQuote(unquoted, { requestQuotes: true })).toEqual({ kind: "request", request: quoteRequestFor(unquoted) });
    expect(quoteRequestFor(unquoted)).toEqual({
      selfAssessedCreditScore: "GREAT",
      purchasePrice: 32990,
      loanTerm: 5,
      year: 2022,
      vin: "JTM123",
      nvic: "",
      whoIsHelping: "",
    });
  });
  it("says why the calculator's figure differs from the quote when the provider charges fees", () => {
    const settings = resolveFinanceSettings({
      providers: [{ id: "prime", name: "Prime Motor Finance", defaultRate: 8.5, fees: { establishment: 1300, financed: true } }],
    });
    const note = quoteBasisNote({ weekly: 85.96, rate: 8.89 }, settings.providers[0]!);
    expect(note).toContain("$85.96 per week at 8.89% p.a.");
    expect(note).toContain("adds Prime Motor Finance's $1,300.00 establishment fee, so its repayment is higher");
    const plain = resolveFinanceSettings({ providers: [{ id: "flexi", name: "Flexi", defaultRate: 8.5 }] });
    expect(quoteBasisNote({ weekly: 85.96, rate: 8.89 }, plain.providers[0]!)).not.toContain("higher");
  });
});
