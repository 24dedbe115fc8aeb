/**
 * POST /api/youx/quote, minus the framework: `handleQuoteRequest` validates the body, asks a
 * QuoteProvider and returns { status, body } for a thin Next route to send.
 *
 * Status codes: 400 bad body (with the field at fault), 404 no finance settings for the site,
 * 422 the provider declined this car (its 4xx), 502 the provider failed or answered nonsense,
 * 504 the provider timed out. The page ignores every failure, so these only need to be
 * accurate, not friendly.
 */
import type { FinanceSettings } from "./settings";
import { providerFor } from "./settings";
import { providerTerms, repaymentFor } from "./repayment";
import { providerComparisonRate } from "./comparison-rate";
import { rangeFor, resolveInputRules } from "./input-rules";
import { brisbaneYear } from "./eligibility";
import { QUOTE_CREDIT_SCORE, calculatorDefaults } from "./defaults";

export interface QuoteRequest {
  selfAssessedCreditScore: typeof QUOTE_CREDIT_SCORE;
  purchasePrice: number;
  /** Years; the page always sends 5. */
  loanTerm: number;
  year: number;
  vin: string;
  nvic: string;
  whoIsHelping: string;
}

export interface QuoteResponse {
  weeklyRepaymentAmount: number;
  /** Percent p.a. */
  advertisedRate: number;
  /** Percent p.a. */
  comparisonRate: number;
}

export interface QuoteProvider {
  quote(req: QuoteRequest): Promise<QuoteResponse>;
}

export interface QuoteError {
  message: string;
  field?: keyof QuoteRequest | "body";
}

export type QuoteHandlerResult = { status: 200; body: QuoteResponse } | { status: 400 | 404 | 422 | 500 | 502 | 504; body: QuoteError };

export type QuoteValidation = { ok: true; value: QuoteRequest } | { ok: false; status: 400; body: Required<QuoteError> };

/** Sanity ceiling: no car on these sites costs more, and it keeps the arithmetic meaningful. */
export const MAX_QUOTE_PRICE = 10_000_000;

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

export function validateQuoteRequest(body: unknown, now: Date = new Date()): QuoteValidation {
  const fail = (field: QuoteError["field"] & string, message: string): QuoteValidation => ({ ok: false, status: 400, body: { message, field } });
  let data = body;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      return fail("body", "The request body must be JSON");
    }
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return fail("body", "The request body must be a JSON object");
  const b = data as Record<string, unknown>;

  if (b.selfAssessedCreditScore !== QUOTE_CREDIT_SCORE) return fail("selfAssessedCreditScore", `selfAssessedCreditScore must be '${QUOTE_CREDIT_SCORE}'`);
  const price = b.purchasePrice;
  if (typeof price !== "number" || !Number.isFinite(price) || price <= 0 || price > MAX_QUOTE_PRICE) {
    return fail("purchasePrice", `purchasePrice must be a number above 0 and at most ${MAX_QUOTE_PRICE}`);
  }
  // The calculator's widest term range; the page itself always asks for 5 years.
  if (!isInt(b.loanTerm) || b.loanTerm < 1 || b.loanTerm > 7) return fail("loanTerm", "loanTerm must be a whole number of years from 1 to 7");
  const maxYear = brisbaneYear(now) + 1;
  if (!isInt(b.year) || b.year < 1900 || b.year > maxYear) return fail("year", `year must be a whole number from 1900 to ${maxYear}`);
  // vin and nvic may be missing or empty (older cars, no NVIC match), but not malformed.
  const text = (field: "vin" | "nvic" | "whoIsHelping", max: number, pattern?: RegExp): string | QuoteValidation => {
    const v = b[field];
    if (v === undefined || v === null) return "";
    if (typeof v !== "string" || v.length > max || (pattern && !pattern.test(v))) {
      return fail(field, `${field} must be text of at most ${max} characters${pattern ? ", letters and digits only" : ""}`);
    }
    return v;
  };
  const vin = text("vin", 17, /^[A-Za-z0-9]*$/);
  if (typeof vin !== "string") return vin;
  const nvic = text("nvic", 10, /^[A-Za-z0-9]*$/);
  if (typeof nvic !== "string") return nvic;
  const whoIsHelping = text("whoIsHelping", 200);
  if (typeof whoIsHelping !== "string") return whoIsHelping;

  return {
    ok: true,
    value: {
      selfAssessedCreditScore: QUOTE_CREDIT_SCORE,
      purchasePrice: price,
      loanTerm: b.loanTerm,
      year: b.year,
      vin: vin.toUpperCase(),
      nvic: nvic.toUpperCase(),
      whoIsHelping,
    },
  };
}

