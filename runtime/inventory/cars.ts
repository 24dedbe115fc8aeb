import type { DealerManifest } from "@/runtime/generated/types";
import type { Car } from "@/runtime/generated/types";
import { quoteFilterToken } from "@/runtime/search/filter-grammar";
import { siteStockSearch } from "./site-search";

/**
 * A car of this dealer by slug, or null. The dealer's base filter applies, so a car of
 * another dealer, or one hidden by the dealer's stock rules, is not found (a 404 page). A sold
 * car keeps its page for soldCarPageDays, longer than the search lists it (see StockReach).
 */
export async function carBySlug(manifest: DealerManifest, slug: string): Promise<Car | null> {
  const { search, ctx, indexName } = siteStockSearch(manifest, "car-page");
  const result = await search.search(indexName, { filters: `slug:${quoteFilterToken(slug)}`, hitsPerPage: 1 }, ctx);
  return (result.hits[0] as unknown as Car | undefined) ?? null;
}

/** A car of this dealer by id, or null (the dealer's base filter applies, as for carBySlug). */
export async function carById(manifest: DealerManifest, id: number): Promise<Car | null> {
  if (!Number.isSafeInteger(id)) return null;
  const { search, ctx, indexName } = siteStockSearch(manifest, "car-page");
  const result = await search.search(indexName, { filters: `id = ${id}`, hitsPerPage: 1 }, ctx);
  return (result.hits[0] as unknown as Car | undefined) ?? null;
}

/**
 * Which of `ids` are cars of this dealer (the dealer's base filter applies, as for carBySlug): one
 * search for them all, asking for the ids only.
 */
export async function dealerCarIds(manifest: DealerManifest, ids: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0) return new Set();
  const { search, ctx, indexName } = siteStockSearch(manifest);
  const filters = wanted.map((id) => `id = ${id}`).join(" OR ");
  const result = await search.search(indexName, { filters, hitsPerPage: wanted.length, attributesToRetrieve: ["id"] }, ctx);
  return new Set(result.hits.map((hit) => Number((hit as { id?: unknown }).id)).filter((id) => wanted.includes(id)));
}

/**
 * The dealership holding the car with this id in the dealer's stock index, whichever dealer's it is
 * (no base filter: a lead's check that the car it names is not another dealer's), or null when the
 * index has no such car. Only the dealership id leaves this function, never the car.
 */
export async function dealershipOfCar(manifest: DealerManifest, id: number): Promise<number | null> {
  if (!Number.isSafeInteger(id)) return null;
  const { search, indexName } = siteStockSearch(manifest);
  const result = await search.search(indexName, { filters: `id = ${id}`, hitsPerPage: 1 }, { baseFilter: "" });
  const car = result.hits[0] as unknown as Pick<Car, "dealership_id"> | undefined;
  return typeof car?.dealership_id === "number" ? car.dealership_id : null;
}
