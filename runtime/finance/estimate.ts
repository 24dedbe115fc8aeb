/**
 * The finance estimate panel: '5 year term, 10.0% deposit'. Weekly is amortised by the engine;
 * the monthly figure is weekly × 4.33, not a separately amortised monthly payment.
 */
import type { CalculatorValues, FinanceProvider, FinanceSettings } from "./settings";
import { monthlyEstimateFromWeekly, providerTerms, repaymentFor, type RepaymentResult } from "./repayment";
import { calculatorDefaults, ESTIMATE_DEPOSIT_PERCENT, ESTIMATE_TERM_YEARS } from "./defaults";
import { formatCurrencyCents, formatPercent } from "./format";

export interface EstimateOptions {
  termYears?: number;
  depositPercent?: number;
  /** Residual as a percent of the price (0 unless the site configures one). */
  balloonPercent?: number;
  /** Defaults to the provider's default rate. */
  rate?: number;
}

export interface FinanceEstimate {
  price: number;
  /** In dollars: depositPercent of the price. */
  deposit: number;
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
  const deposit = (price * depositPercent) / 100;
  const result = repaymentFor({
    price,
    deposit,
    balloon: (price * (opts.balloonPercent ?? 0)) / 100,
    annualRate: rate,
    termYears,
    frequency: "weekly",
    ...providerTerms(provider),
  });
  return {
    price,
    deposit,
    weekly: result.payment,
    monthly: monthlyEstimateFromWeekly(result.payment),
    rate,
    termYears,
    depositPercent,
    label: `${termYears} year term, ${depositPercent.toFixed(1)}% deposit`,
    result,
  };
}

/**
 * A car's estimate on its vehicle page when it has no quote: at the site calculator's starting
 * rate, on the estimate's basis ('5 year term, 10.0% deposit'). The sidebar shows this figure and
 * the page's calculator starts from the same values (`estimateStart`), so the page shows one
 * weekly figure, not two on different bases.
 */
export function carFinanceEstimate(price: number | null | undefined, settings: FinanceSettings, provider: FinanceProvider): FinanceEstimate | null {
  return financeEstimate(price, provider, { rate: calculatorDefaults(settings).rate });
}

/** The calculator's starting values that reproduce an estimate: its price, deposit, term and rate, weekly, no balloon. */
export function estimateStart(estimate: FinanceEstimate): Pick<CalculatorValues, "price" | "deposit" | "termYears" | "rate" | "residual" | "frequency"> {
  return { price: estimate.price, deposit: estimate.deposit, termYears: estimate.termYears, rate: estimate.rate, residual: 0, frequency: "weekly" };
}

/** What the calculator under an estimate says about where it starts. */
export function estimateBasisNote(estimate: FinanceEstimate): string {
  return `The estimate of ${formatCurrencyCents(estimate.weekly)} per week is for a ${estimate.termYears} year term with a ${estimate.depositPercent.toFixed(1)}% deposit at ${formatPercent(estimate.rate)} p.a. The calculator below starts from the same figures; change the deposit, term or balloon to see your own.`;
}
