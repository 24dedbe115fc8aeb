/** Which location a location page shows, and the other locations at its address (the location-type selector). */
import type { DealerManifest, ResolvedLocation } from "@/runtime/generated/types";
import { locationBySlug, visibleLocations } from "@/blocks/shared/locations/domain/lookup";

/** The location of a page at `pattern` with `slug`; null (a 404) when the slug is unknown or the pattern is not the site's locationPagePath. */
export function pageLocation(manifest: DealerManifest, pattern: string | null, slug: unknown): ResolvedLocation | null {
  // The validator fills locationPagePath (default /locations) when the manifest loads.
  if (!pattern || !pattern.startsWith(`${manifest.locationPagePath!}/`)) return null;
  return typeof slug === "string" ? locationBySlug(manifest, slug) : null;
}

export const LOCATION_TYPE_LABELS: Record<string, string> = {
  "": "Sales",
  sales: "Sales",
  service: "Service",
  parts: "Parts",
  "service-and-parts": "Service & Parts",
};

/** The visible locations sharing this one's street and postcode (itself included), when there are several. */
export function sameAddressLocations(manifest: DealerManifest, location: ResolvedLocation): ResolvedLocation[] {
  const key = (l: ResolvedLocation) => `${l.address.street.trim().toLowerCase()}|${l.address.postcode}`;
  const same = visibleLocations(manifest).filter((l) => key(l) === key(location));
  return same.length > 1 ? same : [];
}
