/**
 * Lead delivery through an outbox in the database.
 *
 * - enqueueDeliveries(): in the transaction that makes a lead deliverable (creation of a
 *   single-step lead, completion of a multi-step one), one lead_deliveries row per destination;
 *   UNIQUE (lead_id, destination) makes it once per destination whatever happens.
 * - deliverDueOnce(): claims due rows (`FOR UPDATE SKIP LOCKED` in one UPDATE, pushing
 *   next_attempt_at out by a lease so no other worker picks them while they are being sent;
 *   under PGlite statements are serialised anyway), POSTs each (JSON or ADF XML) with
 *   `X-Signature: sha256=<hex HMAC-SHA256 of the body>` and `Idempotency-Key: <lead_id>:<destination>`,
 *   then marks it delivered, or schedules a retry with exponential backoff and jitter (capped at
 *   5 minutes). Nothing is ever dropped: a receiver that is down delays a lead; a permanent-looking
 *   failure (4xx, missing secret or URL) is marked 'failed' and still retried hourly, and
 *   `npm run leads -- retry` retries it at once.
 * - Delivery is at least once: if the process dies after the receiver accepted a lead but before
 *   the row is marked delivered, the row is sent again after its lease; the Idempotency-Key lets
 *   the receiver recognise the repeat.
 * - An email destination is sent the lead as a plain email (lead-email.ts, with the ADF XML
 *   attached when its format is adf) through the platform's message adapter: SMTP when SMTP_URL is
 *   set, else the local inbox (/inbox on the directory host, marked as not sent). A send that fails
 *   is retried with the same backoff; where email is not set up at all it is held as failed.
 *   Email has no Idempotency-Key: a repeat after a crash (see below) arrives as a second email.
 * - startOutboxWorker(): one polling loop per process (kept on globalThis).
 */
import { createHmac } from "node:crypto";
import type { Db, Queryable } from "../db/types";
import type { DealerManifest } from "../generated/types";
import { leadToAdf } from "./adf";
import { leadLog } from "./log";
import { deliveredLead, type LeadRow } from "./payload";
import { deliverToInbox } from "./fallback";
import { leadEmail } from "./lead-email";
import {
  destinationSecret,
  destinationUrl,
  formsSettings,
  isEmailDestination,
  resolveDestination,
  type DealerDestination,
  type EmailDestination,
  type Env,
  type LeadDestination,
  type WebhookDestination,
} from "./settings";
import { sendMessage, type ShopperMessage } from "../accounts/delivery";
import { onShutdown } from "../lifecycle/shutdown.mjs";
import { siteTimeZone } from "../time";

export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  random?: () => number;
}

/** Exponential backoff with "equal jitter": between half and all of min(cap, base * 2^(attempt-1)). */
export function backoffMs(
  attempt: number,
  { baseMs = envNum("LEADS_BACKOFF_BASE_MS", 2_000), capMs = envNum("LEADS_BACKOFF_CAP_MS", 300_000), random = Math.random }: BackoffOptions = {},
): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exp / 2 + random() * (exp / 2));
}

