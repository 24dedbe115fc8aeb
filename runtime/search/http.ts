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
import { yieldToLoop } from "./yield-to-loop";
import type { Engine, FacetSearchResponse, SearchResponse } from "./engine";
import { indexDoesNotExist, SearchRequestError } from "./errors";
import { quoteFilterToken, type FilterNode } from "./filter-grammar";
import { parseIndexName } from "./index-settings";
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
  /**
   * Charges the call's cost (`searchCost`) to the client's search budget once the call has been
   * read and checked, before any search runs; a refusal answers 429 with Retry-After. Without
   * it there is no budget (tests, the fixture server).
   */
  spend?: (cost: number) => Promise<{ ok: true } | { ok: false; retryAfterS: number }>;
}

export interface SearchHttpResponse {
  status: number;
  /** The answer as objects (what tests read). */
  body: unknown;
  /** The answer as sent: JSON, never longer than the limits' responseBytes. */
  text: string;
  headers?: Record<string, string>;
}

const error = (status: number, message: string, headers?: Record<string, string>): SearchHttpResponse => {
  const body = { message, status };
  return { status, body, text: JSON.stringify(body), ...(headers ? { headers } : {}) };
};

/** The answer's JSON written piece by piece with a running byte count, stopping at the cap. */
class CappedJson {
  private readonly parts: string[] = [];
  private bytes = 0;
  private bytesAtLastTurn = 0;
  constructor(
    private readonly cap: number,
    private readonly bytesPerTurn: number,
  ) {}

  /** Adds a piece, or throws a 400 when it would take the answer past the cap. */
  write(piece: string): void {
    this.bytes += Buffer.byteLength(piece, "utf8");
    if (this.bytes > this.cap)
      throw new SearchRequestError(
        `answer: larger than ${this.cap} bytes; ask for fewer hits (hitsPerPage, length), facets (facets, maxValuesPerFacet) or attributes (attributesToRetrieve)`,
      );
    this.parts.push(piece);
  }

  /**
   * One result, its hits one at a time, so a long answer stops at the hit that crosses the cap;
   * other work gets a turn of the event loop after every `bytesPerTurn` written.
   */
  async writeResult(result: SearchResponse | FacetSearchResponse): Promise<void> {
    if (!("hits" in result)) return this.write(JSON.stringify(result));
    const { hits, ...rest } = result;
    this.write('{"hits":[');
    for (let i = 0; i < hits.length; i++) {
      if (this.bytes - this.bytesAtLastTurn >= this.bytesPerTurn) {
        this.bytesAtLastTurn = this.bytes;
        await yieldToLoop();
      }
      this.write((i > 0 ? "," : "") + JSON.stringify(hits[i]));
    }
    const tail = JSON.stringify(rest);
    this.write(tail === "{}" ? "]}" : `],${tail.slice(1)}`);
  }

  /** The caller let the event loop turn. */
  turnTaken(): void {
    this.bytesAtLastTurn = this.bytes;
  }

  text(): string {
    return this.parts.join("");
  }
}

/**
 * Limits of the public search API, fitted to the site's own use: the search page sends one query
 * plus one per refined facet (well under 20), shows at most 60 cars a page (the manifest's
 * `search.hitsPerPage` maximum), asks for at most 200 values of each of its facets (the make
 * list) and paginates within `paginationLimitedTo` (1,000). In-process searches (the server's own
 * loaders) do not pass through here and keep the engine's own limits.
 *
 * The totals are checked before any search runs, from the parameters alone: the work and the
 * answer's size grow with the hits and facet values asked for, whatever the stock holds. One
 * 1.3 KB call of 20 queries × 60 hits with every facet used to build 20 MB of JSON (0.4 s of
 * searching and serialising on the demo stock, more under load) before the answer cap refused it;
 * a full hit with its highlight result is about 25 KB, so 60 hits in all (one page of the site's
 * largest) is about as much as fits under the answer cap. Measured on the demo stock (3,600 cars,
 * docs/reliability.md), the heaviest call these limits allow holds the event loop for under 25 ms
 * of CPU at a time: the queries run one per turn of the loop and a long answer is serialised over
 * several.
 */
