/**
 * POST /api/leads: validate, bind to the receiving dealer, store, and enqueue delivery, with
 * multi-step updates, an Idempotency-Key and a honeypot. The API boundary (runtime/http/api-route.ts)
 * refuses other hosts (404), cross-site posts (403), a client past the `leads` rate limit (429),
 * a body that is neither a JSON object nor a form (400) or over 64 KB (413) before anything here runs.
 * A plain HTML form post (before JavaScript) takes the same pipeline and is answered with 303s
 * (see handleLeadFormPost and form-post.ts).
 *
 * Answers: 201 {lead_id, lead_status, form_completed} for a new lead; 200 for a later step or an
 * idempotent replay; 400 {message: 'Please fix the following errors:', errors: [{field, message}]}
 * with every field at fault; 409 for an Idempotency-Key reused with a different body; 503 only
 * when the database itself is unavailable (retry with the same Idempotency-Key). Bad input never
 * gets a 5xx.
 *
 * Multi-step: the first step (no lead_id) creates the lead; later steps send lead_id and update
 * it (only a lead of the same dealer); the last step (isLastStep true or lead_status 'Complete')
 * sets lead_status Complete and form_completed true. A single-step form (no lead_id, no
 * isLastStep false) is complete at once. Delivery rows are written in the transaction that
 * completes the lead, so each destination gets each lead once, complete.
 */
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Db, Queryable } from "../db/types";
import { apiError, json, seeOther, type ApiContext, type SiteRouteSpec, type SiteTenant } from "../http/api-route";
import { requestOrigin, requestProto } from "../http/origin";
import { safeRedirectPath } from "../safe-href";
import type { DealerManifest } from "../generated/types";
import { dealershipOfCar } from "../inventory/cars";
import { bindToDealer } from "./binding";
import { createLead } from "./create";
import { leadLog } from "./log";
import { MESSAGES, fieldMessage, sortFieldErrors } from "./messages";
import { enqueueDeliveries, kickOutbox, startOutboxWorker } from "./outbox";
import type { LeadRow } from "./payload";
import { destinationsFor, formsSettings, type Env } from "./settings";
import { backPath, isFormPost, plainLead, refusedRedirect, type Problem } from "./form-post";
import { CONTROL_FIELDS, HONEYPOT_FIELD, validateLeadFields, type Lead } from "./validate";
import type { FieldError } from "@/runtime/field-error";

export const MAX_BODY_BYTES = 64 * 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LeadApiDeps {
  db?: Db | (() => Promise<Db>);
  env?: Env;
  /** The dealership holding a car, by the car's id, or null for a car the stock does not know (tests hand in a fixture). */
  dealershipOfCar?: (manifest: DealerManifest, id: number) => Promise<number | null>;
}

/**
 * A car the lead names must not be another dealer's (a lead on one dealer's site naming another
 * dealer's car would file that car's enquiry with the wrong dealer): the field at fault, or null.
 * A car the stock no longer knows (sold long ago, a link's old id) is still the shopper's to ask
 * about ("find me something similar"), so only a car held by a dealership not this dealer's is refused.
 */
async function foreignCar(tenant: SiteTenant, input: Record<string, unknown>, deps: LeadApiDeps): Promise<FieldError | null> {
  const raw = input.car_id;
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^[0-9]{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(id)) return null;
  const holder = await (deps.dealershipOfCar ?? dealershipOfCar)(tenant.manifest, id);
  if (holder === null || tenant.manifest.dealerships.some((d) => d.id === holder)) return null;
  return { field: "car_id", message: MESSAGES.carNotOurs };
}

/**
 * What the honeypot told bots, per process and bounded, so a bot's later step or resent request is
 * answered exactly as a real lead's would be (a later step of an id it was given: 200; the same
 * Idempotency-Key again: 200 with the same id), with nothing stored anywhere.
 */
const HONEYPOT_MEMORY = 10_000;
const honeypotIds = new LRUCache<string, true>({ max: HONEYPOT_MEMORY });
const honeypotKeys = new LRUCache<string, string>({ max: HONEYPOT_MEMORY });

