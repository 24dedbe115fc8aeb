/**
 * The trade-in helper's HTTP side (runtime/leads/trade-in.ts holds the rules):
 *
 *  POST /api/valuation {action: "vehicle", rego?, regoState?, make, model, year, kms} → {valuation}
 *  POST /api/valuation {action: "adjustments", id, adjustmentAnswers}                → {valuation} (with its offer)
 *      (and the stateless "rego" and "offer" actions of runtime/leads/valuation.ts)
 *  POST /api/valuation/lead  the trade-in form's lead as JSON, plus valuation_id and offer_accepted:
 *      the trade-in fields are replaced by the stored valuation's, then it goes through the one
 *      lead pipeline (POST /api/leads: validation, idempotency key, rate limit, outbox). Answers as
 *      the leads API does, plus offer_price and offer_accepted.
 *  POST /api/valuation/form  the same steps as a plain HTML form, before JavaScript: each step
 *      303s back to the form's page with `?valuation={id}` (no personal data in the URL); a rego
 *      lookup, or contact details the lead API refused, come back through a 10-minute HttpOnly
 *      cookie read only with the `tf` nonce it names. The last step 303s to the success page.
 */
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Db } from "../db/types";
import type { DealerManifest } from "../generated/types";
import { safeSitePath } from "../accounts/redirect";
import { apiError, cookieHeader, json, seeOther, type ApiContext, type SiteRouteSpec, type SiteTenant } from "../http/api-route";
import { leadAnswer, submitLead, type LeadApiDeps, type LeadSubmission } from "./api";
import { handleValuationPost, type ValuationAdapter, type ValuationDeps } from "./valuation";
import {
  adjustTradeInValuation,
  isValuationId,
  lookupTradeInRego,
  recordTradeInLead,
  startTradeInValuation,
  tradeInLeadFields,
  tradeInValuation,
  type TradeInValuation,
} from "./trade-in";

export interface TradeInApiDeps {
  db: () => Promise<Db>;
  lead?: LeadApiDeps;
  valuation?: ValuationDeps;
  now?: () => Date;
}

/** What the browser is told of a valuation (its id, the car and the answer; nothing personal is in it). */
export function publicValuation(v: TradeInValuation) {
  const r = v.result;
  return {
    id: v.id,
    step: v.step,
    make: v.make,
    model: v.model,
    year: v.year,
    kms: v.kms,
    result:
      r === null
        ? null
        : r.status === "offer"
          ? { status: "offer" as const, offer_price: r.offer_price, range: r.range }
          : { status: r.status, reason: r.reason, message: r.message },
  };
}
export type PublicValuation = ReturnType<typeof publicValuation>;

/**
 * Valuations the honeypot caught, per process and bounded (as the lead pipeline remembers what it
 * told bots): the key it was sent with, so a second post of one is answered as a sent valuation's
 * is (the same key: a replay; any other: already sent) and a bot cannot tell it was caught.
 */
// (the key is stored as "" when the post had none: the cache holds no null values)
const caughtValuations = new LRUCache<string, string>({ max: 10_000 });

/**
 * Whether the valuation's lead was sent: stored with its lead, or caught by the honeypot (which a
 * bot must not be able to tell from sent). Either way it takes no more changes.
 */
const wasSent = (slug: string, v: TradeInValuation) => v.leadId !== null || caughtValuations.has(`${slug}:${v.id}`);

/** The answer to a change of a valuation already sent. */
export const VALUATION_SENT_MESSAGE = "This valuation has already been sent, so it can no longer be changed. Please start a new valuation.";

/** The largest body POST /api/valuation reads: a car and its answers fit in far less. */
export const VALUATION_MAX_BODY_BYTES = 8 * 1024;

/**
 * POST /api/valuation: the API boundary reads the JSON body (capped at VALUATION_MAX_BODY_BYTES)
 * and takes the `valuation` rate limit; valuation.ts answers the stateless actions and this file
 * the stored valuation's.
 */
