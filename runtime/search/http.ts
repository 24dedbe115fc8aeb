/**
 * The HTTP face of the embedded engine, framework-free: the Next.js route handler
 * passes the method, the path after its prefix, query, headers and body text, and
 * sends back `{status, body}` as JSON.
 *
 * Endpoints (Algolia REST):
 *   POST /1/indexes/*\/queries                    multi-query (hits and `type: "facet"` items)
 *   POST /1/indexes/{index}/query                 single query
 *   POST /1/indexes/{index}/facets/{facet}/query  facet-value search
 *   POST /1/indexes/*\/recommendations            empty results (no recommendation models)
 * Bad input is always a 4xx `{message, status}`, never a 5xx (the client would mark the
 * host down for two minutes); the tenant's base filter and a secured key's filters are
 * ANDed with every request.
 */
import type { Engine, FacetSearchResponse, SearchResponse } from "./engine";
import { SearchRequestError } from "./errors";
import { quoteFilterToken, type FilterNode } from "./filter-grammar";
import {
  credentialsFrom,
  normalizeSearchParams,
  parseFacetQueryBody,
  parseJsonBody,
  parseMultiQueryBody,
  parseSingleQueryBody,
  type QueryRequest,
} from "./request";
import { decodeSecuredKey, verifySecuredApiKey } from "./secured-keys";
import { EmbeddedStockSearch, parseBaseFilter } from "./service";
import type { ResolvedSearchSettings } from "../generated/types";

export interface SearchHttpRequest {
  method: string;
  /** Path after the route prefix, e.g. `/1/indexes/*\/queries`. */
  pathAfterPrefix: string;
  query: URLSearchParams;
  headers: Headers;
  bodyText: string;
  /** The tenant's mandatory filter (see `baseStockFilter`). */
  baseFilter: string;
  /** Engine for a base index name (replica suffix removed), or null when unknown. */
  engineFor: (indexName: string) => Engine | null;
  /** Parent keys of accepted secured API keys. */
  securedKeyParents?: readonly string[];
  /** The public API's limits (default HTTP_LIMITS). */
  limits?: HttpLimits;
  /** Reject requests without a valid secured key (default false: plain keys are accepted). */
  requireSecuredKey?: boolean;
  /** Unix seconds, for `validUntil` (default: now). */
  now?: number;
  /** Called with errors that were not caused by the request (they still answer 400). */
  onUnexpectedError?: (error: unknown) => void;
}

export interface SearchHttpResponse {
  status: number;
  body: unknown;
}

const error = (status: number, message: string): SearchHttpResponse => ({ status, body: { message, status } });

/**
 * Limits of the public search API, fitted to the site's own use: the search page sends one query
 * plus one per refined facet (well under 20), shows at most 60 cars a page (the manifest's
 * `search.hitsPerPage` maximum), and paginates within `paginationLimitedTo` (1,000). One 884-byte
 * request of 10 queries × 1,000 hits used to build a 187 MB answer. In-process searches (the
 * server's own loaders) do not pass through here and keep the engine's own limits.
 */
export interface HttpLimits {
  queriesPerRequest: number;
  hitsPerPage: number;
  reachableHits: number;
  maxValuesPerFacet: number;
  responseBytes: number;
}

export const HTTP_LIMITS: HttpLimits = {
  queriesPerRequest: 20,
  hitsPerPage: 60,
  /** offset + length must stay within this. */
  reachableHits: 1000,
  maxValuesPerFacet: 1000,
  /** Serialised answer, in bytes. */
  responseBytes: 2_000_000,
};

/** Throws a 400 naming the first limit a request goes past. */
export function checkHttpLimits(requests: readonly QueryRequest[], limits: HttpLimits = HTTP_LIMITS): void {
  if (requests.length > limits.queriesPerRequest) throw new SearchRequestError(`requests: at most ${limits.queriesPerRequest} queries per call`);
  for (const { params: p } of requests) {
    if (p.hitsPerPage > limits.hitsPerPage) throw new SearchRequestError(`hitsPerPage: at most ${limits.hitsPerPage}`);
    if (p.length !== undefined && p.length > limits.hitsPerPage) throw new SearchRequestError(`length: at most ${limits.hitsPerPage}`);
    // A page past the reachable hits is simply empty (the engine stops at paginationLimitedTo, as Algolia does).
    if (p.offset !== undefined && p.offset + (p.length ?? p.hitsPerPage) > limits.reachableHits)
      throw new SearchRequestError(`offset and length: only the first ${limits.reachableHits} hits can be reached`);
    if (p.maxValuesPerFacet !== undefined && p.maxValuesPerFacet > limits.maxValuesPerFacet)
      throw new SearchRequestError(`maxValuesPerFacet: at most ${limits.maxValuesPerFacet}`);
  }
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new SearchRequestError(`path: invalid URL encoding in '${s}'`);
  }
}

type Route = { kind: "queries" } | { kind: "recommendations" } | { kind: "query"; index: string } | { kind: "facet"; index: string; facet: string };

function route(path: string): Route | null {
  const parts = path.split("/").filter((p) => p !== "");
  if (parts.length < 3 || parts[0] !== "1" || parts[1] !== "indexes") return null;
  const index = decodeSegment(parts[2]);
  if (parts.length === 4 && index === "*" && parts[3] === "queries") return { kind: "queries" };
  if (parts.length === 4 && index === "*" && parts[3] === "recommendations") return { kind: "recommendations" };
  if (parts.length === 4 && parts[3] === "query" && index !== "*") return { kind: "query", index };
  if (parts.length === 6 && parts[3] === "facets" && parts[5] === "query" && index !== "*") return { kind: "facet", index, facet: decodeSegment(parts[4]) };
  return null;
}