async function leadExists(db: Db | null, dealer: string, id: string): Promise<boolean> {
  return !!db && (await db.query("SELECT 1 FROM leads WHERE id = $1 AND dealer_slug = $2", [id, dealer])).length > 0;
}

/** The answer a real lead would get, for a submission caught by the honeypot (every check before it passed). */
async function honeypotAnswer(
  dealer: string,
  a: { leadId: string | undefined; key: string | null; final: boolean; db: () => Promise<Db | null> },
): Promise<LeadSubmission> {
  const leadStatus = a.final ? "Complete" : "Incomplete";
  if (a.leadId !== undefined) {
    const known = honeypotIds.has(`${dealer}:${a.leadId}`) || (UUID.test(a.leadId) && (await leadExists(await a.db(), dealer, a.leadId)));
    // An id nobody was given is refused as a real later step is.
    if (!known) return refusal(400, [{ field: "lead_id", message: fieldMessage("lead_id") }]);
    return { ok: true, status: 200, leadId: a.leadId, leadStatus, formCompleted: a.final, stored: false };
  }
  const replayed = a.key !== null ? honeypotKeys.get(`${dealer}:${a.key}`) : undefined;
  if (replayed) return { ok: true, status: 200, leadId: replayed, leadStatus, formCompleted: a.final, stored: false };
  const id = randomUUID();
  honeypotIds.set(`${dealer}:${id}`, true);
  if (a.key !== null) honeypotKeys.set(`${dealer}:${a.key}`, id);
  return { ok: true, status: 201, leadId: id, leadStatus, formCompleted: a.final, stored: false };
}

async function resolveDb(deps: LeadApiDeps): Promise<Db> {
  if (typeof deps.db === "function") return deps.db();
  if (deps.db) return deps.db;
  return (await import("../db/index")).getDb();
}

type Outcome = { status: 200 | 201; leadId: string; leadStatus: "Incomplete" | "Complete"; enqueued: number; replay?: boolean } | { error: LeadRefusal };

/** A lead the pipeline refused: the status and what to tell the form. */
export interface LeadRefusal {
  ok: false;
  status: 400 | 409 | 503;
  message: string;
  errors: FieldError[];
}

/** What a submitted lead came to: stored (or, for a honeypot, made to look so) or refused. */
export type LeadSubmission =
  { ok: true; status: 200 | 201; leadId: string; leadStatus: "Incomplete" | "Complete"; formCompleted: boolean; stored: boolean } | LeadRefusal;

const refusal = (status: LeadRefusal["status"], errors: FieldError[], message: string = MESSAGES.errorSummary): LeadRefusal => ({
  ok: false,
  status,
  message,
  errors,
});

/**
 * The lead pipeline for a form's fields (the lead API and the trade-in form alike): the honeypot,
 * the field checks, then a new lead through createLead or a later step of one, delivered when
 * complete. `key` is the client's Idempotency-Key and `hash` a hash of its request.
 */
