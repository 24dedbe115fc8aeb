import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StaticBrotli, acceptsBrotli } from "./static-brotli.mjs";

/** A request and a response that records what was written (the two calls the store makes). */
function exchange(url: string, headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br" }, method = "GET") {
  const sent: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
  const req = { method, url, headers } as never;
  const res = {
    writeHead(status: number, h: Record<string, unknown>) {
      sent.status = status;
      sent.headers = h;
    },
    end(body?: Buffer) {
      sent.body = body;
    },
  } as never;
  return { req, res, sent };
}

describe("built scripts and stylesheets at Brotli's highest quality", () => {
  let buildDir: string;
  // A real script, so the comparison with quality 4 means something.
  const script = readFileSync(path.resolve(import.meta.dirname, "../../node_modules/react/cjs/react.production.js"));
  beforeEach(() => {
    buildDir = mkdtempSync(path.join(tmpdir(), "static-brotli-"));
    mkdirSync(path.join(buildDir, "static", "chunks"), { recursive: true });
    writeFileSync(path.join(buildDir, "BUILD_ID"), "build-1\n");
    writeFileSync(path.join(buildDir, "static", "chunks", "abc123.js"), script);
    writeFileSync(path.join(buildDir, "static", "chunks", "site.css"), "body{margin:0}");
  });
  afterEach(() => rmSync(buildDir, { recursive: true, force: true }));

  it("answers nothing on a file's first request, then serves its compressed bytes from memory", async () => {
    const store = new StaticBrotli({ buildDir });
    const first = exchange("/_next/static/chunks/abc123.js");
    expect(store.answer(first.req, first.res)).toBe(false);
    await store.prepare("chunks/abc123.js");
    const second = exchange("/_next/static/chunks/abc123.js?v=1");
    expect(store.answer(second.req, second.res, { "x-content-type-options": "nosniff" })).toBe(true);
    expect(second.sent.status).toBe(200);
    expect(second.sent.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "application/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
    });
    expect(brotliDecompressSync(second.sent.body!).equals(script)).toBe(true);
    // Smaller than the per-response quality 4 the server uses otherwise.
    expect(second.sent.body!.length).toBeLessThan(brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length);
    expect(second.sent.headers!["content-length"]).toBe(second.sent.body!.length);
  });

  it("answers a HEAD without a body and a matching If-None-Match with 304", async () => {
    const store = new StaticBrotli({ buildDir });
    await store.prepare("chunks/abc123.js");
    const head = exchange("/_next/static/chunks/abc123.js", { "accept-encoding": "br" }, "HEAD");
    expect(store.answer(head.req, head.res)).toBe(true);
    expect(head.sent.body).toBeUndefined();
    const etag = String(head.sent.headers!.etag);
    const again = exchange("/_next/static/chunks/abc123.js", { "accept-encoding": "br", "if-none-match": etag });
    expect(store.answer(again.req, again.res)).toBe(true);
    expect(again.sent.status).toBe(304);
    expect(again.sent.body).toBeUndefined();
  });

  it("leaves to Next a browser without Brotli, other methods, other paths and names that climb out", async () => {
    const store = new StaticBrotli({ buildDir });
    await store.warmAll();
    expect(store.bytes).toBeGreaterThan(0);
    for (const [url, headers, method] of [
      ["/_next/static/chunks/abc123.js", { "accept-encoding": "gzip" }, "GET"],
      ["/_next/static/chunks/abc123.js", { "accept-encoding": "br;q=0, gzip" }, "GET"],
      ["/_next/static/chunks/abc123.js", { "accept-encoding": "br" }, "POST"],
      ["/_next/static/chunks/../chunks/abc123.js", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/chunks/%2e%2e/abc123.js", { "accept-encoding": "br" }, "GET"],
      ["/favicon.ico", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/chunks/missing.js", { "accept-encoding": "br" }, "GET"],
    ] as const) {
      const { req, res, sent } = exchange(url, { ...headers }, method);
      expect(store.answer(req, res), `${method} ${url} ${JSON.stringify(headers)}`).toBe(false);
      expect(sent.status).toBeUndefined();
    }
    const css = exchange("/_next/static/chunks/site.css");
    expect(store.answer(css.req, css.res)).toBe(true);
    expect(css.sent.headers!["content-type"]).toBe("text/css; charset=utf-8");
  });

  it("keeps each result on disk under the build id, so the next process reads it instead of compressing", async () => {
    await new StaticBrotli({ buildDir }).prepare("chunks/abc123.js");
    const cached = path.join(buildDir, "cache", "static-br", "build-1", "chunks", "abc123.js.br");
    expect(existsSync(cached)).toBe(true);
    expect(brotliDecompressSync(readFileSync(cached)).equals(script)).toBe(true);
    // A marker in the cached file shows the second process served the disk's bytes.
    const marker = brotliCompressSync(Buffer.from("from disk"));
    writeFileSync(cached, marker);
    const next = new StaticBrotli({ buildDir });
    await next.prepare("chunks/abc123.js");
    const { req, res, sent } = exchange("/_next/static/chunks/abc123.js");
    expect(next.answer(req, res)).toBe(true);
    expect(sent.body!.equals(marker)).toBe(true);
  });

  it("reads Accept-Encoding as browsers write it", () => {
    expect(acceptsBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsBrotli("BR;q=0.5")).toBe(true);
    expect(acceptsBrotli("br;q=0")).toBe(false);
    expect(acceptsBrotli("gzip")).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});
