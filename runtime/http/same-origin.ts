/**
 * The one check that a state-changing request comes from the dealer's own pages: every POST API
 * (leads, valuation, finance quote, phone reveal, watchlist, account routes, search) and the
 * view counter go through it (runtime/http/api-guard.ts), so another site cannot make its
 * visitors' browsers submit leads, count views or sign them out (a cross-site `text/plain` form
 * post needs no CORS preflight).
 *
 * Browsers say where a request comes from: Sec-Fetch-Site (all current browsers) and, on a POST,
 * Origin. Sec-Fetch-Site must be `same-origin` (or `none`, a request the person typed, which no
 * other site can cause); without it the Origin must equal this request's own origin. A request
 * with neither comes from something that is not a browser (curl, a server, the tests), which
 * cannot carry a shopper's cookies across sites, and is let through: the rate limits apply.
 */
import { requestOrigin } from "./origin";
import { apiError } from "./api-error.mjs";

export type SameOriginVerdict = { ok: true } | { ok: false; reason: "cross-site" | "origin-mismatch" };

export function checkSameOrigin(headers: Headers, url?: string): SameOriginVerdict {
  const site = headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (site !== undefined && site !== "") return site === "same-origin" || site === "none" ? { ok: true } : { ok: false, reason: "cross-site" };
  const origin = headers.get("origin");
  if (origin === null) return { ok: true };
  return origin.trim().toLowerCase() === requestOrigin(headers, url) ? { ok: true } : { ok: false, reason: "origin-mismatch" };
}

/** The refusal for a request that fails checkSameOrigin (403 with a message), or null to go on. */
export function sameOriginRefusal(request: Request): Response | null {
  const verdict = checkSameOrigin(request.headers, request.url);
  if (verdict.ok) return null;
  return apiError(403, "This request must come from the site's own pages.");
}