export async function submitLead(
  tenant: SiteTenant,
  input: Record<string, unknown>,
  opts: { key: string | null; hash: string; deps?: LeadApiDeps },
): Promise<LeadSubmission> {
  const deps = opts.deps ?? {};
  const dealer = tenant.slug;
  const key = opts.key;
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) return refusal(400, [{ field: "Idempotency-Key", message: MESSAGES.idempotencyKeyInvalid }]);

  const leadId = typeof input.lead_id === "string" ? input.lead_id : undefined;
  const explicitFinal = input.isLastStep === true || input.lead_status === "Complete";
  const explicitStep = input.isLastStep === false || (input.lead_status === "Incomplete" && !explicitFinal);
  const final = explicitFinal || (!leadId && !explicitStep);

  const trap = input[HONEYPOT_FIELD];
  const caught = typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null && trap !== false;

  const settings = formsSettings(tenant.manifest);
  // Field-by-field check of this request (formats, lengths, unknown fields, lead_id format).
  const first = validateLeadFields(input, { final: leadId ? false : final, commentsRequired: settings.commentsRequired });
  if (!first.ok) return refusal(400, first.errors);
  // The dealership and location, as a new lead is bound (a later step is bound with its stored fields).
  if (!leadId) {
    const bound = bindToDealer(first.lead, tenant.manifest, final);
    if (!bound.ok) return refusal(400, bound.errors);
  }
  const car = await foreignCar(tenant, input, deps).catch(() => null);
  if (car) return refusal(400, [car]);

  // Honeypot: after every check a real lead gets, answered as a real lead is (status, body, id,
  // a later step, a resent key), with nothing stored or delivered and nothing personal logged.
  if (caught) {
    leadLog("honeypot", { dealer });
    return honeypotAnswer(dealer, { leadId, key, final, db: () => resolveDb(deps).catch(() => null) });
  }

  let db: Db;
  try {
    db = await resolveDb(deps);
  } catch (e) {
    leadLog("db-unavailable", { dealer, error: (e as Error).name }, "error");
    return refusal(503, [], MESSAGES.submitFailed);
  }

  let outcome: Outcome;
  try {
    outcome = leadId
      ? await updateLead(db, {
          dealer,
          leadId,
          input,
          final,
          tenant,
          commentsRequired: settings.commentsRequired,
          env: deps.env,
          defaultCategory: settings.defaultCategory,
        })
      : await newLead(db, { dealer, lead: first.lead, final, tenant, key, hash: opts.hash, env: deps.env, defaultCategory: settings.defaultCategory });
  } catch (e) {
    leadLog("store-failed", { dealer, error: (e as Error).name, code: (e as { code?: string }).code }, "error");
    return refusal(503, [], MESSAGES.submitFailed);
  }
  if ("error" in outcome) return outcome.error;
  // Production (no injected db): make sure this process delivers, even if instrumentation did not start the worker.
  if (!deps.db) startOutboxWorker();
  if (outcome.enqueued > 0) kickOutbox();
  leadLog(outcome.replay ? "replay" : leadId ? (final ? "completed" : "updated") : "created", {
    lead: outcome.leadId,
    dealer,
    status: outcome.leadStatus,
    deliveries: outcome.enqueued,
  });
  return {
    ok: true,
    status: outcome.status,
    leadId: outcome.leadId,
    leadStatus: outcome.leadStatus,
    formCompleted: outcome.leadStatus === "Complete",
    stored: true,
  };
}

/** The lead API's answer: {lead_id, lead_status, form_completed} (the id in x-lead-id too), or the refusal. */
export function leadAnswer(out: LeadSubmission, extra: Record<string, unknown> = {}): Response {
  if (!out.ok) return apiError(out.status, out.message, out.errors, out.status === 503 ? { "retry-after": "5" } : {});
  // The id also travels in a header, so clients (and tests) that navigate away at once can read it.
  return json(out.status, { lead_id: out.leadId, lead_status: out.leadStatus, form_completed: out.formCompleted, ...extra }, { "x-lead-id": out.leadId });
}

/**
 * POST /api/leads behind the API boundary (app/api/leads/route.ts declares its limit and body): a
 * JSON body is answered in JSON; a plain HTML form post (before JavaScript) goes through the same
 * pipeline and is answered with a 303 (form-post.ts).
 */
export async function handleLeadCreate(ctx: ApiContext<Record<string, unknown>, unknown, SiteTenant>, deps: LeadApiDeps = {}): Promise<Response> {
  const { tenant, body, rawBody, request } = ctx;
  if (isFormPost(request)) return handleLeadFormPost(ctx, deps);
  return leadAnswer(await submitLead(tenant, body, { key: request.headers.get("idempotency-key"), hash: sha256(rawBody), deps }));
}

