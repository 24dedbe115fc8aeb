import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisClient, SharedPages, type SharedClient } from "./redis-pages.mjs";
import { PageStore, type PageKey } from "./served-pages.mjs";
import { internalPath } from "./internal-path";
import { nextCacheHandlers } from "./next-cache-handler.mjs";
import { freePort } from "../../scripts/lib/next-server";
import { REDIS_SERVER, startRedis, stopProcess } from "../../tests/helpers/redis-server";

// Two server processes' page stores on one real redis-server (Debian's; npm test installs it
// through scripts/lib/setup.mjs ensureRedis), through the production client: a page one stored
// is served by the other, a publish (a new manifest version in the key) and an expiry by tag are
// never answered with the old page, and a Redis that goes away makes pages render, not fail.

const HTML = "<!DOCTYPE html><html><body><p>Car x, price one</p></body></html>";
const compressors = {
  br: (b: Buffer) => Promise.resolve(zlib.brotliCompressSync(b)),
  gzip: (b: Buffer) => Promise.resolve(zlib.gzipSync(b)),
};

/** Polls until `check` holds (the client connects in the background); bounded by the test's timeout. */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

describe.skipIf(!existsSync(REDIS_SERVER))("served pages shared through a real redis-server", () => {
  let port = 0;
  let redis: ChildProcess;
  const clients: (SharedClient & { close(): Promise<void> })[] = [];
  const logs: string[] = [];

  async function processStore(): Promise<PageStore> {
    const client = await redisClient(`redis://127.0.0.1:${port}`);
    clients.push(client);
    const shared = new SharedPages({ client, build: "build-1", log: (l) => logs.push(l), commandMs: 2000 });
    // Connected: the first lookup that reaches Redis.
    await until(async () => (await shared.lookup({ key: "/warm-up", slug: "warm-up", meta: "" })).generation !== null);
    return new PageStore({ compressors, shared });
  }

  const keyFor = (manifestVersion: string): PageKey => ({
    key: internalPath({ proto: "https", host: "sunshine-chery.example.com.au", version: `${manifestVersion}-0a1b2c3d4e5f`, pathname: "/cars/x" }),
    slug: "sunshine-chery",
    meta: '[true,3,[["x-dealer-csp","{}"]]]',
  });
  const rendered = (key: PageKey, body = HTML) => ({
    status: 200,
    rewrittenTo: key.key,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=60",
      "x-nextjs-cache": "MISS",
      link: ["</a.css>; rel=preload", "</b.css>; rel=preload"],
    },
    body: Buffer.from(body),
  });

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await stopProcess(redis);
  });

  it("a page stored by one process is served by another starting cold, bytes and headers alike", async () => {
    const one = await processStore();
    const key = keyFor("aaaaaaaaaaaa");
    const miss = await one.find(key);
    expect(miss.page).toBeUndefined();
    expect(miss.ticket.shared).not.toBeNull();
    expect(await one.remember(key, rendered(key), miss.ticket)).toBe(true);

    const two = await processStore();
    const hit = await two.find(key);
    const mine = one.lookup(key)!;
    expect(hit.page?.br.equals(mine.br)).toBe(true);
    expect(hit.page?.gzip.equals(mine.gzip)).toBe(true);
    expect(hit.page?.etag).toBe(mine.etag);
    expect(hit.page?.headers).toEqual(mine.headers);
    expect(hit.page?.headers.link).toEqual(["</a.css>; rel=preload", "</b.css>; rel=preload"]);
  });

  it("after a publish (a new manifest version in the key) and after an expiry by tag the old page is not served", async () => {
    const one = await processStore();
    const two = await processStore();
    const before = keyFor("bbbbbbbbbbbb");
    await one.remember(before, rendered(before), (await one.find(before)).ticket);
    expect((await two.find(before)).page).toBeDefined();

    // Published: every process asks for the new version's key, which has no entry yet.
    const published = keyFor("cccccccccccc");
    const fresh = await two.find(published);
    expect(fresh.page).toBeUndefined();
    await two.remember(published, rendered(published, HTML.replace("price one", "price two")), fresh.ticket);
    expect(zlib.gunzipSync((await one.find(published)).page!.gzip).toString()).toContain("price two");

    // Expired by tag on the first process (POST /api/revalidate): a third process starting now
    // does not get the page, nor does the second once its memory is forgotten by the relay.
    await one.forget("sunshine-chery");
    const three = await processStore();
    expect((await three.find(published)).page).toBeUndefined();
    await two.forget("sunshine-chery", false);
    expect((await two.find(published)).page).toBeUndefined();
  });

  it("Next's cache: an entry one process set is read by another; a tag expired on one is gone for both", async () => {
    const one = nextCacheHandlers({ buildId: "build-1", env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    const two = nextCacheHandlers({ buildId: "build-1", env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    const other = nextCacheHandlers({ buildId: "build-2", env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      const [redisOne, redisTwo, redisOther] = [one.handlers[0], two.handlers[0], other.handlers[0]];
      await until(async () => one.client!.isReady && two.client!.isReady && other.client!.isReady);
      const entry = { lastModified: Date.now(), lifespan: null, tags: ["car:sunshine-chery:x"], value: { kind: "FETCH", data: { body: "car x" } } };
      await redisOne.set("/_cached/https/h/v/cars/x", entry);
      expect((await redisTwo.get("/_cached/https/h/v/cars/x", { implicitTags: [] }))?.value.data.body).toBe("car x");
      expect(await redisOther.get("/_cached/https/h/v/cars/x", { implicitTags: [] })).toBeNull();
      await redisTwo.revalidateTag("car:sunshine-chery:x");
      expect(await redisOne.get("/_cached/https/h/v/cars/x", { implicitTags: [] })).toBeNull();
    } finally {
      for (const c of [one.client, two.client, other.client]) c?.destroy();
    }
  });

  it("a Redis that goes away makes pages render and stay in memory; once it is back they are shared again", async () => {
    const one = await processStore();
    const key = keyFor("dddddddddddd");
    logs.length = 0;
    await stopProcess(redis);
    const during = await one.find(key);
    expect(during).toEqual({ page: undefined, ticket: { generation: 0, shared: null } });
    expect(await one.remember(key, rendered(key), during.ticket)).toBe(true);
    expect(one.lookup(key)).toBeDefined();
    expect(logs.filter((l) => l.includes("not answering"))).toHaveLength(1);
    expect(logs.join("\n")).not.toContain("/cars/x");

    redis = await startRedis(port);
    const other = key.key.replace("dddddddddddd", "eeeeeeeeeeee");
    const back = { ...key, key: other };
    await until(async () => (await one.find(back)).ticket.shared !== null);
    expect(logs.filter((l) => l.includes("answers again"))).toHaveLength(1);
  });
});