function envNum(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export function signBody(body: string, secret: string): string {
  return "sha256=" + createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

/** Inserts one pending delivery per destination (inside the caller's transaction). */
export async function enqueueDeliveries(tx: Queryable, leadId: string, destinations: readonly LeadDestination[]): Promise<number> {
  let n = 0;
  for (const d of destinations) {
    const rows = await tx.query(
      `INSERT INTO lead_deliveries (lead_id, destination, destination_config) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (lead_id, destination) DO NOTHING RETURNING id`,
      [leadId, d.id, JSON.stringify(d)],
    );
    n += rows.length;
  }
  return n;
}

export interface DeliverOptions extends BackoffOptions {
  /** Rows claimed per pass (default 20). */
  limit?: number;
  /** How long a claimed row is reserved for its sender (default 60 s; must exceed the send timeout). */
  leaseMs?: number;
  /** Retry interval for rows marked failed (default 1 hour). */
  failedRetryMs?: number;
  fetch?: typeof fetch;
  env?: Env;
  /** The dealer's current manifest (destination URL, format and names); default the site store. */
  lookupManifest?: (slug: string) => DealerManifest | null | undefined;
  /** Sends a lead email (default the platform's message adapter, its local inbox in this database). */
  sendEmail?: (message: ShopperMessage) => Promise<void>;
}

export interface DeliverResult {
  attempted: number;
  delivered: number;
  retrying: number;
  failed: number;
}

interface ClaimedRow {
  id: number | string;
  lead_id: string;
  destination: string;
  destination_config: LeadDestination;
  attempts: number;
}

async function defaultLookup(slug: string): Promise<DealerManifest | null> {
  const { getSiteStore } = await import("../manifest/store");
  const site = getSiteStore().bySlug.get(slug);
  return site?.status === "ok" ? site.manifest : null;
}

type Outcome = { kind: "delivered"; code: number } | { kind: "retry" | "failed"; error: string; code?: number };

/** Delivers the rows that are due now, once; returns what happened. */
export async function deliverDueOnce(db: Db, options: DeliverOptions = {}): Promise<DeliverResult> {
  const limit = options.limit ?? 20;
  const leaseMs = options.leaseMs ?? 60_000;
  const claimed = await db.query<ClaimedRow>(
    `WITH due AS (
       SELECT id FROM lead_deliveries
        WHERE status <> 'delivered' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT $1
        FOR UPDATE SKIP LOCKED
     )
     UPDATE lead_deliveries d
        SET attempts = d.attempts + 1, next_attempt_at = now() + ($2::int * interval '1 millisecond'), updated_at = now()
       FROM due WHERE d.id = due.id
     RETURNING d.id, d.lead_id, d.destination, d.destination_config, d.attempts`,
    [limit, leaseMs],
  );
  const result: DeliverResult = { attempted: claimed.length, delivered: 0, retrying: 0, failed: 0 };
  if (!claimed.length) return result;

  const leadIds = [...new Set(claimed.map((c) => c.lead_id))];
  const leads = await db.query<LeadRow>(`SELECT * FROM leads WHERE id = ANY($1::text[])`, [leadIds]);
  const byId = new Map(leads.map((l) => [l.id, l]));
  const manifests = new Map<string, DealerManifest | null>();
  const lookup = async (slug: string) => {
    if (!manifests.has(slug))
      manifests.set(slug, options.lookupManifest ? (options.lookupManifest(slug) ?? null) : await defaultLookup(slug).catch(() => null));
    return manifests.get(slug) ?? null;
  };

  await Promise.all(
    claimed.map(async (row) => {
      const lead = byId.get(row.lead_id);
      let outcome: Outcome;
      if (!lead) outcome = { kind: "failed", error: "lead not found" };
      else {
        const manifest = await lookup(lead.dealer_slug);
        outcome = row.destination_config.type === "local-inbox" ? await inboxOne(db, lead, manifest) : await deliverOne(db, row, lead, manifest, options);
      }
      const attempt = Number(row.attempts);
      if (outcome.kind === "delivered") {
        result.delivered++;
        await db.query(
          `UPDATE lead_deliveries SET status = 'delivered', delivered_at = now(), last_error = NULL, last_status_code = $2, updated_at = now() WHERE id = $1`,
          [row.id, outcome.code],
        );
        leadLog("delivered", { lead: row.lead_id, destination: row.destination, attempt });
      } else {
        const delay = outcome.kind === "retry" ? backoffMs(attempt, options) : (options.failedRetryMs ?? envNum("LEADS_FAILED_RETRY_MS", 3_600_000));
        if (outcome.kind === "retry") result.retrying++;
        else result.failed++;
        await db.query(
          `UPDATE lead_deliveries
              SET status = $2, last_error = $3, last_status_code = $4, next_attempt_at = now() + ($5::int * interval '1 millisecond'), updated_at = now()
            WHERE id = $1 AND status <> 'delivered'`,
          [row.id, outcome.kind === "retry" ? "pending" : "failed", outcome.error.slice(0, 500), outcome.code ?? null, Math.round(delay)],
        );
        leadLog(
          "delivery-" + (outcome.kind === "retry" ? "retry" : "failed"),
          { lead: row.lead_id, destination: row.destination, attempt, error: outcome.error, next_in_ms: Math.round(delay) },
          "warn",
        );
      }
    }),
  );
  return result;
}

/** The local inbox as the platform's fallback: the lead is kept there for staff (it never leaves the platform's database). */
async function inboxOne(db: Db, lead: LeadRow, manifest: DealerManifest | null): Promise<Outcome> {
  try {
    await deliverToInbox(db, deliveredLead(lead, manifest), manifest?.name ?? lead.dealer_slug);
    return { kind: "delivered", code: 200 };
  } catch (e) {
    return { kind: "retry", error: `local inbox: ${(e as Error).message}`.slice(0, 200) };
  }
}

async function deliverOne(db: Db, row: ClaimedRow, lead: LeadRow, manifest: DealerManifest | null, options: DeliverOptions): Promise<Outcome> {
  // The manifest's current settings for this destination win over the copy stored with the delivery
  // (a rotated URL, secret or address applies to deliveries already queued); the stored copy is read
  // through the same validator, so one stored before a default existed gets it too.
  let dest: DealerDestination;
  try {
    const current = manifest ? formsSettings(manifest).destinations.find((d) => d.id === row.destination) : undefined;
    dest = current ?? resolveDestination(row.destination_config as DealerDestination);
  } catch (e) {
    return { kind: "failed", error: e instanceof Error ? e.message : "invalid destination" };
  }
  return isEmailDestination(dest) ? emailOne(db, dest, lead, manifest, options) : sendOne(row, dest as WebhookDestination, lead, manifest, options);
}

/** An address in an error message (an SMTP server's refusal names the recipient) is not logged or stored. */
const withoutAddresses = (s: string) => s.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, "[address]");

async function emailOne(db: Db, dest: EmailDestination, lead: LeadRow, manifest: DealerManifest | null, options: DeliverOptions): Promise<Outcome> {
  const env = options.env ?? process.env;
  const payload = deliveredLead(lead, manifest);
  const { subject, text } = leadEmail(payload, manifest?.name ?? lead.dealer_slug, siteTimeZone(manifest));
  const shopper = typeof payload.fields.email === "string" && payload.fields.email.includes("@") ? payload.fields.email : undefined;
  const message: ShopperMessage = {
    dealer: lead.dealer_slug,
    channel: "email",
    to: dest.email,
    subject,
    text,
    ...(shopper ? { replyTo: shopper } : {}),
    ...(dest.format === "adf" ? { attachments: [{ filename: `lead-${lead.id}.xml`, content: leadToAdf(payload), contentType: "application/xml" }] } : {}),
  };
  try {
    await (options.sendEmail ?? ((m: ShopperMessage) => sendMessage(m, env, async () => db)))(message);
    return { kind: "delivered", code: 250 }; // SMTP's "accepted"
  } catch (e) {
    const error = withoutAddresses(`email: ${(e as Error).message}`).slice(0, 200);
    // No email transport at all (production without SMTP_URL or the local inbox) waits for configuration, like a missing secret.
    return { kind: /not configured/.test(error) ? "failed" : "retry", error };
  }
}

async function sendOne(row: ClaimedRow, dest: WebhookDestination, lead: LeadRow, manifest: DealerManifest | null, options: DeliverOptions): Promise<Outcome> {
  const env = options.env ?? process.env;
  const url = destinationUrl(dest, env);
  if (!url.ok) return { kind: "failed", error: url.error };
  const secret = destinationSecret(dest, env);
  if (!secret.ok) return { kind: "failed", error: secret.error };
  const payload = deliveredLead(lead, manifest);
  const body = dest.format === "adf" ? leadToAdf(payload) : JSON.stringify(payload);
  const doFetch = options.fetch ?? fetch;
  try {
    const res = await doFetch(url.value, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": dest.format === "adf" ? "application/xml; charset=utf-8" : "application/json",
        "x-signature": signBody(body, secret.value),
        "idempotency-key": `${lead.id}:${row.destination}`,
        "x-lead-id": lead.id,
        "x-delivery-attempt": String(row.attempts),
        "user-agent": "dealer-platform-leads/1",
      },
      body,
      signal: AbortSignal.timeout(dest.timeoutMs),
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { kind: "delivered", code: res.status };
    const transient = res.status >= 500 || res.status === 408 || res.status === 425 || res.status === 429;
    return { kind: transient ? "retry" : "failed", error: `HTTP ${res.status}`, code: res.status };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string; errors?: Array<{ code?: string }> } };
    const code = err.cause?.code ?? err.cause?.errors?.[0]?.code;
    return {
      kind: "retry",
      error: err.name === "TimeoutError" ? "timeout" : (code ? `${code}: ${err.message}` : `${err.name}: ${err.cause?.message ?? err.message}`).slice(0, 200),
    };
  }
}