/** Apply the secured key (if any) to each request: its filter joins the mandatory filters, its fixed params override. */
function applySecuredKey(req: SearchHttpRequest, requests: QueryRequest[]): Array<{ request: QueryRequest; keyFilter: FilterNode | null }> {
  const { apiKey } = credentialsFrom(req.headers, req.query);
  const parents = req.securedKeyParents ?? [];
  const secured = apiKey !== undefined && parents.length > 0 && decodeSecuredKey(apiKey) !== null;
  if (!secured) {
    if (req.requireSecuredKey) throw new SearchRequestError("Invalid API key", 403);
    return requests.map((request) => ({ request, keyFilter: null }));
  }
  return requests.map((request) => {
    const v = verifySecuredApiKey(apiKey!, parents, request.indexName, req.now);
    if (Object.keys(v.params).length === 0) return { request, keyFilter: v.filter };
    const params = normalizeSearchParams({ ...request.params.raw, ...v.params });
    return { request: { ...request, params }, keyFilter: v.filter };
  });
}

function emptyRecommendations(bodyText: string): unknown {
  let n = 0;
  try {
    const body = parseJsonBody(bodyText) as { requests?: unknown };
    if (Array.isArray(body?.requests)) n = Math.min(body.requests.length, 50);
  } catch {
    n = 0;
  }
  return {
    results: Array.from({ length: n }, () => ({
      hits: [],
      nbHits: 0,
      page: 0,
      nbPages: 0,
      hitsPerPage: 0,
      processingTimeMS: 0,
      exhaustiveNbHits: true,
      query: "",
      params: "",
    })),
  };
}

export async function handleSearchHttp(req: SearchHttpRequest): Promise<SearchHttpResponse> {
  try {
    const r = route(req.pathAfterPrefix);
    if (!r) return error(404, "Path not found");
    const method = req.method.toUpperCase();
    if (method !== "POST") return error(405, `Method ${method} not allowed on this path`);
    if (r.kind === "recommendations") return { status: 200, body: emptyRecommendations(req.bodyText) };

    let requests: QueryRequest[];
    if (r.kind === "queries") requests = parseMultiQueryBody(req.bodyText).requests;
    else if (r.kind === "query") requests = [{ indexName: r.index, type: "default", params: parseSingleQueryBody(req.bodyText) }];
    else requests = [{ indexName: r.index, type: "facet", params: parseFacetQueryBody(req.bodyText, r.facet) }];
    checkHttpLimits(requests, req.limits);

    const base = parseBaseFilter(req.baseFilter);
    const service = new EmbeddedStockSearch({ engineFor: req.engineFor });
    const applied = applySecuredKey(req, requests);
    const results: Array<SearchResponse | FacetSearchResponse> = [];
    for (const { request, keyFilter } of applied) results.push(...service.runParsed([request], [base, keyFilter]));
    if (r.kind === "queries") return { status: 200, body: { results } };
    return { status: 200, body: results[0] };
  } catch (e) {
    if (e instanceof SearchRequestError) return error(e.status, e.message);
    req.onUnexpectedError?.(e);
    return error(400, "Could not process the search request");
  }
}

/**
 * The dealer's stock rules, as the manifest's search section states them (defaults filled):
 * sold cars stay visible includeSoldCarsDays after their sold date (0 hides them), fewer photos
 * than minPhotos hide a car (0 disables the threshold), excludedStockNumbers are never shown.
 */
export interface BaseStockFilterSettings extends Pick<ResolvedSearchSettings, "includeSoldCarsDays" | "minPhotos"> {
  /** The dealer's dealership ids; none means no stock at all. */
  dealershipIds: ReadonlyArray<number | string>;
  excludedStockNumbers: readonly string[];
  /** Current time in milliseconds or as a Date (default: now). */
  now?: number | Date;
}

/**
 * The dealer's mandatory stock filter, e.g.
 * `(dealership_id:101 OR dealership_id:102) AND show_on_dealer_website:true AND
 *  (status:in_stock OR status:coming_soon OR sold_date_timestamp > 1749740800) AND
 *  photos_count >= 3 AND NOT stocknum:ST1`.
 */
export function baseStockFilter(settings: BaseStockFilterSettings): string {
  const parts: string[] = [];
  const ids = settings.dealershipIds.map(String).filter((s) => s !== "");
  parts.push(
    ids.length === 0
      ? 'dealership_id:"__no_dealership__"'
      : ids.length === 1
        ? `dealership_id:${quoteFilterToken(ids[0])}`
        : `(${ids.map((id) => `dealership_id:${quoteFilterToken(id)}`).join(" OR ")})`,
  );
  parts.push("show_on_dealer_website:true");
  const days = settings.includeSoldCarsDays;
  const nowMs = settings.now === undefined ? Date.now() : settings.now instanceof Date ? settings.now.getTime() : settings.now;
  if (days > 0) {
    const cutoff = Math.floor(nowMs / 1000) - Math.round(days * 86400);
    parts.push(`(status:in_stock OR status:coming_soon OR sold_date_timestamp > ${cutoff})`);
  } else {
    parts.push("(status:in_stock OR status:coming_soon)");
  }
  if (settings.minPhotos > 0) parts.push(`photos_count >= ${settings.minPhotos}`);
  for (const s of settings.excludedStockNumbers) parts.push(`NOT stocknum:${quoteFilterToken(s)}`);
  return parts.join(" AND ");
}
