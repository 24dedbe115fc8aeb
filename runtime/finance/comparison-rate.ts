/**
 * Comparison rate, National Consumer Credit Protection Regulations 2010, reg 100:
 *   comparison rate = n × r × 100%, where r solves
 *   Σ A_j / (1+r)^j = Σ (R_j + C_j) / (1+r)^j
 * A_j: credit provided at time j; R_j: repayments; C_j: credit fees and charges (not government
 * fees); j in repayment intervals; n = 12 monthly, 26.09 fortnightly, 52.18 weekly.
 *
 * Exact (unrounded) repayments are used: comparison rates are disclosed to two decimals, and
 * rounding each repayment by up to a cent would otherwise make a fee-free loan's comparison rate
 * differ from its rate in the 4th decimal.
 *
 * Note on weekly and fortnightly: the repayment engine charges annualRate/52 per week,
 * while the regulation annualises with 52.18, so a fee-free weekly loan's comparison rate is
 * rate × 52.18/52 (6% → 6.02%). Advertised comparison rates use the monthly benchmark, where a
 * fee-free loan's comparison rate equals its rate exactly.
 */
import type { FinanceProvider, Frequency, PaymentTiming } from "./settings";
import { feeScheduleFor, type FeeSchedule } from "./fees";
import { repaymentFor, type RepaymentInput } from "./repayment";
import { COMPARISON_BENCHMARK } from "./defaults";
import { formatPercent } from "./format";

export const COMPARISON_RATE_WARNING =
  "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.";

/** The regulation's n. */
export const COMPARISON_PERIODS_PER_YEAR: Record<Frequency, number> = { weekly: 52.18, fortnightly: 26.09, monthly: 12 };

export interface CashFlow {
  /** In repayment intervals since the credit was first provided. */
  time: number;
  amount: number;
}

function pv(flows: CashFlow[], r: number): number {
  let s = 0;
  for (const f of flows) s += f.amount * Math.pow(1 + r, -f.time);
  return s;
}

function dpv(flows: CashFlow[], r: number): number {
  let s = 0;
  for (const f of flows) s += -f.time * f.amount * Math.pow(1 + r, -f.time - 1);
  return s;
}

/**
 * The per-period rate r equating the present value of the credit with that of the repayments and
 * fees. Newton's method kept inside a bracket that always holds the root, falling back to bisection
 * whenever a Newton step would leave it, so it converges for any loan shape (fees, balloons, advance).
 */
export function solvePeriodicRate(credit: CashFlow[], outgoings: CashFlow[]): number {
  const f = (r: number) => pv(outgoings, r) - pv(credit, r);
  const df = (r: number) => dpv(outgoings, r) - dpv(credit, r);
  const scale = Math.max(1, ...credit.map((c) => Math.abs(c.amount)));
  const tol = scale * 1e-11;

  const f0 = f(0);
  if (Math.abs(f0) <= tol) return 0;
  let lo: number;
  let hi: number;
  if (f0 > 0) {
    // Outgoings exceed credit: a positive rate. Grow hi until the sign changes.
    lo = 0;
    hi = 0.01;
    while (f(hi) > 0) {
      lo = hi;
      hi *= 2;
      if (hi > 1e3) throw new RangeError("No comparison rate: repayments too large for any rate");
    }
  } else {
    // Outgoings below credit: a negative rate, somewhere above -1.
    hi = 0;
    lo = -0.5;
    while (f(lo) < 0) {
      hi = lo;
      lo = -1 + (1 + lo) / 2;
      if (lo < -1 + 1e-9) throw new RangeError("No comparison rate: repayments too small for any rate");
    }
  }
  const fLoSign = Math.sign(f(lo));
  let r = (lo + hi) / 2;
  for (let i = 0; i < 300; i++) {
    const fr = f(r);
    if (Math.abs(fr) <= tol) return r;
    if (Math.sign(fr) === fLoSign) lo = r;
    else hi = r;
    const d = df(r);
    const newton = d !== 0 ? r - fr / d : Number.NaN;
    r = Number.isFinite(newton) && newton > lo && newton < hi ? newton : (lo + hi) / 2;
    if (hi - lo < 1e-16) return r;
  }
  return r;
}

