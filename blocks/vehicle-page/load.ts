import type { DealerManifest, VehiclePageProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { siteStockSearch } from "@/runtime/inventory/site-search";
import { cachedCarBySlug, cachedForCar } from "@/blocks/vehicle-page/domain/cache";
import { fallbackSimilarQuery, mergeSimilarCars, similarCarsQueries } from "@/blocks/vehicle-page/domain/similar-cars";

export interface VehiclePageData {
  car: Car;
  similar: Car[];
}

type Search = ReturnType<typeof siteStockSearch>;

/** Similar cars, throwing when both the multi-search and the fallback failed (so a failure is never cached). */
async function similarCarsOrThrow(manifest: Pick<DealerManifest, "slug">, car: Car, s: Search): Promise<Car[]> {
  try {
    const { results } = await s.search.multiSearch(similarCarsQueries(car, s.indexName), s.ctx);
    return mergeSimilarCars(car, results.map((r) => ("hits" in r ? (r.hits as unknown as Car[]) : [])));
  } catch (e) {
    console.warn(`[vehicle-page] site=${manifest.slug} car=${car.slug} similar cars failed, falling back: ${e instanceof Error ? e.message : String(e)}`);
  }
  const result = await s.search.search(s.indexName, fallbackSimilarQuery(car), s.ctx);
  return mergeSimilarCars(car, [result.hits as unknown as Car[]]);
}

/**
 * Similar cars: ONE multi-search (three queries, 10 hits each); on failure one plain search in the
 * price band; on failure of that, none. `cache` wraps the lookup (the page passes the per-car data
 * cache); a failure is thrown through it so that only a real answer is ever cached.
 */
export async function loadSimilarCars(manifest: Pick<DealerManifest, "slug">, car: Car, s: Search, cache: (find: () => Promise<Car[]>) => Promise<Car[]> = (find) => find()): Promise<Car[]> {
  try {
    return await cache(() => similarCarsOrThrow(manifest, car, s));
  } catch (e) {
    console.warn(`[vehicle-page] site=${manifest.slug} car=${car.slug} similar cars fallback failed: ${e instanceof Error ? e.message : String(e)}`);
    return [];
  }
}

/**
 * The route's car through the dealer's base filter (null: not this dealer's, hidden, or no slug:
 * the page is a 404), with similar cars. Both come from the per-car data cache
 * (blocks/vehicle-page/domain/cache.ts: tagged per dealer and car, revalidated after 60 s).
 */
export async function loadVehiclePage(_props: VehiclePageProps, site: SiteContext): Promise<VehiclePageData | null> {
  const slug = site.params.slug;
  if (typeof slug !== "string" || slug === "") return null;
  const manifest = site.manifest;
  const car = await cachedCarBySlug(manifest, slug);
  if (!car) return null;
  const similar = await loadSimilarCars(manifest, car, siteStockSearch(manifest), (find) => cachedForCar("similar", manifest, car.slug, find));
  return { car, similar };
}
