/**
 * The browser's search result cache: up to 10 searches, the least recently used dropped first.
 * It wraps any client with a `search(requests)` method; failed searches are not cached. Pure: no
 * React.
 */

import { LRUCache } from "lru-cache";

export const SEARCH_CACHE_SIZE = 10;

/** Search answers by request, least recently used dropped first. */
export class SearchCache<V extends object> extends LRUCache<string, V> {
  constructor(capacity = SEARCH_CACHE_SIZE) {
    super({ max: capacity });
  }
}

export interface SearchClientLike {
  // The search clients' own request and response types differ between algoliasearch versions;
  // this cache only passes them through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  search(requests: any, ...rest: any[]): Promise<any>;
}

/** A client that answers repeated searches from the cache and stores successful answers. */
export function cachedSearchClient<C extends SearchClientLike>(client: C, cache: SearchCache<object> = new SearchCache()): C {
  const search = (requests: unknown, ...rest: unknown[]) => {
    const key = JSON.stringify(requests);
    const hit = cache.get(key);
    if (hit !== undefined) return Promise.resolve(structuredClone(hit));
    return client.search(requests, ...rest).then((response: unknown) => {
      if (response !== null && typeof response === "object") cache.set(key, structuredClone(response));
      return response;
    });
  };
  return { ...client, search } as C;
}
