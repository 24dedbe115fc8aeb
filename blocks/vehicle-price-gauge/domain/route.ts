/**
 * GET /api/cars/{slug}/autogauge: the price gauge from market comparables (app/api/cars/[slug]/
 * autogauge declares the route and calls this). A car that is not this dealer's is a 404.
 */
import type { Tenant } from "@/runtime/tenant";
import type { Car } from "@/runtime/stock/car";
import type { DealerManifest } from "@/runtime/generated/types";
import { siteStockSearch } from "@/runtime/inventory/site-search";
import { quoteFilterToken } from "@/runtime/search/filter-grammar";
import { apiError, json } from "@/runtime/http/api-route";
import { siteCar, type RouteDeps } from "@/blocks/shared/vehicle-page/domain/api";
import { autogaugeFromComparables, autogaugeFromFeed, comparablesFilter, gaugeEligible, NO_DATA } from "./gauge";

export interface GaugeRouteDeps extends RouteDeps {
  /** Prices of a car's market comparables (default: the stock index, every dealer's listings). */
  comparablePrices?: (manifest: DealerManifest, car: Car) => Promise<number[]>;
}

/** Market comparables: same make and model, year within 2, used, any dealer's visible listing. */
async function indexComparablePrices(manifest: DealerManifest, car: Car): Promise<number[]> {
  const { search, indexName } = siteStockSearch(manifest);
  const result = await search.search(
    indexName,
    { filters: comparablesFilter(car, quoteFilterToken), hitsPerPage: 200, attributesToRetrieve: ["price"], attributesToHighlight: [] },
    { baseFilter: "show_on_dealer_website:true" },
  );
  return result.hits.map((h) => Number((h as { price?: unknown }).price)).filter((p) => Number.isFinite(p));
}

export async function autogaugeRoute(tenant: Tenant, slug: string, deps: GaugeRouteDeps = {}): Promise<Response> {
  const found = await siteCar(tenant, slug, deps);
  if (found instanceof Response) return found;
  const { car, manifest } = found;
  if (!gaugeEligible(manifest, car)) return apiError(404, NO_DATA);
  let data = null;
  try {
    data = autogaugeFromComparables(car.price, await (deps.comparablePrices ?? indexComparablePrices)(manifest, car));
  } catch (e) {
    console.warn(`[vehicle-page] site=${manifest.slug} car=${car.slug} comparables failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  data ??= autogaugeFromFeed(car.price, car.autograb_data);
  if (!data) return apiError(404, NO_DATA);
  // Comparables change slowly: a minute in shared caches, refreshed in the background.
  return json(200, data, { "cache-control": "public, max-age=60, stale-while-revalidate=300" });
}
