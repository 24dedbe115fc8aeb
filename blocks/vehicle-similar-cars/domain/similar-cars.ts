/**
 * Similar cars: one multi-query, limit 10 a query, within the price band
 * (plus or minus 10,000 under 50,000, else 25,000); up to 6, de-duplicated by id, same model first.
 */
import type { Car } from "@/runtime/stock/car";
import { wordingDefaults } from "@/runtime/generated/defaults";
import type { Wording } from "@/runtime/generated/types";
import { resolvedWording, vehicleNoun, withVehicleNoun } from "@/runtime/wording";
import { quoteFilterToken } from "@/runtime/search/filter-grammar";

export const SIMILAR_CARS_MAX = 6;
export const SIMILAR_QUERY_LIMIT = 10;

export function priceBand(price: number): { min: number; max: number } {
  const spread = price < 50_000 ? 10_000 : 25_000;
  return { min: Math.max(0, price - spread), max: price + spread };
}

type SimilarSource = Pick<Car, "id" | "make" | "model" | "price" | "simple_body" | "item_type">;

function clauses(car: SimilarSource): string[] {
  const out = [`NOT id=${car.id}`, "(status:in_stock OR status:coming_soon)"];
  if (car.price > 10) {
    const { min, max } = priceBand(car.price);
    out.push(`price:${min} TO ${max}`);
  }
  return out;
}

export interface SimilarQuery {
  [param: string]: unknown;
  indexName: string;
  filters: string;
  hitsPerPage: number;
  highlightPreTag: string;
  highlightPostTag: string;
}

/** The queries of the one multi-search: same model, same make and body, same body (or item type). */
export function similarCarsQueries(car: SimilarSource, indexName: string): SimilarQuery[] {
  const base = clauses(car);
  const q = (extra: string[]): SimilarQuery => ({
    indexName,
    filters: [...extra, ...base].join(" AND "),
    hitsPerPage: SIMILAR_QUERY_LIMIT,
    highlightPreTag: "<mark>",
    highlightPostTag: "</mark>",
  });
  const make = `make:${quoteFilterToken(car.make)}`;
  const body = car.simple_body ? `simple_body:${quoteFilterToken(car.simple_body)}` : `item_type:${quoteFilterToken(car.item_type ?? "car")}`;
  return [q([make, `model:${quoteFilterToken(car.model)}`]), q([make, body]), q([body])];
}

/** The fallback when the multi-search fails: the price band alone. */
export function fallbackSimilarQuery(car: SimilarSource): { filters: string; hitsPerPage: number } {
  return { filters: clauses(car).join(" AND "), hitsPerPage: SIMILAR_CARS_MAX + 1 };
}

/** Merge the queries' hits: never the car itself, each id once, same model first (stable otherwise), up to `max`. */
export function mergeSimilarCars<T extends Pick<Car, "id" | "make" | "model">>(
  car: Pick<Car, "id" | "make" | "model">,
  lists: readonly (readonly T[])[],
  max = SIMILAR_CARS_MAX,
): T[] {
  const seen = new Set<number | string>([car.id]);
  const all: T[] = [];
  for (const list of lists)
    for (const hit of list) {
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      all.push(hit);
    }
  const sameModel = (h: T) => h.make.toLowerCase() === car.make.toLowerCase() && h.model.toLowerCase() === car.model.toLowerCase();
  return [...all.filter(sameModel), ...all.filter((h) => !sameModel(h))].slice(0, max);
}

/** The title on subscription sites. */
export const SUBSCRIPTION_SIMILAR_TITLE = "Available for subscription";

/**
 * 'Similar {vehicleType}s In-Stock' in the site's wording, with the page's vehicle's kind:
 * 'Similar Motorcycles In-Stock' on a motorcycle, 'Similar Caravans In-Stock' on a caravan.
 */
export function similarCarsTitle(wording: Wording | undefined | null, car: Pick<Car, "item_type">, subscription = false): string {
  const w = resolvedWording(wording);
  // A site's own title wins; a subscription site left on the schema's default reads the spec's subscription title.
  if (subscription && w.similarCarsTitle === wordingDefaults.similarCarsTitle) return SUBSCRIPTION_SIMILAR_TITLE;
  return withVehicleNoun(w.similarCarsTitle, vehicleNoun(w, [car.item_type]));
}
