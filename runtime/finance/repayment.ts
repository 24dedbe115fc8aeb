/**
 * Amortised repayments.
 *
 * Which method each figure uses:
 *  - `repaymentFor` (calculator panel, computed card/sidebar weekly amounts, the embedded quote):
 *    a true amortisation at annualRate / periodsPerYear per period, with periodsPerYear 52, 26 or
 *    12, the balloon as a final lump sum at the end of the term (time n, in arrears and
 *    in advance alike), and periodic fees added to each repayment.
 *  - `monthlyEstimateFromWeekly` (estimate panel only): weekly × 4.33. It is
 *    deliberately NOT the amortised monthly payment (which is slightly different), so the two
 *    must not be mixed on one screen without saying which is which.
 */
import type { FinanceProvider, Frequency, PaymentTiming, RoundingMode } from "./settings";
import { feeScheduleFor, NO_FEES, type FeeSchedule } from "./fees";
import { WEEKS_PER_MONTH_ESTIMATE } from "./defaults";

export const PERIODS_PER_YEAR: Record<Frequency, number> = { weekly: 52, fortnightly: 26, monthly: 12 };
export const FREQUENCIES: readonly Frequency[] = ["weekly", "fortnightly", "monthly"];

export interface RepaymentInput {
  /** Purchase price or loan amount. */
  price: number;
  /** Deposit or trade-in, taken off the price. */
  deposit?: number;
  /** Nominal annual rate in percent (6 means 6% p.a.). */
  annualRate: number;
  termYears: number;
  frequency: Frequency;
  /** Residual (balloon) paid as a final lump sum at the end of the term. */
  balloon?: number;
  fees?: FeeSchedule;
  timing?: PaymentTiming;
  rounding?: RoundingMode;
}

/** A provider's terms every repayment it quotes is figured with: its fees, when payments fall due, and its rounding. */
export function providerTerms(provider: Pick<FinanceProvider, "fees" | "paymentTiming" | "rounding">): Pick<RepaymentInput, "fees" | "timing" | "rounding"> {
  return { fees: feeScheduleFor(provider.fees), timing: provider.paymentTiming, rounding: provider.rounding };
}

export interface RepaymentResult {
  frequency: Frequency;
  periodsPerYear: number;
  numberOfPayments: number;
  /** The regular repayment as shown: amortised amount plus periodic fees, rounded per config. */
  payment: number;
  /** The same before rounding (the comparison rate uses exact amounts). */
  exactPayment: number;
  /** Periodic fees included in each payment (monthly fees × 12 / periodsPerYear). */
  periodicFee: number;
  /** Price less deposit: the money advanced for the car. */
  amountOfCredit: number;
  /** What the repayments amortise: amount of credit plus any financed upfront fees. */
  amountFinanced: number;
  upfrontFeesFinanced: number;
  /** Upfront fees paid at settlement instead of being financed. */
  upfrontFeesPaid: number;
  balloon: number;
  /** payment × numberOfPayments + balloon. */
  totalRepayments: number;
  /** totalRepayments + upfront fees paid at settlement. */
  totalPayable: number;
  /** Interest charged: totalRepayments less amount financed and periodic fees (includes rounding). */
  totalInterest: number;
}

const cents = (x: number) => Math.round(x * 100) / 100;

/** Rounds a repayment. The tiny epsilon stops 579.98 (stored as 579.98000000001) rounding up to 579.99. */
export function roundPayment(value: number, mode: RoundingMode = "nearest-cent"): number {
  switch (mode) {
    case "nearest-cent":
      return Math.round(value * 100 + 1e-9) / 100;
    case "up-cent":
      return Math.ceil(value * 100 - 1e-7) / 100;
    case "nearest-dollar":
      return Math.round(value + 1e-9);
    case "up-dollar":
      return Math.ceil(value - 1e-9);
  }
}

export function numberOfPayments(termYears: number, frequency: Frequency): number {
  return Math.round(termYears * PERIODS_PER_YEAR[frequency]);
}

