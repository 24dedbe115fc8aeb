/**
 * 'Located at {city}' with Get Directions, when the car is not at the dealer's primary location
 * (so nobody drives to the wrong yard). City, name and directions are the manifest location's the
 * car belongs to (matched by the stock's location id), never the feed's copy.
 */
import type { DealerManifest } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { directionsUrl, locationForCar, primaryLocation } from "@/blocks/shared/locations/domain/lookup";

export interface LocationAnnouncement {
  city: string;
  locationName: string;
  directionsUrl: string | null;
}

export function primaryLocationId(manifest: Pick<DealerManifest, "locations">): number | null {
  return primaryLocation(manifest)?.id ?? null;
}

export function locationAnnouncement(manifest: Pick<DealerManifest, "locations">, car: Car): LocationAnnouncement | null {
  const primary = primaryLocationId(manifest);
  const location = locationForCar(manifest, car);
  if (primary === null || !location || location.id === primary) return null;
  return { city: location.address.city, locationName: location.name, directionsUrl: directionsUrl(location) };
}
