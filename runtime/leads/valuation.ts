/**
 * Trade-in and sell-my-car valuation: the trade-in form's rego lookup and online estimate. A
 * ValuationAdapter looks up a rego and values a car:
 *
 * - embedded (default): an estimate from market comparables in the stock index (same make and
 *   model, year within 1, used, any dealer's visible listing), less a trade margin, adjusted for
 *   kilometres and the adjustment answers. Its rego register is a few built-in sample
 *   registrations (sample-regos.ts); any other rego is not found and the visitor types make,
 *   model and year.
 * - remote: POSTs to the provider URL in forms.tradeIn.remoteUrl (`${LEADS_…}` substitution),
 *   with the API key from forms.tradeIn.apiKeyEnv as a bearer token.
 *
 * Online estimates are not given for cars older or with more kilometres than the dealer's
 * forms.tradeIn.maxAgeYears / maxKms: those get the guidance (tradeInGuidance, which states the
 * dealer's own limits) instead of an offer.
 * `handleValuationPost` serves POST /api/valuation. Server-only.
 */
import "server-only";
import type { DealerManifest } from "../generated/types";
import type { Tenant } from "../tenant";
import { quoteFilterToken } from "../search/filter-grammar";
import { siteStockSearch } from "../inventory/site-search";
import { expandEnv, formsSettings, LEADS_ENV_NAME, type Env, type ResolvedFormsSettings } from "./settings";
import { tradeInGuidance } from "./messages";
import { apiError, json } from "../http/api-route";
import { sampleRegistration } from "./sample-regos";

export const REGO_STATES = ["QLD", "NSW", "VIC", "TAS", "SA", "WA", "NT", "ACT"] as const;
/** Trade price as a share of the comparables' median retail price. */
export const TRADE_MARGIN = 0.8;
export const MIN_COMPARABLES = 1;

export interface VehicleIdentity {
  make: string;
  model: string;
  year: number;
  badge?: string;
}

export interface ValuationInput {
  make: string;
  model: string;
  year: number;
  kms: number;
  adjustmentAnswers?: Record<string, string | number | boolean>;
  rego?: string;
  regoState?: string;
}

export type ValuationResult =
  | { status: "offer"; offer_price: number; range: { low: number; high: number }; comparables: number; source: "embedded" | "remote" }
  | { status: "not-eligible"; reason: "age" | "kms"; message: string }
  | { status: "no-estimate"; reason: "no-comparables" | "provider-error"; message: string };

export interface ValuationAdapter {
  readonly kind: "embedded" | "remote";
  lookupRego(rego: string, regoState: string): Promise<VehicleIdentity | null>;
  valuate(input: ValuationInput): Promise<ValuationResult>;
}

export interface AdjustmentQuestion {
  id: string;
  question: string;
  options: readonly string[];
  /** Share taken off the estimate per answer. */
  deductions: Record<string, number>;
}

/** The adjustment questions the form asks (answers travel with the lead as adjustmentAnswers). */
export const ADJUSTMENT_QUESTIONS: readonly AdjustmentQuestion[] = [
  { id: "accident", question: "Has the car been in an accident?", options: ["No", "Yes"], deductions: { Yes: 0.1 } },
  { id: "serviceHistory", question: "Does the car have a full service history?", options: ["Yes", "No"], deductions: { No: 0.05 } },
  { id: "mechanical", question: "Are there any mechanical issues or warning lights?", options: ["No", "Yes"], deductions: { Yes: 0.1 } },
  { id: "bodyDamage", question: "Is there any body damage, rust or hail damage?", options: ["No", "Yes"], deductions: { Yes: 0.07 } },
  { id: "interior", question: "Is the interior in good condition?", options: ["Yes", "No"], deductions: { No: 0.04 } },
  { id: "finance", question: "Is your car currently under finance?", options: ["No", "Yes"], deductions: {} },
];

/** The dealer's trade-in settings (forms.tradeIn) with the schema's defaults filled in. */
export type TradeInSettings = ResolvedFormsSettings["tradeIn"];

export function tradeInSettings(manifest: Pick<DealerManifest, "forms"> | null | undefined): TradeInSettings {
  return formsSettings(manifest).tradeIn;
}