export function handleTradeInValuation(ctx: ApiContext<Record<string, unknown>, unknown, SiteTenant>, deps: TradeInApiDeps): Promise<Response> {
  const now = deps.now;
  return handleValuationPost(ctx.body, ctx.tenant, {
    ...deps.valuation,
    actions: {
      vehicle: async (body, manifest, adapter) => {
        const out = await startTradeInValuation(await deps.db(), manifest, body as Parameters<typeof startTradeInValuation>[2], { adapter, now });
        return out.ok ? json(200, { valuation: publicValuation(out.valuation) }) : apiError(400, "Please fix the following errors:", out.errors);
      },
      adjustments: async (body, manifest, adapter) => {
        if (!isValuationId(body.id)) return apiError(400, "Please start again.", [{ field: "id", message: "Please start again." }]);
        const db = await deps.db();
        const current = await tradeInValuation(db, manifest.slug, body.id);
        if (current && wasSent(manifest.slug, current)) return apiError(409, VALUATION_SENT_MESSAGE, [{ field: "id", message: VALUATION_SENT_MESSAGE }]);
        const v = await adjustTradeInValuation(db, manifest, body.id, body.adjustmentAnswers, { adapter, now });
        return v ? json(200, { valuation: publicValuation(v) }) : apiError(404, "This valuation could not be found. Please start again.");
      },
    },
  });
}

const FORM_CATEGORY = { "trade-in": "Trade-In", "sell-my-car": "Sell My Car" } as const;

/** The lead with the valuation's fields in place of whatever the browser sent for them. */
function leadWithValuation(input: Record<string, unknown>, v: TradeInValuation, accepted: boolean): Record<string, unknown> {
  const lead: Record<string, unknown> = { ...input };
  for (const k of [
    "valuation_id",
    "offer_accepted",
    "offer_price",
    "adjustmentAnswers",
    "rego",
    "regoState",
    "Vehicle Make",
    "Vehicle Model",
    "Vehicle Year",
    "kms",
    "lead_id",
    "isLastStep",
  ])
    delete lead[k];
  const form = lead.form === "sell-my-car" ? "sell-my-car" : "trade-in";
  return { ...lead, form, category: FORM_CATEGORY[form], ...tradeInLeadFields(v, accepted) };
}

/** The lead through the one lead pipeline (validation, idempotency key, createLead, outbox), then recorded on the valuation. */
async function sendLead(
  tenant: SiteTenant,
  db: Db,
  v: TradeInValuation,
  lead: Record<string, unknown>,
  opts: { key: string | null; deps: TradeInApiDeps },
): Promise<LeadSubmission> {
  const out = await submitLead(tenant, lead, {
    key: opts.key,
    hash: createHash("sha256").update(JSON.stringify(lead), "utf8").digest("hex"),
    deps: opts.deps.lead ?? {},
  });
  // A honeypot answer looks like success but stored nothing: record only a lead that exists, and remember the caught one.
  if (out.ok && out.stored) await recordTradeInLead(db, tenant.slug, v.id, out.leadId, lead.offer_accepted === true);
  else if (out.ok && !caughtValuations.has(`${tenant.slug}:${v.id}`)) caughtValuations.set(`${tenant.slug}:${v.id}`, opts.key ?? "");
  return out;
}

