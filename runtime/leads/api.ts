/**
 * POST /api/leads: validate, bind to the receiving dealer, store, and enqueue delivery, with
 * multi-step updates, an Idempotency-Key, a honeypot and a per-client rate limit.
 *
 * Answers: 201 {lead_id, lead_status, form_completed} for a new lead; 200 for a later step or an
 * idempotent replay; 400 {message: 'Please fix the following errors:', errors: [{field, message}]}
 * with every field at fault (400 for unreadable JSON too); 403 for a host that is not a dealer
 * site; 409 for an Idempotency-Key reused with a different body; 413 for a body over 64 KB; 429
 * past the rate limit; 503 only when the database itself is unavailable (retry with the same
 * Idempotency-Key). Bad input never gets a 5xx.
 *
 * Multi-step: the first step (no lead_id) creates the lead; later steps send lead_id and update
 * it (only a lead of the same dealer); the last step (isLastStep true or lead_status 'Complete')
 * sets lead_status Complete and form_completed true. A single-step form (no lead_id, no
 * isLastStep false) is complete at once. Delivery rows are written in the transaction that
 * completes the lead, so each destination gets each lead once, complete.
 */
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Db, Queryable } from "../db/types";
import type { Tenant } from "../tenant";
import { bindToDealer } from "./binding";
import { leadLog } from "./log";
import { MESSAGES, fieldMessage, type FieldError } from "./messages";
import { enqueueDeliveries, kickOutbox, startOutboxWorker } from "./outbox";
import type { LeadRow } from "./payload";
import { clientIp, type RateLimiter } from "./rate-limit";
import { limiterKey, processLimiters } from "../http/rate-limit";
import { destinationsFor, formsSettings, type Env } from "./settings";
import { CONTROL_FIELDS, HONEYPOT_FIELD, validateLeadFields, type Lead } from "./validate";

export const MAX_BODY_BYTES = 64 * 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LeadApiDeps {
  db?: Db | (() => Promise<Db>);
  limiter?: RateLimiter;
  env?: Env;
}

