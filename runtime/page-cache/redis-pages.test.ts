import zlib from "node:zlib";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { decodePage, encodePage, SharedPages, type SharedClient } from "./redis-pages.mjs";
import { PageStore, storedSize, type PageKey, type StoredPage } from "./served-pages.mjs";

// The shared store's own parts on a fake Redis: how a page is written and read back, which
// entries may answer (key, meta, expiry, generation), and that a Redis that fails is a miss
// logged once. The same against a real redis-server: redis-pages.redis.test.ts.

/** A Redis of one Map, with expiry on a fake clock; `failing` makes every command reject. */
class FakeRedis implements SharedClient {
  values = new Map<string, { value: Buffer; expires: number }>();
  failing: Error | null = null;
  commands = 0;
  constructor(private readonly now: () => number) {}
  async getMany(keys: string[]) {
    this.commands++;
    if (this.failing) throw this.failing;
    return keys.map((k) => {
      const v = this.values.get(k);
      return v && v.expires > this.now() ? Buffer.from(v.value) : null;
    });
  }
  async set(key: string, value: Buffer | string, options: { ttlMs?: number; onlyIfAbsent?: boolean } = {}) {
    this.commands++;
    if (this.failing) throw this.failing;
    const held = this.values.get(key);
    if (options.onlyIfAbsent && held && held.expires > this.now()) return;
    this.values.set(key, { value: Buffer.from(value), expires: options.ttlMs ? this.now() + options.ttlMs : Infinity });
  }
}

const HTML = "<!DOCTYPE html><html><body><p>Car x</p></body></html>";
let clock = 1_000_000;
const now = () => clock;

function page(overrides: Partial<StoredPage> = {}): StoredPage {
  const identity = Buffer.from(HTML);
  const br = zlib.brotliCompressSync(identity);
  const gzip = zlib.gzipSync(identity);
  return {
    key: "/_cached/https/a.example/v1-s1/cars/x",
    slug: "a",
    meta: '[true,3,[["x-dealer-csp","{}"]]]',
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=60, stale-while-revalidate=31535940",
      "content-security-policy": "script-src 'sha256-abc'",
      vary: "RSC, Accept-Encoding",
      link: ["</a.css>; rel=preload", "</b.css>; rel=preload"],
      "x-nextjs-cache": "HIT",
    },
    etag: 'W/"etag"',
    br,
    gzip,
    expires: clock + 60_000,
    size: storedSize({ br, gzip }),
    ...overrides,
  };
}
const keyOf = (p: StoredPage): PageKey => ({ key: p.key, slug: p.slug, meta: p.meta });

describe("a stored page as bytes", () => {
  it("reads back the same page: headers (lists too), its three encodings, ETag, expiry and generation", () => {
    const p = page();
    const decoded = decodePage(encodePage(p, "gen-1"));
    expect(decoded?.generation).toBe("gen-1");
    expect(decoded?.page).toEqual(p);
    expect(zlib.brotliDecompressSync(decoded!.page.br).toString()).toBe(HTML);
    expect(zlib.gunzipSync(decoded!.page.gzip).toString()).toBe(HTML);
  });

  it("takes anything else for a miss: another format, a cut value, a header that lies about the lengths", () => {
    const bytes = encodePage(page(), "g");
    expect(decodePage(Buffer.from("<html>"))).toBeNull();
    expect(decodePage(bytes.subarray(0, bytes.length - 1))).toBeNull();
    expect(decodePage(Buffer.concat([bytes, Buffer.from("x")]))).toBeNull();
    const wrongMagic = Buffer.from(bytes);
    wrongMagic[0] = 0;
    expect(decodePage(wrongMagic)).toBeNull();
  });
});

