/** 'Located at {city}' with Get Directions, when the car is not at the dealer's primary location (so nobody drives to the wrong yard). */
import type { DealerManifest } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";

export interface LocationAnnouncement {
  city: string;
  locationName: string;
  directionsUrl: string | null;
}

export function primaryLocationId(manifest: Pick<DealerManifest, "locations">): number | null {
  const locations = (manifest.locations ?? []) as { id: number; primary?: boolean; location_type?: string }[];
  const primary = locations.find((l) => l.primary) ?? locations.find((l) => !l.location_type || l.location_type === "sales") ?? locations[0];
  return primary?.id ?? null;
}

function directions(car: Car): string | null {
  const place = car.location?.place_url;
  if (place && /^https:\/\//.test(place)) return place;
  const a = car.location?.address;
  if (a && typeof a.lat === "number" && typeof a.long === "number") return `https://www.google.com/maps/dir/?api=1&destination=${a.lat},${a.long}`;
  if (a) return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${a.street}, ${a.city} ${a.state} ${a.postcode}`)}`;
  return null;
}

export function locationAnnouncement(manifest: Pick<DealerManifest, "locations">, car: Car): LocationAnnouncement | null {
  const primary = primaryLocationId(manifest);
  const carLocation = car.location?.id ?? car.location_id;
  if (primary === null || carLocation === undefined || carLocation === primary) return null;
  const city = car.location?.address?.city ?? car.city;
  if (!city) return null;
  return { city, locationName: car.location?.name ?? car.location_name ?? city, directionsUrl: directions(car) };
}