/** Quotes from the dealer's configured provider with the engine: full price financed, no deposit or balloon, weekly. */
export function embeddedQuoteProvider(settings: FinanceSettings, providerId?: string): QuoteProvider {
  const provider = providerFor(settings, providerId ?? settings.quote.providerId);
  return {
    async quote(req) {
      const rules = resolveInputRules(provider, settings.calculator.inputs);
      // The calculator's starting rate, so a card's quoted weekly figure matches the calculator's.
      const rate = calculatorDefaults(settings, { providerId: provider.id }).rate;
      // Keep the term inside the provider's range (a 5-year-maximum provider never quotes 7).
      const term = rangeFor("term", rules);
      const termYears = Math.min(term.max, Math.max(term.min, req.loanTerm));
      const res = repaymentFor({
        price: req.purchasePrice,
        annualRate: rate,
        termYears,
        frequency: "weekly",
        ...providerTerms(provider),
      });
      return { weeklyRepaymentAmount: res.payment, advertisedRate: rate, comparisonRate: Math.round(providerComparisonRate(provider, rate) * 100) / 100 };
    },
  };
}

export type UpstreamFailure = "http" | "network" | "timeout" | "invalid-response";

export class QuoteUpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super(message);
    this.name = "QuoteUpstreamError";
  }
}

export interface RemoteQuoteOptions {
  /** The adapter POSTs the request to {baseUrl}/quote. */
  baseUrl: string;
  /** Milliseconds to wait: the site's finance.quote.timeoutMs. */
  timeoutMs: number;
  /** Injected for tests and for runtimes without a global fetch. */
  fetch?: typeof fetch;
  /** e.g. an API key header read from the server environment by the route (never from the manifest). */
  headers?: Record<string, string>;
}

function isQuoteResponse(v: unknown): v is QuoteResponse {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return ["weeklyRepaymentAmount", "advertisedRate", "comparisonRate"].every((k) => typeof o[k] === "number" && Number.isFinite(o[k]));
}

/** Calls the provider's real API. Every failure becomes a QuoteUpstreamError saying what went wrong. */
export function remoteQuoteProvider(opts: RemoteQuoteOptions): QuoteProvider {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/quote`;
  const timeoutMs = opts.timeoutMs;
  return {
    async quote(req) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json", ...opts.headers },
          body: JSON.stringify(req),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        const name = (e as { name?: string } | null)?.name;
        if (name === "TimeoutError" || name === "AbortError") throw new QuoteUpstreamError("timeout", `Quote provider did not answer within ${timeoutMs} ms`);
        throw new QuoteUpstreamError("network", `Quote provider unreachable: ${(e as Error)?.message ?? String(e)}`);
      }
      if (!res.ok) throw new QuoteUpstreamError("http", `Quote provider answered ${res.status}`, res.status);
      let json: unknown;
      try {
        json = await res.json();
      } catch {
        throw new QuoteUpstreamError("invalid-response", "Quote provider answered with something other than JSON");
      }
      if (!isQuoteResponse(json))
        throw new QuoteUpstreamError("invalid-response", "Quote provider's answer lacks weeklyRepaymentAmount, advertisedRate or comparisonRate");
      return { weeklyRepaymentAmount: json.weeklyRepaymentAmount, advertisedRate: json.advertisedRate, comparisonRate: json.comparisonRate };
    },
  };
}

/** The adapter the site's settings ask for. */
export function quoteProviderFor(settings: FinanceSettings, remote: Omit<RemoteQuoteOptions, "baseUrl" | "timeoutMs"> = {}): QuoteProvider {
  if (settings.quote.adapter === "remote") {
    if (!settings.quote.baseUrl) throw new Error("finance.quote.baseUrl is required for the remote quote adapter");
    return remoteQuoteProvider({ ...remote, baseUrl: settings.quote.baseUrl, timeoutMs: settings.quote.timeoutMs });
  }
  return embeddedQuoteProvider(settings);
}

export async function handleQuoteRequest(
  body: unknown,
  financeSettings: FinanceSettings | null | undefined,
  adapter?: QuoteProvider,
): Promise<QuoteHandlerResult> {
  const v = validateQuoteRequest(body);
  if (!v.ok) return { status: 400, body: v.body };
  if (!financeSettings) return { status: 404, body: { message: "Finance quotes are not available for this site" } };
  try {
    const quote = await (adapter ?? quoteProviderFor(financeSettings)).quote(v.value);
    return { status: 200, body: quote };
  } catch (e) {
    if (e instanceof QuoteUpstreamError) {
      if (e.kind === "timeout") return { status: 504, body: { message: e.message } };
      if (e.kind === "http" && e.upstreamStatus !== undefined && e.upstreamStatus >= 400 && e.upstreamStatus < 500) {
        return { status: 422, body: { message: `The finance provider could not quote for this vehicle (${e.upstreamStatus})` } };
      }
      return { status: 502, body: { message: e.message } };
    }
    return { status: 500, body: { message: "The quote could not be calculated" } };
  }
}
