import type { ResolvedVehiclePageProps } from "@/runtime/generated/types";
import { dealerCarPages, type CarPageEntry } from "@/runtime/inventory/car-list";
import { routePath, type PageUrl, type PageUrls } from "@/runtime/render/sitemap";

/** When a car's page last changed: when it was sold, else when it was listed. */
function lastModified(car: CarPageEntry): Date | undefined {
  const seconds = Math.max(car.created_at_timestamp ?? 0, car.sold_date_timestamp ?? 0);
  return seconds > 0 ? new Date(seconds * 1000) : undefined;
}

/**
 * One page per car the page's loader finds (carBySlug's base filter: the dealer's visible cars,
 * sold ones while soldCarPageDays keeps their page), at the route's `slug` parameter.
 */
export const pageUrls: PageUrls<ResolvedVehiclePageProps> = async (_props, site, pattern) => {
  const out: PageUrl[] = [];
  for (const car of await dealerCarPages(site.manifest, site.limit)) {
    const path = routePath(pattern, { slug: car.slug });
    if (path) out.push({ path, lastModified: lastModified(car) });
  }
  return out;
};
