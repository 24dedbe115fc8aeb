/**
 * The trade-in valuation helper end to end:
 * rego lookup (rego, regoState) → the car (make, model, year, kms) → adjustments (id,
 * adjustmentAnswers) → the offer (offer_price) → the lead, sent or accepted (offer acceptance:
 * email, phone, lead_id, form_completed; analytics event 18 in the browser).
 *
 * Each valuation is a row (migration 005_trade_in_valuations.sql) so the offer is the server's:
 * the lead's offer_price, vehicle fields and adjustmentAnswers are copied from the row, never
 * taken from the browser. No contact details are kept here; they travel in the lead only.
 *
 * The functions below are the whole interface (the trade-in form's API routes and the checkout
 * journey both call them):
 *   lookupTradeInRego(manifest, rego, regoState)                  → VehicleIdentity | null
 *   startTradeInValuation(db, manifest, car)                      → TradeInValuation (or field errors)
 *   adjustTradeInValuation(db, manifest, id, adjustmentAnswers)   → TradeInValuation with its offer | null
 *   tradeInValuation(db, dealerSlug, id)                          → TradeInValuation | null
 *   tradeInLeadFields(valuation, accepted)                        → the lead's trade-in fields
 *   acceptTradeInOffer(db, manifest, {id, email, phone, lead_id, form_completed})
 * Server-only.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Db, Queryable } from "../db/types";
import type { DealerManifest } from "../generated/types";
import { normaliseEmail, normaliseMobile } from "../accounts/recipient";
import {
  adapterFor,
  eligibility,
  parseValuationInput,
  REGO_STATES,
  tradeInSettings,
  type ValuationAdapter,
  type ValuationResult,
  type VehicleIdentity,
} from "./valuation";

export type TradeInStep = "condition" | "offer" | "sent";

export interface TradeInValuation {
  id: string;
  dealerSlug: string;
  rego: string | null;
  regoState: string | null;
  make: string;
  model: string;
  year: number;
  kms: number;
  adjustmentAnswers: Record<string, string | number | boolean>;
  /** null until the adjustments are answered; a not-eligible result at once for an old or high-kilometre car. */
  result: ValuationResult | null;
  /** What the shopper has left to do: answer the questions, see the offer (and send or accept it), or nothing. */
  step: TradeInStep;
  leadId: string | null;
  offerAccepted: boolean;
}

interface Row {
  id: string;
  dealer_slug: string;
  rego: string | null;
  rego_state: string | null;
  make: string;
  model: string;
  year: number;
  kms: number;
  adjustment_answers: Record<string, string | number | boolean> | string;
  result: ValuationResult | string | null;
  offer_price: number | null;
  lead_id: string | null;
  offer_accepted: boolean;
}

const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