/** Milliseconds to wait before the client may post again (0: go on): an injected limiter (tests) or the shared one in PostgreSQL. */
async function leadWait(deps: LeadApiDeps, key: string): Promise<number> {
  if (deps.limiter) return deps.limiter.take(key);
  const taken = await processLimiters().take("leads", limiterKey([key]));
  return taken.ok ? 0 : taken.retryAfterS * 1000;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

const badRequest = (errors: FieldError[], message: string = MESSAGES.errorSummary) => json(400, { message, errors });

async function resolveDb(deps: LeadApiDeps): Promise<Db> {
  if (typeof deps.db === "function") return deps.db();
  if (deps.db) return deps.db;
  return (await import("../db/index")).getDb();
}

type Outcome = { status: 200 | 201; leadId: string; leadStatus: "Incomplete" | "Complete"; enqueued: number; replay?: boolean } | { error: Response };

export async function handleLeadPost(request: Request, tenant: Tenant, deps: LeadApiDeps = {}): Promise<Response> {
  if (tenant.kind !== "site") return json(403, { message: MESSAGES.notASite, errors: [] });
  const dealer = tenant.slug;

  const wait = await leadWait(deps, `${dealer}|${clientIp(request.headers)}`);
  if (wait > 0) {
    leadLog("rate-limited", { dealer });
    return json(429, { message: MESSAGES.rateLimited, errors: [] }, { "retry-after": String(Math.ceil(wait / 1000)) });
  }

  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return json(413, { message: MESSAGES.tooLarge, errors: [] });
  let text: string;
  try {
    text = await request.text();
  } catch {
    return badRequest([{ field: "", message: MESSAGES.unreadable }], MESSAGES.unreadable);
  }
  if (Buffer.byteLength(text, "utf8") > MAX_BODY_BYTES) return json(413, { message: MESSAGES.tooLarge, errors: [] });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return badRequest([{ field: "", message: MESSAGES.unreadable }], MESSAGES.unreadable);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return badRequest([{ field: "", message: MESSAGES.unreadable }], MESSAGES.unreadable);
  const input = body as Record<string, unknown>;

  const key = request.headers.get("idempotency-key");
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) return badRequest([{ field: "Idempotency-Key", message: MESSAGES.idempotencyKeyInvalid }]);

  const leadId = typeof input.lead_id === "string" ? input.lead_id : undefined;
  const explicitFinal = input.isLastStep === true || input.lead_status === "Complete";
  const explicitStep = input.isLastStep === false || (input.lead_status === "Incomplete" && !explicitFinal);
  const final = explicitFinal || (!leadId && !explicitStep);

  // Honeypot: looks like success, nothing stored or delivered, nothing personal logged.
  const trap = input[HONEYPOT_FIELD];
  if (typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null && trap !== false) {
    leadLog("honeypot", { dealer });
    // Never echo the client's value into a header (a newline or NUL there forged log lines and answered 500): only a well-formed id is kept.
    const fake = leadId !== undefined && UUID.test(leadId) ? leadId : randomUUID();
    return json(leadId ? 200 : 201, { lead_id: fake, lead_status: final ? "Complete" : "Incomplete", form_completed: final }, { "x-lead-id": fake });
  }

  const settings = formsSettings(tenant.manifest);
  // Field-by-field check of this request (formats, lengths, unknown fields, lead_id format).
  const first = validateLeadFields(input, { final: leadId ? false : final, commentsRequired: settings.commentsRequired });
  if (!first.ok) return badRequest(first.errors);

  let db: Db;
  try {
    db = await resolveDb(deps);
  } catch (e) {
    leadLog("db-unavailable", { dealer, error: (e as Error).name }, "error");
    return json(503, { message: MESSAGES.submitFailed, errors: [] }, { "retry-after": "5" });
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
      : await createLead(db, { dealer, lead: first.lead, final, tenant, key, hash: sha256(text), env: deps.env, defaultCategory: settings.defaultCategory });
  } catch (e) {
    leadLog("store-failed", { dealer, error: (e as Error).name, code: (e as { code?: string }).code }, "error");
    return json(503, { message: MESSAGES.submitFailed, errors: [] }, { "retry-after": "5" });
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
  // The id also travels in a header, so clients (and tests) that navigate away at once can read it.
  return json(
    outcome.status,
    { lead_id: outcome.leadId, lead_status: outcome.leadStatus, form_completed: outcome.leadStatus === "Complete" },
    { "x-lead-id": outcome.leadId },
  );
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
  tenant: Extract<Tenant, { kind: "site" }>;
  key: string | null;
  hash: string;
  env?: Env;
  defaultCategory: string;
}

async function createLead(db: Db, a: CreateArgs): Promise<Outcome> {
  const bound = bindToDealer(a.lead, a.tenant.manifest, a.final);
  if (!bound.ok) return { error: badRequest(bound.errors) };
  const b = bound.binding;
  const payload = storedPayload(a.lead as unknown as Record<string, unknown>, a.final);
  if (b.dealership_slug && payload.dealership_slug === undefined) payload.dealership_slug = b.dealership_slug;
  const id = randomUUID();
  // An earlier step of a multi-step form may not have its category yet.
  const category = a.lead.category || a.defaultCategory;
  const destinations = a.final ? destinationsFor(a.tenant.manifest, category, a.env) : [];
  return db.transaction(async (tx): Promise<Outcome> => {
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO leads (id, dealer_slug, dealership_id, location_id, category, subcategory, status, form_completed, payload, idempotency_key, request_hash, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, CASE WHEN $8 THEN now() END)
       ON CONFLICT (dealer_slug, idempotency_key) DO NOTHING
       RETURNING id`,
      [
        id,
        a.dealer,
        b.dealership_id,
        b.location_id,
        category,
        a.lead.subcategory ?? null,
        a.final ? "Complete" : "Incomplete",
        a.final,
        JSON.stringify(payload),
        a.key,
        a.hash,
      ],
    );
    if (!inserted.length) {
      const [existing] = await tx.query<{ id: string; status: "Incomplete" | "Complete"; request_hash: string | null }>(
        `SELECT id, status, request_hash FROM leads WHERE dealer_slug = $1 AND idempotency_key = $2`,
        [a.dealer, a.key],
      );
      if (!existing) throw new Error("idempotency conflict without a row");
      if (existing.request_hash && existing.request_hash !== a.hash) {
        return { error: json(409, { message: MESSAGES.idempotencyKeyReused, errors: [{ field: "Idempotency-Key", message: MESSAGES.idempotencyKeyReused }] }) };
      }
      return { status: 200, leadId: existing.id, leadStatus: existing.status, enqueued: 0, replay: true };
    }
    const enqueued = await enqueueDeliveries(tx, id, destinations);
    if (a.final && destinations.length === 0) leadLog("no-destination", { lead: id, dealer: a.dealer }, "warn");
    return { status: 201, leadId: id, leadStatus: a.final ? "Complete" : "Incomplete", enqueued };
  });
}

interface UpdateArgs {
  dealer: string;
  leadId: string;
  input: Record<string, unknown>;
  final: boolean;
  tenant: Extract<Tenant, { kind: "site" }>;
  commentsRequired: boolean;
  env?: Env;
  defaultCategory: string;
}

async function updateLead(db: Db, a: UpdateArgs): Promise<Outcome> {
  return db.transaction(async (tx: Queryable): Promise<Outcome> => {
    const [row] = await tx.query<LeadRow>(`SELECT * FROM leads WHERE id = $1 AND dealer_slug = $2 FOR UPDATE`, [a.leadId, a.dealer]);
    // Another dealer's lead is answered exactly like a missing one.
    if (!row) return { error: badRequest([{ field: "lead_id", message: fieldMessage("lead_id") }]) };
    if (row.status === "Complete") return { status: 200, leadId: row.id, leadStatus: "Complete", enqueued: 0, replay: true };
    const merged: Record<string, unknown> = { ...row.payload };
    for (const [k, v] of Object.entries(a.input))
      if (!(CONTROL_FIELDS as readonly string[]).includes(k) && k !== "lead_status" && k !== "form_completed") merged[k] = v;
    delete merged.lead_status;
    delete merged.form_completed;
    const checked = validateLeadFields(merged, { final: a.final, commentsRequired: a.commentsRequired });
    if (!checked.ok) return { error: badRequest(checked.errors) };
    const bound = bindToDealer(checked.lead, a.tenant.manifest, a.final);
    if (!bound.ok) return { error: badRequest(bound.errors) };
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
