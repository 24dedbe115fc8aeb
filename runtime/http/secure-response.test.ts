import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { CLIENT_ROUTER_REWRITE_HEADER, INTERNAL_REWRITE_HEADER, secureResponse } from "./secure-response.mjs";
import { DEALER_CSP_HEADER } from "./security-headers.mjs";
import { NOT_FOUND_MARK } from "./not-found-status.mjs";
import { LOADER_SOURCE, PAINT_FIRST_HEADER } from "./after-paint-scripts.mjs";
import { LIMIT_REFUSAL_HEADER } from "./refused-clients.mjs";
import { allowInlineScripts } from "./server-bridge.mjs";
import nextConfig from "../../next.config";
import { getWithHost } from "../../tests/helpers/http";

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("base64");
let server: http.Server;
const limitRefusals: unknown[] = [];
let base = "";
// The platform's own inline scripts, as instrumentation.ts registers them at start.
allowInlineScripts(["var a=1;", "b()"]);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    secureResponse(res, { https: req.url === "/https", path: req.url, onLimitRefusal: (retryAfter) => limitRefusals.push(retryAfter) });
    // What Next's router sets on a rewritten request (the cached page's internal path).
    res.setHeader(INTERNAL_REWRITE_HEADER, "/_cached/http/sunshine-chery.localhost/abc-def/cars/x");
    if (req.url?.startsWith("/_next/static/")) {
      res.setHeader(
        "content-type",
        req.url.endsWith(".svg") ? "image/svg+xml" : req.url.endsWith(".css") ? "text/css; charset=utf-8" : "application/javascript; charset=UTF-8",
      );
      res.end("x");
      return;
    }
    if (req.url === "/rsc") {
      // A client navigation's answer, as Next's router sends it for a rewritten page.
      res.setHeader("content-type", "text/x-component");
      res.setHeader(CLIENT_ROUTER_REWRITE_HEADER, "/_cached/http/sunshine-chery.localhost/abc-def/cars/x");
      res.end("0:{}");
      return;
    }
    if (req.url === "/not-modified") {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (req.url === "/not-found-answer") {
      // A page that answered with the dealer's 404 as its content: Next sends it as 200.
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><body><h1>Page not found</h1>${NOT_FOUND_MARK}</body></html>`);
      return;
    }
    if (req.url === "/limited" || req.url === "/limited-by-route") {
      // The API boundary's refusal is marked; a route that limits itself sends a plain 429.
      res.statusCode = 429;
      res.setHeader("content-type", "application/json");
      res.setHeader("retry-after", "7");
      if (req.url === "/limited") res.setHeader(LIMIT_REFUSAL_HEADER, "1");
      res.end("{}");
      return;
    }
    if (req.url === "/json") {
      res.setHeader("content-type", "application/json");
      res.end("{}");
      return;
    }
    res.statusCode = 200;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader(DEALER_CSP_HEADER, JSON.stringify({ script: ["https://js.stripe.com"] }));
    // Streamed in pieces, a script split across two writes.
    res.write("<!doctype html><html><head><script>var a=");
    res.write("1;</script></head>");
    setTimeout(() => res.end("<body><script>b()</script><p><script>injected()</script></p></body></html>"), 5);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("secureResponse", () => {
  it("sends an HTML page whole with a CSP listing its inline scripts' hashes and the dealer's sources", async () => {
    const res = await fetch(`${base}/page`);
    const body = await res.text();
    expect(body).toBe("<!doctype html><html><head><script>var a=1;</script></head><body><script>b()</script><p><script>injected()</script></p></body></html>");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain(`'sha256-${sha("var a=1;")}'`);
    expect(csp).toContain(`'sha256-${sha("b()")}'`);
    // A script the platform did not write is in the page but not in the policy: the browser refuses it.
    expect(csp).not.toContain(`'sha256-${sha("injected()")}'`);
    expect(csp.split("; ").find((d) => d.startsWith("script-src"))).toBe(
      `script-src 'self' 'sha256-${sha("var a=1;")}' 'sha256-${sha("b()")}' https://js.stripe.com`,
    );
    expect(csp).toContain("https://js.stripe.com");
    expect(res.headers.get(DEALER_CSP_HEADER)).toBeNull();
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get(INTERNAL_REWRITE_HEADER)).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
  it("sends a page that answered with the dealer's 404 as a 404, its body as it was", async () => {
    const res = await fetch(`${base}/not-found-answer`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("<h1>Page not found</h1>");
    expect(res.headers.get("content-security-policy")).toContain("script-src");
    expect((await fetch(`${base}/page`)).status).toBe(200);
  });

  it("gives anything else the strict non-document policy, and HSTS over https", async () => {
    const json = await fetch(`${base}/json`);
    expect(json.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(json.headers.get(INTERNAL_REWRITE_HEADER)).toBeNull();
    const https = await fetch(`${base}/https`);
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age/);
  });

  it("sends a built script or stylesheet with nosniff only, and a built SVG with the full set", async () => {
    for (const file of ["/_next/static/chunks/a1.js", "/_next/static/chunks/a1.css"]) {
      const res = await fetch(`${base}${file}`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get(INTERNAL_REWRITE_HEADER)).toBeNull();
      for (const name of ["content-security-policy", "permissions-policy", "x-frame-options", "referrer-policy"])
        expect(res.headers.get(name), `${file} ${name}`).toBeNull();
    }
    const svg = await fetch(`${base}/_next/static/media/logo.svg`);
    expect(svg.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(svg.headers.get("x-frame-options")).toBe("DENY");
    // Anything outside the build's folder keeps every header.
    const json = await fetch(`${base}/json`);
    expect(json.headers.get("permissions-policy")).not.toBeNull();
  });

  it("hands the API boundary's rate-limit refusal to the server with its Retry-After, and never sends the mark", async () => {
    const marked = await fetch(`${base}/limited`);
    expect(marked.status).toBe(429);
    expect(marked.headers.get(LIMIT_REFUSAL_HEADER)).toBeNull();
    expect(limitRefusals).toEqual(["7"]);
    // A route's own 429 (leads, sign-in codes) is its own to word: not handed on.
    expect((await fetch(`${base}/limited-by-route`)).status).toBe(429);
    expect(limitRefusals).toEqual(["7"]);
  });

  it("sends no policy with a 304, whose headers would replace the cached page's", async () => {
    const res = await fetch(`${base}/not-modified`);
    expect(res.status).toBe(304);
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(res.headers.get(INTERNAL_REWRITE_HEADER)).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

const HEAD = '<!DOCTYPE html><html><head><script src="/_next/static/chunks/react-dom.js" async=""></script></head>';
const BODY =
  '<body><p>Price: $25,990 — “Great Deal” ✓</p><script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"x"])</script></body></html>';
const PAGE = Buffer.from(HEAD + BODY);
const REWRITTEN_CALL = '<script>self.__afterPaint("/_next/static/chunks/react-dom.js",1)</script>';

// The same stack as scripts/server.mjs: compression first, then the headers and the document pass, then the app.
describe("HTML responses through the production server's stack", () => {
  let stack: http.Server;
  let port = 0;
  beforeAll(async () => {
    const compress = compression();
    stack = http.createServer((req, res) =>
      compress(req as never, res as never, () => {
        const url = new URL(req.url ?? "/", "http://x");
        secureResponse(res, { https: false, path: url.pathname });
        // The app marks pages that paint first (proxy.ts, for vehicle pages).
        if (url.pathname !== "/not-marked") res.setHeader(PAINT_FIRST_HEADER, "1");
        if (url.pathname === "/streamed") {
          // As Next streams a page: headers flushed first, then byte chunks of any size, split
          // anywhere (inside a tag, inside a multi-byte character).
          const size = Number(url.searchParams.get("size"));
          res.setHeader("content-type", "text/html; charset=utf-8");
          res.flushHeaders();
          for (let i = 0; i + size < PAGE.length; i += size) res.write(PAGE.subarray(i, i + size));
          res.end(PAGE.subarray(Math.floor((PAGE.length - 1) / size) * size));
        } else if (url.pathname === "/whole" || url.pathname === "/not-marked") {
          // As Next sends a cached page: one buffer with its length.
          res.setHeader("content-type", "text/html; charset=utf-8");
          res.setHeader("content-length", PAGE.length);
          res.end(PAGE);
        } else {
          const json = JSON.stringify({ html: HEAD });
          res.setHeader("content-type", "application/json");
          res.setHeader("content-length", Buffer.byteLength(json));
          res.end(json);
        }
      }),
    );
    await new Promise<void>((resolve) => stack.listen(0, "127.0.0.1", resolve));
    port = (stack.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => stack.close(() => resolve())));

  const get = (path: string, encoding: string) => getWithHost(port, "127.0.0.1", path, { "accept-encoding": encoding });

  it("rewrites a streamed page's framework scripts, keeping every other byte, compressed as the browser asks", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const { headers, body } = await get("/streamed?size=30", encoding);
      expect(headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(body).toContain(REWRITTEN_CALL);
      expect(body).not.toContain('<script src="/_next/static/chunks/react-dom.js" async="">');
      expect(body.endsWith(BODY)).toBe(true);
    }
  });

  it("gives the same page and policy however the body is split into chunks", async () => {
    const whole = await get("/whole", "identity");
    for (const size of [1, 2, 3, 7, 16, 61, 100, 333]) {
      const { headers, body } = await get(`/streamed?size=${size}`, "identity");
      expect(body, `chunks of ${size}`).toBe(whole.body);
      expect(headers["content-security-policy"]).toBe(whole.headers["content-security-policy"]);
    }
  });

  it("lists the loader, its calls and the page's own inline scripts in the policy of a rewritten page", async () => {
    const { headers } = await get("/whole", "identity");
    const csp = String(headers["content-security-policy"]);
    for (const text of [LOADER_SOURCE, 'self.__afterPaint("/_next/static/chunks/react-dom.js",1)', 'self.__next_f.push([1,"x"])'])
      expect(csp).toContain(`'sha256-${sha(text)}'`);
  });

  it("rewrites a page sent whole, dropping its now wrong length", async () => {
    const { headers, body } = await get("/whole", "identity");
    expect(body).toContain("__afterPaint(");
    expect(body.endsWith(BODY)).toBe(true);
    expect(headers["content-length"] === undefined || Number(headers["content-length"]) === Buffer.byteLength(body)).toBe(true);
  });

  it("leaves a page the app did not mark alone, and never sends the marker header", async () => {
    const { headers, body } = await get("/not-marked", "identity");
    expect(body).toBe(HEAD + BODY);
    expect(headers["content-security-policy"]).toContain(`'sha256-${sha('self.__next_f.push([1,"x"])')}'`);
    expect(headers[PAINT_FIRST_HEADER]).toBeUndefined();
    expect((await get("/whole", "identity")).headers[PAINT_FIRST_HEADER]).toBeUndefined();
    expect((await get("/data.json", "identity")).headers[PAINT_FIRST_HEADER]).toBeUndefined();
  });

  it("leaves other content types alone", async () => {
    const { headers, body } = await get("/data.json", "identity");
    expect(body).toBe(JSON.stringify({ html: HEAD }));
    expect(Number(headers["content-length"])).toBe(Buffer.byteLength(body));
  });

  it("Next's own compression stays off (it would compress before the pass)", () => {
    expect(nextConfig.compress).toBe(false);
  });

  describe("the rewritten-path headers", () => {
    it("removes the server's own rewrite header and keeps the one Next's client router reads on an RSC answer", async () => {
      const res = await fetch(`${base}/rsc`);
      expect(res.headers.get(INTERNAL_REWRITE_HEADER)).toBeNull();
      expect(res.headers.get(CLIENT_ROUTER_REWRITE_HEADER)).toBe("/_cached/http/sunshine-chery.localhost/abc-def/cars/x");
    });

    it("keeps it because Next's client router still fills a page's parameters from it (remove it once this fails)", () => {
      const require = createRequire(import.meta.url);
      const headers = require("next/dist/client/components/app-router-headers") as { NEXT_REWRITTEN_PATH_HEADER: string };
      expect(headers.NEXT_REWRITTEN_PATH_HEADER).toBe(CLIENT_ROUTER_REWRITE_HEADER);
      const routeParams = readFileSync(require.resolve("next/dist/client/route-params.js"), "utf8");
      expect(routeParams).toMatch(/function getRenderedPathname\(response\)[\s\S]*?headers\.get\([^)]*NEXT_REWRITTEN_PATH_HEADER\)/);
    });
  });
});
