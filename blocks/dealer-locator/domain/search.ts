/**
 * The dealer locator's search: a postcode, a suburb or a dealership's name, within a radius
 * (25 … 1000 km, 50 by default), nearest first. Pure: the place lookups are handed in, so the
 * rules are tested without the postcode data.
 */
import type { ResolvedLocation } from "@/runtime/generated/types";
import { DEFAULT_RADIUS_KM, haversineKm, RADIUS_OPTIONS_KM } from "@/runtime/leads/postcode";

export { DEFAULT_RADIUS_KM, haversineKm, RADIUS_OPTIONS_KM };

export interface Place {
  lat: number;
  lng: number;
  /** What the shopper's query was read as ("4127", "Springwood"). */
  label: string;
  /** The state or territory, upper case ("WA"); suburbs carry it, so a name several states share is told apart. */
  state?: string;
}

const STATES = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"] as const;

/**
 * Each capital city's state. A capital's name alone means the capital: 'Perth' is Perth WA, not
 * the town in Tasmania, however near the dealer the town is. A fixed table of eight: the postcode
 * data has no notion of a capital.
 */
const CAPITALS: Readonly<Record<string, string>> = {
  SYDNEY: "NSW",
  MELBOURNE: "VIC",
  BRISBANE: "QLD",
  ADELAIDE: "SA",
  PERTH: "WA",
  HOBART: "TAS",
  DARWIN: "NT",
  CANBERRA: "ACT",
};

/** A query's suburb name and the state written after it, if any: 'Perth WA', 'Richmond, Vic' → the name and WA, VIC. */
export function splitState(query: string): { name: string; state: string | null } {
  const m = new RegExp(`^(.*?)[\\s,]+(${STATES.join("|")})$`, "i").exec(query.trim());
  return m && m[1].trim() ? { name: m[1].trim(), state: m[2].toUpperCase() } : { name: query.trim(), state: null };
}

/**
 * Which of the places sharing a suburb name the shopper means: the one in the state they wrote;
 * else the capital, for a capital's name; else one in a state where the dealer has a location;
 * else the one nearest the dealer's locations. Null when the written state has no such suburb.
 */
export function chooseSuburb(name: string, state: string | null, places: readonly Place[], locations: readonly ResolvedLocation[]): Place | null {
  const inState = (s: string) => places.filter((p) => p.state?.toUpperCase() === s);
  let candidates: readonly Place[] = places;
  if (state) candidates = inState(state);
  else {
    const capital = CAPITALS[name.trim().toUpperCase()];
    const dealerStates = new Set(locations.map((l) => l.address.state.toUpperCase()));
    const local = places.filter((p) => p.state && dealerStates.has(p.state.toUpperCase()));
    if (capital && inState(capital).length) candidates = inState(capital);
    else if (local.length) candidates = local;
  }
  if (!candidates.length) return null;
  return candidates.map((p) => ({ p, d: withDistances(p, locations)[0]?.distanceKm ?? Infinity })).sort((a, b) => a.d - b.d)[0].p;
}

export interface PlaceLookups {
  /** The place of a 4-digit postcode; null when it has none. */
  postcode(postcode: string): Place | null;
  /** The places of a suburb name (several states may share one). */
  suburb(name: string): Place[];
}

export interface LocatorResult {
  location: ResolvedLocation;
  /** km to one decimal; absent when the search was by name or empty. */
  distanceKm?: number;
}

export interface LocatorOutcome {
  query: string;
  radiusKm: number;
  /** How the query was read. */
  kind: "all" | "postcode" | "suburb" | "name" | "none";
  place: Place | null;
  results: LocatorResult[];
  /** When nothing is within the radius: the nearest location anyway. */
  nearestOutside: LocatorResult | null;
  /** A message for the shopper ('Invalid postcode', no match…), null when results speak for themselves. */
  message: string | null;
}

/** A radius option from the query string; anything else is the default 50 km. */
export function radiusFrom(value: unknown): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return (RADIUS_OPTIONS_KM as readonly number[]).includes(n) ? n : DEFAULT_RADIUS_KM;
}

function withDistances(origin: Place, locations: readonly ResolvedLocation[]): Required<LocatorResult>[] {
  return locations
    .filter((l) => typeof l.address.lat === "number" && typeof l.address.long === "number")
    .map((location) => ({ location, distanceKm: Math.round(haversineKm(origin, { lat: location.address.lat!, lng: location.address.long! }) * 10) / 10 }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.location.name.localeCompare(b.location.name));
}

function near(query: string, kind: "postcode" | "suburb", place: Place, locations: readonly ResolvedLocation[], radiusKm: number): LocatorOutcome {
  const all = withDistances(place, locations);
  const results = all.filter((r) => r.distanceKm <= radiusKm);
  const nearestOutside = results.length ? null : (all[0] ?? null);
  const message = results.length ? null : `No dealerships within ${radiusKm} km of ${place.label}.`;
  return { query, radiusKm, kind, place, results, nearestOutside, message };
}

export function searchLocations(rawQuery: unknown, rawRadius: unknown, locations: readonly ResolvedLocation[], lookups: PlaceLookups): LocatorOutcome {
  const query = String((Array.isArray(rawQuery) ? rawQuery[0] : rawQuery) ?? "")
    .trim()
    .slice(0, 80);
  const radiusKm = radiusFrom(rawRadius);
  const base = { query, radiusKm, place: null, nearestOutside: null };
  if (!query)
    return {
      ...base,
      kind: "all",
      results: [...locations].sort((a, b) => Number(!!b.primary) - Number(!!a.primary) || a.name.localeCompare(b.name)).map((location) => ({ location })),
      message: null,
    };
  if (/^[0-9]+$/.test(query)) {
    const place = /^[0-9]{4}$/.test(query) ? lookups.postcode(query) : null;
    if (!place)
      return {
        ...base,
        kind: "none",
        results: [],
        message: /^[0-9]{4}$/.test(query) ? "Invalid postcode" : "Invalid postcode. Please enter a 4-digit number.",
      };
    return near(query, "postcode", place, locations, radiusKm);
  }
  const needle = query.toLowerCase();
  const byName = locations.filter((l) => [l.name, l.address.city, l.slug].some((s) => s.toLowerCase().includes(needle)));
  if (byName.length) return { ...base, kind: "name", results: byName.map((location) => ({ location })), message: null };
  const { name, state } = splitState(query);
  const best = chooseSuburb(name, state, lookups.suburb(name), locations);
  if (best) return near(query, "suburb", best, locations, radiusKm);
  return { ...base, kind: "none", results: [], message: `We could not find '${query}'. Try a postcode, a suburb or a dealership's name.` };
}
