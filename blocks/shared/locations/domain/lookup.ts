/**
 * The dealer's locations as the manifest states them: the one source of every address, phone and
 * opening hours a page shows (a stock feed's copy of them is never shown).
 */
import type { DealerManifest, ResolvedLocation } from "@/runtime/generated/types";

type Manifest = Pick<DealerManifest, "locations">;

/** The manifest's locations; the validator has filled their defaults (time_zone, visible, location_type) when the manifest loaded. */
export function siteLocations(manifest: Manifest): ResolvedLocation[] {
  return (manifest.locations ?? []) as ResolvedLocation[];
}

export function visibleLocations(manifest: Manifest): ResolvedLocation[] {
  return siteLocations(manifest).filter((l) => l.visible !== false);
}

/** The primary location: the one marked primary, else the first sales location, else the first. */
export function primaryLocation(manifest: Manifest): ResolvedLocation | null {
  const all = siteLocations(manifest);
  return all.find((l) => l.primary) ?? all.find((l) => !l.location_type || l.location_type === "sales") ?? all[0] ?? null;
}

export function locationBySlug(manifest: Manifest, slug: string): ResolvedLocation | null {
  return visibleLocations(manifest).find((l) => l.slug === slug) ?? null;
}

export function locationById(manifest: Manifest, id: number | string | null | undefined): ResolvedLocation | null {
  if (id === null || id === undefined || id === "") return null;
  return siteLocations(manifest).find((l) => String(l.id) === String(id)) ?? null;
}

/** What a car says about where it is (its feed's location id, dealership id). */
export interface CarPlace {
  location_id?: number | string | null;
  location?: { id?: number | string | null } | null;
  dealership_id?: number | string | null;
}

/**
 * The manifest location a car belongs to: matched by the stock's location id; else its
 * dealership's primary (or first) location; else the dealer's primary location.
 */
export function locationForCar(manifest: Manifest, car: CarPlace): ResolvedLocation | null {
  const byId = locationById(manifest, car.location?.id ?? car.location_id);
  if (byId) return byId;
  const ofDealership = siteLocations(manifest).filter(
    (l) => car.dealership_id !== undefined && car.dealership_id !== null && String(l.dealership_id) === String(car.dealership_id),
  );
  return ofDealership.find((l) => l.primary) ?? ofDealership[0] ?? primaryLocation(manifest);
}

/** The path of a location's page under the site's setting (/locations, /contact-us or /our-location). */
export function locationHref(manifest: Pick<DealerManifest, "locationPagePath">, location: Pick<ResolvedLocation, "slug">): string {
  // The validator fills locationPagePath (default /locations) when the manifest loads.
  return `${manifest.locationPagePath!}/${location.slug}`;
}

/** One line of address: "3360 Pacific Highway, Springwood QLD 4127". */
export function addressLine(location: Pick<ResolvedLocation, "address">): string {
  const a = location.address;
  return `${a.street}, ${a.city} ${a.state.toUpperCase()} ${a.postcode}`;
}

/** A Google Maps directions link: the location's own place link, else its coordinates, else its address. */
export function directionsUrl(location: Pick<ResolvedLocation, "address">): string {
  const a = location.address;
  if (a.place_url && /^https:\/\//.test(a.place_url)) return a.place_url;
  if (typeof a.lat === "number" && typeof a.long === "number") return `https://www.google.com/maps/dir/?api=1&destination=${a.lat},${a.long}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(addressLine(location))}`;
}

/** The Maps JavaScript API key for a location: its own, the site's, then the environment's; null means no map (an address card instead). */
export function mapsApiKey(manifest: Pick<DealerManifest, "maps">, location?: Pick<ResolvedLocation, "address"> | null): string | null {
  return location?.address.map_key || manifest.maps?.apiKey || process.env.GOOGLE_MAPS_API_KEY || null;
}

/**
 * Search page of a location's stock, refined by the location's id (the stock feed's location_id):
 * a feed names its branches its own way ("Harbour Hyundai Kia Penrith" for the manifest's
 * "Harbour Kia Penrith"), so a name never decides which cars are a location's.
 */
export function locationStockHref(location: Pick<ResolvedLocation, "id">): string {
  return `/search?${new URLSearchParams({ location_id: String(location.id) }).toString()}`;
}

export interface CarContact {
  /** The manifest location the car belongs to (null only for a dealer without locations). */
  location: ResolvedLocation | null;
  name: string;
  phone: string;
  /** One line of address, "" without a location. */
  address: string;
}

/**
 * The contact details shown with a car: its manifest location's name, phone and address (the
 * stock feed's copies are never shown: they drift from the dealer's own), falling back to the
 * site's sales phone and name.
 */
export function carContact(manifest: Pick<DealerManifest, "locations" | "contact" | "name">, car: CarPlace): CarContact {
  const location = locationForCar(manifest, car);
  return {
    location,
    name: location?.name ?? manifest.name,
    phone: location?.contact_detail.phone ?? manifest.contact.phones.sales,
    address: location ? addressLine(location) : "",
  };
}
