// Cached pages in their final form, answered by the production server (scripts/server.mjs) before
// Next is asked.
//
// A cached page (runtime/page-cache: the vehicle page) is the same bytes for every visitor of a
// host until its key changes (manifest, stock, hold) or it is expired (POST /api/revalidate, the
// revalidate window). Passing each hit through Next's proxy, Next's cache, the document pass and
// compression did the same work again on every request. Here a page is stored once as it leaves
// the server the first time (after the document pass: after-paint rewrite done, its CSP and the
// other headers written) as its brotli and gzip forms and an ETag, and a hit is one header write
// and one buffer write: no buffering, rewriting, hashing or compressing. The page as it is (for
// the rare client that takes neither encoding) is not kept: it is the gzip form unpacked on
// such a request (well under a millisecond), and keeping it took two thirds of the store's bytes.
//
// What decides a hit, so that a page never reaches the wrong host or carries another dealer's CSP:
//  - the key is the internal path proxy.ts rewrites the request to (/_cached/{proto}/{host}/
//    {version}/{path}), computed by the app's own proxy gates (runtime/proxy/served-key.ts,
//    registered through server-bridge.mjs): host, protocol, manifest and stock version and the
//    car's hold are all in it;
//  - the page is stored only when Next's proxy rewrote that very request to that very path
//    (x-middleware-rewrite), so what the server computed and what Next rendered cannot differ;
//  - the entry keeps the exact headers the proxy handed the server for it (the dealer's CSP
//    sources, paint-first), whether the request came over https, and the platform scripts'
//    version, and a hit must match all of them; any difference is a miss that goes to Next.
//  - only plain document requests (GET or HEAD, no query string, none of the headers by which
//    Next's router asks for its RSC payload) are looked up or stored.
//
// Freshness: an entry lives for the page's revalidate window (s-maxage) from when Next rendered
// it, as Next's own cache does. A page Next answered as a fresh render (MISS) is stored with that
// time; one it answered STALE is not stored (Next renders it again in the background) and the
// render that follows is counted from that moment; a HIT whose render time is unknown is not
// stored. An expiry by tag (POST /api/revalidate, here or relayed from another process) forgets
// the dealer's stored pages at once (forget()).
//
// Shared by every process (REDIS_URL): under this process's memory, a store in Redis or Valkey
// (redis-pages.mjs) is asked on a miss, and takes every page stored here; an expiry by tag there
// reaches every process's next lookup. Without it each process keeps its own pages, as before.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import fresh from "fresh";
import Negotiator from "negotiator";
import { LRUCache } from "lru-cache";

/**
 * Bytes of stored pages (both forms counted) a process keeps; PAGE_STORE_MAX_BYTES overrides.
 * About 1,400 home pages of the sample dealers (9-11 KB brotli, 12-14 KB gzip each).
 */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** How many render times are remembered (strings, a few hundred bytes each). */
const RENDER_TIMES = 20_000;

// The request headers with which Next's client router asks for something other than the document
// (its RSC payload, a prefetch, a server action): such a request is never answered from here.
const ROUTER_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action", "next-url"];

// Response headers that belong to one response, not to the stored page.
const PER_RESPONSE = new Set(["x-request-id", "connection", "keep-alive", "date", "content-length", "transfer-encoding", "content-encoding", "etag"]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Brotli at `quality`, its window (LGWIN 18, 256 KiB) larger than any page and smaller than the default 4 MiB the decoder would otherwise reserve. @param {number} quality */
const brotliAt = (quality) => (/** @type {Buffer} */ body) =>
  brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });

/**
 * How stored pages are compressed. A page is stored with brotli at quality 5 (under a millisecond
 * for a home page) and gzip at its best level (about one); its brotli form is made again at
 * quality 11 (`brBest`: 48-69 ms of a core for a 65-90 KB home page, for about 10% fewer bytes)
 * only once the page is asked for again, one page at a time. At a thousand dealers most pages
 * rendered are asked for once: quality 11 for each of them took a core's worth of time on two
 * cores, and doubled other dealers' p99 (bench:scale: 89-110 ms against 42-49 ms at quality 5).
 * @type {{ br: (body: Buffer) => Promise<Buffer>, gzip: (body: Buffer) => Promise<Buffer>, brBest?: (body: Buffer) => Promise<Buffer> }}
 */
export const DEFAULT_COMPRESSORS = {
  br: brotliAt(5),
  gzip: (body) => gzip(body, { level: 9 }),
  brBest: brotliAt(11),
};

/**
 * Whether a request may be answered from, or stored into, the page store: a plain read of a
 * document without a query string (the key has none), not one of Next's router requests.
 * @param {import("node:http").IncomingMessage} req
 */
export function isPlainDocumentRequest(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if ((req.url ?? "").includes("?")) return false;
  for (const h of ROUTER_HEADERS) if (req.headers[h] !== undefined) return false;
  return true;
}

/**
 * What must be equal for a stored page to answer a request besides its key: the proxy's headers
 * for it (the dealer's CSP sources, paint-first), https, the platform scripts' version.
 * @typedef {{ key: string, slug: string, meta: string }} PageKey
 */

