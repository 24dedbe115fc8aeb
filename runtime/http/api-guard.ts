/**
 * What the API boundary (api-route.ts) runs before every route's own work: answer only on a
 * dealer's host (unless the route answers on any host), check that a state-changing request comes
 * from the dealer's own pages (same-origin.ts), and take one point from the client's rate limit
 * for that API (rate-limit.ts, counters shared by every server process). Returns the refusal (404,
 * 403, 429 with a message and Retry-After) or null to go on. Lint keeps callers inside
 * runtime/http: a route declares its limit with apiRoute instead.
 */
import type { Tenant } from "../tenant";
import { clientIp } from "./client-ip";
import { processLimiters, limiterKey, type ApiLimitName, type Limiters } from "./rate-limit";
import { sameOriginRefusal } from "./same-origin";
import { apiError } from "./api-error.mjs";
import { LIMIT_REFUSAL_HEADER, TOO_MANY_REQUESTS } from "./refused-clients.mjs";

export interface GuardOptions {
  /** The API's rate limit, or null when the handler limits itself (leads, valuation, sign-in codes). */
  limit: ApiLimitName | null;
  /** POST and other writes (and GETs that count something): the same-origin check applies. */
  stateChanging: boolean;
  /** Answer on hosts that are not a dealer site too (revalidate: authenticated by its secret). */
  anyHost?: boolean;
}

export async function guardApi(request: Request, tenant: Tenant, options: GuardOptions, limiters: Limiters = processLimiters()): Promise<Response | null> {
  if (!options.anyHost && tenant.kind !== "site") return apiError(404, "There is no dealer website at this address.");
  if (options.stateChanging) {
    const refused = sameOriginRefusal(request);
    if (refused) return refused;
  }
  if (options.limit) {
    const site = tenant.kind === "site" ? tenant.slug : "-";
    const taken = await limiters.take(options.limit, limiterKey([site, clientIp(request.headers)]));
    // Marked so that the production server answers this client's next requests itself until the
    // Retry-After passes (refused-clients.mjs); the mark does not leave the server.
    if (!taken.ok) return apiError(429, TOO_MANY_REQUESTS, [], { "retry-after": String(taken.retryAfterS), [LIMIT_REFUSAL_HEADER]: "1" });
  }
  return null;
}
