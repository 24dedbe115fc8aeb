import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { secureResponse } from "@/runtime/http/secure-response.mjs";
import { DEALER_CSP_HEADER } from "@/runtime/http/security-headers.mjs";
import { PAINT_FIRST_HEADER } from "@/runtime/http/after-paint-scripts.mjs";
import * as documentPass from "@/runtime/http/document-pass.mjs";
import { answerFromStore, isPlainDocumentRequest, PageStore, sharedMaxAge, type PageKey } from "./served-pages.mjs";

// The document pass, counted: a hit must never reach it.
vi.mock("@/runtime/http/document-pass.mjs", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/runtime/http/document-pass.mjs")>();
  return { ...real, processDocument: vi.fn(real.processDocument) };
});

// The same stack as scripts/server.mjs: the store first; on a miss compression, the headers and
// the document pass, then "Next" (a page that paints first, with a dealer's CSP sources, rewritten
// to the cached route and answered as Next's cache answers it).
const KEY_A = "/_cached/http/a.localhost/v1-s1/cars/x";
const PAGE = '<!DOCTYPE html><html><head><script src="/_next/static/chunks/app.js" async=""></script></head><body><p>Dealer A: car x</p></body></html>';
const CACHE_CONTROL = "s-maxage=60, stale-while-revalidate=31535940";
let clock = 1_000_000;
let nextCalls = 0;
let nextCache = "MISS";
let rewrite = KEY_A;
const brotliAt = (quality: number) => (b: Buffer) =>
  Promise.resolve(zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }));
const compressors = {
  br: vi.fn(brotliAt(1)),
  gzip: vi.fn((b: Buffer) => Promise.resolve(zlib.gzipSync(b))),
  brBest: vi.fn(brotliAt(11)),
};
let store: PageStore;
let remembering: Promise<boolean> | undefined;
const keyOf = (req: http.IncomingMessage): PageKey | null => {
  const host = req.headers.host ?? "";
  if (!isPlainDocumentRequest(req) || !req.url?.startsWith("/cars/")) return null;
  // The meta stands for the proxy's headers: the dealer's CSP sources differ per host.
  return { key: `/_cached/http/${host}/v1-s1${req.url}`, slug: host.split(".")[0], meta: JSON.stringify([false, host]) };
};