export interface HttpLimits {
  queriesPerRequest: number;
  hitsPerPage: number;
  /** Hits asked for by all the queries of one call together (each query's hitsPerPage, or its length). */
  hitsPerRequest: number;
  reachableHits: number;
  maxValuesPerFacet: number;
  /**
   * Facet values asked for by one call: each counted facet × its maxValuesPerFacet (`"*"` counting
   * every facet of the index), plus each facet-value search's maxFacetHits.
   */
  facetValuesPerRequest: number;
  /** Facets counted by one call, all queries together (`"*"` counting every facet of the index). */
  facetsPerRequest: number;
  /** Serialised answer, in bytes: serialisation stops as soon as it goes past. */
  responseBytes: number;
  /**
   * Not a bound but a pace: how much of an answer is serialised before other work gets a turn of
   * the event loop. A page of 60 full hits with their highlight results is about 1.5 MB and
   * 25 ms of serialising on a busy machine, so it is written in a few turns.
   */
  bytesPerTurn: number;
}

export const HTTP_LIMITS: HttpLimits = {
  queriesPerRequest: 20,
  hitsPerPage: 60,
  hitsPerRequest: 60,
  /** offset + length must stay within this. */
  reachableHits: 1000,
  maxValuesPerFacet: 1000,
  facetValuesPerRequest: 10_000,
  facetsPerRequest: 200,
  responseBytes: 2_000_000,
  bytesPerTurn: 256 * 1024,
};

/** What the limits need to know of an index: its facets (what `"*"` means) and its default values per facet. */
export interface IndexFacetInfo {
  /** The facets `"*"` counts. */
  facets: readonly string[];
  maxValuesPerFacet: number;
}

/** Hits a query asks for: its page size, or its length in offset mode; none for a facet-value search. */
function hitsAskedFor(r: QueryRequest): number {
  if (r.type === "facet") return 0;
  return r.params.offset !== undefined ? (r.params.length ?? r.params.hitsPerPage) : r.params.hitsPerPage;
}

/** What a call costs against the client's search budget: one point per query and one per hit asked for. */
export function searchCost(requests: readonly QueryRequest[]): number {
  let cost = requests.length;
  for (const r of requests) cost += hitsAskedFor(r);
  return cost;
}

/**
 * Throws a 400 naming the first limit a request goes past. `indexInfo` says what `"*"` and a
 * missing maxValuesPerFacet stand for on a query's index (null for an unknown index, which
 * answers 404 afterwards).
 */
