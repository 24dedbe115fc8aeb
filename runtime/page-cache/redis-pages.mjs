// The served-pages cache shared by every server process through Redis or Valkey (REDIS_URL), under
// each process's own in-memory store (served-pages.mjs). Without REDIS_URL nothing here runs.
//
// A page one process stored is answered by every other, and by a process that has just started,
// without asking Next: the stored form is the finished page (its headers, its three encodings and
// its ETag), so a hit from Redis is the same bytes the first process sent.
//
// What keeps a shared page from being served stale:
//  - its key is the served key (runtime/proxy/served-key.ts): the manifest, stock and hold versions
//    are in it, so a publish or a stock change gives every page a new key, and the old entries are
//    simply never asked for again (they leave Redis at their expiry);
//  - an expiry by tag (POST /api/revalidate) writes a new random generation for the dealer; an
//    entry holds the generation read before its page was rendered, and is served only while that
//    is still the dealer's generation. A page rendered across an expiry is thus never served, on
//    any process, and a generation evicted by Redis (any maxmemory policy) reads as a new one: the
//    entries of before are then misses, never stale hits;
//  - entries are kept per build (the Next build id in the key): a page links the build's script
//    chunks and is allowed by its script hashes, so another release never serves it;
//  - an entry lives in Redis until the page's own expiry (its s-maxage from the render).
//
// Redis is a cache, never a dependency: a command that fails or takes longer than COMMAND_MS is
// a miss (the page is rendered, or answered from this process's memory), the client never queues
// commands while disconnected, and the outage is logged once until it is back (no request data).
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import { randomBytes } from "node:crypto";
import { storedSize } from "./served-pages.mjs";

/** How long one Redis command may take before the page is rendered instead. */
export const COMMAND_MS = 250;

// Version 2: the brotli and gzip forms only (version 1 also held the page as it is).
const MAGIC = Buffer.from("DPPAGE2\n");

/**
 * What the shared store needs of a Redis client (node-redis in production, a fake in tests).
 * @typedef {{
 *   getMany(keys: string[]): Promise<(Buffer | null)[]>,
 *   set(key: string, value: Buffer | string, options?: { ttlMs?: number, onlyIfAbsent?: boolean }): Promise<void>,
 * }} SharedClient
 */

/** @typedef {import("./served-pages.mjs").StoredPage} StoredPage */
/** @typedef {import("./served-pages.mjs").PageKey} PageKey */

/**
 * A stored page as bytes: a header (what the page is, its headers, ETag, expiry, generation and the
 * length of each body) and its two bodies one after the other, so no body is base64'd.
 * @param {StoredPage} page
 * @param {string} generation the dealer's generation read before the page was rendered
 * @returns {Buffer}
 */
