/**
 * Per-car data cache of the vehicle page: the car lookup (through the dealer's base filter) and
 * its similar cars, kept in Next's data cache with `unstable_cache` so a car page does not search
 * the stock index on every render. The rendered page itself is cached on top of this
 * (runtime/page-cache, ISR); this cache still serves its re-renders, its metadata, the per-request
 * render of a URL with a query string, and the printable page.
 *
 * Why unstable_cache and not `"use cache"`: the directive needs `cacheComponents: true`, which
 * changes how every route of the site prerenders (our pages read the Host header and are rendered
 * per request). unstable_cache works in today's dynamic rendering and is still supported in
 * Next 16 (the docs recommend it for non-fetch data that must outlive a deployment).
 *
 * Freshness:
 *  - every entry is revalidated after REVALIDATE_SECONDS (stale-while-revalidate: the next
 *    request gets the old value while a fresh one is computed in the background);
 *  - with the embedded engine the key includes the stock files' version (names and mtimes,
 *    checked at most every 5 s like runtime/inventory/stock-index.ts), so a stock import is seen
 *    on the next request without waiting for the revalidate window;
 *  - entries are tagged `dealer:{slug}` and `car:{slug}:{carSlug}`, and Next gives a cached page
 *    the tags of the entries it read. revalidateTag() may only be called from a Route Handler or
 *    Server Action (not during a render); POST /api/revalidate with {"site", "car"} calls it
 *    (runtime/page-cache/revalidate.ts), e.g. from a stock feed webhook.
 *
 * Outside a Next server (unit tests, scripts) there is no incremental cache: the lookups run
 * directly.
 */
import { unstable_cache } from "next/cache";
import type { DealerManifest } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { carBySlug } from "@/runtime/inventory/cars";
import { servedStockVersion } from "@/runtime/inventory/stock-version";
import { carTag, dealerTag } from "@/runtime/page-cache/tags";
import { overlayCar } from "@/runtime/reservations/overlay";

export const REVALIDATE_SECONDS = 60;

/** Longest car slug kept in the data cache (its tag `car:{dealer}:{slug}` must stay under Next's 256 characters). */
export const MAX_CACHED_SLUG_LENGTH = 160;

/** What the dealer's stock lookups depend on besides the car: engine, index, dealerships and stock rules (not the per-minute time in the base filter). */
function dealerStockKey(manifest: DealerManifest): string {
  const s = manifest.search ?? {};
  const embedded = s.engine !== "algolia";
  return JSON.stringify([
    embedded ? servedStockVersion() : "remote",
    s.indexName ?? null,
    manifest.dealerships.map((d) => d.id),
    s.includeSoldCarsDays ?? null,
    s.soldCarPageDays ?? null,
    s.minPhotos ?? null,
    s.excludedStockNumbers ?? null,
  ]);
}

function noIncrementalCache(e: unknown): boolean {
  return e instanceof Error && /incrementalCache missing/i.test(e.message);
}

/**
 * Runs `fn` through Next's data cache under the car's key and tags; directly when there is no
 * Next server around. Errors are never cached (unstable_cache only stores a resolved value).
 */
export async function cachedForCar<T>(kind: string, manifest: DealerManifest, carSlug: string, fn: () => Promise<T>): Promise<T> {
  // No real car has a slug this long: not worth a cache entry, and Next refuses (and logs, in full)
  // a tag over 256 characters, which let long made-up slugs flood the log.
  if (carSlug.length > MAX_CACHED_SLUG_LENGTH) return fn();
  const cached = unstable_cache(fn, ["vehicle-page", kind, manifest.slug, carSlug, dealerStockKey(manifest)], {
    revalidate: REVALIDATE_SECONDS,
    tags: [dealerTag(manifest.slug), carTag(manifest.slug, carSlug)],
  });
  try {
    return await cached();
  } catch (e) {
    if (noIncrementalCache(e)) return fn();
    throw e;
  }
}

/**
 * carBySlug through the per-car cache (null, a 404, is cached too: it is as cheap to refresh).
 * An online reservation is laid over the cached car on every read (runtime/reservations/overlay.ts),
 * so it shows at once and lapses on time; the reservation endpoints also expire the car's tag.
 */
export async function cachedCarBySlug(
  manifest: DealerManifest,
  slug: string,
  find: (m: DealerManifest, s: string) => Promise<Car | null> = carBySlug,
): Promise<Car | null> {
  return overlayCar(await cachedForCar("car", manifest, slug, () => find(manifest, slug)));
}
