import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy, config } from "../../proxy";

// proxy.ts against the sample manifests (the store reads manifests/ from the working directory).
const request = (host: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(`http://127.0.0.1:3000${path}`, { method: init.method ?? "GET", headers: { host, ...init.headers } });
const rewriteOf = (res: Response) => res.headers.get("x-middleware-rewrite");

describe("proxy: the rendered-page cache", async () => {
  it("rewrites a dealer's car page to the internal cached route carrying that dealer's host", async () => {
    const res = await proxy(request("sunshine-chery.localhost:3000", "/cars/2021-mg-zs-abc123"));
    expect(rewriteOf(res)).toMatch(/^http:\/\/[^/]+\/_cached\/http\/sunshine-chery\.localhost%3A3000\/[a-z0-9]+-[a-z0-9]+\/cars\/2021-mg-zs-abc123$/);
    const other = await proxy(request("harbour-motor-group.localhost:3000", "/cars/2021-mg-zs-abc123"));
    expect(rewriteOf(other)).toContain("/_cached/http/harbour-motor-group.localhost%3A3000/");
  });

  it("rewrites the home page, a search page and a page of text to the internal route too (every block the same for every visitor)", async () => {
    for (const p of ["/", "/search/new-used-and-demo-cars", "/pages/owners"])
      expect(rewriteOf(await proxy(request("sunshine-chery.localhost:3000", p))), p).toMatch(/\/_cached\/http\/sunshine-chery\.localhost/);
  });

  it("uses the forwarded host and protocol when a front proxy sets them", async () => {
    const res = await proxy(
      request("127.0.0.1:3000", "/cars/x", { headers: { "x-forwarded-host": "www.sunshinechery.com.au", "x-forwarded-proto": "https" } }),
    );
    expect(rewriteOf(res)).toContain("/_cached/https/www.sunshinechery.com.au/");
  });

  it("answers 404 to the internal path from outside, on every host and in every spelling", async () => {
    const inner = (await proxy(request("sunshine-chery.localhost:3000", "/cars/x"))).headers.get("x-middleware-rewrite")!;
    const internal = new URL(inner).pathname;
    for (const host of ["sunshine-chery.localhost:3000", "harbour-motor-group.localhost:3000", "localhost:3000", "www.not-a-dealer.example"]) {
      for (const p of [internal, internal.replace("/_cached/", "/%5Fcached/"), "/_cached", "/_CACHED/x"]) {
        const res = await proxy(request(host, p));
        expect(res.status, `${host} ${p}`).toBe(404);
        expect(rewriteOf(res)).toBeNull();
        expect(await res.text()).toContain("Page not found");
      }
    }
  });

  it("the matcher always runs the proxy for the internal path, even when it ends like a static file", async () => {
    expect(config.matcher).toContain("/_cached/:path*");
    // Next's own matcher evaluation (its testing helper needs AsyncLocalStorage on globalThis,
    // as the Next server sets it up).
    (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
    const { unstable_doesMiddlewareMatch: runsFor } = await import("next/experimental/testing/server");
    for (const url of ["/_cached/http/h/v/cars/x.png", "/%5Fcached/http/h/v/cars/x.png", "/%5fcached/http/h/v/a.js", "/cars/abc", "/robots.txt"])
      expect(runsFor({ config, url }), url).toBe(true);
    // ...while build assets and public files skip it.
    for (const url of ["/_next/static/chunks/a.js", "/dealers/x/logo.svg"]) expect(runsFor({ config, url }), url).toBe(false);
  });

  it("leaves other pages, queries and writes to the per-request render", async () => {
    for (const p of ["/?utm_source=ad", "/search/new-used-and-demo-cars?make=Chery", "/contact", "/cars/trade-in", "/cars/x?utm_source=ad"]) {
      const res = await proxy(request("sunshine-chery.localhost:3000", p));
      expect(rewriteOf(res), p).toBeNull();
      expect(res.headers.get("x-middleware-next"), p).toBe("1");
    }
    expect(rewriteOf(await proxy(request("sunshine-chery.localhost:3000", "/cars/x", { method: "POST" })))).toBeNull();
  });

  it("marks every page but one with a live form, cached or not, to paint before its scripts load", async () => {
    const mark = async (p: string) => (await proxy(request("sunshine-chery.localhost:3000", p))).headers.get("x-paint-first");
    expect(await mark("/cars/2021-mg-zs-abc123")).toBe("1");
    expect(await mark("/cars/2021-mg-zs-abc123?utm_source=ad")).toBe("1");
    // The search pages work before their JavaScript (links and a GET form).
    expect(await mark("/search/new-used-and-demo-cars")).toBe("1");
    expect(await mark("/search/toyota?colour=White")).toBe("1");
    // The home page's slider is to be looked at; its links work before any script.
    expect(await mark("/")).toBe("1");
    // So do pages of text and links (content, the dealer locator).
    for (const p of ["/about-us", "/dealerships"]) expect(await mark(p), p).toBe("1");
    // And form pages whose forms work before their code: plain posts, static islands that carry typed values over.
    for (const p of ["/contact", "/finance", "/book-test-drive", "/sign-in"]) expect(await mark(p), p).toBe("1");
    expect(await mark("/trade-in")).toBeNull();
  });

  it("keeps the tenant gate: unknown host 404", async () => {
    const res = await proxy(request("www.not-a-dealer.example", "/cars/x"));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Site not found");
  });
});
