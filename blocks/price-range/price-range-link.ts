/**
 * The search results link of the price range page: the search path with range[price]=MIN:MAX
 * and sortBy=Car_production:price:desc (highest price first), every key and value URL-encoded.
 */

export const DEFAULT_SEARCH_PATH = "/search/new-used-and-demo-cars";
export const PRICE_DESC_SORT = "Car_production:price:desc";
export const DEFAULT_PRICE_RANGE = { min: 5000, max: 250000, step: 500 } as const;

function sitePath(path: string | null | undefined): string {
  const p = (path ?? "").trim();
  if (!p.startsWith("/") || p.startsWith("//") || p.startsWith("/\\") || /[\u0000-\u001f\u007f?#]/.test(p)) return DEFAULT_SEARCH_PATH;
  return p;
}

export function priceRangeHref(low: number, high: number, searchPath?: string | null): string {
  const lo = Math.round(Math.min(low, high));
  const hi = Math.round(Math.max(low, high));
  const q = (k: string, v: string) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
  return `${sitePath(searchPath)}?${q("range[price]", `${lo}:${hi}`)}&${q("sortBy", PRICE_DESC_SORT)}`;
}
