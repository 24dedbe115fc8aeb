import { HTTP_LIMITS, handleSearchHttp } from "@/runtime/search/http";
import { guardApi } from "@/runtime/http/api-guard";
import { resolveTenant } from "@/runtime/tenant";
import { siteBaseFilter, siteSearchConfig } from "./site-search";
import { stockEngine } from "./stock-index";
import { clip } from "@/runtime/http/log.mjs";

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
  const refused = await guardApi(request, tenant, { limit: "search", stateChanging: request.method !== "GET" });
  if (refused) return refused;
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
    onUnexpectedError: (error) =>
      console.error(`[search] site=${tenant.slug} unexpected error: ${clip(error instanceof Error ? error.message : String(error))}`),
  });
  // The last guard: whatever the parameters, no answer larger than this is built into a response.
  const text = JSON.stringify(result.body);
  if (Buffer.byteLength(text) > HTTP_LIMITS.responseBytes)
    return json(400, { message: `The answer would be larger than ${HTTP_LIMITS.responseBytes} bytes: ask for fewer hits, facets or attributes`, status: 400 });
  return new Response(text, { status: result.status, headers: { "content-type": "application/json", "cache-control": "no-store" } });
}