export function encodePage(page, generation) {
  const head = Buffer.from(
    JSON.stringify({
      key: page.key,
      slug: page.slug,
      meta: page.meta,
      headers: page.headers,
      etag: page.etag,
      expires: page.expires,
      generation,
      lengths: [page.br.length, page.gzip.length],
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([MAGIC, length, head, page.br, page.gzip]);
}

/**
 * The page and generation of encodePage's bytes; null for anything else (another format, a
 * truncated value), which is then a miss.
 * @param {Buffer} bytes
 * @returns {{ page: StoredPage, generation: string } | null}
 */
export function decodePage(bytes) {
  try {
    if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
    const headLength = bytes.readUInt32BE(MAGIC.length);
    const start = MAGIC.length + 4 + headLength;
    const head = JSON.parse(bytes.subarray(MAGIC.length + 4, start).toString("utf8"));
    const [a, b] = head.lengths ?? [];
    if (![a, b].every((n) => Number.isSafeInteger(n) && n >= 0) || start + a + b !== bytes.length) return null;
    if (typeof head.key !== "string" || typeof head.slug !== "string" || typeof head.meta !== "string") return null;
    if (typeof head.etag !== "string" || typeof head.expires !== "number" || typeof head.generation !== "string") return null;
    if (!head.headers || typeof head.headers !== "object") return null;
    // Copies: the page outlives the buffer the client read it into.
    const br = Buffer.from(bytes.subarray(start, start + a));
    const gzip = Buffer.from(bytes.subarray(start + a));
    return {
      generation: head.generation,
      page: {
        key: head.key,
        slug: head.slug,
        meta: head.meta,
        headers: head.headers,
        etag: head.etag,
        br,
        gzip,
        expires: head.expires,
        size: storedSize({ br, gzip }),
      },
    };
  } catch {
    return null;
  }
}

const newGeneration = () => randomBytes(9).toString("base64url");

/**
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 * @template T
 */
function within(promise, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export class SharedPages {
  /**
   * @param {{
   *   client: SharedClient, build: string, prefix?: string, now?: () => number,
   *   log?: (line: string) => void, commandMs?: number,
   * }} options
   */
  constructor(options) {
    this.client = options.client;
    this.build = options.build;
    this.prefix = options.prefix ?? "dealer-platform:pages:";
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((line) => console.error(line));
    this.commandMs = options.commandMs ?? COMMAND_MS;
    /** Whether the last command failed: an outage is logged once, and its end once. */
    this.down = false;
  }

  /** The Redis key of a page (per build). @param {string} key */
  pageKey(key) {
    return `${this.prefix}page:${this.build}:${key}`;
  }

  /** The Redis key of a dealer's generation (every build). @param {string} slug */
  generationKey(slug) {
    return `${this.prefix}generation:${slug}`;
  }

  /**
   * The shared page for a key if one may answer it, and the dealer's generation now (to store the
   * page under once rendered); generation null when Redis did not answer (nothing is stored then).
   * @param {PageKey} key
   * @returns {Promise<{ page: StoredPage | undefined, generation: string | null }>}
   */
  async lookup(key) {
    try {
      const [bytes, current] = await this.run(this.client.getMany([this.pageKey(key.key), this.generationKey(key.slug)]));
      let generation = current ? current.toString("utf8") : null;
      if (generation === null) {
        // No generation yet (or Redis evicted it): a new one, so no entry of before can match it.
        await this.run(this.client.set(this.generationKey(key.slug), newGeneration(), { onlyIfAbsent: true }));
        const [now] = await this.run(this.client.getMany([this.generationKey(key.slug)]));
        generation = now ? now.toString("utf8") : null;
      }
      this.recovered();
      const found = bytes ? decodePage(bytes) : null;
      if (!found || generation === null || found.generation !== generation) return { page: undefined, generation };
      const { page } = found;
      if (page.key !== key.key || page.slug !== key.slug || page.meta !== key.meta || page.expires <= this.now()) return { page: undefined, generation };
      return { page, generation };
    } catch (error) {
      this.failed(error);
      return { page: undefined, generation: null };
    }
  }

  /**
   * Stores a page for every process until its expiry, under the generation read before it was rendered.
   * @param {StoredPage} page
   * @param {string} generation
   * @returns {Promise<boolean>} whether it was stored
   */
  async store(page, generation) {
    const ttlMs = Math.floor(page.expires - this.now());
    if (ttlMs <= 0) return false;
    try {
      await this.run(this.client.set(this.pageKey(page.key), encodePage(page, generation), { ttlMs }));
      this.recovered();
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  /**
   * Expires a dealer's shared pages on every process: a new generation, which no stored entry holds.
   * @param {string} slug
   * @returns {Promise<boolean>} whether Redis took it
   */
  async forget(slug) {
    try {
      await this.run(this.client.set(this.generationKey(slug), newGeneration()));
      this.recovered();
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  /** @param {Promise<T>} promise @returns {Promise<T>} @template T */
  run(promise) {
    return within(promise, this.commandMs);
  }

  /** @param {unknown} error */
  failed(error) {
    if (this.down) return;
    this.down = true;
    // The error's message only: it names the command's failure, never a page or a visitor.
    this.log(
      `[page-cache] the shared page cache (REDIS_URL) is not answering (${error instanceof Error ? error.message : String(error)}); pages are rendered and kept in this process's memory until it is back`,
    );
  }

  recovered() {
    if (!this.down) return;
    this.down = false;
    this.log("[page-cache] the shared page cache (REDIS_URL) answers again");
  }
}

/**
 * A SharedClient on node-redis for a redis:// or rediss:// URL (Redis or Valkey). Commands fail at
 * once while the connection is down (no offline queue: a page never waits for Redis to come back),
 * and the client reconnects in the background with a capped back-off.
 * @param {string} url
 * @returns {Promise<SharedClient & { close(): Promise<void> }>}
 */
export async function redisClient(url) {
  const { createClient, RESP_TYPES } = await import("redis");
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) },
  });
  // Without a listener an 'error' event would end the process; the store logs the outage itself,
  // once, at the first command that fails.
  client.on("error", () => {});
  // Values as Buffers (pages are bytes).
  const bytes = client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  // Connecting in the background: until it is up, every command fails and pages are rendered.
  client.connect().catch(() => {});
  return {
    async getMany(keys) {
      return /** @type {(Buffer | null)[]} */ (await bytes.mGet(keys));
    },
    async set(key, value, options = {}) {
      await client.set(key, value, {
        ...(options.ttlMs ? { expiration: { type: "PX", value: options.ttlMs } } : {}),
        ...(options.onlyIfAbsent ? { condition: "NX" } : {}),
      });
    },
    async close() {
      client.destroy();
    },
  };
}

/**
 * The shared store when REDIS_URL names one, else null (each process keeps its own pages). Keyed
 * by the build in `{root}/.next/BUILD_ID`; a URL that does not parse is refused at start, not
 * taken as "no shared store".
 * @param {{ env: NodeJS.ProcessEnv, root: string, log?: (line: string) => void }} options
 * @returns {Promise<SharedPages | null>}
 */
export async function sharedPagesFromEnv({ env, root, log = (line) => console.error(line) }) {
  const url = env.REDIS_URL?.trim();
  if (!url) return null;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("REDIS_URL is not a URL (expected redis://host:port or rediss://host:port)");
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") throw new Error("REDIS_URL must start with redis:// or rediss://");
  const { readFileSync } = await import("node:fs");
  const path = await import("node:path");
  const build = readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8").trim();
  return new SharedPages({ client: await redisClient(url), build, log });
}
