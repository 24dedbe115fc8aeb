import { describe, expect, it } from "vitest";
import {
  ALTERNATE_TERM_YEARS,
  BRAND_VARIANT_FEES,
  calculatorDefaults,
  COMPARISON_BENCHMARK,
  COMPARISON_RATE_FALLBACK_RANGE,
  ENQUIRE_PAYMENT_THRESHOLD,
  ESTABLISHMENT_FEES,
  NAMED_CALCULATOR_RATES,
  PREMIUM_PRICE_QUICK_PICKS,
  QUOTE_LOAN_TERM_YEARS,
  WEEKS_PER_MONTH_ESTIMATE,
} from "./defaults";
import { resolveFinanceSettings, SAMPLE_FINANCE_SETTINGS, SAMPLE_PREMIUM_SETTINGS, SAMPLE_PROVIDERS, type FinanceSettingsSource } from "./settings";

describe("finance constants", () => {
  it("pins the finance constants", () => {
    expect(ALTERNATE_TERM_YEARS).toBe(6);
    expect(NAMED_CALCULATOR_RATES).toEqual({ standard: 10, alternate: 8.5 });
    expect(ESTABLISHMENT_FEES).toEqual({ none: 0, providerA: 1300, providerB: 1360.5 });
    expect(BRAND_VARIANT_FEES).toEqual({ establishment: 395, securityRegistration: 6, monthlyAdmin: 8, dealerAgency: 912.25 });
    expect(COMPARISON_RATE_FALLBACK_RANGE).toEqual({ min: 8.38, max: 19.42 });
    expect(COMPARISON_BENCHMARK).toEqual({ amount: 30000, termYears: 5 });
    expect(ENQUIRE_PAYMENT_THRESHOLD).toBe(25);
    expect(QUOTE_LOAN_TERM_YEARS).toBe(5);
    expect(WEEKS_PER_MONTH_ESTIMATE).toBe(4.33);
  });
  it("quick picks run $5,000–$70,000 (the schema's default), or $300,000–$800,000 for the premium group", () => {
    const quickPicks = resolveFinanceSettings(SAMPLE_FINANCE_SETTINGS).calculator.quickPicks;
    expect([quickPicks[0], quickPicks.at(-1)]).toEqual([5000, 70000]);
    expect([PREMIUM_PRICE_QUICK_PICKS[0], PREMIUM_PRICE_QUICK_PICKS.at(-1)]).toEqual([300000, 800000]);
  });
});

describe("calculatorDefaults", () => {
  const site = resolveFinanceSettings(SAMPLE_FINANCE_SETTINGS);

  it("starts at 30000, 5 years, the provider's rate, no deposit or residual, weekly", () => {
    expect(calculatorDefaults(site)).toEqual({ price: 30000, termYears: 5, rate: 10, deposit: 0, residual: 0, frequency: "weekly" });
  });
  it("uses the car price when there is one", () => {
    expect(calculatorDefaults(site, { carPrice: 24990 }).price).toBe(24990);
    expect(calculatorDefaults(site, { carPrice: 0 }).price).toBe(30000);
    expect(calculatorDefaults(site, { carPrice: null }).price).toBe(30000);
  });
  it("ignores the car price when the site says so", () => {
    const s = resolveFinanceSettings({ ...SAMPLE_FINANCE_SETTINGS, calculator: { defaults: { useCarPrice: false, loanAmount: 20000 } } });
    expect(calculatorDefaults(s, { carPrice: 24990 }).price).toBe(20000);
  });
  it("takes the rate from the provider (10 and 8.5 for the two named calculators)", () => {
    expect(calculatorDefaults(site, { providerId: "standard" }).rate).toBe(10);
    expect(calculatorDefaults(site, { providerId: "prime" }).rate).toBe(8.5);
    expect(calculatorDefaults(site, { providerId: "broker" }).rate).toBe(12.95);
  });
  it("a site rate overrides the provider's but stays in its range", () => {
    const s: FinanceSettingsSource = { providers: [SAMPLE_PROVIDERS.prime], calculator: { defaults: { rate: 5 } } };
    expect(calculatorDefaults(resolveFinanceSettings(s)).rate).toBe(7.5);
  });
  it("the premium config: 6 year term and a locked 8.5 rate", () => {
    const premium = resolveFinanceSettings(SAMPLE_PREMIUM_SETTINGS);
    expect(calculatorDefaults(premium)).toMatchObject({ termYears: 6, rate: 8.5, residual: 0 });
  });
  it("a locked rate is never moved into the range", () => {
    const s = resolveFinanceSettings({ providers: [SAMPLE_PROVIDERS.prime], calculator: { defaults: { rate: 5 }, inputs: { rate: { locked: true } } } });
    expect(calculatorDefaults(s).rate).toBe(5);
  });
  it("a 6 year default is cut to a 5 year maximum", () => {
    const s = resolveFinanceSettings({ providers: [SAMPLE_PROVIDERS.flexi], calculator: { defaults: { termYears: 6 } } });
    expect(calculatorDefaults(s).termYears).toBe(5);
  });
  it("a hidden residual starts at 0 whatever the config says", () => {
    const s = resolveFinanceSettings({ providers: [SAMPLE_PROVIDERS.brand], calculator: { defaults: { residual: 5000 } } });
    expect(calculatorDefaults(s).residual).toBe(0);
  });
});