let server: http.Server;
let port = 0;
beforeAll(async () => {
  const compress = compression();
  server = http.createServer((req, res) => {
    const key = keyOf(req);
    const stored = key && store.lookup(key);
    if (stored) return answerFromStore(req, res, stored);
    const generation = key ? store.generation(key.slug) : 0;
    nextCalls++;
    compress(req as never, res as never, () => {
      secureResponse(res, {
        https: false,
        path: req.url,
        onDocument: key && req.method === "GET" ? (doc) => void (remembering = store.remember(key, doc, generation)) : undefined,
      });
      res.setHeader("x-middleware-rewrite", rewrite);
      res.setHeader(PAINT_FIRST_HEADER, "1");
      res.setHeader(DEALER_CSP_HEADER, JSON.stringify({ script: [`https://js.${(req.headers.host ?? "").split(".")[0]}.example`] }));
      res.setHeader("x-nextjs-cache", nextCache);
      res.setHeader("cache-control", CACHE_CONTROL);
      res.setHeader("vary", "RSC, Next-Router-State-Tree");
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(PAGE.replace("Dealer A", `Dealer ${req.headers.host}`));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(async () => {
  // The last test's store may still be making a page's best form (unpacking it takes a turn of the
  // thread pool): done before the counts are cleared, or its call lands in this test's.
  await store?.upgrading;
  store = new PageStore({ now: () => clock, compressors });
  nextCalls = 0;
  nextCache = "MISS";
  rewrite = KEY_A;
  remembering = undefined;
  compressors.br.mockClear();
  compressors.gzip.mockClear();
  compressors.brBest.mockClear();
  vi.mocked(documentPass.processDocument).mockClear();
});

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers: { host: "a.localhost", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The first request (Next renders it), and the store taking it. */
async function firstVisit() {
  const first = await get("/cars/x");
  expect(await remembering).toBe(true);
  return first;
}

describe("the server's store of finished cached pages", () => {
  it("answers hits from memory without the document pass, compression or Next: the same page, CSP and all", async () => {
    const first = await firstVisit();
    expect(first.body.toString()).toContain("self.__afterPaint");
    expect(vi.mocked(documentPass.processDocument)).toHaveBeenCalledTimes(1);
    expect(compressors.br).toHaveBeenCalledTimes(1);
    expect(compressors.gzip).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) {
      const hit = await get("/cars/x", { "accept-encoding": "br" });
      expect(hit.status).toBe(200);
      expect(zlib.brotliDecompressSync(hit.body).toString()).toBe(first.body.toString());
      expect(hit.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
      expect(hit.headers["content-security-policy"]).toContain("https://js.a.example");
      expect(hit.headers["x-nextjs-cache"]).toBe("HIT");
      expect(hit.headers[DEALER_CSP_HEADER]).toBeUndefined();
      expect(hit.headers["x-middleware-rewrite"]).toBeUndefined();
    }
    expect(nextCalls).toBe(1);
    expect(vi.mocked(documentPass.processDocument)).toHaveBeenCalledTimes(1);
    expect(compressors.br).toHaveBeenCalledTimes(1);
    expect(compressors.gzip).toHaveBeenCalledTimes(1);
  });

  it("makes a page's brotli form again at its best quality once it is asked for again, once, and not for a page asked for once", async () => {
    const first = await firstVisit();
    expect(compressors.brBest).not.toHaveBeenCalled();
    await get("/cars/x", { "accept-encoding": "br" });
    expect(store.upgrading).not.toBeNull();
    await store.upgrading;
    expect(compressors.brBest).toHaveBeenCalledTimes(1);
    // Made from the page itself (the stored gzip form unpacked: the page as is is not kept).
    expect(compressors.brBest.mock.calls[0][0].toString()).toBe(first.body.toString());
    expect(store.pages.get(KEY_A)?.best).toBe(true);
    const best = await compressors.brBest.mock.results[0].value;
    for (let i = 0; i < 3; i++) {
      const hit = await get("/cars/x", { "accept-encoding": "br" });
      expect(hit.body.equals(best)).toBe(true);
      expect(zlib.brotliDecompressSync(hit.body).toString()).toBe(first.body.toString());
    }
    expect(compressors.brBest).toHaveBeenCalledTimes(1);
    expect(store.bytes).toBe(store.pages.get(KEY_A)!.size);
  });

  it("keeps the quick form when the best one is no smaller, and does not try again", async () => {
    await firstVisit();
    const quick = store.pages.get(KEY_A)!.br;
    compressors.brBest.mockImplementationOnce(async () => Buffer.concat([quick, Buffer.alloc(8)]));
    await get("/cars/x");
    await store.upgrading;
    expect(store.pages.get(KEY_A)).toMatchObject({ best: true, br: quick });
    await get("/cars/x");
    expect(compressors.brBest).toHaveBeenCalledTimes(1);
  });

  it("does not put a page made again at its best quality back after it expired meanwhile", async () => {
    await firstVisit();
    let release!: () => void;
    const started = new Promise<void>((begun) =>
      compressors.brBest.mockImplementationOnce((b: Buffer) => {
        begun();
        return new Promise((r) => (release = () => r(zlib.brotliCompressSync(b))));
      }),
    );
    await get("/cars/x");
    expect(store.upgrading).not.toBeNull();
    await started;
    await store.forget("a");
    release();
    expect(await store.upgrading).toBe(false);
    expect(store.pages.size).toBe(0);
  });

  it("chooses the form by Accept-Encoding, and sends headers only for HEAD", async () => {
    const first = await firstVisit();
    const page = first.body.toString();
    const br = await get("/cars/x", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    const gz = await get("/cars/x", { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(page);
    const plain = await get("/cars/x", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    for (const res of [br, gz, plain]) expect(res.headers.vary).toBe("RSC, Next-Router-State-Tree, Accept-Encoding");
    // What a GET sends once the first hit's remaking of the brotli form at its best quality (in
    // the background) is done: a GET before it and a HEAD after would name two forms.
    await store.upgrading;
    const brNow = await get("/cars/x", { "accept-encoding": "br" });
    const head = await get("/cars/x", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(brNow.body.length);
    expect(nextCalls).toBe(1);
  });

  it("answers 304 to a client holding the page (its ETag), with no policy to replace the stored page's", async () => {
    await firstVisit();
    const hit = await get("/cars/x", { "accept-encoding": "br" });
    const etag = String(hit.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    // The same page in every encoding: one ETag.
    expect((await get("/cars/x", { "accept-encoding": "gzip" })).headers.etag).toBe(etag);
    const again = await get("/cars/x", { "if-none-match": etag, "accept-encoding": "br" });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["content-security-policy"]).toBeUndefined();
    expect((await get("/cars/x", { "if-none-match": 'W/"something-else"' })).status).toBe(200);
    expect(nextCalls).toBe(1);
  });

  it("never answers another host, another dealer's CSP or another key from a stored page", async () => {
    await firstVisit();
    rewrite = "/_cached/http/b.localhost/v1-s1/cars/x";
    const other = await get("/cars/x", { host: "b.localhost" });
    expect(other.body.toString()).toContain("Dealer b.localhost");
    expect(other.headers["content-security-policy"]).toContain("https://js.b.example");
    expect(other.headers["content-security-policy"]).not.toContain("https://js.a.example");
    expect(nextCalls).toBe(2);
    // The same key with other proxy headers (a changed CSP) is a miss.
    const changed = { ...keyOf({ method: "GET", url: "/cars/x", headers: { host: "a.localhost" } } as http.IncomingMessage)!, meta: "other" };
    expect(store.lookup(changed)).toBeUndefined();
  });

  it("stores only what Next's proxy rewrote to the very key, as a fresh render, without cookies", async () => {
    rewrite = "/_cached/http/a.localhost/v2-s1/cars/x";
    await get("/cars/x");
    expect(await remembering).toBe(false);
    rewrite = KEY_A;
    // A HIT whose render this process never saw: its age is unknown.
    nextCache = "HIT";
    await get("/cars/x");
    expect(await remembering).toBe(false);
    // STALE: Next renders it again in the background; the HIT after that counts from then.
    nextCache = "STALE";
    await get("/cars/x");
    expect(await remembering).toBe(false);
    nextCache = "HIT";
    await get("/cars/x");
    expect(await remembering).toBe(true);
    expect(nextCalls).toBe(4);
    await get("/cars/x");
    expect(nextCalls).toBe(4);
    // Router requests and query strings never touch the store.
    await get("/cars/x", { rsc: "1" });
    expect(nextCalls).toBe(5);
  });

  it("lets a page go after its revalidate window, and at once when the dealer's pages are expired", async () => {
    await firstVisit();
    clock += 59_000;
    await get("/cars/x");
    expect(nextCalls).toBe(1);
    clock += 1_000;
    await get("/cars/x");
    expect(nextCalls).toBe(2);
    expect(await remembering).toBe(true);
    store.forget("a");
    await get("/cars/x");
    expect(nextCalls).toBe(3);
  });

  it("does not keep a page answered across an expiry", async () => {
    const generation = store.generation("a");
    store.forget("a");
    const key = { key: KEY_A, slug: "a", meta: "m" };
    const doc = {
      status: 200,
      rewrittenTo: KEY_A,
      headers: { "x-nextjs-cache": "MISS", "cache-control": CACHE_CONTROL, "content-type": "text/html" },
      body: Buffer.from(PAGE),
    };
    expect(await store.remember(key, doc, generation)).toBe(false);
    expect(await store.remember(key, doc, store.generation("a"))).toBe(true);
  });
});

describe("helpers", () => {
  it("reads s-maxage", () => {
    expect(sharedMaxAge(CACHE_CONTROL)).toBe(60);
    expect(sharedMaxAge("private, no-cache, no-store, max-age=0, must-revalidate")).toBeNull();
  });
  it("takes only plain document reads", () => {
    const req = (method: string, url: string, headers: http.IncomingHttpHeaders = {}) => ({ method, url, headers }) as http.IncomingMessage;
    expect(isPlainDocumentRequest(req("GET", "/cars/x"))).toBe(true);
    expect(isPlainDocumentRequest(req("HEAD", "/cars/x"))).toBe(true);
    expect(isPlainDocumentRequest(req("POST", "/cars/x"))).toBe(false);
    expect(isPlainDocumentRequest(req("GET", "/cars/x?utm_source=a"))).toBe(false);
    for (const h of ["rsc", "next-router-prefetch", "next-router-state-tree", "next-action"])
      expect(isPlainDocumentRequest(req("GET", "/cars/x", { [h]: "1" })), h).toBe(false);
  });
});
