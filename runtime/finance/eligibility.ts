/**
 * Whether a car shows finance at all, and how a repayment reads.
 * Each failed condition has its own reason so tests can pin every rule and pages can log why.
 */
import type { EligibilityRule } from "./settings";
import { ENQUIRE_FOR_FINANCE, ENQUIRE_PAYMENT_THRESHOLD } from "./defaults";
import { formatCurrencyCents } from "./format";

export interface FinanceCar {
  make?: string | null;
  year?: number | null;
  price?: number | null;
  status?: string | null;
}

/** Per-provider lender data attached to a car. */
export interface LenderData {
  interestRate?: number | null;
  comparisonRate?: number | null;
  paymentWeek?: number | null;
  paymentFortnight?: number | null;
  paymentMonth?: number | null;
  termYears?: number | null;
  termMonths?: number | null;
  termWeeks?: number | null;
  deposit?: number | null;
  balloon?: number | null;
  establishmentFees?: number | null;
  totalPayable?: number | null;
  disclaimer?: string | null;
  financeProvider?: string | null;
}

export type IneligibleReason =
  "no-provider-data" | "no-interest-rate" | "no-comparison-rate" | "excluded-make" | "too-old" | "price-too-low" | "not-available" | "no-payment";

export type Eligibility = { eligible: true } | { eligible: false; reason: IneligibleReason };

/** Makes that never show finance (compared case-insensitively). */
export const FINANCE_EXCLUDED_MAKES: readonly string[] = ["suzuki"];
/** in_stock and coming_soon count as available. */
export const AVAILABLE_STATUSES: readonly string[] = ["in_stock", "coming_soon"];
/** A price is displayed only above this. */
export const MIN_DISPLAYED_PRICE = 10;

export function isAvailable(status: string | null | undefined): boolean {
  return status != null && AVAILABLE_STATUSES.includes(status);
}

export function showsPrice(price: number | null | undefined): boolean {
  return price != null && Number.isFinite(price) && price > MIN_DISPLAYED_PRICE;
}

const present = (v: number | null | undefined): v is number => v != null && Number.isFinite(v);

/** The calendar year in Brisbane (UTC+10, no daylight saving), matching how dated tiles read time. */
export function brisbaneYear(now: Date): number {
  return new Date(now.getTime() + 10 * 3600_000).getUTCFullYear();
}

export function financeEligibility(car: FinanceCar, lender: LenderData | null | undefined, rule: EligibilityRule, now: Date = new Date()): Eligibility {
  const no = (reason: IneligibleReason): Eligibility => ({ eligible: false, reason });
  if (!lender) return no("no-provider-data");
  if (!present(lender.interestRate)) return no("no-interest-rate");
  if (!present(lender.comparisonRate)) return no("no-comparison-rate");
  if (car.make && FINANCE_EXCLUDED_MAKES.includes(car.make.trim().toLowerCase())) return no("excluded-make");
  if (rule.kind === "recent-vehicle") {
    if (!present(car.year) || car.year <= brisbaneYear(now) - rule.maxAgeYears) return no("too-old");
  }
  if (!present(car.price) || car.price <= rule.minPrice) return no("price-too-low");
  if (!isAvailable(car.status)) return no("not-available");
  if (rule.kind === "payment-present" && !present(lender[rule.paymentField])) return no("no-payment");
  return { eligible: true };
}

export function isFinanceEligible(car: FinanceCar, lender: LenderData | null | undefined, rule: EligibilityRule, now?: Date): boolean {
  return financeEligibility(car, lender, rule, now).eligible;
}

export interface FinanceDisplay {
  /** True when the payment is too small (or missing) to quote. */
  enquire: boolean;
  paymentText: string;
  /** Blank whenever `enquire` is true. */
  totalRepaymentsText: string;
}

/** A payment of 25 or less reads 'Enquire for Finance' and leaves total repayments blank. */
export function financeDisplay(payment: number | null | undefined, totalRepayments?: number | null): FinanceDisplay {
  if (!present(payment) || payment <= ENQUIRE_PAYMENT_THRESHOLD) {
    return { enquire: true, paymentText: ENQUIRE_FOR_FINANCE, totalRepaymentsText: "" };
  }
  return {
    enquire: false,
    paymentText: formatCurrencyCents(payment),
    totalRepaymentsText: present(totalRepayments) ? formatCurrencyCents(totalRepayments) : "",
  };
}
