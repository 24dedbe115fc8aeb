/**
 * Everything the calculator panel shows, from its current values, in one pure call, so the panel,
 * the vehicle page and any card that computes a figure all go through the same path and agree.
 */
import type { CalculatorValues, FinanceSettings } from "./settings";
import { inputRulesFor, rangeFor, validateInput, type InputField, type InputRange } from "./input-rules";
import { providerTerms, repaymentFor, type RepaymentResult } from "./repayment";
import { advertisedRate, providerComparisonRate, type AdvertisedRate } from "./comparison-rate";
import { financeDisplay, type FinanceDisplay } from "./eligibility";
import { truncateDisclaimer, type TruncatedText } from "./format";

export interface CalculatorOutput {
  providerId: string;
  ranges: Record<InputField, InputRange>;
  /** 'Cannot be less than {min} or more than {max}' (in dollars, e.g. $1,000) when the price is out of range. */
  priceError: string | null;
  /** The values actually used (locked rate, hidden residual as 0). */
  used: CalculatorValues;
  /** null while the price is out of range: no repayment is shown for a loan the provider would not write. */
  result: RepaymentResult | null;
  display: FinanceDisplay;
  /** Rate with its comparison rate and warning, never one without the others. */
  advertised: AdvertisedRate | null;
  disclaimer: TruncatedText;
}

export function calculate(settings: FinanceSettings, values: CalculatorValues, opts: { providerId?: string; carPrice?: number | null } = {}): CalculatorOutput {
  const { provider, rules } = inputRulesFor(settings, opts.providerId);
  const ranges = {
    price: rangeFor("price", rules, opts.carPrice),
    term: rangeFor("term", rules),
    rate: rangeFor("rate", rules),
    deposit: rangeFor("deposit", rules),
    residual: rangeFor("residual", rules),
  };
  const used: CalculatorValues = {
    ...values,
    // A locked rate is the configured one whatever the panel holds.
    rate: ranges.rate.locked ? (settings.calculator.defaults.rate ?? provider.defaultRate) : values.rate,
    residual: ranges.residual.hidden ? 0 : values.residual,
  };
  const priceError = validateInput(used.price, ranges.price);
  const result = priceError
    ? null
    : repaymentFor({
        price: used.price,
        deposit: used.deposit,
        balloon: used.residual,
        annualRate: used.rate,
        termYears: used.termYears,
        frequency: used.frequency,
        ...providerTerms(provider),
      });
  return {
    providerId: provider.id,
    ranges,
    priceError,
    used,
    result,
    display: financeDisplay(result?.payment, result?.totalRepayments),
    advertised: advertisedRate(used.rate, providerComparisonRate(provider, used.rate)),
    disclaimer: truncateDisclaimer(provider.disclaimer, settings.calculator.disclaimerTruncateAt),
  };
}
