/**
 * State-changing reservation endpoints refuse requests started by another site (CSRF). One small
 * function on purpose: a shared helper for every endpoint is being added elsewhere (issue 20), and
 * this one is to be swapped for it.
 *
 * Sec-Fetch-Site is sent by every current browser: only "same-origin" (our own page) and "none"
 * (typed into the address bar) pass; "same-site" does not, since another dealer's
 * {slug}.localhost or a sibling subdomain is same-site but not the same dealer. Without it, an
 * Origin header must name this host. A request with neither comes from no browser (curl, the
 * benchmark) and carries no ambient credentials worth forging.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
