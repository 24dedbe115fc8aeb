import { handleSearchHttp } from "@/runtime/search/http";
import { resolveTenant } from "@/runtime/tenant";
import { siteBaseFilter, siteSearchConfig } from "./site-search";
import { stockEngine } from "./stock-index";

const PREFIX = "/api/search";

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

/**
 * /api/search/* for the dealer whose host asked: its base filter is ANDed with every request,
 * so nothing a shopper sends can widen it. Bad input answers 4xx (the Algolia client marks a
 * host down for two minutes after a 5xx). Same-origin only: no CORS headers are sent.
 */
export async function handleSearchRoute(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { allow: "GET, POST, OPTIONS" } });
  const tenant = resolveTenant(request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  if (tenant.kind !== "site") return json(404, { message: "Index does not exist", status: 404 });
  const config = siteSearchConfig(tenant.manifest);
  const url = new URL(request.url);
  const bodyText = request.method === "POST" ? await request.text() : "";
  const result = await handleSearchHttp({
    method: request.method,
    pathAfterPrefix: url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname,
    query: url.searchParams,
    headers: request.headers,
    bodyText,
    baseFilter: siteBaseFilter(tenant.manifest),
    engineFor: (name) => (config.engine === "embedded" && name === config.indexName ? stockEngine() : null),
    securedKeyParents: process.env.SEARCH_SECURED_KEY_PARENTS?.split(",").filter(Boolean),
    onUnexpectedError: (error) => console.error(`[search] site=${tenant.slug} unexpected error: ${error instanceof Error ? error.message : String(error)}`),
  });
  return json(result.status, result.body);
}
