import { searchSettingsDefaults } from "../../../generated/defaults";
import type { GoLiveRule } from "../types";

/**
 * The site hides a car with fewer photos than search › minPhotos. A feed that sends few photos
 * (or none yet) leaves a site that looks empty; this says how many of the dealer's cars are hidden.
 * Silent where the caller has no stock at hand.
 */
export const photoThreshold: GoLiveRule = {
  id: "photo-threshold",
  description: "Few of the dealer's cars are hidden for having too few photos.",
  check({ manifest, stockCars }) {
    if (!stockCars?.length) return [];
    const min = manifest.search?.minPhotos ?? searchSettingsDefaults.minPhotos;
    if (!min) return [];
    const ids = new Set((manifest.dealerships ?? []).map((d) => d.id));
    const own = stockCars.filter((c) => ids.has(Number(c.dealership_id)) && !c.sold && c.status !== "sold");
    const hidden = own.filter((c) => (c.photos_count ?? 0) < min).length;
    if (!hidden) return [];
    return [
      {
        pointer: "/search/minPhotos",
        severity: "warning",
        message: `${hidden} of the dealer's ${own.length} cars in stock ${hidden === 1 ? "is" : "are"} hidden because ${hidden === 1 ? "it has" : "they have"} fewer than ${min} photos`,
        hint: "send more photos in the stock feed, or lower search › minPhotos (0 shows every car)",
      },
    ];
  },
};
