/**
 * GET /api/manufacturer-locations: the dealership picker's data from the tenant manifest.
 * Answers { websites: [{ id, name, url, dealership, locations }] }, one website per dealership
 * with at least one visible location of the asked type (location_type, default sales; an empty
 * type counts as sales, 'service-and-parts' as service and as parts). Optional `postcode` and
 * `radius` (25 … 1000 km, default 50) keep the locations near that postcode, nearest first, with
 * distance_km.
 */
import "server-only";
import type { DealerManifest } from "../generated/types";
import { json, type ApiContext, type SiteRouteSpec, type SiteTenant } from "../http/api-route";
import { MESSAGES } from "./messages";
import { geocodePostcode, InvalidPostcodeError, nearbyLocations, parseRadius, RADIUS_OPTIONS_KM, type LatLng } from "./postcode";

type ManifestLocation = DealerManifest["locations"][number];

export const LOCATION_TYPES = ["sales", "service", "parts"] as const;

export function matchesLocationType(location: Pick<ManifestLocation, "location_type">, type: string): boolean {
  const t = location.location_type || "sales";
  return t === type || (t === "service-and-parts" && (type === "service" || type === "parts"));
}

export interface PickerLocation {
  id: number;
  name: string;
  slug: string;
  location_type: string;
  location_subtype?: string;
  dealership_id: number;
  dealership_slug?: string;
  primary: boolean;
  address: ManifestLocation["address"];
  phone: string;
  distance_km?: number;
}

export interface PickerWebsite {
  id: number;
  name: string;
  url: string;
  dealership: { id: number; slug: string; name: string };
  locations: PickerLocation[];
}

/** The picker's data is the manifest's: the same for every visitor, so shared caches keep it a minute. */
const A_MINUTE = { "cache-control": "public, max-age=60" };

export function pickerWebsites(manifest: DealerManifest, type = "sales", near?: { origin: LatLng; radiusKm: number }): PickerWebsite[] {
  const host = manifest.hosts?.[0];
  const url = host ? `https://${host}` : "";
  const websites: PickerWebsite[] = [];
  for (const d of manifest.dealerships ?? []) {
    let locs = (manifest.locations ?? []).filter((l) => l.dealership_id === d.id && l.visible !== false && matchesLocationType(l, type));
    let distances = new Map<number, number>();
    if (near) {
      const nearby = nearbyLocations(near.origin, locs, near.radiusKm);
      distances = new Map(nearby.map((l) => [l.id, l.distance_km]));
      locs = nearby;
    }
    if (!locs.length) continue;
    websites.push({
      id: d.id,
      name: d.name,
      url,
      dealership: { id: d.id, slug: d.slug, name: d.name },
      locations: locs.map((l) => ({
        id: l.id,
        name: l.name,
        slug: l.slug,
        location_type: l.location_type || "sales",
        ...(l.location_subtype ? { location_subtype: l.location_subtype } : {}),
        dealership_id: l.dealership_id,
        dealership_slug: l.dealership_slug ?? d.slug,
        primary: l.primary === true,
        address: l.address,
        phone: l.contact_detail.phone,
        ...(distances.has(l.id) ? { distance_km: distances.get(l.id) } : {}),
      })),
    });
  }
  if (near) websites.sort((a, b) => (a.locations[0].distance_km ?? 0) - (b.locations[0].distance_km ?? 0));
  return websites;
}

export function handleManufacturerLocations({ request, tenant }: ApiContext<undefined, Record<string, never>, SiteTenant>): Response {
  const url = new URL(request.url);
  const type = url.searchParams.get("location_type") || "sales";
  if (!(LOCATION_TYPES as readonly string[]).includes(type)) {
    return json(400, { message: `location_type must be one of ${LOCATION_TYPES.join(", ")}`, websites: [] }, A_MINUTE);
  }
  let near: { origin: LatLng; radiusKm: number } | undefined;
  const postcode = url.searchParams.get("postcode");
  if (postcode !== null && postcode !== "") {
    const radiusKm = parseRadius(url.searchParams.get("radius"));
    if (radiusKm === null) return json(400, { message: `radius must be one of ${RADIUS_OPTIONS_KM.join(", ")}`, websites: [] }, A_MINUTE);
    try {
      near = { origin: geocodePostcode(postcode), radiusKm };
    } catch (e) {
      if (e instanceof InvalidPostcodeError) return json(400, { message: MESSAGES.postcodeNotFound, websites: [] }, A_MINUTE);
      throw e;
    }
  }
  return json(200, { websites: pickerWebsites(tenant.manifest, type, near) }, A_MINUTE);
}

/** GET /api/manufacturer-locations, as the route file declares it. */
export const LOCATIONS_ROUTE: SiteRouteSpec<undefined, Record<string, never>> = {
  name: "locations",
  limit: "locations",
  stateChanging: false,
  handle: handleManufacturerLocations,
};
