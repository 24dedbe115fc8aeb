/**
 * The browser's search client: algoliasearch's lite client, pointed at this site's embedded
 * engine (same origin, /api/search) or at the Algolia application the manifest names, behind
 * the 10-search result cache. The lite client's own unbounded response cache is
 * replaced by a pass-through so that the 10-entry cache is the only one.
 */
import { liteClient } from "algoliasearch/lite";
import { cachedSearchClient, SearchCache } from "@/blocks/shared/search/domain/search-cache";

export interface BrowserClientConfig {
  engine: "embedded" | "algolia";
  appId: string;
  searchKey: string;
  host: string | null;
}

type CacheLike = {
  get: <T>(key: unknown, defaultValue: () => Promise<T>, events?: { miss: (value: T) => Promise<unknown> }) => Promise<T>;
  set: <T>(key: unknown, value: T) => Promise<T>;
  delete: (key: unknown) => Promise<void>;
  clear: () => Promise<void>;
};

const passThroughCache: CacheLike = {
  get: (_key, defaultValue, events) => defaultValue().then((value) => Promise.resolve(events?.miss(value)).then(() => value)),
  set: (_key, value) => Promise.resolve(value),
  delete: () => Promise.resolve(),
  clear: () => Promise.resolve(),
};

function hostsFor(config: BrowserClientConfig): Array<{ url: string; accept: "read"; protocol: "http" | "https" }> | undefined {
  if (config.engine === "embedded") {
    return [{ url: `${window.location.host}/api/search`, accept: "read", protocol: window.location.protocol === "http:" ? "http" : "https" }];
  }
  if (!config.host) return undefined;
  const m = /^(https?):\/\/(.*)$/.exec(config.host);
  return [{ url: (m ? m[2] : config.host).replace(/\/+$/, ""), accept: "read", protocol: m?.[1] === "http" ? "http" : "https" }];
}

export function createBrowserSearchClient(config: BrowserClientConfig) {
  const hosts = hostsFor(config);
  const client = liteClient(config.appId, config.searchKey, {
    ...(hosts ? { hosts } : {}),
    responsesCache: passThroughCache as never,
  });
  return cachedSearchClient(client, new SearchCache());
}

/**
 * Used while the page renders on the server: InstantSearch starts from the server's initial
 * results there and never searches, so this client is never called.
 */
export const serverRenderClient = {
  search: () => Promise.reject(new Error("No search during server rendering")),
};