export function checkHttpLimits(
  requests: readonly QueryRequest[],
  limits: HttpLimits = HTTP_LIMITS,
  indexInfo: (indexName: string) => IndexFacetInfo | null = () => null,
): void {
  if (requests.length > limits.queriesPerRequest) throw new SearchRequestError(`requests: at most ${limits.queriesPerRequest} queries per call`);
  let hits = 0;
  let facets = 0;
  let facetValues = 0;
  for (const r of requests) {
    const p = r.params;
    if (p.hitsPerPage > limits.hitsPerPage) throw new SearchRequestError(`hitsPerPage: at most ${limits.hitsPerPage}`);
    if (p.length !== undefined && p.length > limits.hitsPerPage) throw new SearchRequestError(`length: at most ${limits.hitsPerPage}`);
    // A page past the reachable hits is simply empty (the engine stops at paginationLimitedTo, as Algolia does).
    if (p.offset !== undefined && p.offset + (p.length ?? p.hitsPerPage) > limits.reachableHits)
      throw new SearchRequestError(`offset and length: only the first ${limits.reachableHits} hits can be reached`);
    if (p.maxValuesPerFacet !== undefined && p.maxValuesPerFacet > limits.maxValuesPerFacet)
      throw new SearchRequestError(`maxValuesPerFacet: at most ${limits.maxValuesPerFacet}`);
    hits += hitsAskedFor(r);
    const info = indexInfo(r.indexName);
    if (r.type === "facet") {
      facets += 1;
      facetValues += p.maxFacetHits;
    } else if (p.facets.length > 0) {
      const named = p.facets.filter((f) => f !== "*");
      const counted = new Set(p.facets.includes("*") ? [...(info?.facets ?? []), ...named] : named).size;
      facets += counted;
      facetValues += counted * (p.maxValuesPerFacet ?? info?.maxValuesPerFacet ?? limits.maxValuesPerFacet);
    }
  }
  if (hits > limits.hitsPerRequest)
    throw new SearchRequestError(`hitsPerPage: at most ${limits.hitsPerRequest} hits per call, all queries together (this call asks for ${hits})`);
  if (facets > limits.facetsPerRequest)
    throw new SearchRequestError(
      `facets: at most ${limits.facetsPerRequest} facets per call, all queries together, "*" counting each facet (this call asks for ${facets})`,
    );
  if (facetValues > limits.facetValuesPerRequest)
    throw new SearchRequestError(
      `facets and maxValuesPerFacet: at most ${limits.facetValuesPerRequest} facet values per call, all queries together (this call asks for ${facetValues}: each facet × maxValuesPerFacet)`,
    );
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
    if (r.kind === "recommendations") {
      const body = emptyRecommendations(req.bodyText);
      return { status: 200, body, text: JSON.stringify(body) };
    }
    const limits = req.limits ?? HTTP_LIMITS;

    let requests: QueryRequest[];
    if (r.kind === "queries") requests = parseMultiQueryBody(req.bodyText).requests;
    else if (r.kind === "query") requests = [{ indexName: r.index, type: "default", params: parseSingleQueryBody(req.bodyText) }];
    else requests = [{ indexName: r.index, type: "facet", params: parseFacetQueryBody(req.bodyText, r.facet) }];
    if (requests.length > limits.queriesPerRequest) throw new SearchRequestError(`requests: at most ${limits.queriesPerRequest} queries per call`);

    const applied = applySecuredKey(req, requests);
    const engines = new Map<string, Engine>();
    for (const { request } of applied) {
      const engine = req.engineFor(parseIndexName(request.indexName).base);
      if (!engine) throw indexDoesNotExist();
      engine.assertIndexServable(request.indexName);
      engines.set(request.indexName, engine);
    }
    const final = applied.map((a) => a.request);
    // Every bound is checked on the parameters as they will run (a secured key's included), before any search.
    checkHttpLimits(final, limits, (name) => {
      const engine = engines.get(name);
      return engine ? { facets: engine.attributesForFaceting, maxValuesPerFacet: engine.settings.maxValuesPerFacet } : null;
    });
    if (req.spend) {
      const spent = await req.spend(searchCost(final));
      if (!spent.ok)
        return error(429, `Too many searches from this address: please wait ${spent.retryAfterS} s and try again`, {
          "retry-after": String(spent.retryAfterS),
        });
    }

    const base = parseBaseFilter(req.baseFilter);
    const service = new EmbeddedStockSearch({ engineFor: req.engineFor });
    const out = new CappedJson(limits.responseBytes, limits.bytesPerTurn);
    const results: Array<SearchResponse | FacetSearchResponse> = [];
    if (r.kind === "queries") out.write('{"results":[');
    for (let i = 0; i < applied.length; i++) {
      // One query per turn of the event loop: what other clients asked meanwhile is answered in between.
      if (i > 0) {
        out.turnTaken();
        await yieldToLoop();
        out.write(",");
      }
      const [result] = service.runParsed([applied[i].request], [base, applied[i].keyFilter]);
      await out.writeResult(result);
      results.push(result);
    }
    if (r.kind === "queries") out.write("]}");
    return { status: 200, body: r.kind === "queries" ? { results } : results[0], text: out.text() };
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
