/**
 * Search state ⇄ search URL, both ways. Pure: no React. Make and model segments are the platform's
 * slugs (runtime/slug.ts), the same rule car slugs use.
 *
 *   /search/new-used-and-demo-cars      default (every car type)
 *   /search/used-cars                    used
 *   /search/new-and-demo-cars            new and demo
 *   /search/{car type}-cars              e.g. new-cars, demo-cars, new-and-used-cars
 *   /search/{make}                       one make, e.g. /search/toyota
 *   /search/{make}/{model}               one make and one model, e.g. /search/toyota/rav4
 *   /search/{dealership_slug}            one dealership ('see more from this dealer')
 *
 * Everything else is a query parameter: `query`, list facets by their URL name (repeated for
 * several values: `colour=White&colour=Black`), ranges as `range[price]=min:max` (either side may
 * be empty), `sortBy` (a sort replica's index name) and `page` (only when not 1). A make in the
 * path wins over a car type in the path (the car type then goes to the query string), and the
 * car type path wins over the dealership path.
 */
import { slugify } from "@/runtime/slug";
import { CAR_TYPE_ORDER, DEALERSHIP_ATTRIBUTE, urlAttributes } from "./facets";

export interface RangeValue {
  min?: number;
  max?: number;
}

export interface SearchState {
  query: string;
  /** Refined values per attribute (car_type, make, model, colour, simple_body, dealership_slug...). */
  refinements: Record<string, string[]>;
  /** Numeric ranges per attribute (price, km, year). */
  ranges: Record<string, RangeValue>;
  /** 1-based. */
  page: number;
  /** A sort replica's index name; null for the default (most relevant). */
  sortBy: string | null;
}

export const DEFAULT_SEARCH_PATH = "/search/new-used-and-demo-cars";
export const SEARCH_BASE = "/search";

export function emptyState(): SearchState {
  return { query: "", refinements: {}, ranges: {}, page: 1, sortBy: null };
}

/** Makes, models and dealerships the URL's slugs resolve to (facet values as stored). */
export interface SearchVocabulary {
  makes: readonly string[];
  /** `make_model` facet values, "Make > Model". */
  makeModels: readonly string[];
  dealershipSlugs: readonly string[];
}

export const EMPTY_VOCABULARY: SearchVocabulary = { makes: [], makeModels: [], dealershipSlugs: [] };

export interface UrlOptions {
  /** Path of the search page: "/search" (path facets) or a fixed path such as "/special-offers". */
  basePath?: string;
  /** False for fixed-path searches (offers): everything goes to the query string. */
  pathFacets?: boolean;
}

function titleCase(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

const TYPE_SET = new Set(CAR_TYPE_ORDER);

/** new, used, demo in URL order (new, used, demo) without duplicates; unknown values dropped. */
function orderedTypes(types: readonly string[]): string[] {
  const set = new Set(types.filter((t) => TYPE_SET.has(t)));
  return ["new", "used", "demo"].filter((t) => set.has(t));
}

/** The car-type path segment, or null when every type (or none) is refined. */
export function carTypeSegment(types: readonly string[]): string | null {
  const t = orderedTypes(types);
  if (t.length === 0 || t.length === 3) return null;
  if (t.length === 1) return `${t[0]}-cars`;
  return `${t[0]}-and-${t[1]}-cars`;
}

/** Parses a car-type segment ("used-cars", "new-and-demo-cars", "new-used-and-demo-cars"); null when it is not one. */
export function parseCarTypeSegment(segment: string): string[] | null {
  const m = /^([a-z-]+)-cars$/.exec(segment.toLowerCase());
  if (!m) return null;
  const words = m[1].split(/-and-|-/).filter(Boolean);
  if (words.length === 0 || !words.every((w) => TYPE_SET.has(w))) return null;
  const types = orderedTypes(words);
  return types.length === 3 ? [] : types;
}

function resolveMake(slug: string, vocabulary: SearchVocabulary): string {
  return vocabulary.makes.find((m) => slugify(m) === slug) ?? titleCase(slug);
}

function resolveModel(make: string, slug: string, vocabulary: SearchVocabulary): string {
  const prefix = `${make} > `.toLowerCase();
  for (const mm of vocabulary.makeModels) {
    if (mm.toLowerCase().startsWith(prefix)) {
      const model = mm.slice(prefix.length);
      if (slugify(model) === slug) return model;
    }
  }
  return slug.toUpperCase() === slug ? slug : titleCase(slug);
}

type ParamsLike = URLSearchParams | Record<string, string | string[] | undefined>;

function entries(params: ParamsLike): Array<[string, string]> {
  if (params instanceof URLSearchParams) return [...params.entries()];
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const x of v) out.push([k, x]);
    else if (typeof v === "string") out.push([k, v]);
  }
  return out;
}

