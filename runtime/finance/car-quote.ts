/**
 * One finance quote per car. The vehicle card, the vehicle page's sidebar summary and the
 * vehicle page's calculator all read a car's weekly figure and rate from `carFinanceQuote`, so
 * a car never shows two different repayments without a word on why (the calculator states its
 * own basis next to the quote; see `quoteBasisNote`).
 *
 * - the car carries a quote (the feed's `youxQuote`): that quote;
 * - it has none and the site asks the quote service (`youxQuote` flag): the request the page
 *   sends to POST /api/youx/quote (price above 0, no quote yet);
 * - otherwise, or when the car may not show finance at all (Suzuki, not available, no price,
 *   the provider's age or price rule): none, with the reason.
 */
import type { EligibilityRule, FinanceProvider } from "./settings";
import type { QuoteRequest } from "./quote";
import { brisbaneYear, FINANCE_EXCLUDED_MAKES, isAvailable, showsPrice } from "./eligibility";
import { advertisedRate } from "./comparison-rate";
import { formatCurrencyCents, formatPercent } from "./format";
import { ENQUIRE_PAYMENT_THRESHOLD, QUOTE_CREDIT_SCORE, QUOTE_LOAN_TERM_YEARS } from "./defaults";

export interface QuotedCar {
  make?: string | null;
  year?: number | null;
  price?: number | null;
  status?: string | null;
  vin?: string | null;
  nvic?: string | null;
  youxQuote?: { weeklyRepaymentAmount?: number | null; advertisedRate?: number | null; comparisonRate?: number | null } | null;
}

export type CarQuote =
  | { kind: "quote"; weekly: number; rate: number | null; comparisonRate: number | null }
  | { kind: "request"; request: QuoteRequest }
  | { kind: "none"; reason: "excluded-make" | "not-available" | "no-price" | "too-old" | "price-too-low" | "no-quote" | "too-small" };

export interface CarQuoteOptions {
  /** The provider's eligibility rule (the vehicle page knows it; cards in the browser may not). */
  rule?: EligibilityRule | null;
  /** The site's `youxQuote` flag: ask the quote service for a car without a quote. */
  requestQuotes?: boolean;
  now?: Date;
}

/** Suzuki never shows finance, compared case-insensitively. */
export function financeExcludedMake(make: string | null | undefined): boolean {
  return !!make && FINANCE_EXCLUDED_MAKES.includes(make.trim().toLowerCase());
}

const num = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** Whether finance may be shown for this car at all (before any quote): make, availability, price and the provider's rule. */
export function carFinanceBlocked(car: QuotedCar, opts: Pick<CarQuoteOptions, "rule" | "now"> = {}): Extract<CarQuote, { kind: "none" }>["reason"] | null {
  if (financeExcludedMake(car.make)) return "excluded-make";
  if (!isAvailable(car.status)) return "not-available";
  if (!showsPrice(car.price)) return "no-price";
  const rule = opts.rule;
  if (rule) {
    if (rule.kind === "recent-vehicle" && (!num(car.year) || car.year <= brisbaneYear(opts.now ?? new Date()) - rule.maxAgeYears)) return "too-old";
    if (!num(car.price) || car.price <= rule.minPrice) return "price-too-low";
  }
  return null;
}

/** The quote request for a car: fixed GREAT credit score, 5-year term, nobody helping. */
export function quoteRequestFor(car: QuotedCar): QuoteRequest | null {
  if (!num(car.price) || car.price <= 0 || !num(car.year)) return null;
  return {
    selfAssessedCreditScore: QUOTE_CREDIT_SCORE,
    purchasePrice: car.price,
    loanTerm: QUOTE_LOAN_TERM_YEARS,
    year: car.year,
    vin: car.vin && /^[A-Za-z0-9]{1,17}$/.test(car.vin) ? car.vin : "",
    nvic: car.nvic && /^[A-Za-z0-9]{1,10}$/.test(car.nvic) ? car.nvic : "",
    whoIsHelping: "",
  };
}

export function carFinanceQuote(car: QuotedCar, opts: CarQuoteOptions = {}): CarQuote {
  const blocked = carFinanceBlocked(car, opts);
  if (blocked) return { kind: "none", reason: blocked };
  const q = car.youxQuote;
  if (q && num(q.weeklyRepaymentAmount)) {
    // A payment this small reads 'Enquire for Finance': no figure to agree on.
    if (q.weeklyRepaymentAmount <= ENQUIRE_PAYMENT_THRESHOLD) return { kind: "none", reason: "too-small" };
    return {
      kind: "quote",
      weekly: q.weeklyRepaymentAmount,
      rate: num(q.advertisedRate) ? q.advertisedRate : null,
      comparisonRate: num(q.comparisonRate) ? q.comparisonRate : null,
    };
  }
  if (opts.requestQuotes) {
    const request = quoteRequestFor(car);
    if (request) return { kind: "request", request };
  }
  return { kind: "none", reason: "no-quote" };
}

export interface QuoteText {
  weekly: string;
  /** '8.89% p.a. (comparison rate 9.52% p.a.*)', or null without both rates (never a rate alone). */
  rate: string | null;
}

/** How a quote reads, wherever it is shown. */
export function quoteText(q: { weekly: number; rate: number | null; comparisonRate: number | null }): QuoteText {
  return { weekly: formatCurrencyCents(q.weekly), rate: advertisedRate(q.rate, q.comparisonRate)?.text ?? null };
}

/**
 * Why the calculator's starting figure differs from the car's quote: the quote is the lender's
 * figure for the full price over 5 years with nothing down; the calculator adds the provider's
 * fees (and its own rounding). Null when nothing differs that a shopper should be told.
 */
export function quoteBasisNote(q: { weekly: number; rate: number | null }, provider: Pick<FinanceProvider, "name" | "fees">): string {
  const rate = q.rate != null ? ` at ${formatPercent(q.rate)} p.a.` : "";
  const head = `This car's quote is ${formatCurrencyCents(q.weekly)} per week${rate}: the full price over ${QUOTE_LOAN_TERM_YEARS} years with no deposit or balloon.`;
  const f = provider.fees;
  const fee = f.establishment;
  const others = f.dealerAgency + f.securityRegistration + f.monthlyAdmin + f.other.reduce((sum, o) => sum + o.amount, 0);
  if (fee > 0 || others > 0) {
    const named =
      fee > 0 ? `${provider.name}'s ${formatCurrencyCents(fee)} establishment fee${others > 0 ? " and other fees" : ""}` : `${provider.name}'s fees`;
    return `${head} The calculator below starts from the same price and rate and adds ${named}, so its repayment is higher. Change the deposit, term or balloon to see your own figure.`;
  }
  return `${head} The calculator below starts from the same price and rate; change the deposit, term or balloon to see your own figure.`;
}
