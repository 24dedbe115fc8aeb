/**
 * Sends a lead to POST /api/leads with an Idempotency-Key. The same key is reused while the same
 * body is retried (a network error or a 503 is retried automatically, and a visitor's retry of
 * an unchanged form reuses it too), so a retried submission never makes a second lead. A changed
 * body gets a new key (the API refuses a key reused with another body).
 */
import { MESSAGES } from "@/runtime/leads/messages";
import type { FieldError } from "@/runtime/field-error";

export const LEADS_ENDPOINT = "/api/leads";

export type LeadResult =
  { ok: true; lead_id: string; lead_status: string; form_completed: boolean } | { ok: false; status: number; message: string | null; errors: FieldError[] };

export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  // Very old browsers: good enough to tell two submissions apart.
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** Keeps one key per body: the same body gets the same key until forget() (after success). */
export class IdempotencyKeys {
  private current: { body: string; key: string } | null = null;
  keyFor(body: string): string {
    if (!this.current || this.current.body !== body) this.current = { body, key: newIdempotencyKey() };
    return this.current.key;
  }
  forget(): void {
    this.current = null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface PostLeadOptions {
  fetchImpl?: typeof fetch;
  /** Where the lead goes: POST /api/leads, or an endpoint that hands it on there (the trade-in form's /api/valuation/lead). */
  endpoint?: string;
  /** Automatic retries of a network error or 503 (same key). Default 2. */
  retries?: number;
  retryDelayMs?: number;
}

export async function postLead(body: string, key: string, options: PostLeadOptions = {}): Promise<LeadResult> {
  const doFetch = options.fetchImpl ?? fetch;
  const retries = options.retries ?? 2;
  let last: LeadResult = { ok: false, status: 0, message: null, errors: [] };
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep((options.retryDelayMs ?? 800) * attempt);
    let res: Response;
    try {
      res = await doFetch(options.endpoint ?? LEADS_ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body,
        credentials: "same-origin",
      });
    } catch {
      last = { ok: false, status: 0, message: null, errors: [] };
      continue;
    }
    let data: Record<string, unknown> = {};
    try {
      data = (await res.json()) as Record<string, unknown>;
    } catch {
      // no JSON body
    }
    if (res.ok && typeof data.lead_id === "string") {
      return { ok: true, lead_id: data.lead_id, lead_status: String(data.lead_status ?? ""), form_completed: data.form_completed === true };
    }
    const errors = Array.isArray(data.errors)
      ? (data.errors as FieldError[]).filter((e) => e && typeof e.field === "string" && typeof e.message === "string")
      : [];
    last = { ok: false, status: res.status, message: typeof data.message === "string" ? data.message : null, errors };
    if (res.status !== 503) break;
  }
  return last;
}

/** The message kept as the form error after a failed submission: the server's message, else the spec's wording. */
export function failureMessage(result: Extract<LeadResult, { ok: false }>, multiStep = false): string {
  return result.message ?? (multiStep ? MESSAGES.unexpected : MESSAGES.submitFailed);
}
