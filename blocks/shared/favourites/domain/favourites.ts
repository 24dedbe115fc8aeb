import { favouriteCarId, toFavourite, type Favourite } from "@/runtime/cars/favourite";
import { parseJsonArray } from "../../stored-list/stored-list";

/**
 * Favourites, stored in the browser under one key in one format (id, name,
 * slug, make, model, primary_image_url) by vehicle cards and vehicle pages alike; what an entry
 * may hold (a car id, short texts, a picture's path on this site only) is runtime/cars/favourite.ts.
 *
 * Before this, cards stored a list of ids as strings and vehicle pages a list of objects under the
 * same key, so a car saved from a card showed unsaved on its own page. `parseFavourites` reads all
 * three shapes (string ids, number ids, objects) and gives the one format; the details of an entry
 * that came from an id alone are filled in the next time a card or page of that car is shown.
 */
export const FAVOURITES_KEY = "favourites";
export const MAX_FAVOURITES = 100;

export type { Favourite };

/** A stored entry (an id alone, as string or number, or an object) in the one format; null when it names no car. */
function fromEntry(entry: unknown): Favourite | null {
  if (typeof entry === "number" || typeof entry === "string") {
    const id = favouriteCarId(entry);
    return id === null ? null : { id, name: "", slug: "", make: "", model: "", primary_image_url: null };
  }
  return toFavourite(entry);
}

/** The stored value (any of the old shapes) as the one format, without duplicates; junk gives []. */
export function parseFavourites(raw: string | null | undefined): Favourite[] {
  const seen = new Map<number, Favourite>();
  for (const entry of parseJsonArray(raw)) {
    const f = fromEntry(entry);
    if (!f) continue;
    const before = seen.get(f.id);
    seen.set(f.id, before ? withDetails(before, f) : f);
  }
  return [...seen.values()].slice(-MAX_FAVOURITES);
}

/** An entry with the details it lacks taken from `car` (a legacy id-only entry gets its name, slug…). */
export function withDetails(entry: Favourite, car: Favourite): Favourite {
  return {
    id: entry.id,
    name: entry.name || car.name,
    slug: entry.slug || car.slug,
    make: entry.make || car.make,
    model: entry.model || car.model,
    primary_image_url: entry.primary_image_url ?? car.primary_image_url,
  };
}

/** Adds or removes `car`; returns the new list and whether it is now saved. */
export function toggleFavourite(list: readonly Favourite[], car: Favourite): { list: Favourite[]; saved: boolean } {
  if (list.some((f) => f.id === car.id)) return { list: list.filter((f) => f.id !== car.id), saved: false };
  // The page's car read through the stored format's rules (a picture from another site is left out).
  const entry = toFavourite(car);
  if (!entry) return { list: [...list], saved: false };
  return { list: [...list, entry].slice(-MAX_FAVOURITES), saved: true };
}

/** Refreshes a saved entry's missing details from the car being shown; the same list when nothing changes. */
export function refreshDetails(list: Favourite[], car: Favourite): Favourite[] {
  const i = list.findIndex((f) => f.id === car.id);
  if (i === -1) return list;
  const shown = toFavourite(car);
  if (!shown) return list;
  const next = withDetails(list[i]!, shown);
  if (JSON.stringify(next) === JSON.stringify(list[i])) return list;
  const copy = list.slice();
  copy[i] = next;
  return copy;
}

/** The car facts favourite eligibility reads. */
export interface FavouriteCandidate {
  available: boolean;
  price: number | null | undefined;
  hasImage: boolean;
  car_type?: string;
}

/**
 * Whether a car shows the favourite control: the feature on and the car available,
 * priced above 0 and pictured; on a site that favourites used cars only, used as well.
 */
export function favouriteEligible(car: FavouriteCandidate, rules: { enabled: boolean; usedOnly: boolean }): boolean {
  if (!rules.enabled || !car.available || !car.hasImage) return false;
  if (typeof car.price !== "number" || !(car.price > 0)) return false;
  return !rules.usedOnly || car.car_type === "used";
}
