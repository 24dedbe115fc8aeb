import { cachedPageTarget } from "@/runtime/page-cache/cacheable";
import { paintsFirst } from "@/runtime/render/paint-first";
import { resolvePage } from "@/runtime/render/resolve-page";
import { PAINT_FIRST_HEADER } from "@/runtime/http/after-paint-scripts.mjs";
import { DEALER_CSP_HEADER } from "@/runtime/http/security-headers.mjs";
import { dealerCspSources } from "@/runtime/http/csp-sources";
import { servedImageOrigins } from "@/runtime/inventory/stock-version";
import type { Gate, HeaderMap } from "./gate";

/**
 * Every request on a dealer's live host. Its Content-Security-Policy gets the dealer's own sources
 * (Maps, allowed origins, frame ancestors: taken off by scripts/server.mjs, which writes the
 * policy); a page that paints first (runtime/render/paint-first.ts) loads the framework's scripts
 * after the first paint; and a cacheable page (the vehicle page, runtime/page-cache/cacheable.ts)
 * is rewritten to the internal cached route /_cached/{proto}/{host}/{version}/{path}, rendered once
 * and served from Next's ISR cache. Anything else goes through to its page or route.
 */
export const dealerPage: Gate = ({ request, host, tenant }) => {
  if (tenant.kind !== "site") return null;
  // Resolved once for both decisions below; only page reads can be either.
  const page = request.method === "GET" || request.method === "HEAD" ? resolvePage(tenant.manifest, request.pathname) : null;
  const target = cachedPageTarget(
    tenant.manifest,
    { method: request.method, pathname: request.pathname, search: request.search, host, forwardedProto: request.headers.get("x-forwarded-proto") },
    page,
  );
  const headers: HeaderMap = { [DEALER_CSP_HEADER]: JSON.stringify(dealerCspSources(tenant.manifest, process.env, servedImageOrigins())) };
  if (page && paintsFirst(page.route)) headers[PAINT_FIRST_HEADER] = "1";
  return target ? { kind: "rewrite", target, headers } : { kind: "next", headers };
};