function fromRow(r: Row): TradeInValuation {
  const result = r.result === null ? null : json<ValuationResult>(r.result);
  return {
    id: r.id,
    dealerSlug: r.dealer_slug,
    rego: r.rego,
    regoState: r.rego_state,
    make: r.make,
    model: r.model,
    year: Number(r.year),
    kms: Number(r.kms),
    adjustmentAnswers: json(r.adjustment_answers),
    result,
    step: r.lead_id ? "sent" : result ? "offer" : "condition",
    leadId: r.lead_id,
    offerAccepted: r.offer_accepted,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isValuationId = (id: unknown): id is string => typeof id === "string" && UUID.test(id);

/** A rego as the register knows it (spaces gone, upper case), or null when it cannot be one. */
export function normaliseRego(rego: unknown): string | null {
  const r = typeof rego === "string" ? rego.replace(/\s+/g, "").toUpperCase() : "";
  return /^[A-Z0-9]{1,9}$/.test(r) ? r : null;
}

export function normaliseRegoState(state: unknown): string | null {
  const s = typeof state === "string" ? state.trim().toUpperCase() : "";
  return (REGO_STATES as readonly string[]).includes(s) ? s : null;
}

export interface TradeInDeps {
  adapter?: ValuationAdapter;
  now?: () => Date;
}

/** Rego lookup through the dealer's adapter (built-in sample registrations, or the provider in forms.tradeIn). Never throws. */
export async function lookupTradeInRego(manifest: DealerManifest, rego: string, regoState: string, deps: TradeInDeps = {}): Promise<VehicleIdentity | null> {
  const r = normaliseRego(rego);
  const s = normaliseRegoState(regoState);
  if (!r || !s) return null;
  try {
    return await (deps.adapter ?? adapterFor(manifest)).lookupRego(r, s);
  } catch (e) {
    console.warn(`[valuation] site=${manifest.slug} rego lookup failed: ${e instanceof Error ? e.name : "error"}`);
    return null;
  }
}

export type StartOutcome = { ok: true; valuation: TradeInValuation } | { ok: false; errors: { field: string; message: string }[] };

/**
 * The car to value: make, model, year and kilometres (from the rego lookup or typed), with the
 * rego and state when given. A car over the age or kilometre limit (7 years, 100,000 km by
 * default) gets its not-eligible answer at once: no questions, no online estimate.
 */
export async function startTradeInValuation(
  db: Queryable,
  manifest: DealerManifest,
  car: { make: unknown; model: unknown; year: unknown; kms: unknown; rego?: unknown; regoState?: unknown },
  deps: TradeInDeps = {},
): Promise<StartOutcome> {
  const now = deps.now?.() ?? new Date();
  const parsed = parseValuationInput({ make: car.make, model: car.model, year: car.year, kms: car.kms }, now);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const { make, model, year, kms } = parsed.input;
  const blocked = eligibility({ year, kms }, tradeInSettings(manifest), now);
  const [row] = await db.query<Row>(
    `INSERT INTO trade_in_valuations (id, dealer_slug, rego, rego_state, make, model, year, kms, result)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) RETURNING *`,
    [randomUUID(), manifest.slug, normaliseRego(car.rego), normaliseRegoState(car.regoState), make, model, year, kms, blocked ? JSON.stringify(blocked) : null],
  );
  return { ok: true, valuation: fromRow(row) };
}

/** One of this dealer's valuations (another dealer's id finds nothing). */
export async function tradeInValuation(db: Queryable, dealerSlug: string, id: string): Promise<TradeInValuation | null> {
  if (!isValuationId(id)) return null;
  const [row] = await db.query<Row>("SELECT * FROM trade_in_valuations WHERE id = $1 AND dealer_slug = $2", [id, dealerSlug]);
  return row ? fromRow(row) : null;
}

/** Keeps answers to the known questions' shapes: at most 50, short keys and values. */
function cleanAnswers(answers: unknown): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (!answers || typeof answers !== "object" || Array.isArray(answers)) return out;
  for (const [k, v] of Object.entries(answers as Record<string, unknown>).slice(0, 50)) {
    if (k.length <= 100 && (typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && v.length <= 500))) out[k] = v;
  }
  return out;
}

/**
 * Adjustments (id, adjustmentAnswers) → the offer: values the car with the answers through the
 * dealer's adapter and keeps the result (offer, or no estimate) on the row. A valuation already
 * sent is returned as it is; a not-eligible one keeps its answer (nothing to value).
 */
export async function adjustTradeInValuation(
  db: Queryable,
  manifest: DealerManifest,
  id: string,
  adjustmentAnswers: unknown,
  deps: TradeInDeps = {},
): Promise<TradeInValuation | null> {
  const current = await tradeInValuation(db, manifest.slug, id);
  if (!current || current.step === "sent" || current.result?.status === "not-eligible") return current;
  const answers = cleanAnswers(adjustmentAnswers);
  let result: ValuationResult;
  try {
    result = await (deps.adapter ?? adapterFor(manifest)).valuate({
      make: current.make,
      model: current.model,
      year: current.year,
      kms: current.kms,
      adjustmentAnswers: answers,
      ...(current.rego ? { rego: current.rego } : {}),
      ...(current.regoState ? { regoState: current.regoState } : {}),
    });
  } catch (e) {
    console.warn(`[valuation] site=${manifest.slug} valuation failed: ${e instanceof Error ? e.name : "error"}`);
    result = {
      status: "no-estimate",
      reason: "provider-error",
      message: "Online estimates are unavailable right now. Send us your details and we'll value your car.",
    };
  }
  const [row] = await db.query<Row>(
    `UPDATE trade_in_valuations SET adjustment_answers = $3::jsonb, result = $4::jsonb, offer_price = $5, updated_at = now()
     WHERE id = $1 AND dealer_slug = $2 AND lead_id IS NULL RETURNING *`,
    [id, manifest.slug, JSON.stringify(answers), JSON.stringify(result), result.status === "offer" ? result.offer_price : null],
  );
  return row ? fromRow(row) : tradeInValuation(db, manifest.slug, id);
}

