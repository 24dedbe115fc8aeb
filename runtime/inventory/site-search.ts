import type { DealerManifest } from "@/runtime/generated/types";
import { AlgoliaStockSearch, EmbeddedStockSearch, type StockSearch } from "@/runtime/search/service";
import { baseStockFilter } from "@/runtime/search/http";
import { resolveSearchSettings } from "./search-settings";
import { requestNow } from "@/runtime/time";
import { stockEngine } from "./stock-index";

export interface SiteSearchConfig {
  engine: "embedded" | "algolia";
  indexName: string;
  /** What the browser's algoliasearch lite client needs. */
  client: { appId: string; searchKey: string; host: string | null };
}

/** Which engine answers the dealer's searches: the embedded one at /api/search unless Algolia is configured. */
export function siteSearchConfig(manifest: Pick<DealerManifest, "slug" | "search">): SiteSearchConfig {
  const s = resolveSearchSettings(manifest.search);
  if (s.engine === "algolia" && s.algolia)
    return { engine: "algolia", indexName: s.indexName, client: { appId: s.algolia.appId, searchKey: s.algolia.searchKey, host: s.algolia.host ?? null } };
  // The embedded engine takes its tenant from the Host header, so the key is only a formality.
  return { engine: "embedded", indexName: s.indexName, client: { appId: manifest.slug, searchKey: "embedded", host: null } };
}

/**
 * Which cars a lookup reaches: "search", the cars the dealer lists (sold ones for
 * includeSoldCarsDays); "car-page", the cars that still have a page (sold ones for
 * soldCarPageDays, never fewer days than the search lists them).
 */
export type StockReach = "search" | "car-page";

function soldDays(s: ReturnType<typeof resolveSearchSettings>, reach: StockReach): number {
  return reach === "car-page" ? Math.max(s.includeSoldCarsDays, s.soldCarPageDays) : s.includeSoldCarsDays;
}

/**
 * The dealer's base stock filter: its dealerships, visible cars, available or recently sold,
 * enough photos, minus excluded stock numbers. The time is rounded down to the minute so the
 * filter string (and the engine's result cache) stays stable between requests. It is the pages'
 * clock (requestNow), so that which sold cars are listed and still have a page is reckoned on the
 * same day as what the pages say of them (the browser tests freeze that clock on their stock's day).
 */
export function siteBaseFilter(manifest: Pick<DealerManifest, "dealerships" | "search">, now = requestNow().getTime(), reach: StockReach = "search"): string {
  const s = resolveSearchSettings(manifest.search);
  return baseStockFilter({
    dealershipIds: manifest.dealerships.map((d) => d.id),
    includeSoldCarsDays: soldDays(s, reach),
    minPhotos: s.minPhotos,
    excludedStockNumbers: s.excludedStockNumbers,
    now: Math.floor(now / 60_000) * 60_000,
  });
}

/** Server-side search for a dealer (similar cars, car by slug, comparables): in-process, no HTTP hop. */
export function siteStockSearch(
  manifest: DealerManifest,
  reach: StockReach = "search",
): { search: StockSearch; ctx: { baseFilter: string }; indexName: string } {
  const config = siteSearchConfig(manifest);
  const ctx = { baseFilter: siteBaseFilter(manifest, undefined, reach) };
  if (config.engine === "algolia") {
    return {
      search: new AlgoliaStockSearch({ appId: config.client.appId, apiKey: config.client.searchKey, host: config.client.host ?? undefined }),
      ctx,
      indexName: config.indexName,
    };
  }
  return { search: new EmbeddedStockSearch({ engineFor: (name) => (name === config.indexName ? stockEngine() : null) }), ctx, indexName: config.indexName };
}