/** Where a stored plain post goes: the dealer's success page (as the script goes), naming the category so the page can say what happens next. */
export function plainSuccessPath(manifest: SiteTenant["manifest"], lead: Record<string, unknown>): string {
  const path = safeRedirectPath(formsSettings(manifest).successPath, formsSettings(null).successPath);
  const category = typeof lead.category === "string" && /^[A-Za-z0-9 &'/-]{1,100}$/.test(lead.category) ? lead.category : null;
  if (!category) return path;
  const url = new URL(path, "http://same-site.invalid");
  url.searchParams.set("sent", category);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A plain form post of a lead form: the lead the form stands for, through the one pipeline
 * (submitLead: the same validator, honeypot, createLead and outbox), then 303 to the success page,
 * or back to the form with the fields at fault and what was typed.
 */
async function handleLeadFormPost(ctx: ApiContext<Record<string, unknown>, unknown, SiteTenant>, deps: LeadApiDeps): Promise<Response> {
  const { tenant, request } = ctx;
  const plain = plainLead(ctx.body as Record<string, string | string[]>, {
    manifest: tenant.manifest,
    origin: ctx.origin,
    referer: request.headers.get("referer"),
    userAgent: request.headers.get("user-agent"),
  });
  const back = (errors: { field: string; message: string }[], values: Record<string, string>, problem?: Problem) => {
    const to = refusedRedirect({ back: plain.back, form: plain.form, errors, values, problem, https: ctx.https });
    return seeOther(to.location, to.cookies);
  };
  if (!plain.ok) return back([], {}, "unreadable");
  // The script keeps one key per body and page view: the page's key with the body's hash is the same.
  const hash = sha256(JSON.stringify(plain.lead));
  const key = plain.key ? `${plain.key}.${hash.slice(0, 32)}` : null;
  const out = await submitLead(tenant, plain.lead, { key, hash, deps });
  if (out.ok) return seeOther(plainSuccessPath(tenant.manifest, plain.lead));
  if (out.status === 400) return back(withPlaceErrors(out.errors, plain.lead, tenant.manifest), plain.values);
  return back([], plain.values, out.status === 409 ? "sent" : "failed");
}

/**
 * The pipeline checks the dealership only once the fields pass; the script's form says both at
 * once, so a plain post's answer adds the dealership's error to the fields' (the JSON answer is unchanged).
 */
function withPlaceErrors(errors: FieldError[], lead: Record<string, unknown>, manifest: SiteTenant["manifest"]): FieldError[] {
  if (errors.some((e) => ["location_id", "dealership_id", "dealership_slug", "location"].includes(e.field))) return errors;
  const bound = bindToDealer(lead as Partial<Lead>, manifest, true);
  return bound.ok ? errors : sortFieldErrors([...errors, ...bound.errors]);
}

/** A plain form post the boundary could not read, or refused for its rate: back to its page saying so. */
function plainProblem(request: Request, problem: Problem): Response {
  const origin = requestOrigin(request.headers, request.url);
  const to = refusedRedirect({
    back: backPath({}, { origin, referer: request.headers.get("referer") }),
    form: "",
    errors: [],
    problem,
    https: requestProto(request.headers, request.url) === "https",
  });
  return seeOther(to.location, to.cookies);
}

function sha256(s: string): string {
  return createHash("sha256").update(s, "utf8").digest("hex");
}

/** The stored fields: the lead without control fields, with the status fields set. */
function storedPayload(lead: Record<string, unknown>, final: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(lead)) if (!(CONTROL_FIELDS as readonly string[]).includes(k)) out[k] = v;
  out.lead_status = final ? "Complete" : "Incomplete";
  out.form_completed = final;
  return out;
}

interface CreateArgs {
  dealer: string;
  lead: Lead;
  final: boolean;
  tenant: SiteTenant;
  key: string | null;
  hash: string;
  env?: Env;
  defaultCategory: string;
}

async function newLead(db: Db, a: CreateArgs): Promise<Outcome> {
  // An earlier step of a multi-step form may not have its category yet.
  const category = a.lead.category || a.defaultCategory;
  return db.transaction(async (tx): Promise<Outcome> => {
    const out = await createLead(tx, {
      manifest: a.tenant.manifest,
      category,
      subcategory: a.lead.subcategory ?? null,
      fields: storedPayload(a.lead as unknown as Record<string, unknown>, a.final),
      place: { dealership_id: a.lead.dealership_id, dealership_slug: a.lead.dealership_slug, location_id: a.lead.location_id },
      onForeignPlace: "refuse",
      final: a.final,
      idempotency: a.key ? { key: a.key, hash: a.hash } : null,
      env: a.env,
    });
    if (!out.ok && out.reason === "place") return { error: refusal(400, out.errors) };
    if (!out.ok) return { error: refusal(409, [{ field: "Idempotency-Key", message: MESSAGES.idempotencyKeyReused }], MESSAGES.idempotencyKeyReused) };
    if (out.replay) return { status: 200, leadId: out.id, leadStatus: out.status, enqueued: 0, replay: true };
    if (a.final && out.enqueued === 0) leadLog("no-destination", { lead: out.id, dealer: a.dealer }, "warn");
    return { status: 201, leadId: out.id, leadStatus: out.status, enqueued: out.enqueued };
  });
}

interface UpdateArgs {
  dealer: string;
  leadId: string;
  input: Record<string, unknown>;
  final: boolean;
  tenant: SiteTenant;
  commentsRequired: boolean;
  env?: Env;
  defaultCategory: string;
}

async function updateLead(db: Db, a: UpdateArgs): Promise<Outcome> {
  return db.transaction(async (tx: Queryable): Promise<Outcome> => {
    const [row] = await tx.query<LeadRow>(`SELECT * FROM leads WHERE id = $1 AND dealer_slug = $2 FOR UPDATE`, [a.leadId, a.dealer]);
    // Another dealer's lead is answered exactly like a missing one.
    if (!row) return { error: refusal(400, [{ field: "lead_id", message: fieldMessage("lead_id") }]) };
    if (row.status === "Complete") return { status: 200, leadId: row.id, leadStatus: "Complete", enqueued: 0, replay: true };
    const merged: Record<string, unknown> = { ...row.payload };
    for (const [k, v] of Object.entries(a.input))
      if (!(CONTROL_FIELDS as readonly string[]).includes(k) && k !== "lead_status" && k !== "form_completed") merged[k] = v;
    delete merged.lead_status;
    delete merged.form_completed;
    const checked = validateLeadFields(merged, { final: a.final, commentsRequired: a.commentsRequired });
    if (!checked.ok) return { error: refusal(400, checked.errors) };
    const bound = bindToDealer(checked.lead, a.tenant.manifest, a.final);
    if (!bound.ok) return { error: refusal(400, bound.errors) };
    const b = bound.binding;
    const payload = storedPayload(checked.lead as unknown as Record<string, unknown>, a.final);
    if (b.dealership_slug && payload.dealership_slug === undefined) payload.dealership_slug = b.dealership_slug;
    const category = checked.lead.category || a.defaultCategory;
    await tx.query(
      `UPDATE leads SET payload = $2::jsonb, category = $3, subcategory = $4, dealership_id = $5, location_id = $6, status = $7, form_completed = $8,
              steps = steps + 1, updated_at = now(), completed_at = CASE WHEN $8 THEN now() ELSE completed_at END
        WHERE id = $1`,
      [
        row.id,
        JSON.stringify(payload),
        category,
        checked.lead.subcategory ?? null,
        b.dealership_id,
        b.location_id,
        a.final ? "Complete" : "Incomplete",
        a.final,
      ],
    );
    const enqueued = a.final ? await enqueueDeliveries(tx, row.id, destinationsFor(a.tenant.manifest, category, a.env)) : 0;
    return { status: 200, leadId: row.id, leadStatus: a.final ? "Complete" : "Incomplete", enqueued };
  });
}

/** POST /api/leads, as app/api/leads declares it (tests run it with their own dependencies). */
export const leadCreateSpec = (deps: LeadApiDeps = {}): SiteRouteSpec<Record<string, unknown>, unknown> => ({
  name: "leads.create",
  limit: "leads",
  stateChanging: true,
  // A JSON object (the script) or a plain HTML form post (before JavaScript), read by the boundary.
  body: "fields",
  maxBodyBytes: MAX_BODY_BYTES,
  onUnreadable: (request, message) => (isFormPost(request) ? plainProblem(request, "unreadable") : apiError(400, message, [{ field: "", message }])),
  // Past the rate limit, a plain post is sent back to its form with the message; the lead is refused all the same.
  onRefused: (request, refusal) => (refusal.status === 429 && isFormPost(request) ? plainProblem(request, "rate") : refusal),
  handle: (ctx) => handleLeadCreate(ctx, deps),
});