describe("the shared store", () => {
  let redis: FakeRedis;
  let log: ReturnType<typeof vi.fn<(line: string) => void>>;
  let shared: SharedPages;
  beforeEach(() => {
    clock = 1_000_000;
    redis = new FakeRedis(now);
    log = vi.fn<(line: string) => void>();
    shared = new SharedPages({ client: redis, build: "build-1", now, log });
  });

  it("answers a stored page for its key, under the generation it was stored with", async () => {
    const p = page();
    const first = await shared.lookup(keyOf(p));
    expect(first.page).toBeUndefined();
    expect(first.generation).toMatch(/^[\w-]{12}$/);
    expect(await shared.store(p, first.generation!)).toBe(true);
    const again = await shared.lookup(keyOf(p));
    expect(again).toEqual({ page: p, generation: first.generation });
  });

  it("keeps entries per build: another release never answers with this one's page", async () => {
    const p = page();
    const { generation } = await shared.lookup(keyOf(p));
    await shared.store(p, generation!);
    const other = new SharedPages({ client: redis, build: "build-2", now, log });
    expect((await other.lookup(keyOf(p))).page).toBeUndefined();
  });

  it("does not answer for other headers (meta), after the page's expiry, or after an expiry by tag", async () => {
    const p = page();
    const { generation } = await shared.lookup(keyOf(p));
    await shared.store(p, generation!);
    expect((await shared.lookup({ ...keyOf(p), meta: "other" })).page).toBeUndefined();
    expect(await shared.forget("b")).toBe(true);
    expect((await shared.lookup(keyOf(p))).page).toEqual(p);
    expect(await shared.forget("a")).toBe(true);
    const after = await shared.lookup(keyOf(p));
    expect(after.page).toBeUndefined();
    expect(after.generation).not.toBe(generation);
    // A page rendered under the old generation and stored after the expiry is never served.
    await shared.store(p, generation!);
    expect((await shared.lookup(keyOf(p))).page).toBeUndefined();
    // Stored under the new one, it is; until its own expiry.
    await shared.store(p, after.generation!);
    expect((await shared.lookup(keyOf(p))).page).toEqual(p);
    clock = p.expires;
    expect((await shared.lookup(keyOf(p))).page).toBeUndefined();
  });

  it("takes a dealer's generation evicted by Redis for a new one: the entries of before are misses, not stale hits", async () => {
    const p = page();
    const { generation } = await shared.lookup(keyOf(p));
    await shared.store(p, generation!);
    redis.values.delete(shared.generationKey("a"));
    const after = await shared.lookup(keyOf(p));
    expect(after.page).toBeUndefined();
    expect(after.generation).not.toBeNull();
    expect(after.generation).not.toBe(generation);
  });

  it("stores nothing past its expiry", async () => {
    const p = page({ expires: clock });
    expect(await shared.store(p, "g")).toBe(false);
    expect(redis.values.size).toBe(0);
  });

  it("takes a failing Redis for a miss, logs it once (no key, no page), and once when it answers again", async () => {
    const p = page();
    redis.failing = new Error("connect ECONNREFUSED 127.0.0.1:6390");
    expect(await shared.lookup(keyOf(p))).toEqual({ page: undefined, generation: null });
    expect(await shared.store(p, "g")).toBe(false);
    expect(await shared.forget("a")).toBe(false);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toContain("ECONNREFUSED");
    expect(log.mock.calls[0][0]).not.toContain("/cars/x");
    redis.failing = null;
    expect((await shared.lookup(keyOf(p))).generation).not.toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1][0]).toContain("answers again");
  });

  it("takes a Redis that does not answer for a miss", async () => {
    vi.useFakeTimers();
    try {
      const hanging: SharedClient = { getMany: () => new Promise(() => {}), set: () => new Promise(() => {}) };
      const slow = new SharedPages({ client: hanging, build: "b", now, log, commandMs: 50 });
      const pending = slow.lookup(keyOf(page()));
      await vi.advanceTimersByTimeAsync(50);
      expect(await pending).toEqual({ page: undefined, generation: null });
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0][0]).toContain("no answer within 50 ms");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a process's page store with the shared store under it", () => {
  const compressors = {
    br: (b: Buffer) => Promise.resolve(zlib.brotliCompressSync(b)),
    gzip: (b: Buffer) => Promise.resolve(zlib.gzipSync(b)),
  };
  const KEY: PageKey = { key: "/_cached/http/a.localhost/v1-s1/cars/x", slug: "a", meta: "m" };
  const response = (cache = "MISS") => ({
    status: 200,
    rewrittenTo: KEY.key,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "s-maxage=60", "x-nextjs-cache": cache },
    body: Buffer.from(HTML),
  });
  let redis: FakeRedis;
  const storeOn = (client: SharedClient) => new PageStore({ now, compressors, shared: new SharedPages({ client, build: "b1", now, log: () => {} }) });
  beforeEach(() => {
    clock = 1_000_000;
    redis = new FakeRedis(now);
  });

  it("a page one process rendered is served by another (a new one: cold memory), then from its memory", async () => {
    const first = storeOn(redis);
    const miss = await first.find(KEY);
    expect(miss.page).toBeUndefined();
    expect(await first.remember(KEY, response(), miss.ticket)).toBe(true);

    const second = storeOn(redis);
    expect(second.lookup(KEY)).toBeUndefined();
    const hit = await second.find(KEY);
    expect(zlib.gunzipSync(hit.page!.gzip).toString()).toBe(HTML);
    expect(hit.page?.headers["x-nextjs-cache"]).toBe("HIT");
    const asked = redis.commands;
    expect(second.lookup(KEY)).toEqual(hit.page);
    expect((await second.find(KEY)).page).toEqual(hit.page);
    expect(redis.commands).toBe(asked);
  });

  it("an expiry on one process reaches the other's next lookup of the shared store; a relayed one does not expire it again", async () => {
    const first = storeOn(redis);
    await first.remember(KEY, response(), (await first.find(KEY)).ticket);
    const second = storeOn(redis);
    expect(await first.forget("a")).toBe(true);
    expect((await second.find(KEY)).page).toBeUndefined();
    // Rendered again after the expiry and stored: the relay reaching the second process forgets
    // its memory only, not the fresh shared page.
    const again = await first.find(KEY);
    clock += 1;
    await first.remember(KEY, response(), again.ticket);
    expect(await second.forget("a", false)).toBe(false);
    expect((await second.find(KEY)).page).toBeDefined();
  });

  it("a page rendered across an expiry is shared under the old generation, so never served", async () => {
    const first = storeOn(redis);
    const ticket = (await first.find(KEY)).ticket;
    const other = storeOn(redis);
    await other.forget("a");
    expect(await first.remember(KEY, response(), ticket)).toBe(true);
    expect((await other.find(KEY)).page).toBeUndefined();
  });

  it("with Redis failing, a page is still rendered and kept in the process's memory", async () => {
    redis.failing = new Error("down");
    const store = storeOn(redis);
    const miss = await store.find(KEY);
    expect(miss).toEqual({ page: undefined, ticket: { generation: 0, shared: null } });
    expect(await store.remember(KEY, response(), miss.ticket)).toBe(true);
    expect(zlib.gunzipSync(store.lookup(KEY)!.gzip).toString()).toBe(HTML);
    redis.failing = null;
    // Nothing was shared while it was down (its generation was unknown).
    expect((await storeOn(redis).find(KEY)).page).toBeUndefined();
  });

  it("without a shared store, find is the process's own lookup", async () => {
    const store = new PageStore({ now, compressors });
    const miss = await store.find(KEY);
    expect(miss).toEqual({ page: undefined, ticket: { generation: 0, shared: null } });
    expect(await store.remember(KEY, response(), miss.ticket)).toBe(true);
    expect((await store.find(KEY)).page).toBe(store.lookup(KEY));
    expect(await store.forget("a")).toBe(false);
  });
});
