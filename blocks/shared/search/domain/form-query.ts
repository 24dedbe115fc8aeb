/**
 * The search page's GET form (what works before, or without, JavaScript) ⇄ the search URL.
 * Pure: no React.
 *
 * The form's controls carry the URL's own names (`query`, a list facet's urlKey, `make`,
 * `sortBy`), so a submission is already a search URL in query-string form; only the range
 * number inputs differ: two fields, `range[price][min]` and `range[price][max]`, where the URL
 * has one, `range[price]=min:max`. The server reads a submission with `formRanges`, drops a side
 * left at the slider's bound (the number inputs show the bounds when nothing is refined) and
 * redirects to the canonical URL the InstantSearch router writes for the same state.
 */
import { urlAttributes } from "./facets";
import { rangeRefinement, sliderBounds } from "./slider";
import type { RangeValue, SearchState } from "./url-state";

const FORM_RANGE = /^range\[([a-z_]+)\]\[(min|max)\]$/;

/** The form's range fields by attribute (`range[price][min]=5000` → { price: { min: 5000 } }); empty or non-numeric fields are left out. */
export function formRanges(params: URLSearchParams): Record<string, RangeValue> {
  const byKey = new Map(urlAttributes().map((a) => [a.urlKey, a]));
  const out: Record<string, RangeValue> = {};
  for (const [key, raw] of params) {
    const m = FORM_RANGE.exec(key);
    const def = m ? byKey.get(m[1]) : undefined;
    if (!m || !def || def.kind !== "range" || raw.trim() === "") continue;
    const n = Number(raw);
    if (!Number.isFinite(n)) continue;
    (out[def.attribute] ??= {})[m[2] as "min" | "max"] = n;
  }
  return out;
}

/**
 * A submitted range against the slider's bounds for the current filters (the facet stats the
 * slider showed): a side at or beyond its bound is no refinement, as when the slider moves it
 * there; min above max is swapped. Null when nothing is left.
 */
export function rangeFromForm(attribute: string, submitted: RangeValue, stats: { min?: number; max?: number } | null | undefined): RangeValue | null {
  const bounds = sliderBounds(attribute, stats);
  let min = submitted.min ?? bounds.min;
  let max = submitted.max ?? bounds.max;
  if (min > max) [min, max] = [max, min];
  const r = rangeRefinement({ min, max }, bounds);
  return r.min === undefined && r.max === undefined ? null : r;
}

/** True when every query parameter is one a search URL or the search form uses (then a non-canonical URL may be redirected without losing anything, such as utm_ tags). */
export function onlySearchParams(params: URLSearchParams): boolean {
  const keys = new Set(["query", "q", "page", "sortBy", ...urlAttributes().map((a) => a.urlKey)]);
  for (const key of params.keys()) {
    if (keys.has(key) || FORM_RANGE.test(key)) continue;
    const r = /^range\[([a-z_]+)\]$/.exec(key);
    if (r && keys.has(r[1])) continue;
    return false;
  }
  return true;
}

/** The same URL written another way (parameter order, encoding, case of the path)? */
export function sameSearchUrl(a: string, b: string): boolean {
  const norm = (url: string) => {
    const u = new URL(url, "http://site.invalid");
    const entries = [...u.searchParams.entries()].map(([k, v]) => `${k}=${v}`).sort();
    return `${decodeURIComponent(u.pathname).toLowerCase().replace(/\/+$/, "")}?${entries.join("&")}`;
  };
  return norm(a) === norm(b);
}

/** A request URL (path and query) from the route's segments and Next's searchParams object. */
export function requestSearchUrl(basePath: string, segments: readonly string[], params: URLSearchParams): string {
  const path = [basePath, ...segments.map((s) => encodeURIComponent(s))].join("/");
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Refinements the state holds that no visible control of the form carries: they go in hidden fields so a submission keeps them. */
export function hiddenFields(state: SearchState, controlled: ReadonlySet<string>): Array<{ name: string; value: string }> {
  const out: Array<{ name: string; value: string }> = [];
  for (const { attribute, urlKey, kind } of urlAttributes()) {
    if (controlled.has(attribute)) continue;
    if (kind === "range") {
      const r = state.ranges[attribute];
      if (r && (r.min !== undefined || r.max !== undefined)) out.push({ name: `range[${urlKey}]`, value: `${r.min ?? ""}:${r.max ?? ""}` });
    } else for (const value of state.refinements[attribute] ?? []) out.push({ name: urlKey, value });
  }
  return out;
}