/** Makes every undelivered row (optionally of one dealer, status or lead) due now; returns how many. */
export async function retryNow(db: Db, filter: { dealer?: string; status?: "pending" | "failed"; leadId?: string } = {}): Promise<number> {
  const where = ["d.status <> 'delivered'"];
  const params: unknown[] = [];
  if (filter.status) where.push(`d.status = $${params.push(filter.status)}`);
  if (filter.leadId) where.push(`d.lead_id = $${params.push(filter.leadId)}`);
  if (filter.dealer) where.push(`l.dealer_slug = $${params.push(filter.dealer)}`);
  const rows = await db.query(
    `UPDATE lead_deliveries d SET next_attempt_at = now(), updated_at = now() FROM leads l WHERE l.id = d.lead_id AND ${where.join(" AND ")} RETURNING d.id`,
    params,
  );
  return rows.length;
}

// ---- the worker --------------------------------------------------------------------------

export interface OutboxWorkerOptions extends DeliverOptions {
  /** Poll interval when idle (default LEADS_OUTBOX_POLL_MS or 1000 ms). */
  intervalMs?: number;
  /** The database (default getDb()). */
  db?: () => Promise<Db>;
}

export interface OutboxWorker {
  /** Runs a pass soon (called after a lead is stored). */
  kick(): void;
  stop(): Promise<void>;
}

