/**
 * One search interface for server-side callers (similar cars, car by slug, market
 * comparables, limited car lists) with two implementations:
 *  - `EmbeddedStockSearch`: in-process over the embedded engine, no HTTP hop;
 *  - `AlgoliaStockSearch`: the algoliasearch v5 client against a real Algolia
 *    application (or any host speaking the protocol).
 * The tenant's base filter (`ctx.baseFilter`) is always ANDed with every request;
 * nothing in a request can widen it.
 */
import { algoliasearch, type Algoliasearch } from "algoliasearch";
import { indexDoesNotExist } from "./errors";
import type { Engine, FacetSearchResponse, SearchResponse } from "./engine";
import { parseIndexName } from "./index-settings";
import { andFilters, formatFilter, parseFilters, type FilterNode } from "./filter-grammar";
import { LRUCache } from "lru-cache";
import { parseQueryRequest, type QueryRequest } from "./request";
import { filtersOnReserved, overlayReservedFilter, reservedIdsFilter, reservedOverlay } from "./overlay";
import { laidOverStock, overlayStockMandatory, overlayStockRequest, withLaidOverStock } from "./stock-overlay";

export interface SearchContext {
  /** The tenant's mandatory filter string (see `baseStockFilter`); "" for none. */
  baseFilter: string;
}

/** A multi-query item as the v5 client sends it: `{indexName, type?, ...params}` (or v4 `params`). */
export interface SearchRequestInput {
  indexName: string;
  type?: "default" | "facet";
  params?: string | Record<string, unknown>;
  [param: string]: unknown;
}

export type SearchResultItem = SearchResponse | FacetSearchResponse;

export interface StockSearch {
  multiSearch(requests: readonly SearchRequestInput[], ctx: SearchContext): Promise<{ results: SearchResultItem[] }>;
  search(indexName: string, params: Record<string, unknown>, ctx: SearchContext): Promise<SearchResponse>;
  searchForFacetValues(indexName: string, facet: string, params: Record<string, unknown>, ctx: SearchContext): Promise<FacetSearchResponse>;
}

const baseFilterCache = new LRUCache<string, { node: FilterNode | null }>({ max: 64 });

/** Parse (and cache) a base filter string. */
export function parseBaseFilter(baseFilter: string): FilterNode | null {
  const cached = baseFilterCache.get(baseFilter);
  if (cached !== undefined) return cached.node;
  const node = parseFilters(baseFilter, "base filter");
  baseFilterCache.set(baseFilter, { node });
  return node;
}

export interface EmbeddedStockSearchOptions {
  /** Engine for a base index name (replica suffixes removed), or null when unknown. */
  engineFor: (indexName: string) => Engine | null;
}

export class EmbeddedStockSearch implements StockSearch {
  constructor(private readonly options: EmbeddedStockSearchOptions) {}

  /** Run already-parsed requests with extra mandatory filters (shared with the HTTP handler). */
  runParsed(parsed: readonly QueryRequest[], given: ReadonlyArray<FilterNode | null>): SearchResultItem[] {
    // Cars a newer stock snapshot changed, until it is indexed (runtime/search/stock-overlay.ts).
    const laid = laidOverStock();
    const mandatory = laid ? overlayStockMandatory(given, laid) : given;
    const requests = parsed.map(withReservedRefinement).map((r) => (laid ? overlayStockRequest(r, laid) : r));
    const engines = requests.map((r) => {
      const engine = this.options.engineFor(parseIndexName(r.indexName).base);
      if (!engine) throw indexDoesNotExist();
      engine.assertIndexServable(r.indexName);
      return engine;
    });
    return requests.map((r, i) =>
      r.type === "facet"
        ? engines[i].searchForFacetValues(r.indexName, r.params, mandatory)
        : withReservations(engines[i], r, mandatory, stockLaidOver(engines[i], r, mandatory, laid)),
    );
  }

  async multiSearch(requests: readonly SearchRequestInput[], ctx: SearchContext): Promise<{ results: SearchResultItem[] }> {
    const parsed = requests.map((r, i) => parseQueryRequest(r, `requests[${i}]`));
    return { results: this.runParsed(parsed, [parseBaseFilter(ctx.baseFilter)]) };
  }

  async search(indexName: string, params: Record<string, unknown>, ctx: SearchContext): Promise<SearchResponse> {
    const [r] = this.runParsed([parseQueryRequest({ ...params, indexName })], [parseBaseFilter(ctx.baseFilter)]);
    return r as SearchResponse;
  }

  async searchForFacetValues(indexName: string, facet: string, params: Record<string, unknown>, ctx: SearchContext): Promise<FacetSearchResponse> {
    const [r] = this.runParsed([parseQueryRequest({ ...params, indexName, type: "facet", facet })], [parseBaseFilter(ctx.baseFilter)]);
    return r as FacetSearchResponse;
  }
}

