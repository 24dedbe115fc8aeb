/**
 * The search results link of the price range page: the search path with range[price]=MIN:MAX
 * and the site index's highest-price-first replica (sortBy), every key and value URL-encoded.
 */
import { replicaIndexName, type SortReplica } from "@/runtime/search/index-settings";
import { DEFAULT_SEARCH_PATH } from "@/blocks/shared/search/domain/url-state";

const PRICE_DESC: SortReplica = { attribute: "price", direction: "desc" };

/** The schema only lets a site path through; should anything else arrive, the link stays on the site. */
function sitePath(path: string): string {
  const p = path.trim();
  if (!p.startsWith("/") || p.startsWith("//") || p.startsWith("/\\") || /[\u0000-\u001f\u007f?#]/.test(p)) return DEFAULT_SEARCH_PATH;
  return p;
}

/** `searchPath?range[price]=low:high&sortBy={index}:price:desc`. */
export function priceRangeHref(low: number, high: number, searchPath: string, indexName: string): string {
  const lo = Math.round(Math.min(low, high));
  const hi = Math.round(Math.max(low, high));
  const q = (k: string, v: string) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
  return `${sitePath(searchPath)}?${q("range[price]", `${lo}:${hi}`)}&${q("sortBy", replicaIndexName(indexName, PRICE_DESC))}`;
}
