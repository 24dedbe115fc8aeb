/**
 * Per-client rate limits for the public APIs, with rate-limiter-flexible whose counters live in
 * the platform's PostgreSQL (table rate_limits, migration 004): every server process behind a
 * balancer takes from the same counters. The database is the one of runtime/db (PGlite by
 * default, DATABASE_URL for a server).
 *
 * rate-limiter-flexible's RateLimiterPostgres talks to a node-postgres client:
 * `client.query({ text, values, name })` resolving to `{ rows }`. Our Db (PGlite or a pg pool
 * behind one interface) is adapted to exactly that (`storeClientFor`), with storeType "client",
 * so the library's own atomic upsert runs on either; the table comes from our migration
 * (`tableCreated: true`), not from the library at start-up.
 *
 * When the database cannot be reached the limiter falls back to an in-memory one of the same
 * size (the library's insuranceLimiter): limits hold per process rather than failing open or
 * refusing everyone. A client refused once is remembered in memory until its window ends
 * (inMemoryBlockOnConsumed), so a flood costs the database nothing.
 */
import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "../db/types";

export interface LimitSpec {
  /** Requests allowed per window. */
  points: number;
  /** Window in seconds. */
  duration: number;
}

/**
 * The public APIs' limits per client (and dealer), sized on the site's own use with room to
 * spare: a search page sends one request per refinement or keystroke pause, a vehicle page one
 * view and at most one reveal, a form a few steps. API_RATE_LIMIT_SCALE multiplies every one
 * (the browser tests, which run everything from one address, set it).
 */
export const API_LIMITS = {
  search: { points: 240, duration: 60 },
  // The search API's work per client: each call costs one point per query and one per hit asked
  // for (runtime/search/http.ts, searchCost). A results page of 21 cars with three refined
  // filters costs 25, so a shopper has room for 48 of them a minute; the heaviest call the
  // limits allow (20 queries, 60 hits) costs 80, so one client gets 15 of those a minute.
  "search-work": { points: 1200, duration: 60 },
  images: { points: 600, duration: 60 },
  "car-view": { points: 60, duration: 60 },
  "phone-reveal": { points: 20, duration: 60 },
  pdf: { points: 12, duration: 60 },
  autogauge: { points: 60, duration: 60 },
  leads: { points: 10, duration: 60 },
  valuation: { points: 30, duration: 60 },
  quote: { points: 60, duration: 60 },
  locations: { points: 60, duration: 60 },
  account: { points: 120, duration: 60 },
  watchlist: { points: 60, duration: 60 },
  "lead-admin": { points: 60, duration: 60 },
  // Payment attempts (checkout, online payment): few, so the form cannot be used to try card numbers in bulk.
  payments: { points: 10, duration: 60 },
  revalidate: { points: 120, duration: 60 },
  // Studio sign-in attempts per client (runtime/studio/sign-in.ts): a person mistyping gets ten tries, a guesser one a minute.
  "studio-sign-in": { points: 10, duration: 600 },
  // The sign-in code limits (runtime/accounts/rate-limit.ts).
  "codes-per-recipient": { points: 3, duration: 600 },
  "codes-per-client": { points: 10, duration: 600 },
  "answers-per-client": { points: 20, duration: 600 },
} as const satisfies Record<string, LimitSpec>;

export type ApiLimitName = keyof typeof API_LIMITS;

/** rate-limiter-flexible's view of a node-postgres client, over our Db. */
export function storeClientFor(db: Db) {
  return {
    async query(q: { text: string; values?: unknown[] }): Promise<{ rows: unknown[] }> {
      return { rows: await db.query(q.text, q.values ?? []) };
    },
  };
}

/** A key that fits the table's varchar(255) whatever the client sent. */
export function limiterKey(parts: readonly string[]): string {
  const key = parts.join("|");
  return key.length <= 200 ? key : `h:${createHash("sha256").update(key).digest("base64url")}`;
}

