import { handleSearchHttp } from "@/runtime/search/http";
import type { ApiContext, SiteTenant } from "@/runtime/http/api-route";
import { siteBaseFilter, siteSearchConfig } from "./site-search";
import { stockEngine } from "./stock-index";

const PREFIX = "/api/search";

/**
 * /api/search/* for the dealer whose host asked (app/api/search/[...path]/route.ts declares GET and
 * POST): its base filter is ANDed with every request, so nothing a shopper sends can widen it. Bad
 * input answers 4xx (the Algolia client marks a host down for two minutes after a 5xx). Each call
 * is charged to the client's search budget by its queries and hits (the "search-work" limit), on
 * top of the one point per call the route's own limit takes. Same-origin only: no CORS headers are sent.
 */
export async function handleSearchRoute(ctx: ApiContext<string | undefined, Record<string, never>, SiteTenant>): Promise<Response> {
  const { request, tenant } = ctx;
  const config = siteSearchConfig(tenant.manifest);
  const url = new URL(request.url);
  const result = await handleSearchHttp({
    method: request.method,
    pathAfterPrefix: url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname,
    query: url.searchParams,
    headers: request.headers,
    bodyText: ctx.body ?? "",
    baseFilter: siteBaseFilter(tenant.manifest),
    engineFor: (name) => (config.engine === "embedded" && name === config.indexName ? stockEngine() : null),
    securedKeyParents: process.env.SEARCH_SECURED_KEY_PARENTS?.split(",").filter(Boolean),
    onUnexpectedError: (error) => ctx.log("search-unexpected-error", { error: error instanceof Error ? error.message : String(error) }, "error"),
    spend: (cost) => ctx.spend("search-work", cost),
  });
  if (result.status === 429) ctx.log("search-budget-spent", { status: 429 }, "warn");
  // The answer was serialised with a running byte count (never past the limits' responseBytes).
  return new Response(result.text, { status: result.status, headers: { "content-type": "application/json", "cache-control": "no-store", ...result.headers } });
}

/** The preflight: allowed methods only (no CORS headers, so another origin's browser still may not call). */
export function searchOptions(): Response {
  return new Response(null, { status: 204, headers: { allow: "GET, POST, OPTIONS" } });
}