/**
 * What a request took when it started, for remember(): this process's generation of the dealer,
 * and the shared store's (null without one, or when it did not answer: nothing is shared then).
 * @typedef {{ generation: number, shared: string | null }} Ticket
 */

/**
 * @typedef {{
 *   key: string, slug: string, meta: string, headers: Record<string, string | string[]>,
 *   etag: string, br: Buffer, gzip: Buffer, expires: number, size: number,
 *   best?: boolean
 * }} StoredPage
 */

/**
 * The bytes a stored page is counted as in the store's LRU: its two forms and room for its
 * headers. @param {{ br: Buffer, gzip: Buffer }} forms
 */
export function storedSize({ br, gzip }) {
  return br.length + gzip.length + 2048;
}

/** The ETag of a page's final bytes: weak, as its encodings differ in bytes but not in meaning. @param {Buffer} body */
export function pageEtag(body) {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** The s-maxage of a Cache-Control value in seconds, or null. @param {unknown} value */
export function sharedMaxAge(value) {
  const m = /(?:^|,)\s*s-maxage=(\d+)\s*(?:,|$)/i.exec(String(value ?? ""));
  return m ? Number(m[1]) : null;
}

export class PageStore {
  /**
   * @param {{
   *   maxBytes?: number, now?: () => number, compressors?: typeof DEFAULT_COMPRESSORS,
   *   shared?: import("./redis-pages.mjs").SharedPages | null,
   * }} [options]
   */
  constructor(options = {}) {
    this.now = options.now ?? Date.now;
    /** The store every process shares (REDIS_URL), or null. */
    this.shared = options.shared ?? null;
    this.compressors = options.compressors ?? DEFAULT_COMPRESSORS;
    /** @type {LRUCache<string, StoredPage>} */
    this.pages = new LRUCache({ maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES, sizeCalculation: (p) => p.size });
    /** When Next rendered the page of a key (ms), as far as this process saw it. @type {LRUCache<string, number>} */
    this.renderedAt = new LRUCache({ max: RENDER_TIMES });
    /** Keys of pages being compressed. @type {Set<string>} */
    this.pending = new Set();
    /** Generation per dealer, advanced by forget(): a page compressed across an expiry is dropped. @type {Map<string, number>} */
    this.generations = new Map();
    /** The brotli form being made again at its best quality (one page at a time), or null. @type {Promise<boolean> | null} */
    this.upgrading = null;
  }

  /**
   * Makes a stored page's brotli form again at its best quality (`brBest`), in the background, when
   * no other page is being done: pages asked for again get the smallest form, pages asked for once
   * cost no more than the fast one. The result replaces the entry only if it is still the one
   * stored (not expired or replaced meanwhile). Resolves to whether it did.
   * @param {StoredPage} page
   */
  upgrade(page) {
    const best = this.compressors.brBest;
    if (!best || page.best || this.upgrading) return;
    this.upgrading = gunzip(page.gzip)
      .then(best)
      .then((br) => {
        if (this.pages.peek(page.key) !== page) return false;
        // Marked done either way, so a page whose quick form happens to be smaller is not done again on every hit.
        const done = { ...page, br: br.length <= page.br.length ? br : page.br, best: true };
        this.pages.set(page.key, { ...done, size: storedSize(done) });
        return true;
      })
      .catch(() => false)
      .finally(() => {
        this.upgrading = null;
      });
  }

  /**
   * The stored page for a request's key, if it may answer it.
   * @param {PageKey} key
   * @returns {StoredPage | undefined}
   */
  lookup(key) {
    const page = this.#valid(key);
    if (page) this.upgrade(page);
    return page;
  }

  /** The stored page for a key if it may answer it, without counting a hit. @param {PageKey} key */
  #valid(key) {
    const page = this.pages.get(key.key);
    if (!page) return undefined;
    if (page.meta !== key.meta || page.slug !== key.slug) return undefined;
    if (page.expires <= this.now()) {
      this.pages.delete(key.key);
      return undefined;
    }
    return page;
  }

  /**
   * The page for a request from this process's memory or, failing that, the shared store (a page
   * found there is kept here too), with what remember() needs once Next has answered a miss.
   * @param {PageKey} key
   * @returns {Promise<{ page: StoredPage | undefined, ticket: Ticket }>}
   */
  async find(key) {
    const generation = this.generation(key.slug);
    const local = this.lookup(key);
    if (local || !this.shared) return { page: local, ticket: { generation, shared: null } };
    const found = await this.shared.lookup(key);
    const ticket = { generation, shared: found.generation };
    // Expired here while Redis answered: that page is from before the expiry.
    if (!found.page || this.generation(key.slug) !== generation) return { page: undefined, ticket };
    if (!this.#valid(key)) this.pages.set(key.key, found.page);
    return { page: found.page, ticket };
  }

  /**
   * The dealer's expiry generation: taken when a request starts and handed to remember(), so a
   * page Next answered before an expiry that happened while it was being answered is not stored.
   * @param {string} slug
   */
  generation(slug) {
    return this.generations.get(slug) ?? 0;
  }

  /**
   * Takes a page as the server is about to send it for the first time (after the document pass),
   * and stores it once its compressed forms are made. Returns the promise of that (tests).
   * @param {PageKey} key
   * @param {{ status: number, rewrittenTo: string | undefined, headers: Record<string, unknown>, body: Buffer }} response
   * @param {number | Ticket} generation what generation(key.slug) was when the request started, or find()'s ticket
   * @returns {Promise<boolean>} whether it was stored
   */
  async remember(key, response, generation) {
    const shared = typeof generation === "number" ? null : generation.shared;
    if (typeof generation !== "number") generation = generation.generation;
    const { status, headers, body } = response;
    const cache = String(headers["x-nextjs-cache"] ?? "").toUpperCase();
    // Stored only when Next's proxy rewrote this very request to the key's path.
    if (status !== 200 || body.length === 0 || !response.rewrittenTo || pathOf(response.rewrittenTo) !== key.key) return false;
    if (headers["set-cookie"] !== undefined || !/^text\/html\b/i.test(String(headers["content-type"] ?? ""))) return false;
    const window = sharedMaxAge(headers["cache-control"]);
    if (window === null || window <= 0) return false;
    const now = this.now();
    if (cache === "MISS") this.renderedAt.set(key.key, now);
    else if (cache === "STALE") {
      // Rendered again in the background from now: the HIT that follows is counted from here.
      this.renderedAt.set(key.key, now);
      this.pages.delete(key.key);
      return false;
    } else if (cache !== "HIT") return false;
    const rendered = this.renderedAt.get(key.key);
    if (rendered === undefined || rendered + window * 1000 <= now) return false;
    if (this.pending.has(key.key) || this.#valid(key) || this.generation(key.slug) !== generation) return false;
    this.pending.add(key.key);
    try {
      const [br, gz] = await Promise.all([this.compressors.br(body), this.compressors.gzip(body)]);
      // Expired while it was being compressed: not stored.
      if (this.generation(key.slug) !== generation) return false;
      /** @type {Record<string, string | string[]>} */
      const kept = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || PER_RESPONSE.has(name)) continue;
        kept[name] = Array.isArray(value) ? value.map(String) : String(value);
      }
      // Hits are hits of the page cache, whatever the first response said.
      kept["x-nextjs-cache"] = "HIT";
      const vary = String(kept.vary ?? "");
      if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) kept.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
      /** @type {StoredPage} */
      const page = {
        key: key.key,
        slug: key.slug,
        meta: key.meta,
        headers: kept,
        etag: pageEtag(body),
        br,
        gzip: gz,
        expires: rendered + window * 1000,
        size: storedSize({ br, gzip: gz }),
      };
      this.pages.set(key.key, page);
      // For every process, under the dealer's shared generation read before Next was asked.
      if (this.shared && shared !== null) await this.shared.store(page, shared);
      return true;
    } catch {
      return false;
    } finally {
      this.pending.delete(key.key);
    }
  }

  /**
   * Forgets every stored page of a dealer (its pages or one car's were expired by tag): here, and
   * in the shared store unless `everywhere` is false (the expiry was relayed from the process that
   * already expired them there). Returns the promise of the shared expiry (tests).
   * @param {string} slug
   * @param {boolean} [everywhere]
   * @returns {Promise<boolean>}
   */
  forget(slug, everywhere = true) {
    this.generations.set(slug, (this.generations.get(slug) ?? 0) + 1);
    for (const [k, page] of this.pages.entries()) if (page.slug === slug) this.pages.delete(k);
    return this.shared && everywhere ? this.shared.forget(slug) : Promise.resolve(false);
  }

  /** Bytes held (docs/performance.md's memory per component). */
  get bytes() {
    return this.pages.calculatedSize;
  }
}

/** The path of a rewrite target (x-middleware-rewrite may be a whole URL or a path), without its query. @param {string} target */
function pathOf(target) {
  try {
    return new URL(target, "http://x").pathname;
  } catch {
    return "";
  }
}

/**
 * Answers a request from a stored page: 304 when the client holds this version (If-None-Match),
 * else the form its Accept-Encoding prefers (brotli, gzip, or the page as is: the gzip form
 * unpacked, synchronously as it is small and rare). Headers only for HEAD.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {StoredPage} page
 */
export function answerFromStore(req, res, page) {
  if (fresh(req.headers, { etag: page.etag })) {
    res.writeHead(304, { etag: page.etag, vary: page.headers.vary, "cache-control": page.headers["cache-control"], "x-nextjs-cache": "HIT" });
    res.end();
    return;
  }
  const encoding = new Negotiator(req).encoding(["br", "gzip", "identity"], ["br", "gzip"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : zlib.gunzipSync(page.gzip);
  /** @type {Record<string, string | string[] | number>} */
  const headers = { ...page.headers, etag: page.etag, "content-length": body.length };
  if (encoding === "br" || encoding === "gzip") headers["content-encoding"] = encoding;
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