/** Annual comparison rate in percent from cash flows, with the regulation's n. */
export function comparisonRateFromCashFlows(credit: CashFlow[], outgoings: CashFlow[], periodsPerYear: number): number {
  return periodsPerYear * solvePeriodicRate(credit, outgoings) * 100;
}

/**
 * The reg 100 cash flows of a loan: the amount financed advanced at time 0; credit fees at time 0
 * (whether financed or paid, they are charged then); each repayment with its periodic credit fees;
 * the balloon at the end. Government fees are left out of C_j (a financed one stays in A_0, since it
 * is credit provided to pay a third party on the debtor's behalf).
 */
export function loanCashFlows(input: RepaymentInput): { credit: CashFlow[]; outgoings: CashFlow[] } | null {
  const res = repaymentFor(input);
  if (res.amountFinanced <= 0) return null;
  const fees = input.fees;
  const amortised = res.exactPayment - res.periodicFee;
  const periodicCreditFee = fees ? (fees.monthlyCredit * 12) / res.periodsPerYear : 0;
  const first = (input.timing ?? "arrears") === "advance" ? 0 : 1;
  const outgoings: CashFlow[] = [];
  if (fees && fees.upfrontCredit > 0) outgoings.push({ time: 0, amount: fees.upfrontCredit });
  for (let k = 0; k < res.numberOfPayments; k++) outgoings.push({ time: first + k, amount: amortised + periodicCreditFee });
  if (res.balloon > 0) outgoings.push({ time: res.numberOfPayments, amount: res.balloon });
  return { credit: [{ time: 0, amount: res.amountFinanced }], outgoings };
}

/** The comparison rate of a particular loan, in percent p.a.; null when nothing is borrowed. */
export function comparisonRateFor(input: RepaymentInput): number | null {
  const flows = loanCashFlows(input);
  if (!flows) return null;
  return comparisonRateFromCashFlows(flows.credit, flows.outgoings, COMPARISON_PERIODS_PER_YEAR[input.frequency]);
}

/** The advertised benchmark: $30,000 over 5 years, secured, monthly repayments, no deposit or balloon. */
export function benchmarkComparisonRate(annualRate: number, fees: FeeSchedule, timing: PaymentTiming = "arrears"): number {
  const rate = comparisonRateFor({
    price: COMPARISON_BENCHMARK.amount,
    annualRate,
    termYears: COMPARISON_BENCHMARK.termYears,
    frequency: "monthly",
    fees,
    timing,
  });
  // Cannot be null: the benchmark always borrows $30,000.
  return rate as number;
}

/**
 * The provider's comparison rate at `rate` (its default rate when omitted): always the benchmark
 * computed from its rate and fees, never a typed figure, so it cannot drift from what it sums up.
 */
export function providerComparisonRate(provider: FinanceProvider, rate?: number): number {
  return benchmarkComparisonRate(rate ?? provider.defaultRate, feeScheduleFor(provider.fees), provider.paymentTiming);
}

export interface AdvertisedRate {
  rate: string;
  comparisonRate: string;
  /** Both together, e.g. '6.00% p.a. (comparison rate 6.52% p.a.*)'. */
  text: string;
  warning: typeof COMPARISON_RATE_WARNING;
}

/**
 * The only way to print an advertised rate: it comes back with its comparison rate and the
 * warning, and with no comparison rate there is nothing to print (null), so a rate can never
 * appear alone.
 */
export function advertisedRate(rate: number | null | undefined, comparisonRate: number | null | undefined): AdvertisedRate | null {
  if (rate == null || comparisonRate == null || !Number.isFinite(rate) || !Number.isFinite(comparisonRate)) return null;
  const r = `${formatPercent(rate)} p.a.`;
  const c = `${formatPercent(comparisonRate)} p.a.`;
  return { rate: r, comparisonRate: c, text: `${r} (comparison rate ${c}*)`, warning: COMPARISON_RATE_WARNING };
}
