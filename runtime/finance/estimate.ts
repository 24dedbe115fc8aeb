/**
 * The finance estimate panel: '5 year term, 10.0% deposit'. Weekly is amortised by the engine;
 * the monthly figure is weekly × 4.33, not a separately amortised monthly payment.
 */
import type { FinanceProvider } from "./settings";
import { monthlyEstimateFromWeekly, providerTerms, repaymentFor, type RepaymentResult } from "./repayment";
import { ESTIMATE_DEPOSIT_PERCENT, ESTIMATE_TERM_YEARS } from "./defaults";

export interface EstimateOptions {
  termYears?: number;
  depositPercent?: number;
  /** Residual as a percent of the price (0 unless the site configures one). */
  balloonPercent?: number;
  /** Defaults to the provider's default rate. */
  rate?: number;
}

export interface FinanceEstimate {
  weekly: number;
  /** weekly × 4.33. */
  monthly: number;
  rate: number;
  termYears: number;
  depositPercent: number;
  /** e.g. '5 year term, 10.0% deposit'. */
  label: string;
  result: RepaymentResult;
}

/** null when there is no price to estimate from. */
export function financeEstimate(price: number | null | undefined, provider: FinanceProvider, opts: EstimateOptions = {}): FinanceEstimate | null {
  if (price == null || !Number.isFinite(price) || price <= 0) return null;
  const termYears = opts.termYears ?? ESTIMATE_TERM_YEARS;
  const depositPercent = opts.depositPercent ?? ESTIMATE_DEPOSIT_PERCENT;
  const rate = opts.rate ?? provider.defaultRate;
  const result = repaymentFor({
    price,
    deposit: (price * depositPercent) / 100,
    balloon: (price * (opts.balloonPercent ?? 0)) / 100,
    annualRate: rate,
    termYears,
    frequency: "weekly",
    ...providerTerms(provider),
  });
  return {
    weekly: result.payment,
    monthly: monthlyEstimateFromWeekly(result.payment),
    rate,
    termYears,
    depositPercent,
    label: `${termYears} year term, ${depositPercent.toFixed(1)}% deposit`,
    result,
  };
}