const WORKER = Symbol.for("dealer-platform.leads.outbox-worker");
type WorkerHolder = { [WORKER]?: OutboxWorker };

/**
 * Starts the delivery loop of this process (once: later calls return the running worker).
 * Call it from Next's instrumentation `register()` (nodejs runtime). Does nothing during
 * `next build`. The timer does not keep the process alive.
 */
export function startOutboxWorker(options: OutboxWorkerOptions = {}): OutboxWorker {
  const g = globalThis as WorkerHolder;
  if (g[WORKER]) return g[WORKER]!;
  if (process.env.NEXT_PHASE === "phase-production-build" || process.env.LEADS_OUTBOX === "off") {
    return { kick() {}, async stop() {} };
  }
  const interval = options.intervalMs ?? envNum("LEADS_OUTBOX_POLL_MS", 1000);
  const openDb = options.db ?? (async () => (await import("../db/index")).getDb());
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;
  let lastError = "";

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref?.();
  };
  const pass = async () => {
    let wait = interval;
    try {
      const db = await openDb();
      for (let i = 0; i < 50 && !stopped; i++) {
        const r = await deliverDueOnce(db, options);
        if (r.attempted < (options.limit ?? 20)) break;
      }
      lastError = "";
    } catch (e) {
      const msg = (e as Error).name + ": " + (e as Error).message;
      if (msg !== lastError) leadLog("outbox-worker-error", { error: (e as Error).name, detail: (e as Error).message.slice(0, 160) }, "error");
      lastError = msg;
      wait = Math.max(interval, 15_000);
    }
    return wait;
  };
  function tick() {
    timer = null;
    if (stopped || running) {
      again = true;
      return;
    }
    running = pass().then((wait) => {
      running = null;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(wait);
    });
  }
  const worker: OutboxWorker = {
    kick() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      if (g[WORKER] === worker) delete g[WORKER];
    },
  };
  g[WORKER] = worker;
  // Graceful shutdown (scripts/server.mjs) waits for the batch being delivered.
  onShutdown("leads-outbox", 10, () => worker.stop());
  schedule(0);
  leadLog("outbox-worker-started", { interval_ms: interval });
  return worker;
}

/** Asks this process's worker (if started) to run a pass now. */
export function kickOutbox(): void {
  (globalThis as WorkerHolder)[WORKER]?.kick();
}
