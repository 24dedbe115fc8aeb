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
import { randomUUID } from "node:crypto";
import type { Db } from "../db/types";
import type { DealerManifest } from "../generated/types";
import type { Tenant } from "../tenant";
import { safeSitePath } from "../accounts/redirect";
import { sameOriginRefusal } from "../http/same-origin";
import { handleLeadPost, type LeadApiDeps } from "./api";
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

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
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

/** POST /api/valuation with the stored valuation's actions added. */
export function handleTradeInValuationPost(request: Request, tenant: Tenant, deps: TradeInApiDeps): Promise<Response> {
  const now = deps.now;
  return handleValuationPost(request, tenant, {
    ...deps.valuation,
    actions: {
      vehicle: async (body, manifest, adapter) => {
        const out = await startTradeInValuation(await deps.db(), manifest, body as Parameters<typeof startTradeInValuation>[2], { adapter, now });
        return out.ok
          ? json(200, { valuation: publicValuation(out.valuation) })
          : json(400, { message: "Please fix the following errors:", errors: out.errors });
      },
      adjustments: async (body, manifest, adapter) => {
        if (!isValuationId(body.id)) return json(400, { message: "Please start again.", errors: [{ field: "id", message: "Please start again." }] });
        const v = await adjustTradeInValuation(await deps.db(), manifest, body.id, body.adjustmentAnswers, { adapter, now });
        return v ? json(200, { valuation: publicValuation(v) }) : json(404, { message: "This valuation could not be found. Please start again.", errors: [] });
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

type Forwarded = { response: Response; leadId: string | null; offerAccepted: boolean; offerPrice: number | null };

/** Sends the lead through POST /api/leads' own handler (same headers: the rate limit and idempotency key hold), then records it on the valuation. */
async function forwardLead(
  request: Request,
  tenant: Tenant & { kind: "site" },
  db: Db,
  v: TradeInValuation,
  lead: Record<string, unknown>,
  deps: TradeInApiDeps,
): Promise<Forwarded> {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  // No db injected in production: the leads API then makes sure this process's outbox worker runs.
  const res = await handleLeadPost(
    new Request(new URL("/api/leads", request.url), { method: "POST", headers, body: JSON.stringify(lead) }),
    tenant,
    deps.lead ?? {},
  );
  const body = (await res
    .clone()
    .json()
    .catch(() => ({}))) as Record<string, unknown>;
  const leadId = res.ok && typeof body.lead_id === "string" ? body.lead_id : null;
  const accepted = lead.offer_accepted === true;
  // A honeypot answer looks like success but stored nothing: record only a lead that exists.
  if (leadId) {
    const [stored] = await db.query<{ id: string }>("SELECT id FROM leads WHERE id = $1 AND dealer_slug = $2", [leadId, tenant.slug]);
    if (stored) await recordTradeInLead(db, tenant.slug, v.id, leadId, accepted);
  }
  return { response: res, leadId, offerAccepted: accepted, offerPrice: typeof lead.offer_price === "number" ? lead.offer_price : null };
}

/** POST /api/valuation/lead: the trade-in form's lead (JSON) with valuation_id and offer_accepted. */
export async function handleTradeInLeadPost(request: Request, tenant: Tenant, deps: TradeInApiDeps): Promise<Response> {
  if (tenant.kind !== "site") return json(403, { message: "This website does not offer valuations.", errors: [] });
  let input: Record<string, unknown>;
  try {
    const raw = await request.text();
    if (raw.length > 64 * 1024) return json(413, { message: "The request is too large.", errors: [] });
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    input = parsed as Record<string, unknown>;
  } catch {
    return json(400, { message: "The request could not be read.", errors: [] });
  }
  const db = await deps.db();
  const v = isValuationId(input.valuation_id) ? await tradeInValuation(db, tenant.slug, input.valuation_id) : null;
  if (!v) return json(400, { message: "This valuation could not be found. Please start again.", errors: [] });
  const lead = leadWithValuation(input, v, input.offer_accepted === true);
  if (v.leadId) {
    // The same lead again (a retry with its idempotency key) is answered by the leads API as a replay; any other is refused: a valuation is sent once.
    const key = request.headers.get("idempotency-key");
    const [sent] = key ? await db.query<{ idempotency_key: string | null }>("SELECT idempotency_key FROM leads WHERE id = $1", [v.leadId]) : [];
    if (!key || sent?.idempotency_key !== key) return json(409, { message: "This valuation has already been sent.", errors: [] });
  }
  const out = await forwardLead(request, tenant, db, v, lead, deps);
  if (!out.leadId) return out.response;
  const body = (await out.response.json()) as Record<string, unknown>;
  // The leads API's own headers (x-lead-id …) stay; the body gains the offer the lead carries.
  return new Response(JSON.stringify({ ...body, ...(out.offerPrice !== null ? { offer_price: out.offerPrice, offer_accepted: out.offerAccepted } : {}) }), {
    status: out.response.status,
    headers: out.response.headers,
  });
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
  const value = encodeURIComponent(JSON.stringify(state).slice(0, 3500));
  return `${TRADE_IN_FORM_COOKIE}=${value}; Path=${path.split("?")[0] || "/"}; Max-Age=600; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function redirect(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}

const CONTACT_KEYS = ["name", "last_name", "email", "phone", "postcode", "location_id", "message"] as const;
const VEHICLE_KEYS = ["rego", "regoState", "Vehicle Make", "Vehicle Model", "Vehicle Year", "kms"] as const;

/** POST /api/valuation/form: one step of the trade-in form as a plain form post. */
export async function handleTradeInFormPost(request: Request, tenant: Tenant, deps: TradeInApiDeps & { adapter?: ValuationAdapter }): Promise<Response> {
  if (tenant.kind !== "site") return new Response(null, { status: 404 });
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const manifest: DealerManifest = tenant.manifest;
  const data = await request.formData().catch(() => new FormData());
  const get = (k: string) => {
    const v = data.get(k);
    return typeof v === "string" ? v.slice(0, 2000) : "";
  };
  const back = safeSitePath(get("back"), "/");
  const success = safeSitePath(get("success"), "/success");
  const secure = (request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "")) === "https";
  const to = (params: Record<string, string>, state?: Omit<TradeInFormState, "n">) => {
    const url = new URL(back, "http://x");
    for (const k of ["valuation", "tf"]) url.searchParams.delete(k);
    const n = state ? randomUUID().slice(0, 8) : null;
    for (const [k, v] of Object.entries({ ...params, ...(n ? { tf: n } : {}) })) url.searchParams.set(k, v);
    return redirect(`${url.pathname}${url.search}${url.hash}`, state && n ? [stateCookie({ n, ...state }, url.pathname, secure)] : []);
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
  if (step === "condition") {
    const answers: Record<string, string> = {};
    for (const [k, value] of data.entries()) if (k.startsWith("adj_") && typeof value === "string" && value) answers[k.slice(4)] = value.slice(0, 100);
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
    if (v.leadId) return redirect(success);
    const out = await forwardLead(request, tenant, db, v, lead, deps);
    if (out.leadId) return redirect(success);
    const body = (await out.response.json().catch(() => ({}))) as { message?: string; errors?: { field: string; message: string }[] };
    const errors =
      Array.isArray(body.errors) && body.errors.length
        ? body.errors
        : [{ field: "form-error", message: body.message ?? "An error occurred when submitting this form" }];
    return to({ valuation: v.id }, { contact, errors });
  }
  return to({ valuation: v.id });
}