/**
 * The exact level payment that amortises `principal` over `n` periods at `periodicRate`, leaving
 * `balloon` owing at the end of period n (paid then). In advance, each payment is one period
 * earlier, so it is the arrears payment discounted by one period.
 */
export function amortisedPayment(principal: number, periodicRate: number, n: number, balloon = 0, timing: PaymentTiming = "arrears"): number {
  if (n <= 0) throw new RangeError("The loan needs at least one repayment");
  // Below 1e-12 a period the interest is far under a cent on any loan, and 1 − v would cancel to 0.
  if (Math.abs(periodicRate) < 1e-12) return (principal - balloon) / n;
  // log1p/expm1 keep 1 − (1+i)^−n accurate for small rates, so a tiny rate rise never lowers the payment.
  const x = -n * Math.log1p(periodicRate);
  const v = Math.exp(x);
  const arrears = ((principal - balloon * v) * periodicRate) / -Math.expm1(x);
  return timing === "advance" ? arrears / (1 + periodicRate) : arrears;
}

function requireFinite(name: string, value: number, min = 0): void {
  if (!Number.isFinite(value) || value < min) throw new RangeError(`${name} must be a number of at least ${min}`);
}

export function repaymentFor(input: RepaymentInput): RepaymentResult {
  const { price, annualRate, termYears, frequency } = input;
  const deposit = input.deposit ?? 0;
  const balloon = input.balloon ?? 0;
  const fees = input.fees ?? NO_FEES;
  const timing = input.timing ?? "arrears";
  requireFinite("price", price);
  requireFinite("deposit", deposit);
  requireFinite("balloon", balloon);
  requireFinite("annualRate", annualRate);
  requireFinite("termYears", termYears);

  const periodsPerYear = PERIODS_PER_YEAR[frequency];
  const n = numberOfPayments(termYears, frequency);
  if (n < 1) throw new RangeError("termYears is too short for one repayment");
  const amountOfCredit = Math.max(0, price - deposit);
  const upfront = fees.upfrontCredit + fees.upfrontGovernment;
  // Nothing borrowed means no loan, so no fees either.
  if (amountOfCredit === 0) {
    return {
      frequency,
      periodsPerYear,
      numberOfPayments: n,
      payment: 0,
      exactPayment: 0,
      periodicFee: 0,
      amountOfCredit: 0,
      amountFinanced: 0,
      upfrontFeesFinanced: 0,
      upfrontFeesPaid: 0,
      balloon: 0,
      totalRepayments: 0,
      totalPayable: 0,
      totalInterest: 0,
    };
  }
  const upfrontFeesFinanced = fees.financed ? upfront : 0;
  const upfrontFeesPaid = fees.financed ? 0 : upfront;
  const amountFinanced = amountOfCredit + upfrontFeesFinanced;
  const periodicFee = ((fees.monthlyCredit + fees.monthlyGovernment) * 12) / periodsPerYear;
  // A balloon larger than the loan can grow to would need a negative payment; none is charged instead.
  const amortised = Math.max(0, amortisedPayment(amountFinanced, annualRate / 100 / periodsPerYear, n, balloon, timing));
  const exactPayment = amortised + periodicFee;
  const payment = roundPayment(exactPayment, input.rounding);
  const totalRepayments = cents(payment * n + balloon);
  return {
    frequency,
    periodsPerYear,
    numberOfPayments: n,
    payment,
    exactPayment,
    periodicFee,
    amountOfCredit,
    amountFinanced,
    upfrontFeesFinanced,
    upfrontFeesPaid,
    balloon,
    totalRepayments,
    totalPayable: cents(totalRepayments + upfrontFeesPaid),
    totalInterest: cents(totalRepayments - amountFinanced - periodicFee * n),
  };
}

/** Estimate panel's monthly figure: weekly × 4.33 to the cent, not an amortised monthly payment. */
export function monthlyEstimateFromWeekly(weekly: number): number {
  return cents(weekly * WEEKS_PER_MONTH_ESTIMATE);
}
