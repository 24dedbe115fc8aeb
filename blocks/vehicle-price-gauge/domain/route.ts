/**
 * GET /api/cars/{slug}/autogauge: the price gauge from market comparables (app/api/cars/[slug]/
 * autogauge declares the route and calls this). A car that is not this dealer's is a 404. The
 * answer carries the gauge's label and the badge's saving, computed with it (the sidebar's badge
 * comes from the same computation).
 */
import type { Tenant } from "@/runtime/tenant";
import type { Car } from "@/runtime/stock/car";
import type { DealerManifest } from "@/runtime/generated/types";
import { apiError, json } from "@/runtime/http/api-route";
import { siteCar, type RouteDeps } from "@/blocks/shared/vehicle-page/domain/api";
import { gaugeEligible, marketComparison, NO_DATA } from "@/blocks/shared/market-price/gauge";
import { comparablePricesFor } from "@/blocks/shared/market-price/comparables";

export interface GaugeRouteDeps extends RouteDeps {
  /** Prices of a car's market comparables (default: the stock index, every dealer's listings). */
  comparablePrices?: (manifest: DealerManifest, car: Car) => Promise<number[]>;
}

export async function autogaugeRoute(tenant: Tenant, slug: string, deps: GaugeRouteDeps = {}): Promise<Response> {
  const found = await siteCar(tenant, slug, deps);
  if (found instanceof Response) return found;
  const { car, manifest } = found;
  if (!gaugeEligible(manifest, car)) return apiError(404, NO_DATA);
  const prices = await comparablePricesFor(manifest, car, true, deps.comparablePrices);
  const { gauge } = marketComparison(car.price, prices, car.autograb_data);
  if (!gauge) return apiError(404, NO_DATA);
  // Comparables change slowly: a minute in shared caches, refreshed in the background.
  return json(200, gauge, { "cache-control": "public, max-age=60, stale-while-revalidate=300" });
}