/** Not eligible for an online estimate: too old or too many kilometres. */
export function eligibility(
  input: Pick<ValuationInput, "year" | "kms">,
  s: Pick<TradeInSettings, "maxAgeYears" | "maxKms">,
  now = new Date(),
): ValuationResult | null {
  if (now.getFullYear() - input.year > s.maxAgeYears) return { status: "not-eligible", reason: "age", message: tradeInGuidance(s) };
  if (input.kms > s.maxKms) return { status: "not-eligible", reason: "kms", message: tradeInGuidance(s) };
  return null;
}

export function deductionFor(answers: ValuationInput["adjustmentAnswers"]): number {
  let total = 0;
  for (const q of ADJUSTMENT_QUESTIONS) {
    const a = answers?.[q.id];
    if (typeof a === "string") total += q.deductions[a] ?? 0;
  }
  return Math.min(total, 0.4);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round100 = (n: number) => Math.max(0, Math.round(n / 100) * 100);

export interface Comparable {
  price: number;
  km?: number;
}

/** The embedded estimate from comparables (pure). */
export function estimateFromComparables(input: ValuationInput, comparables: Comparable[]): ValuationResult {
  const priced = comparables.filter((c) => Number.isFinite(c.price) && c.price > 10);
  if (priced.length < MIN_COMPARABLES)
    return {
      status: "no-estimate",
      reason: "no-comparables",
      message: "We don't have enough market data for an online estimate of this car. Send us your details and we'll value it for you.",
    };
  const retail = median(priced.map((c) => c.price));
  const kmsKnown = priced.map((c) => c.km).filter((k): k is number => typeof k === "number" && Number.isFinite(k));
  // 2% per 10,000 km above (or below) the comparables' median, within ±15%.
  const kmFactor = kmsKnown.length ? 1 - Math.max(-0.15, Math.min(0.15, ((input.kms - median(kmsKnown)) / 10_000) * 0.02)) : 1;
  const offer = retail * TRADE_MARGIN * kmFactor * (1 - deductionFor(input.adjustmentAnswers));
  const offerPrice = round100(offer);
  return {
    status: "offer",
    offer_price: offerPrice,
    range: { low: round100(offer * 0.95), high: round100(offer * 1.05) },
    comparables: priced.length,
    source: "embedded",
  };
}

/** Market comparables from the stock index: same make and model, year within 1, used, visible on any dealer's site. */
export async function indexComparables(manifest: DealerManifest, input: Pick<ValuationInput, "make" | "model" | "year">): Promise<Comparable[]> {
  const { search, indexName } = siteStockSearch(manifest);
  const filters = [
    `make:${quoteFilterToken(input.make)}`,
    `model:${quoteFilterToken(input.model)}`,
    `year:${input.year - 1} TO ${input.year + 1}`,
    "car_type:used",
    "price > 10",
  ].join(" AND ");
  const result = await search.search(
    indexName,
    { filters, hitsPerPage: 200, attributesToRetrieve: ["price", "km"], attributesToHighlight: [] },
    { baseFilter: "show_on_dealer_website:true" },
  );
  return result.hits.map((hit) => {
    const h = hit as unknown as { price?: unknown; km?: unknown };
    return { price: Number(h.price), ...(typeof h.km === "number" ? { km: h.km } : {}) };
  });
}

export function embeddedAdapter(manifest: DealerManifest, deps: { comparables?: typeof indexComparables; now?: () => Date } = {}): ValuationAdapter {
  const settings = tradeInSettings(manifest);
  return {
    kind: "embedded",
    async lookupRego(rego, regoState) {
      return sampleRegistration(rego, regoState);
    },
    async valuate(input) {
      const blocked = eligibility(input, settings, deps.now?.() ?? new Date());
      if (blocked) return blocked;
      return estimateFromComparables(input, await (deps.comparables ?? indexComparables)(manifest, input));
    },
  };
}

export interface RemoteAdapterOptions {
  url: string;
  apiKey?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  settings: Pick<TradeInSettings, "maxAgeYears" | "maxKms">;
  now?: () => Date;
}

/**
 * A remote provider: POST {url} with JSON {action: "rego", rego, regoState} answering
 * {vehicle: {make, model, year, badge?} | null}, and {action: "valuation", make, model, year, kms,
 * adjustmentAnswers} answering {offer_price, low?, high?} (or {offer_price: null}).
 */
export function remoteAdapter(o: RemoteAdapterOptions): ValuationAdapter {
  const call = async (body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const res = await (o.fetchImpl ?? fetch)(o.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(o.timeoutMs ?? 8000),
    });
    if (!res.ok) throw new Error(`valuation provider answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  return {
    kind: "remote",
    async lookupRego(rego, regoState) {
      const data = await call({ action: "rego", rego, regoState });
      const v = data.vehicle as Record<string, unknown> | null | undefined;
      if (!v || typeof v.make !== "string" || typeof v.model !== "string" || !Number.isInteger(v.year)) return null;
      return { make: v.make, model: v.model, year: v.year as number, ...(typeof v.badge === "string" ? { badge: v.badge } : {}) };
    },
    async valuate(input) {
      const blocked = eligibility(input, o.settings, o.now?.() ?? new Date());
      if (blocked) return blocked;
      try {
        const data = await call({ action: "valuation", ...input });
        const price = Number(data.offer_price);
        if (data.offer_price === null || !Number.isFinite(price) || price <= 0)
          return {
            status: "no-estimate",
            reason: "no-comparables",
            message: "We can't give an online estimate for this car. Send us your details and we'll value it for you.",
          };
        const low = Number.isFinite(Number(data.low)) ? Number(data.low) : price * 0.95;
        const high = Number.isFinite(Number(data.high)) ? Number(data.high) : price * 1.05;
        return { status: "offer", offer_price: round100(price), range: { low: round100(low), high: round100(high) }, comparables: 0, source: "remote" };
      } catch (e) {
        console.warn(`[valuation] remote provider failed: ${e instanceof Error ? e.name : "error"}`);
        return {
          status: "no-estimate",
          reason: "provider-error",
          message: "Online estimates are unavailable right now. Send us your details and we'll value your car.",
        };
      }
    },
  };
}

/** The dealer's adapter: remote when configured with a usable URL, else embedded. */
export function adapterFor(
  manifest: DealerManifest,
  env: Env = process.env,
  deps: { fetchImpl?: typeof fetch; comparables?: typeof indexComparables } = {},
): ValuationAdapter {
  const s = tradeInSettings(manifest);
  if (s.valuation === "remote" && s.remoteUrl) {
    const url = expandEnv(s.remoteUrl, env);
    if (url.ok && /^https?:\/\//.test(url.value)) {
      const apiKey = s.apiKeyEnv && LEADS_ENV_NAME.test(s.apiKeyEnv) ? env[s.apiKeyEnv] : undefined;
      return remoteAdapter({ url: url.value, apiKey, fetchImpl: deps.fetchImpl, settings: s });
    }
    console.warn(`[valuation] site=${manifest.slug} remote valuation URL unusable; using the embedded estimate`);
  }
  return embeddedAdapter(manifest, { comparables: deps.comparables });
}

// ---------------------------------------------------------------------------------------------
// POST /api/valuation

export interface ValuationDeps {
  /** More actions by name (runtime/leads/trade-in-api.ts: the stored valuation's "vehicle" and "adjustments"), after the rate limit and body checks. */
  actions?: Record<string, (body: Record<string, unknown>, manifest: DealerManifest, adapter: ValuationAdapter) => Promise<Response>>;
  adapter?: ValuationAdapter;
  env?: Env;
  now?: () => Date;
}

const text = (v: unknown, max: number) => (typeof v === "string" && v.trim() && v.trim().length <= max ? v.trim() : null);

/** Checks a valuation request body; returns the input or the fields at fault. */
export function parseValuationInput(
  body: Record<string, unknown>,
  now = new Date(),
): { ok: true; input: ValuationInput } | { ok: false; errors: { field: string; message: string }[] } {
  const errors: { field: string; message: string }[] = [];
  const make = text(body.make, 100);
  const model = text(body.model, 100);
  const year = typeof body.year === "string" && /^[0-9]{4}$/.test(body.year) ? Number(body.year) : body.year;
  const kms = typeof body.kms === "string" && /^[0-9]{1,7}$/.test(body.kms) ? Number(body.kms) : body.kms;
  if (!make) errors.push({ field: "Vehicle Make", message: "Please enter the make" });
  if (!model) errors.push({ field: "Vehicle Model", message: "Please enter the model" });
  if (typeof year !== "number" || !Number.isInteger(year) || year < 1900 || year > now.getFullYear() + 1)
    errors.push({ field: "Vehicle Year", message: "Please enter a 4-digit year" });
  if (typeof kms !== "number" || !Number.isInteger(kms) || kms < 0 || kms > 5_000_000)
    errors.push({ field: "kms", message: "Please enter the kilometres as a whole number" });
  const answers: Record<string, string | number | boolean> = {};
  if (body.adjustmentAnswers && typeof body.adjustmentAnswers === "object" && !Array.isArray(body.adjustmentAnswers)) {
    for (const [k, v] of Object.entries(body.adjustmentAnswers as Record<string, unknown>).slice(0, 50)) {
      if (k.length <= 100 && (typeof v === "boolean" || typeof v === "number" || (typeof v === "string" && v.length <= 500))) answers[k] = v;
    }
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, input: { make: make!, model: model!, year: year as number, kms: kms as number, adjustmentAnswers: answers } };
}

/**
 * POST /api/valuation: {action: "rego", rego, regoState} → {vehicle | null};
 * {action: "offer", make, model, year, kms, adjustmentAnswers} → {result: ValuationResult} (not kept);
 * the stored valuation's steps come through `deps.actions` (runtime/leads/trade-in-api.ts).
 * The body arrives read and parsed by the API boundary (which also takes the `valuation` rate
 * limit). 400 with the fields at fault; 403 for a host that is not a dealer site (or trade-in
 * off). Provider failures are an answer ('no-estimate'), never a 5xx.
 */
export async function handleValuationPost(body: Record<string, unknown>, tenant: Tenant, deps: ValuationDeps = {}): Promise<Response> {
  if (tenant.kind !== "site") return apiError(403, "This website does not offer valuations.");
  const manifest = tenant.manifest;
  const features = manifest.features as Record<string, boolean | undefined> | undefined;
  if (!tradeInSettings(manifest).enabled || features?.tradeIn === false) return apiError(403, "This website does not offer valuations.");
  const adapter = deps.adapter ?? adapterFor(manifest, deps.env);
  if (body.action === "rego") {
    const rego = typeof body.rego === "string" ? body.rego.replace(/\s+/g, "").toUpperCase() : "";
    const state = typeof body.regoState === "string" ? body.regoState.toUpperCase() : "";
    const errors = [];
    if (!/^[A-Z0-9]{1,9}$/.test(rego)) errors.push({ field: "rego", message: "Please enter a valid rego" });
    if (!(REGO_STATES as readonly string[]).includes(state)) errors.push({ field: "regoState", message: "Please select a state" });
    if (errors.length) return apiError(400, "Please fix the following errors:", errors);
    try {
      return json(200, { vehicle: await adapter.lookupRego(rego, state) });
    } catch (e) {
      console.warn(`[valuation] site=${manifest.slug} rego lookup failed: ${e instanceof Error ? e.name : "error"}`);
      return json(200, { vehicle: null });
    }
  }
  if (body.action === "offer") {
    const parsed = parseValuationInput(body, deps.now?.() ?? new Date());
    if (!parsed.ok) return apiError(400, "Please fix the following errors:", parsed.errors);
    try {
      return json(200, { result: await adapter.valuate(parsed.input) });
    } catch (e) {
      console.warn(`[valuation] site=${manifest.slug} valuation failed: ${e instanceof Error ? e.name : "error"}`);
      return json(200, {
        result: {
          status: "no-estimate",
          reason: "provider-error",
          message: "Online estimates are unavailable right now. Send us your details and we'll value your car.",
        } satisfies ValuationResult,
      });
    }
  }
  const extra = typeof body.action === "string" && Object.hasOwn(deps.actions ?? {}, body.action) ? deps.actions![body.action] : null;
  if (extra) return extra(body, manifest, adapter);
  return apiError(400, "action must be rego or offer", [{ field: "action", message: "action must be rego or offer" }]);
}
