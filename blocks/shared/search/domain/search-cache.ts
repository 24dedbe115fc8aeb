/**
 * The browser's search result cache (spec §9): up to 10 searches, the oldest (least recently
 * used) dropped first. It wraps any client with a `search(requests)` method; failed searches are
 * not cached. Pure: no React.
 */

import { Lru } from "@/runtime/search/lru";

export const SEARCH_CACHE_SIZE = 10;

/** The engine's LRU with the spec's size (browser-safe: runtime/search/lru.ts is plain TypeScript). */
export class SearchCache<V> extends Lru<string, V> {
  constructor(capacity = SEARCH_CACHE_SIZE) {
    super(capacity);
  }
}

export interface SearchClientLike {
  search(requests: any, ...rest: any[]): Promise<any>;
}

/** A client that answers repeated searches from the cache and stores successful answers. */
export function cachedSearchClient<C extends SearchClientLike>(client: C, cache: SearchCache<unknown> = new SearchCache()): C {
  const search = (requests: unknown, ...rest: unknown[]) => {
    const key = JSON.stringify(requests);
    const hit = cache.get(key);
    if (hit !== undefined) return Promise.resolve(structuredClone(hit));
    return client.search(requests, ...rest).then((response: unknown) => {
      cache.set(key, structuredClone(response));
      return response;
    });
  };
  return { ...client, search } as C;
}
