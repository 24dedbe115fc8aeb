import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secureResponse } from "./secure-response.mjs";
import { DEALER_CSP_HEADER } from "./security-headers.mjs";

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("base64");
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    secureResponse(res, { https: req.url === "/https", path: req.url });
    if (req.url?.startsWith("/_next/static/")) {
      res.setHeader(
        "content-type",
        req.url.endsWith(".svg") ? "image/svg+xml" : req.url.endsWith(".css") ? "text/css; charset=utf-8" : "application/javascript; charset=UTF-8",
      );
      res.end("x");
      return;
    }
    if (req.url === "/not-modified") {
      res.statusCode = 304;
      res.end();
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
    setTimeout(() => res.end("<body><script>b()</script></body></html>"), 5);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("secureResponse", () => {
  it("sends an HTML page whole with a CSP listing its inline scripts' hashes and the dealer's sources", async () => {
    const res = await fetch(`${base}/page`);
    const body = await res.text();
    expect(body).toBe("<!doctype html><html><head><script>var a=1;</script></head><body><script>b()</script></body></html>");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain(`'sha256-${sha("var a=1;")}'`);
    expect(csp).toContain(`'sha256-${sha("b()")}'`);
    expect(csp).toContain("https://js.stripe.com");
    expect(res.headers.get(DEALER_CSP_HEADER)).toBeNull();
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
  it("gives anything else the strict non-document policy, and HSTS over https", async () => {
    const json = await fetch(`${base}/json`);
    expect(json.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    const https = await fetch(`${base}/https`);
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age/);
  });

  it("sends a built script or stylesheet with nosniff only, and a built SVG with the full set", async () => {
    for (const file of ["/_next/static/chunks/a1.js", "/_next/static/chunks/a1.css"]) {
      const res = await fetch(`${base}${file}`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
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

  it("sends no policy with a 304, whose headers would replace the cached page's", async () => {
    const res = await fetch(`${base}/not-modified`);
    expect(res.status).toBe(304);
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
