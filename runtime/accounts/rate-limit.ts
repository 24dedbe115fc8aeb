/**
 * Code requests and answers are limited per recipient and per client (rate-limiter-flexible, in
 * memory: one server process; with several processes behind a balancer each keeps its own counts,
 * and the per-code attempt cap in the database still holds). AUTH_CODES_PER_CLIENT raises the
 * per-client count where every request comes from one address (the browser tests).
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export interface AccountLimiters {
  codesPerRecipient: RateLimiterMemory;
  codesPerClient: RateLimiterMemory;
  answersPerClient: RateLimiterMemory;
}

export function createLimiters(env: Record<string, string | undefined> = process.env): AccountLimiters {
  const perClient = Number(env.AUTH_CODES_PER_CLIENT);
  return {
    codesPerRecipient: new RateLimiterMemory({ points: 3, duration: 600 }),
    codesPerClient: new RateLimiterMemory({ points: Number.isInteger(perClient) && perClient > 0 ? perClient : 10, duration: 600 }),
    answersPerClient: new RateLimiterMemory({ points: 20, duration: 600 }),
  };
}

/** Takes one point; true when allowed. */
export async function take(limiter: RateLimiterMemory, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (e) {
    if (e instanceof RateLimiterRes) return false;
    throw e;
  }
}

const KEY = Symbol.for("dealer-platform.account-limiters");
export function processLimiters(): AccountLimiters {
  const g = globalThis as { [KEY]?: AccountLimiters };
  return (g[KEY] ??= createLimiters());
}
