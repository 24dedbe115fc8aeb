/**
 * The prices of a car's market comparables, from the stock index (every dealer's visible
 * listings): same make and model, year within 2, used, with a price. Server-only: it runs the
 * search in-process.
 */
import type { DealerManifest } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { siteStockSearch } from "@/runtime/inventory/site-search";
import { quoteFilterToken } from "@/runtime/search/filter-grammar";
import { comparablesFilter } from "./gauge";

export async function comparablePrices(manifest: DealerManifest, car: Car): Promise<number[]> {
  const { search, indexName } = siteStockSearch(manifest);
  const result = await search.search(
    indexName,
    { filters: comparablesFilter(car, quoteFilterToken), hitsPerPage: 200, attributesToRetrieve: ["price"], attributesToHighlight: [] },
    { baseFilter: "show_on_dealer_website:true" },
  );
  return result.hits.map((h) => Number((h as { price?: unknown }).price)).filter((p) => Number.isFinite(p));
}

/** The comparables' prices for a car the gauge is for, or null (not eligible, or the search failed: the feed's data then decides). */
export async function comparablePricesFor(
  manifest: DealerManifest,
  car: Car,
  eligible: boolean,
  lookup: (manifest: DealerManifest, car: Car) => Promise<number[]> = comparablePrices,
): Promise<number[] | null> {
  if (!eligible) return null;
  try {
    return await lookup(manifest, car);
  } catch (e) {
    console.warn(`[vehicle-page] site=${manifest.slug} car=${car.slug} comparables failed: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}
