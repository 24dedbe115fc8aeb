import type { ResolvedCompareProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { carBySlug } from "@/runtime/inventory/cars";
import { slugsFromQuery } from "@/blocks/shared/compare/domain/compare";

/** The dealer's cars named in ?cars= (another dealer's slug finds nothing), in the order given. */
export async function loadCompare(_props: ResolvedCompareProps, site: SiteContext): Promise<Car[]> {
  const cars = await Promise.all(slugsFromQuery(site.searchParams.cars).map((slug) => carBySlug(site.manifest, slug)));
  return cars.filter((c): c is Car => c !== null);
}
