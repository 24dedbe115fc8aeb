import type { ResolvedVehiclePageProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import type { VehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { cachedCarBySlug } from "@/blocks/shared/vehicle-page/domain/cache";

export interface VehiclePageData {
  car: Car;
}

/**
 * The route's car through the dealer's base filter (null: not this dealer's, hidden, or no slug:
 * the page is a 404), from the per-car data cache (blocks/shared/vehicle-page/domain/cache.ts:
 * tagged per dealer and car, revalidated after 60 s). Loaded once for the whole page: the blocks
 * in its slots get it as their context, and their own loaders (similar cars) run after this one.
 */
export async function loadVehiclePage(_props: ResolvedVehiclePageProps, site: SiteContext): Promise<VehiclePageData | null> {
  const slug = site.params.slug;
  if (typeof slug !== "string" || slug === "") return null;
  const car = await cachedCarBySlug(site.manifest, slug);
  return car ? { car } : null;
}

/** What the page hands to the blocks in its slots: the car and the analytics sink (null when there is no car). */
export function vehiclePageContextOf(data: VehiclePageData | null, props: ResolvedVehiclePageProps): VehiclePageContext | null {
  return data ? { car: data.car, analyticsSink: props.analyticsSink } : null;
}