/** POST /api/valuation/lead: the trade-in form's lead (JSON) with valuation_id and offer_accepted, through the lead pipeline. */
export async function handleTradeInLead(ctx: ApiContext<Record<string, unknown>, unknown, SiteTenant>, deps: TradeInApiDeps): Promise<Response> {
  const { tenant, body: input } = ctx;
  const db = await deps.db();
  const v = isValuationId(input.valuation_id) ? await tradeInValuation(db, tenant.slug, input.valuation_id) : null;
  if (!v) return apiError(400, "This valuation could not be found. Please start again.");
  const lead = leadWithValuation(input, v, input.offer_accepted === true);
  const key = ctx.request.headers.get("idempotency-key");
  const caught = caughtValuations.get(`${tenant.slug}:${v.id}`);
  if (v.leadId || caught !== undefined) {
    // The same lead again (a retry with its idempotency key) is answered by the lead pipeline as a
    // replay; any other is refused: a valuation is sent once. One the honeypot caught is answered alike.
    const [sent] = key && v.leadId ? await db.query<{ idempotency_key: string | null }>("SELECT idempotency_key FROM leads WHERE id = $1", [v.leadId]) : [];
    const sentKey = v.leadId ? sent?.idempotency_key : caught;
    if (!key || sentKey !== key) return apiError(409, "This valuation has already been sent.");
  }
  const out = await sendLead(tenant, db, v, lead, { key, deps });
  const price = typeof lead.offer_price === "number" ? lead.offer_price : null;
  // The answer is the lead API's, plus the offer the lead carries (a honeypot's answer too: it must not differ from a real one).
  return leadAnswer(out, out.ok && price !== null ? { offer_price: price, offer_accepted: lead.offer_accepted === true } : {});
}

// ---------------------------------------------------------------------------------------------
// The plain-HTML form (before JavaScript)

export const TRADE_IN_FORM_COOKIE = "dp_tradein";

/** What the form page shows again after a plain post: a rego lookup's result, or refused contact details and why. */
export interface TradeInFormState {
  n: string;
  lookup?: { rego: string; regoState: string; message: string; vehicle: { make: string; model: string; year: number } | null };
  vehicle?: Record<string, string>;
  contact?: Record<string, string>;
  errors?: { field: string; message: string }[];
}

export function readTradeInFormState(raw: string | undefined, nonce: string | undefined): TradeInFormState | null {
  if (!raw || !nonce) return null;
  try {
    const v = JSON.parse(raw) as TradeInFormState;
    return v && v.n === nonce ? v : null;
  } catch {
    return null;
  }
}

function stateCookie(state: TradeInFormState, path: string, secure: boolean): string {
  return cookieHeader(TRADE_IN_FORM_COOKIE, JSON.stringify(state).slice(0, 3500), { path: path.split("?")[0] || "/", maxAge: 600, secure });
}

const CONTACT_KEYS = ["name", "last_name", "email", "phone", "postcode", "location_id", "message"] as const;
const VEHICLE_KEYS = ["rego", "regoState", "Vehicle Make", "Vehicle Model", "Vehicle Year", "kms"] as const;

export type FormFields = Record<string, string | string[]>;

