/**
 * Parsing Algolia search request bodies (multi-query, single query, facet-value search)
 * into normalised, validated parameters. Tolerant where the clients differ:
 *  - the body is JSON whatever the content type says;
 *  - v5 object params, v4 `params` (URL-encoded string whose array/object values are JSON,
 *    or an object), merged with the request's top-level keys (top-level wins);
 *  - `facets` as a string, an array or `["*"]`; `type: "facet"` items;
 *  - unknown parameters are kept for the `params` echo and otherwise ignored.
 * Anything malformed throws `SearchRequestError` (400).
 */
import { SearchRequestError } from "./errors";
import { facetFiltersToNode, numericFiltersToNode, tagFiltersToNode } from "./facet-filters";
import { andFilters, parseFilters, type FilterNode } from "./filter-grammar";

export const MAX_BODY_LENGTH = 1_000_000;
export const MAX_REQUESTS = 50;
export const MAX_HITS_PER_PAGE = 1000;
/**
 * Longest highlight or snippet tag accepted, in characters. Every highlighted word of every hit
 * carries a pair of them, so a long tag multiplies the answer (10 KB tags once gave a 1.6 MB
 * answer); the widgets' own `__ais-highlight__` is 17.
 */
export const MAX_TAG_LENGTH = 64;

export interface SearchParams {
  query: string;
  page: number;
  hitsPerPage: number;
  /** Offset/length mode when `offset` is set. */
  offset?: number;
  length?: number;
  /** Requested facet attributes; `["*"]` means all facetable attributes. */
  facets: string[];
  /** Explicit `maxValuesPerFacet`, if sent. */
  maxValuesPerFacet?: number;
  /** The AND of `filters`, `facetFilters`, `numericFilters` and `tagFilters`. */
  filter: FilterNode | null;
  highlightPreTag: string;
  highlightPostTag: string;
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  sortFacetValuesBy: "count" | "alpha";
  /** Facet-value search. */
  facet?: string;
  facetQuery: string;
  maxFacetHits: number;
  /** All merged parameters as received (for the `params` echo and secured-key overrides). */
  raw: Record<string, unknown>;
}

export interface QueryRequest {
  indexName: string;
  type: "default" | "facet";
  params: SearchParams;
}

export interface MultiQueryBody {
  requests: QueryRequest[];
  strategy: string;
}

/** Keys whose v4 string values are never JSON-decoded. */
const STRING_KEYS = new Set([
  "query",
  "facetQuery",
  "filters",
  "highlightPreTag",
  "highlightPostTag",
  "snippetEllipsisText",
  "userToken",
  "indexName",
  "facet",
  "type",
]);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Decode a v4 `params` string: URL-encoded, with array/object values as JSON. */
export function decodeV4Params(params: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let sp: URLSearchParams;
  try {
    sp = new URLSearchParams(params);
  } catch {
    throw new SearchRequestError("params: not a valid URL-encoded string");
  }
  for (const [key, value] of sp) {
    if (!STRING_KEYS.has(key) && (value.startsWith("[") || value.startsWith("{"))) {
      try {
        out[key] = JSON.parse(value);
        continue;
      } catch {
        /* keep the raw string; validation below decides */
      }
    }
    out[key] = value;
  }
  return out;
}

