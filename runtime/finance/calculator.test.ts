import { describe, expect, it } from "vitest";
import { calculate } from "./calculator";
import { calculatorDefaults } from "./defaults";
import { embeddedQuoteProvider } from "./quote";
import { COMPARISON_RATE_WARNING } from "./comparison-rate";
import { resolveFinanceSettings, SAMPLE_FINANCE_SETTINGS, SAMPLE_PREMIUM_SETTINGS, SAMPLE_PROVIDERS } from "./settings";

const site = resolveFinanceSettings(SAMPLE_FINANCE_SETTINGS);

describe("calculate", () => {
  it("shows the default weekly repayment, total, rate with comparison rate and warning", () => {
    const out = calculate(site, calculatorDefaults(site));
    expect(out.priceError).toBeNull();
    expect(out.result!.payment).toBe(146.73);
    expect(out.display).toEqual({ enquire: false, paymentText: "$146.73", totalRepaymentsText: "$38,149.80" });
    expect(out.advertised).toEqual({
      rate: "10.00% p.a.",
      comparisonRate: "10.00% p.a.",
      text: "10.00% p.a. (comparison rate 10.00% p.a.*)",
      warning: COMPARISON_RATE_WARNING,
    });
  });
  it("matches the published monthly figure when switched to monthly at 6%", () => {
    const out = calculate(site, { ...calculatorDefaults(site), rate: 6, frequency: "monthly" });
    expect(out.display.paymentText).toBe("$579.98");
  });
  it("an out-of-range price shows the help text and no repayment", () => {
    const out = calculate(site, { ...calculatorDefaults(site), price: 0 });
    expect(out.priceError).toBe("Cannot be less than $1,000 or more than $100,000");
    expect(out.result).toBeNull();
    expect(out.display).toEqual({ enquire: true, paymentText: "Enquire for Finance", totalRepaymentsText: "" });
  });
  it("uses each provider's ranges, fees and disclaimer", () => {
    const out = calculate(site, { ...calculatorDefaults(site, { providerId: "prime" }), price: 3000 }, { providerId: "prime" });
    expect(out.priceError).toBe("Cannot be less than $5,000 or more than $100,000");
    const ok = calculate(site, calculatorDefaults(site, { providerId: "prime" }), { providerId: "prime" });
    expect(ok.result!.amountFinanced).toBe(31300);
    expect(ok.ranges.rate).toMatchObject({ min: 7.5, max: 14.5 });
    expect(ok.disclaimer.truncated).toBe(true);
    expect(ok.disclaimer.short.length).toBe(197 + 3);
    expect(ok.disclaimer.full).toBe(SAMPLE_PROVIDERS.prime.disclaimer);
    expect(ok.advertised!.comparisonRate).toBe("10.32% p.a.");
  });
  it("lifts the price maximum to 105% for an expensive car on the brand config and ignores a hidden residual", () => {
    const out = calculate(
      site,
      { ...calculatorDefaults(site, { providerId: "brand", carPrice: 120000 }), residual: 20000 },
      { providerId: "brand", carPrice: 120000 },
    );
    expect(out.ranges.price.max).toBe(126000);
    expect(out.priceError).toBeNull();
    expect(out.used.residual).toBe(0);
    expect(out.result!.balloon).toBe(0);
  });
  it("starts without an error for a car dearer than the configured maximum, and shows its repayment", () => {
    const carPrice = 139950;
    const out = calculate(site, calculatorDefaults(site, { carPrice }), { carPrice });
    expect(out.used.price).toBe(carPrice);
    expect(out.ranges.price.max).toBe(carPrice);
    expect(out.priceError).toBeNull();
    expect(out.result).not.toBeNull();
    // Above the car's price the shopper is told the bounds, in dollars.
    expect(calculate(site, { ...calculatorDefaults(site, { carPrice }), price: 150000 }, { carPrice }).priceError).toBe(
      "Cannot be less than $1,000 or more than $139,950",
    );
  });
  it("keeps a locked rate whatever the panel holds", () => {
    const premium = resolveFinanceSettings(SAMPLE_PREMIUM_SETTINGS);
    const out = calculate(premium, { ...calculatorDefaults(premium), price: 90000, rate: 14 });
    expect(out.used.rate).toBe(8.5);
  });
  it("agrees with the card's embedded quote for the same car", async () => {
    const carPrice = 27990;
    const card = await embeddedQuoteProvider(site).quote({
      selfAssessedCreditScore: "GREAT",
      purchasePrice: carPrice,
      loanTerm: 5,
      year: 2023,
      vin: "",
      nvic: "",
      whoIsHelping: "",
    });
    const panel = calculate(site, calculatorDefaults(site, { carPrice }), { carPrice });
    expect(panel.result!.payment).toBe(card.weeklyRepaymentAmount);
    expect(panel.advertised!.rate).toBe(`${card.advertisedRate.toFixed(2)}% p.a.`);
  });
});
