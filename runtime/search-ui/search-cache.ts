/**
 * The browser's search result cache (spec §9): up to 10 searches, the oldest (least recently
 * used) dropped first. It wraps any client with a `search(requests)` method; failed searches are
 * not cached. Pure: no React.
 */

export const SEARCH_CACHE_SIZE = 10;

export class SearchCache<V> {
  private readonly map = new Map<string, V>();
  constructor(readonly capacity = SEARCH_CACHE_SIZE) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    if (this.map.has(key)) this.map.delete(key);
    while (this.map.size >= this.capacity) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, value);
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  get size(): number {
    return this.map.size;
  }

  keys(): string[] {
    return [...this.map.keys()];
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
