/**
 * Code requests and answers are limited per recipient and per client: 3 codes per recipient and
 * 10 per client per 10 minutes, 20 answers per client (AUTH_CODES_PER_CLIENT raises the
 * per-client count where every request comes from one address, the browser tests). The counters
 * are the platform's shared ones (runtime/http/rate-limit.ts: rate-limiter-flexible over
 * PostgreSQL), so several server processes count together; the per-code attempt cap in the
 * database holds as well.
 */
import { limiterKey, processLimiters as sharedLimiters, type Limiters } from "../http/rate-limit";

export type AccountLimit = "codes-per-recipient" | "codes-per-client" | "answers-per-client";

/** Takes one point from the named limit for these key parts; true when allowed. */
export async function take(name: AccountLimit, keyParts: readonly string[], limiters: Limiters = sharedLimiters()): Promise<boolean> {
  return (await limiters.take(name, limiterKey(keyParts))).ok;
}