/** POST /api/valuation/form: one step of the plain-HTML trade-in form (before JavaScript), as a plain form post. */
export async function handleTradeInForm(
  ctx: ApiContext<FormFields, unknown, SiteTenant>,
  deps: TradeInApiDeps & { adapter?: ValuationAdapter },
): Promise<Response> {
  const { tenant } = ctx;
  const manifest: DealerManifest = tenant.manifest;
  const get = (k: string) => {
    const v = ctx.body[k];
    return typeof v === "string" ? v.slice(0, 2000) : "";
  };
  const back = safeSitePath(get("back"), "/");
  const success = safeSitePath(get("success"), "/success");
  const to = (params: Record<string, string>, state?: Omit<TradeInFormState, "n">) => {
    const url = new URL(back, "http://x");
    for (const k of ["valuation", "tf"]) url.searchParams.delete(k);
    const n = state ? randomUUID().slice(0, 8) : null;
    for (const [k, v] of Object.entries({ ...params, ...(n ? { tf: n } : {}) })) url.searchParams.set(k, v);
    return seeOther(`${url.pathname}${url.search}${url.hash}`, state && n ? [stateCookie({ n, ...state }, url.pathname, ctx.https)] : []);
  };
  const step = get("step");
  const intent = get("intent");
  const db = await deps.db();
  const opts = { adapter: deps.adapter, now: deps.now };

  if (step === "vehicle") {
    const vehicle = Object.fromEntries(VEHICLE_KEYS.map((k) => [k, get(k)]));
    if (intent === "lookup") {
      const found = await lookupTradeInRego(manifest, get("rego"), get("regoState"), opts);
      const message =
        !get("rego") || !get("regoState")
          ? "Enter the rego and choose the state to look up your car."
          : found
            ? `Found: ${found.year} ${found.make} ${found.model}. Please check the details below.`
            : "We couldn't find that rego. Please enter your car's make, model and year.";
      return to(
        {},
        {
          lookup: {
            rego: get("rego"),
            regoState: get("regoState"),
            message,
            vehicle: found ? { make: found.make, model: found.model, year: found.year } : null,
          },
          vehicle,
        },
      );
    }
    const kms = get("kms").replace(/[^0-9]/g, "");
    const out = await startTradeInValuation(
      db,
      manifest,
      {
        make: get("Vehicle Make"),
        model: get("Vehicle Model"),
        year: get("Vehicle Year"),
        kms: kms === "" ? null : kms,
        rego: get("rego"),
        regoState: get("regoState"),
      },
      opts,
    );
    if (!out.ok) return to({}, { vehicle, errors: out.errors });
    return to({ valuation: out.valuation.id });
  }

  const v = isValuationId(get("id")) ? await tradeInValuation(db, tenant.slug, get("id")) : null;
  if (!v) return to({});
  // A sent valuation (or one the honeypot caught: the same to whoever posts) takes no more changes.
  if (wasSent(tenant.slug, v)) return step === "details" ? seeOther(success) : to({ valuation: v.id });
  if (step === "condition") {
    const answers: Record<string, string> = {};
    for (const [k, value] of Object.entries(ctx.body))
      if (k.startsWith("adj_") && typeof value === "string" && value) answers[k.slice(4)] = value.slice(0, 100);
    const done = await adjustTradeInValuation(db, manifest, v.id, answers, opts);
    return to({ valuation: (done ?? v).id });
  }
  if (step === "details") {
    const contact = Object.fromEntries(CONTACT_KEYS.map((k) => [k, get(k)]));
    const lead = leadWithValuation(
      {
        form: get("variant") === "sell-my-car" ? "sell-my-car" : "trade-in",
        ...Object.fromEntries(Object.entries(contact).filter(([, value]) => value.trim() !== "")),
        ...(/^[A-Za-z0-9_-]{1,100}$/.test(get("car_id")) ? { car_id: get("car_id") } : {}),
        source: "website",
        company_url: get("company_url"),
      },
      v,
      intent === "accept",
    );
    const out = await sendLead(tenant, db, v, lead, { key: null, deps });
    if (out.ok) return seeOther(success);
    const errors = out.errors.length ? out.errors : [{ field: "form-error", message: out.message }];
    return to({ valuation: v.id }, { contact, errors });
  }
  return to({ valuation: v.id });
}

// The valuation routes as app/api/valuation declares them; tests hand in their own dependencies.

/** POST /api/valuation: reads its own body and takes its own `valuation` limit (./valuation.ts). */
export const tradeInValuationSpec = (deps: TradeInApiDeps): SiteRouteSpec<Record<string, unknown>, unknown> => ({
  name: "valuation",
  limit: "valuation",
  stateChanging: true,
  body: "json",
  maxBodyBytes: VALUATION_MAX_BODY_BYTES,
  handle: (ctx) => handleTradeInValuation(ctx, deps),
});

/** POST /api/valuation/lead: a trade-in lead is a lead, under the lead pipeline's own limit. */
export const tradeInLeadSpec = (deps: TradeInApiDeps): SiteRouteSpec<Record<string, unknown>, unknown> => ({
  name: "valuation.lead",
  limit: "leads",
  stateChanging: true,
  body: "json",
  handle: (ctx) => handleTradeInLead(ctx, deps),
});

/** POST /api/valuation/form. */
export const tradeInFormSpec = (deps: TradeInApiDeps & { adapter?: ValuationAdapter }): SiteRouteSpec<FormFields, unknown> => ({
  name: "valuation.form",
  limit: "valuation",
  stateChanging: true,
  body: "form",
  handle: (ctx) => handleTradeInForm(ctx, deps),
});
