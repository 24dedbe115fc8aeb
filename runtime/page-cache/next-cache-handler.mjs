// Next's own cache (the ISR pages under /_cached/… and the per-car data cache) shared by every
// server process through Redis or Valkey, used only when REDIS_URL is set (next.config.ts); without
// it Next keeps its default in-memory cache, as before.
//
// Built on @fortedigital/nextjs-cache-handler (3.x: Next 16's ISR, unstable_cache and
// revalidateTag(tag, profile); it does not cover 'use cache', which this app does not use):
//  - its Redis handler first: entries and their tags live in Redis, per build (a page links its
//    build's script chunks), so a process that has just started renders nothing another has, and
//    revalidateTag on one process expires the entry for all (the change bus still relays the
//    expiry so each process's served-pages store forgets its own copies);
//  - its in-memory LRU second, written on every set: when Redis does not answer (the client is not
//    connected, or a command takes longer than COMMAND_MS) the handler throws and the library asks
//    the LRU instead, so an outage means this process's own cache, never a failed page.
// During `next build` only the LRU is used: a build writes nothing to a shared cache.
//
// Plain JavaScript: Next loads this file by its path at run time.
import { PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createLruHandler from "@fortedigital/nextjs-cache-handler/local-lru";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { createClient } from "redis";
import { COMMAND_MS } from "./redis-pages.mjs";

const KEY = Symbol.for("dealer-platform.next-cache-handler");

/** @param {string} message */
const warn = (message) => console.warn(`[next-cache] ${message}`);

/**
 * The handlers Next's cache asks, in order: Redis then memory with a REDIS_URL (outside a build),
 * memory alone otherwise.
 * @param {{ buildId: string | undefined, env?: Record<string, string | undefined> }} options
 * @returns {{ handlers: any[], client?: import("redis").RedisClientType }}
 */
export function nextCacheHandlers({ buildId, env = process.env }) {
  const lru = createLruHandler({ maxItemsNumber: 10_000, maxItemSizeBytes: 4 * 1024 * 1024 });
  const url = env.REDIS_URL?.trim();
  if (!url || env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return { handlers: [lru] };
  const client = createClient({
    url,
    // A command while disconnected fails at once (the LRU answers) instead of waiting for the reconnect.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (/** @type {number} */ retries) => Math.min(100 * 2 ** retries, 5000) },
  });
  let down = false;
  client.on("error", (/** @type {Error} */ error) => {
    if (down) return;
    down = true;
    warn(`Next's shared cache (REDIS_URL) is not answering (${error.message}); this process's own cache answers until it is back`);
  });
  client.on("ready", () => {
    if (down) warn("Next's shared cache (REDIS_URL) answers again");
    down = false;
  });
  client.connect().catch(() => {});
  const redis = createRedisHandler({
    // The library's types name its own copy of the client's type; it is the same client.
    client: /** @type {any} */ (client),
    keyPrefix: `dealer-platform:next:${buildId ?? "unknown"}:`,
    timeoutMs: COMMAND_MS,
  });
  return { handlers: [redis, lru], client: /** @type {any} */ (client) };
}

CacheHandler.onCreation(({ buildId }) => {
  const g = /** @type {any} */ (globalThis);
  // One client per process, however many times Next creates the handler.
  return (g[KEY] ??= { handlers: nextCacheHandlers({ buildId }).handlers });
});

export default CacheHandler;
