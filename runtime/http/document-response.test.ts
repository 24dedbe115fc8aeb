import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deferFrameworkScripts } from "./document-response.mjs";
import { PAINT_FIRST_HEADER } from "./after-paint-scripts.mjs";
import nextConfig from "../../next.config";
import { getWithHost } from "../../tests/helpers/http";

const HEAD = '<!DOCTYPE html><html><head><script src="/_next/static/chunks/react-dom.js" async=""></script></head>';
const BODY = "<body><p>Price: $25,990 — “Great Deal” ✓</p></body></html>";

// The same stack as scripts/server.mjs: compression first, the rewrite on top, then the app.
let server: http.Server;
let port: number;
beforeAll(async () => {
  const compress = compression();
  server = http.createServer((req, res) =>
    compress(req as never, res as never, () => {
      deferFrameworkScripts(res);
      const html = Buffer.from(HEAD + BODY);
      // The app marks pages that paint first (proxy.ts, for vehicle pages).
      if (req.url !== "/not-marked") res.setHeader(PAINT_FIRST_HEADER, "1");
      if (req.url === "/streamed") {
        // As Next streams a page: headers flushed first, then byte chunks split anywhere
        // (here inside a tag and inside a multi-byte character).
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.flushHeaders();
        const cut1 = 30;
        const cut2 = html.indexOf(Buffer.from("—")) + 1;
        res.write(html.subarray(0, cut1));
        res.write(html.subarray(cut1, cut2));
        res.end(html.subarray(cut2));
      } else if (req.url === "/whole" || req.url === "/not-marked") {
        // As Next sends a cached page: one buffer with its length.
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.setHeader("content-length", html.length);
        res.end(html);
      } else {
        const json = JSON.stringify({ html: HEAD });
        res.setHeader("content-type", "application/json");
        res.setHeader("content-length", Buffer.byteLength(json));
        res.end(json);
      }
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, encoding: string) => getWithHost(port, "127.0.0.1", path, { "accept-encoding": encoding });

describe("HTML responses through the production server's stack", () => {
  it("rewrites a streamed page's framework scripts, keeping every other byte, compressed as the browser asks", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const { headers, body } = await get("/streamed", encoding);
      expect(headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(body).toContain('<script>self.__afterPaint("/_next/static/chunks/react-dom.js",1)</script>');
      expect(body).not.toContain('<script src="/_next/static/chunks/react-dom.js" async="">');
      expect(body.endsWith(BODY)).toBe(true);
    }
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
    expect(Number(headers["content-length"])).toBe(Buffer.byteLength(body));
    expect(headers[PAINT_FIRST_HEADER]).toBeUndefined();
    expect((await get("/whole", "identity")).headers[PAINT_FIRST_HEADER]).toBeUndefined();
  });

  it("leaves other content types alone", async () => {
    const { headers, body } = await get("/data.json", "identity");
    expect(body).toBe(JSON.stringify({ html: HEAD }));
    expect(Number(headers["content-length"])).toBe(Buffer.byteLength(body));
  });

  it("Next's own compression stays off (it would compress before the rewrite)", () => {
    expect(nextConfig.compress).toBe(false);
  });
});