/** Encode parameters the way Algolia echoes them in `params`. */
export function encodeParams(raw: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v))}`);
  }
  return parts.join("&");
}

function intParam(raw: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const v = raw[key];
  if (v === undefined || v === null || v === "") return undefined;
  let n: number;
  if (typeof v === "number") n = v;
  else if (typeof v === "string" && /^\s*[+-]?\d+(\.0*)?\s*$/.test(v)) n = Number(v);
  else throw new SearchRequestError(`${key}: must be an integer`);
  if (!Number.isInteger(n)) throw new SearchRequestError(`${key}: must be an integer`);
  if (n < min) throw new SearchRequestError(`${key}: must be at least ${min}`);
  return Math.min(n, max);
}

function stringParam(raw: Record<string, unknown>, key: string): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  throw new SearchRequestError(`${key}: must be a string`);
}

function tagParam(raw: Record<string, unknown>, key: string): string | undefined {
  const v = stringParam(raw, key);
  if (v !== undefined && v.length > MAX_TAG_LENGTH) throw new SearchRequestError(`${key}: at most ${MAX_TAG_LENGTH} characters (this one has ${v.length})`);
  return v;
}

function listParam(raw: Record<string, unknown>, key: string): string[] | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") {
    const t = v.trim();
    if (t.startsWith("[")) {
      try {
        return listParam({ [key]: JSON.parse(t) }, key);
      } catch (e) {
        if (e instanceof SearchRequestError) throw e;
      }
    }
    return t === ""
      ? []
      : t
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
  }
  if (Array.isArray(v)) {
    return v.map((x) => {
      if (typeof x !== "string") throw new SearchRequestError(`${key}: must be an array of strings`);
      return x;
    });
  }
  throw new SearchRequestError(`${key}: must be a string or an array of strings`);
}

/** Validate and normalise merged raw parameters. */
export function normalizeSearchParams(raw: Record<string, unknown>): SearchParams {
  const filtersText = stringParam(raw, "filters");
  const filter = andFilters([
    filtersText ? parseFilters(filtersText, "filters") : null,
    facetFiltersToNode(raw.facetFilters, "facetFilters"),
    numericFiltersToNode(raw.numericFilters, "numericFilters"),
    tagFiltersToNode(raw.tagFilters, "tagFilters"),
  ]);
  const hitsPerPage = intParam(raw, "hitsPerPage", 0, MAX_HITS_PER_PAGE) ?? 20;
  const offset = intParam(raw, "offset", 0, Number.MAX_SAFE_INTEGER);
  const sortBy = stringParam(raw, "sortFacetValuesBy");
  // Snippets are not built, but the tag is echoed in `params`: it is held to the same length.
  tagParam(raw, "snippetEllipsisText");
  return {
    query: stringParam(raw, "query") ?? "",
    page: intParam(raw, "page", 0, Number.MAX_SAFE_INTEGER) ?? 0,
    hitsPerPage,
    offset,
    length: offset === undefined ? undefined : (intParam(raw, "length", 0, MAX_HITS_PER_PAGE) ?? hitsPerPage),
    facets: listParam(raw, "facets") ?? [],
    maxValuesPerFacet: intParam(raw, "maxValuesPerFacet", 0, 1000),
    filter,
    highlightPreTag: tagParam(raw, "highlightPreTag") ?? "<em>",
    highlightPostTag: tagParam(raw, "highlightPostTag") ?? "</em>",
    attributesToRetrieve: listParam(raw, "attributesToRetrieve"),
    attributesToHighlight: listParam(raw, "attributesToHighlight"),
    sortFacetValuesBy: sortBy === "alpha" ? "alpha" : "count",
    facet: stringParam(raw, "facet") ?? stringParam(raw, "facetName"),
    facetQuery: stringParam(raw, "facetQuery") ?? "",
    maxFacetHits: intParam(raw, "maxFacetHits", 1, 100) ?? 10,
    raw,
  };
}

/** Merge an item's `params` (v4 string or object) with its top-level keys. */
export function mergeRawParams(item: Record<string, unknown>): Record<string, unknown> {
  let fromParams: Record<string, unknown> = {};
  if (typeof item.params === "string") fromParams = decodeV4Params(item.params);
  else if (isPlainObject(item.params)) fromParams = { ...item.params };
  else if (item.params !== undefined && item.params !== null) throw new SearchRequestError("params: must be a string or an object");
  const merged: Record<string, unknown> = { ...fromParams };
  for (const [k, v] of Object.entries(item)) {
    if (k === "params" || k === "indexName") continue;
    merged[k] = v;
  }
  return merged;
}

export function parseJsonBody(bodyText: string): unknown {
  if (bodyText.length > MAX_BODY_LENGTH) throw new SearchRequestError(`body: larger than ${MAX_BODY_LENGTH} bytes`);
  if (bodyText.trim() === "") return {};
  try {
    return JSON.parse(bodyText);
  } catch {
    throw new SearchRequestError("body: invalid JSON");
  }
}

/** Parse one multi-query item (`{indexName, type?, params?, ...params}`). */
export function parseQueryRequest(item: unknown, where = "request"): QueryRequest {
  if (!isPlainObject(item)) throw new SearchRequestError(`${where}: must be an object`);
  if (typeof item.indexName !== "string" || item.indexName === "") throw new SearchRequestError(`${where}.indexName: missing`);
  const raw = mergeRawParams(item);
  const type = raw.type ?? "default";
  if (type !== "default" && type !== "facet") throw new SearchRequestError(`${where}.type: must be "default" or "facet"`);
  delete raw.type;
  const params = normalizeSearchParams(raw);
  if (type === "facet" && !params.facet) throw new SearchRequestError(`${where}.facet: missing for a facet search`);
  return { indexName: item.indexName, type, params };
}

/** `POST /1/indexes/*\/queries` */
export function parseMultiQueryBody(bodyText: string): MultiQueryBody {
  const body = parseJsonBody(bodyText);
  const list = Array.isArray(body) ? body : isPlainObject(body) ? body.requests : undefined;
  if (!Array.isArray(list)) throw new SearchRequestError("requests: missing or not an array");
  if (list.length > MAX_REQUESTS) throw new SearchRequestError(`requests: at most ${MAX_REQUESTS} queries per call`);
  const strategy = isPlainObject(body) && typeof body.strategy === "string" ? body.strategy : "none";
  return { requests: list.map((item, i) => parseQueryRequest(item, `requests[${i}]`)), strategy };
}

/** `POST /1/indexes/{index}/query` */
export function parseSingleQueryBody(bodyText: string): SearchParams {
  const body = parseJsonBody(bodyText);
  if (!isPlainObject(body)) throw new SearchRequestError("body: must be a JSON object");
  return normalizeSearchParams(mergeRawParams(body));
}

/** `POST /1/indexes/{index}/facets/{facet}/query` */
export function parseFacetQueryBody(bodyText: string, facet: string): SearchParams {
  const body = parseJsonBody(bodyText);
  if (!isPlainObject(body)) throw new SearchRequestError("body: must be a JSON object");
  const raw = mergeRawParams(body);
  raw.facet = facet;
  return normalizeSearchParams(raw);
}

export interface Credentials {
  apiKey?: string;
  appId?: string;
}

/** Credentials from headers (Node client) or the query string (browser client). */
export function credentialsFrom(headers: Headers, query: URLSearchParams): Credentials {
  const apiKey = headers.get("x-algolia-api-key") ?? query.get("x-algolia-api-key") ?? undefined;
  const appId = headers.get("x-algolia-application-id") ?? query.get("x-algolia-application-id") ?? undefined;
  return { apiKey: apiKey || undefined, appId: appId || undefined };
}
