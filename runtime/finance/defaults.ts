/**
 * Finance constants and the calculator's starting values. The manifest's own defaults (loan
 * amount, term, deposit, residual, frequency, quick picks, disclaimer) are not here: they are
 * the finance settings schema's, filled in when the section is read (settings.ts).
 */
import type { FinanceSettings, CalculatorValues } from "./settings";
import { rangeFor, clampInput, inputRulesFor } from "./input-rules";

/** "6 on some configs": set calculator.defaults.termYears to this in the manifest. */
export const ALTERNATE_TERM_YEARS = 6;
/** The two calculators the spec names by their default rates; every other rate comes from the provider config. */
export const NAMED_CALCULATOR_RATES = { standard: 10, alternate: 8.5 } as const;
/** Establishment fee defaults: none, and the two providers that charge one. */
export const ESTABLISHMENT_FEES = { none: 0, providerA: 1300, providerB: 1360.5 } as const;
/** The brand variant's published fee list. */
export const BRAND_VARIANT_FEES = { establishment: 395, securityRegistration: 6, monthlyAdmin: 8, dealerAgency: 912.25 } as const;
/** Shown as "from 8.38% to 19.42%" when a provider publishes no comparison rate of its own. */
export const COMPARISON_RATE_FALLBACK_RANGE = { min: 8.38, max: 19.42 } as const;
/** A payment at or below this reads 'Enquire for Finance'. */
export const ENQUIRE_PAYMENT_THRESHOLD = 25;
export const ENQUIRE_FOR_FINANCE = "Enquire for Finance";
export const QUOTE_LOAN_TERM_YEARS = 5;
export const QUOTE_CREDIT_SCORE = "GREAT";
/** The premium brand group's price quick picks (the default set is the schema's). */
export const PREMIUM_PRICE_QUICK_PICKS = [300000, 400000, 500000, 600000, 700000, 800000];
/** Estimate panel basis: '5 year term, 10.0% deposit'. */
export const ESTIMATE_TERM_YEARS = 5;
export const ESTIMATE_DEPOSIT_PERCENT = 10;
/** Weeks per month used by the estimate panel's monthly figure (weekly × 4.33). */
export const WEEKS_PER_MONTH_ESTIMATE = 4.33;
/** Regulatory benchmark for advertised comparison rates: $30,000 over 5 years, secured. */
export const COMPARISON_BENCHMARK = { amount: 30000, termYears: 5 } as const;

/**
 * Starting values for the calculator panel. Price is the car's price when there is one
 * (and the site uses it), else the configured loan amount; the rate is the site's calculator
 * rate if set, else the provider's; term and deposit are clamped into the provider's ranges so
 * a "6 year" default cannot exceed a "5 year maximum" provider.
 */
export function calculatorDefaults(settings: FinanceSettings, opts: { providerId?: string; carPrice?: number | null } = {}): CalculatorValues {
  const { provider, rules } = inputRulesFor(settings, opts.providerId);
  const d = settings.calculator.defaults;
  const carPrice = opts.carPrice ?? 0;
  const price = d.useCarPrice && Number.isFinite(carPrice) && carPrice > 0 ? carPrice : d.loanAmount;
  const rate = d.rate ?? provider.defaultRate;
  return {
    price,
    termYears: clampInput(d.termYears, rangeFor("term", rules)),
    // A locked rate is what the dealer advertises: never silently move it into a range.
    rate: rules.rate.locked ? rate : clampInput(rate, rangeFor("rate", rules)),
    deposit: clampInput(d.deposit, rangeFor("deposit", rules)),
    residual: rules.residual.hidden ? 0 : clampInput(d.residual, rangeFor("residual", rules)),
    frequency: d.frequency,
  };
}
