import type { DealerManifest, ResolvedVehicleSimilarCarsProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { siteStockSearch } from "@/runtime/inventory/site-search";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { cachedForCar } from "@/blocks/shared/vehicle-page/domain/cache";
import { fallbackSimilarQuery, mergeSimilarCars, similarCarsQueries } from "./domain/similar-cars";

type Search = ReturnType<typeof siteStockSearch>;

/** Similar cars, throwing when both the multi-search and the fallback failed (so a failure is never cached). */
async function similarCarsOrThrow(manifest: Pick<DealerManifest, "slug">, car: Car, s: Search): Promise<Car[]> {
  try {
    const { results } = await s.search.multiSearch(similarCarsQueries(car, s.indexName), s.ctx);
    return mergeSimilarCars(
      car,
      results.map((r) => ("hits" in r ? (r.hits as unknown as Car[]) : [])),
    );
  } catch (e) {
    console.warn(`[vehicle-page] site=${manifest.slug} car=${car.slug} similar cars failed, falling back: ${e instanceof Error ? e.message : String(e)}`);
  }
  const result = await s.search.search(s.indexName, fallbackSimilarQuery(car), s.ctx);
  return mergeSimilarCars(car, [result.hits as unknown as Car[]]);
}

/**
 * Similar cars: ONE multi-search (three queries, 10 hits each); on failure one plain search in the
 * price band; on failure of that, none. `cache` wraps the lookup (the block passes the per-car data
 * cache); a failure is thrown through it so that only a real answer is ever cached.
 */
export async function loadSimilarCars(
  manifest: Pick<DealerManifest, "slug">,
  car: Car,
  s: Search,
  cache: (find: () => Promise<Car[]>) => Promise<Car[]> = (find) => find(),
): Promise<Car[]> {
  try {
    return await cache(() => similarCarsOrThrow(manifest, car, s));
  } catch (e) {
    console.warn(`[vehicle-page] site=${manifest.slug} car=${car.slug} similar cars fallback failed: ${e instanceof Error ? e.message : String(e)}`);
    return [];
  }
}

/**
 * The block's loader: runs once the vehicle page has loaded its car (the context), through the
 * per-car data cache (tagged per dealer and car, like the car itself). No car, no similar cars.
 */
export async function loadVehicleSimilarCars(_props: ResolvedVehicleSimilarCarsProps, site: SiteContext, context?: unknown): Promise<Car[]> {
  const page = vehiclePageContext(context);
  if (!page) return [];
  const { manifest } = site;
  return loadSimilarCars(manifest, page.car, siteStockSearch(manifest), (find) => cachedForCar("similar", manifest, page.car.slug, find));
}