function parseNumber(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** "5000:20000", ":20000", "5000:" → a range; anything else → null. */
export function parseRange(text: string): RangeValue | null {
  const parts = text.split(":");
  if (parts.length !== 2) return null;
  const min = parseNumber(parts[0]);
  const max = parseNumber(parts[1]);
  if ((parts[0].trim() !== "" && min === undefined) || (parts[1].trim() !== "" && max === undefined)) return null;
  if (min === undefined && max === undefined) return null;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export function formatRange(r: RangeValue): string {
  return `${r.min ?? ""}:${r.max ?? ""}`;
}

function addValue(state: SearchState, attribute: string, value: string) {
  const v = value.trim();
  if (!v) return;
  const list = (state.refinements[attribute] ??= []);
  if (!list.includes(v)) list.push(v);
}

/**
 * Reads a search URL: `segments` are the path segments after the base path (the route's
 * `facets` param), `params` its query. Unknown parameters are ignored.
 */
export function parseSearchUrl(
  segments: readonly string[],
  params: ParamsLike,
  vocabulary: SearchVocabulary = EMPTY_VOCABULARY,
  options: UrlOptions = {},
): SearchState {
  const state = emptyState();
  const pathFacets = options.pathFacets ?? true;
  const segs = pathFacets ? segments.map((s) => s.trim().toLowerCase()).filter(Boolean) : [];
  if (segs.length > 0) {
    const first = segs[0];
    const types = parseCarTypeSegment(first);
    if (types) {
      for (const t of types) addValue(state, "car_type", t);
    } else if (vocabulary.dealershipSlugs.includes(first) && segs.length === 1) {
      addValue(state, DEALERSHIP_ATTRIBUTE, first);
    } else {
      const make = resolveMake(first, vocabulary);
      addValue(state, "make", make);
      if (segs[1]) addValue(state, "model", resolveModel(make, segs[1], vocabulary));
    }
  }
  const byKey = new Map(urlAttributes().map((a) => [a.urlKey, a]));
  for (const [key, raw] of entries(params)) {
    if (key === "query" || key === "q") {
      state.query = raw.trim().slice(0, 200);
      continue;
    }
    if (key === "page") {
      const n = Number(raw);
      state.page = Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
      continue;
    }
    if (key === "sortBy") {
      state.sortBy = /^[A-Za-z0-9_-]+(:[A-Za-z0-9_.]+:(asc|desc))?$/.test(raw) ? raw : null;
      continue;
    }
    const rangeKey = /^range\[([a-z_]+)\]$/.exec(key);
    if (rangeKey) {
      const def = byKey.get(rangeKey[1]);
      const r = parseRange(raw);
      if (def && def.kind === "range" && r) state.ranges[def.attribute] = r;
      continue;
    }
    const def = byKey.get(key);
    if (def && def.kind !== "range") addValue(state, def.attribute, raw);
  }
  return state;
}

/** The search URL (path and query) for a state. */
export function buildSearchUrl(state: SearchState, options: UrlOptions = {}): string {
  const pathFacets = options.pathFacets ?? true;
  const base = options.basePath ?? SEARCH_BASE;
  const consumed = new Map<string, Set<string>>();
  const consume = (attr: string, values: readonly string[]) => consumed.set(attr, new Set(values));
  let path = base;
  if (pathFacets) {
    const makes = state.refinements.make ?? [];
    const models = state.refinements.model ?? [];
    const types = state.refinements.car_type ?? [];
    const dealers = state.refinements[DEALERSHIP_ATTRIBUTE] ?? [];
    const typeSeg = carTypeSegment(types);
    if (makes.length === 1 && slugify(makes[0])) {
      path = `${base}/${slugify(makes[0])}`;
      consume("make", makes);
      if (models.length === 1 && slugify(models[0])) {
        path += `/${slugify(models[0])}`;
        consume("model", models);
      }
    } else if (typeSeg) {
      path = `${base}/${typeSeg}`;
      consume("car_type", types);
    } else if (dealers.length === 1 && /^[a-z0-9-]+$/.test(dealers[0]) && orderedTypes(types).length !== 3) {
      path = `${base}/${dealers[0]}`;
      consume(DEALERSHIP_ATTRIBUTE, dealers);
    } else {
      path = `${base}/new-used-and-demo-cars`;
      // Every car type refined is the same search as none: the default path says it.
      if (orderedTypes(types).length === 3) consume("car_type", types);
    }
  }
  const q = new URLSearchParams();
  if (state.query.trim()) q.append("query", state.query.trim());
  for (const { attribute, urlKey, kind } of urlAttributes()) {
    if (kind === "range") continue;
    const values = state.refinements[attribute] ?? [];
    const skip = consumed.get(attribute);
    const order = attribute === "car_type" ? orderedTypes(values) : values;
    for (const v of order) if (!skip?.has(v)) q.append(urlKey, v);
  }
  for (const { attribute, urlKey, kind } of urlAttributes()) {
    if (kind !== "range") continue;
    const r = state.ranges[attribute];
    if (r && (r.min !== undefined || r.max !== undefined)) q.append(`range[${urlKey}]`, formatRange(r));
  }
  if (state.sortBy) q.append("sortBy", state.sortBy);
  if (state.page > 1) q.append("page", String(state.page));
  const qs = q.toString().replace(/%5B/g, "[").replace(/%5D/g, "]").replace(/%3A/g, ":");
  return qs ? `${path}?${qs}` : path;
}

/** Splits a URL (absolute or a path) into the segments after the base path and its query. */
export function splitSearchUrl(url: string, options: UrlOptions = {}): { segments: string[]; params: URLSearchParams } {
  const u = new URL(url, "http://site.invalid");
  const base = options.basePath ?? SEARCH_BASE;
  let rest = u.pathname.startsWith(base) ? u.pathname.slice(base.length) : "";
  rest = rest.replace(/^\/+|\/+$/g, "");
  const segments = rest
    ? rest.split("/").map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      })
    : [];
  return { segments, params: u.searchParams };
}

export function normalise(state: SearchState): SearchState {
  const refinements: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(state.refinements)) if (v.length) refinements[k] = [...v].sort();
  return { ...state, refinements };
}