export interface Limiters {
  /** Takes `points` (default 1) from the key's allowance under the named limit. */
  take(name: ApiLimitName, key: string, points?: number): Promise<{ ok: true } | { ok: false; retryAfterS: number }>;
}

function scaled(spec: LimitSpec, scale: number): LimitSpec {
  return { points: Math.max(1, Math.round(spec.points * scale)), duration: spec.duration };
}

/** Number from the environment, or the fallback. */
function envNumber(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The limits after the environment's overrides (scale; LEADS_RATE_LIMIT / LEADS_RATE_WINDOW_MS and AUTH_CODES_PER_CLIENT as before). */
export function limitSpecs(env: Record<string, string | undefined> = process.env): Record<ApiLimitName, LimitSpec> {
  const scale = envNumber(env.API_RATE_LIMIT_SCALE, 1);
  const out = {} as Record<ApiLimitName, LimitSpec>;
  for (const [name, spec] of Object.entries(API_LIMITS) as [ApiLimitName, LimitSpec][]) out[name] = scaled(spec, scale);
  out.leads = {
    points: Math.round(envNumber(env.LEADS_RATE_LIMIT, API_LIMITS.leads.points)),
    duration: Math.max(1, Math.round(envNumber(env.LEADS_RATE_WINDOW_MS, API_LIMITS.leads.duration * 1000) / 1000)),
  };
  out.payments = { points: Math.round(envNumber(env.PAYMENTS_RATE_LIMIT, out.payments.points)), duration: API_LIMITS.payments.duration };
  const perClient = Number(env.AUTH_CODES_PER_CLIENT);
  if (Number.isInteger(perClient) && perClient > 0) out["codes-per-client"] = { points: perClient, duration: API_LIMITS["codes-per-client"].duration };
  return out;
}

/** Limiters over a database (the store shared by every process) or, without one, in memory (unit tests). */
export function createLimiters(options: { db?: Db | (() => Promise<Db>); env?: Record<string, string | undefined> } = {}): Limiters {
  const specs = limitSpecs(options.env);
  const made = new Map<ApiLimitName, Promise<RateLimiterAbstract>>();
  const limiter = (name: ApiLimitName): Promise<RateLimiterAbstract> => {
    let p = made.get(name);
    if (!p) {
      const spec = specs[name];
      const memory = new RateLimiterMemory({ ...spec, keyPrefix: name });
      p = (async () => {
        if (!options.db) return memory;
        const db = typeof options.db === "function" ? await options.db() : options.db;
        return new RateLimiterPostgres({
          ...spec,
          storeClient: storeClientFor(db),
          storeType: "client",
          tableName: "rate_limits",
          tableCreated: true,
          keyPrefix: name,
          // Expired rows are deleted by the library hourly (an unref'd timer).
          clearExpiredByTimeout: true,
          inMemoryBlockOnConsumed: spec.points,
          inMemoryBlockDuration: spec.duration,
          insuranceLimiter: memory,
        });
      })();
      // A failed open is retried on the next request.
      p.catch(() => made.delete(name));
      made.set(name, p);
    }
    return p;
  };
  return {
    async take(name, key, points = 1) {
      let l: RateLimiterAbstract;
      try {
        l = await limiter(name);
      } catch {
        // No database at all: nothing to count with; the request goes on (the API itself will answer 503 if it needs the database).
        return { ok: true };
      }
      try {
        await l.consume(key, points);
        return { ok: true };
      } catch (e) {
        if (e instanceof RateLimiterRes) return { ok: false, retryAfterS: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) };
        return { ok: true };
      }
    },
  };
}

const KEY = Symbol.for("dealer-platform.api-limiters");

/** The process's limiters, over the process's database (kept on globalThis: Next's module graphs share it). */
export function processLimiters(): Limiters {
  const g = globalThis as { [KEY]?: Limiters };
  return (g[KEY] ??= createLimiters({ db: async () => (await import("../db/index")).getDb() }));
}