/**
 * The trade-in fields of a lead, from the valuation (never from the browser): rego, regoState,
 * Vehicle Make/Model/Year, kms, adjustmentAnswers, and offer_price with offer_accepted when
 * there was an offer. `accepted` counts only when there was one.
 */
export function tradeInLeadFields(v: TradeInValuation, accepted: boolean): Record<string, unknown> {
  const offer = v.result?.status === "offer" ? v.result.offer_price : null;
  return {
    ...(v.rego ? { rego: v.rego } : {}),
    ...(v.regoState ? { regoState: v.regoState } : {}),
    "Vehicle Make": v.make,
    "Vehicle Model": v.model,
    "Vehicle Year": v.year,
    kms: v.kms,
    ...(Object.keys(v.adjustmentAnswers).length ? { adjustmentAnswers: v.adjustmentAnswers } : {}),
    ...(offer !== null ? { offer_price: offer, offer_accepted: accepted } : {}),
  };
}

/** Marks the valuation sent with its lead (once: a second lead for the same valuation is refused). */
export async function recordTradeInLead(db: Queryable, dealerSlug: string, id: string, leadId: string, accepted: boolean): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE trade_in_valuations SET lead_id = $3, offer_accepted = $4, accepted_at = CASE WHEN $4 THEN now() ELSE NULL END, updated_at = now()
     WHERE id = $1 AND dealer_slug = $2 AND (lead_id IS NULL OR lead_id = $3) RETURNING id`,
    [id, dealerSlug, leadId, accepted],
  );
  return rows.length === 1;
}

export type AcceptOutcome =
  | { ok: true; offer_price: number; lead_id: string; form_completed: boolean }
  | { ok: false; reason: "not-found" | "no-offer" | "lead-mismatch" | "already-sent" };

/**
 * Offer acceptance (email, phone, lead_id, form_completed) for a lead that already exists, e.g.
 * the checkout journey's lead carrying tradeInLeadFields(valuation, true): checks the lead is this
 * dealer's and was sent by the same email and phone, then records the acceptance. The lead's own
 * fields are the caller's; the browser pushes analytics event 18 (runtime/analytics.ts offerAccepted).
 */
export async function acceptTradeInOffer(
  db: Db,
  manifest: DealerManifest,
  p: { id: string; email: string; phone: string; lead_id: string; form_completed?: boolean },
): Promise<AcceptOutcome> {
  const v = await tradeInValuation(db, manifest.slug, p.id);
  if (!v) return { ok: false, reason: "not-found" };
  if (v.result?.status !== "offer") return { ok: false, reason: "no-offer" };
  if (v.leadId && v.leadId !== p.lead_id) return { ok: false, reason: "already-sent" };
  const [lead] = isValuationId(p.lead_id)
    ? await db.query<{ payload: Record<string, unknown> | string; form_completed: boolean }>(
        "SELECT payload, form_completed FROM leads WHERE id = $1 AND dealer_slug = $2",
        [p.lead_id, manifest.slug],
      )
    : [];
  if (!lead) return { ok: false, reason: "lead-mismatch" };
  const payload = json<Record<string, unknown>>(lead.payload);
  const sameEmail = normaliseEmail(String(payload.email ?? "")) === normaliseEmail(p.email) && normaliseEmail(p.email) !== null;
  const samePhone = normaliseMobile(String(payload.phone ?? "")) === normaliseMobile(p.phone) && normaliseMobile(p.phone) !== null;
  if (!sameEmail || !samePhone) return { ok: false, reason: "lead-mismatch" };
  if (!(await recordTradeInLead(db, manifest.slug, v.id, p.lead_id, true))) return { ok: false, reason: "already-sent" };
  return { ok: true, offer_price: v.result.offer_price, lead_id: p.lead_id, form_completed: p.form_completed ?? lead.form_completed };
}