function stockLaidOver(engine: Engine, r: QueryRequest, mandatory: ReadonlyArray<FilterNode | null>, laid: ReturnType<typeof laidOverStock>): SearchResponse {
  const res = engine.search(r.indexName, r.params, mandatory);
  return laid ? withLaidOverStock(engine, r, mandatory, res, laid) : res;
}

/** A request refining on `reserved` reads the live reservations too (runtime/search/overlay.ts). */
function withReservedRefinement(r: QueryRequest): QueryRequest {
  const overlay = reservedOverlay();
  if (!overlay || !filtersOnReserved(r.params.filter)) return r;
  const filter = overlayReservedFilter(r.params.filter, overlay.reservedIds());
  return filter === r.params.filter ? r : { ...r, params: { ...r.params, filter } };
}

/**
 * Lays the live reservations over an answer (runtime/search/overlay.ts): held cars' hits read
 * `reserved: true`, and a `reserved` facet count moves the held cars among the hits from "false"
 * to "true" (one extra count over the few held ids, only when the facet was asked for).
 */
function withReservations(engine: Engine, r: QueryRequest, mandatory: ReadonlyArray<FilterNode | null>, res: SearchResponse): SearchResponse {
  const overlay = reservedOverlay();
  if (!overlay) return res;
  let hits = res.hits;
  if (hits.some((h) => h.reserved !== true && overlay.isReserved(h.id as number))) {
    hits = hits.map((h) => (h.reserved !== true && overlay.isReserved(h.id as number) ? { ...h, reserved: true } : h));
  }
  let facets = res.facets;
  const counted = facets?.reserved;
  const held = counted ? reservedIdsFilter(overlay.reservedIds()) : null;
  if (facets && counted && held) {
    const among = engine.search(r.indexName, { ...r.params, page: 0, hitsPerPage: 0, offset: undefined, length: undefined, facets: ["reserved"] }, [
      ...mandatory,
      held,
    ]);
    const moved = among.facets?.reserved?.false ?? 0;
    if (moved > 0) {
      const next: Record<string, number> = { ...counted, true: (counted.true ?? 0) + moved };
      const left = (counted.false ?? 0) - moved;
      if (left > 0) next.false = left;
      else delete next.false;
      facets = { ...facets, reserved: next };
    }
  }
  return hits === res.hits && facets === res.facets ? res : { ...res, hits, facets };
}

export interface AlgoliaStockSearchOptions {
  appId: string;
  apiKey: string;
  /** Optional host, e.g. `my-dsn.algolia.net` or `http://127.0.0.1:3000/api/search`. */
  host?: string;
  /** Inject a client (tests); otherwise one is created from appId/apiKey/host. */
  client?: Algoliasearch;
}

/** The algoliasearch client's host list for a configured host: http for a local fake (a test's), https otherwise. */
export function algoliaHosts(host: string): Array<{ url: string; accept: "readWrite"; protocol: "http" | "https" }> {
  const m = /^(https?):\/\/(.*)$/.exec(host);
  return [{ url: (m ? m[2] : host).replace(/\/+$/, ""), accept: "readWrite", protocol: m?.[1] === "http" ? "http" : "https" }];
}

/** AND the base filter into a request's `filters`, keeping every other parameter. */
function withBaseFilter(request: SearchRequestInput, base: FilterNode | null): Record<string, unknown> {
  const parsed = parseQueryRequest(request);
  const raw: Record<string, unknown> = { ...parsed.params.raw, indexName: request.indexName };
  if (request.type) raw.type = request.type;
  const own = typeof raw.filters === "string" ? parseFilters(raw.filters) : null;
  const combined = andFilters([base, own]);
  if (combined) raw.filters = formatFilter(combined);
  return raw;
}

export class AlgoliaStockSearch implements StockSearch {
  private readonly client: Algoliasearch;

  constructor(options: AlgoliaStockSearchOptions) {
    this.client = options.client ?? algoliasearch(options.appId, options.apiKey, options.host ? { hosts: algoliaHosts(options.host) } : undefined);
  }

  async multiSearch(requests: readonly SearchRequestInput[], ctx: SearchContext): Promise<{ results: SearchResultItem[] }> {
    const base = parseBaseFilter(ctx.baseFilter);
    const res = await this.client.search({
      requests: requests.map((r) => withBaseFilter(r, base)) as never,
    });
    return res as unknown as { results: SearchResultItem[] };
  }

  async search(indexName: string, params: Record<string, unknown>, ctx: SearchContext): Promise<SearchResponse> {
    const { results } = await this.multiSearch([{ ...params, indexName }], ctx);
    return results[0] as SearchResponse;
  }

  async searchForFacetValues(indexName: string, facet: string, params: Record<string, unknown>, ctx: SearchContext): Promise<FacetSearchResponse> {
    const { results } = await this.multiSearch([{ ...params, indexName, type: "facet", facet }], ctx);
    return results[0] as FacetSearchResponse;
  }
}
