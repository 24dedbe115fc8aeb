/**
 * In-memory token buckets, one per (dealer, client IP): `capacity` submissions, refilled evenly
 * over `windowMs` (default 10 per minute; LEADS_RATE_LIMIT and LEADS_RATE_WINDOW_MS override).
 * Per process: behind several server processes each keeps its own buckets (enough to stop
 * simple bots, which is its purpose; the honeypot is the other half).
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

/**
 * The client address: the last X-Forwarded-For entry (the one added by the proxy in front of
 * us; entries before it can be forged by the client), else X-Real-IP, else "unknown".
 */
export function clientIp(headers: Headers): string {
  const xff = headers.get("x-forwarded-for");
  if (xff) {
    const parts = xff
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.length) return parts[parts.length - 1];
  }
  return headers.get("x-real-ip")?.trim() || "unknown";
}
