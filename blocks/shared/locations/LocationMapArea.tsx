import type { DealerManifest, ResolvedLocation } from "@/runtime/generated/types";
import { LocationsMap } from "./client/LocationsMap.lazy";
import type { MapMarker } from "./client/map-types";
import { addressLine, directionsUrl, locationHref, mapsApiKey } from "./domain/lookup";
import styles from "./locations.module.css";

export function mapMarkers(manifest: Pick<DealerManifest, "locationPagePath">, locations: readonly ResolvedLocation[], withLinks: boolean): MapMarker[] {
  return locations
    .filter((l) => typeof l.address.lat === "number" && typeof l.address.long === "number")
    .map((l) => ({
      id: l.id,
      name: l.name,
      lat: l.address.lat!,
      lng: l.address.long!,
      address: addressLine(l),
      phone: l.contact_detail.phone,
      directionsUrl: directionsUrl(l),
      ...(withLinks ? { href: locationHref(manifest, l) } : {}),
    }));
}

/**
 * A map of the locations when the location, the site or the environment has a Maps key;
 * otherwise nothing (the address cards beside it carry the directions links).
 */
export function LocationMapArea({
  manifest,
  locations,
  label,
  withLinks = true,
}: {
  manifest: DealerManifest;
  locations: readonly ResolvedLocation[];
  label: string;
  withLinks?: boolean;
}) {
  const apiKey = mapsApiKey(manifest, locations.length === 1 ? locations[0] : null);
  const markers = mapMarkers(manifest, locations, withLinks);
  if (!apiKey || markers.length === 0) return null;
  return <LocationsMap apiKey={apiKey} markers={markers} label={label} className={styles.map} />;
}
