/**
 * In-memory token buckets, one per (dealer, client IP): `capacity` submissions, refilled evenly
 * over `windowMs`. Only for callers that inject their own limiter (unit tests): the server's
 * lead and valuation limits are the shared ones in PostgreSQL (runtime/http/rate-limit.ts,
 * `leads` and `valuation`; LEADS_RATE_LIMIT and LEADS_RATE_WINDOW_MS still override the leads one).
 */
import "server-only";
export interface RateLimitOptions {
  capacity?: number;
  windowMs?: number;
  now?: () => number;
}

export class RateLimiter {
  readonly capacity: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(options: RateLimitOptions = {}) {
    this.capacity = options.capacity ?? positive(process.env.LEADS_RATE_LIMIT, 10);
    this.windowMs = options.windowMs ?? positive(process.env.LEADS_RATE_WINDOW_MS, 60_000);
    this.now = options.now ?? Date.now;
  }

  /** Takes one token; returns 0 when allowed, else the milliseconds until the next token. */
  take(key: string): number {
    const now = this.now();
    this.sweep(now);
    const rate = this.capacity / this.windowMs; // tokens per ms
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    b.tokens = Math.min(this.capacity, b.tokens + (now - b.at) * rate);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / rate);
  }

  /** Forgets full buckets now and then so the map stays small. */
  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, b] of this.buckets) if (now - b.at >= this.windowMs) this.buckets.delete(k);
  }
}

function positive(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The client address (runtime/http/client-ip.ts). */
export { clientIp } from "../http/client-ip";
