import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildSiteStore, servePublished } from "@/runtime/manifest/store";
import { dealerCspSources } from "@/runtime/http/csp-sources";
import { dealerPage } from "./dealer-page";
import { contextFor, siteTenant } from "./test-fixtures";
import { servedPageKey } from "./served-key";

const SUNSHINE = "sunshine-chery.localhost:3000";
const HARBOUR = "harbour-motor-group.localhost:3000";
const request = (host: string, url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, host, headers: { host, ...headers } });

describe("the server's key for a cached page", () => {
  it("is the very path the proxy rewrites the request to, with the dealer's slug", () => {
    const decision = dealerPage(contextFor(siteTenant(), "/cars/2021-mg-zs-abc123", { host: SUNSHINE }));
    expect(decision?.kind).toBe("rewrite");
    const key = servedPageKey(request(SUNSHINE, "/cars/2021-mg-zs-abc123"));
    expect(key).toMatchObject({ key: (decision as { target: string }).target, slug: "sunshine-chery" });
    expect(servedPageKey(request(SUNSHINE, "/cars/2021-mg-zs-abc123", {}, "HEAD"))?.key).toBe(key?.key);
  });

  it("differs per host, protocol and dealer CSP, so no stored page reaches another host or carries another dealer's policy", () => {
    const sunshine = servedPageKey(request(SUNSHINE, "/cars/x"))!;
    const harbour = servedPageKey(request(HARBOUR, "/cars/x"))!;
    expect(harbour.key).not.toBe(sunshine.key);
    expect(harbour.slug).toBe("harbour-motor-group");
    // Each carries its own dealer's CSP sources, as the proxy hands them to the server.
    const cspOf = (meta: string) => Object.fromEntries((JSON.parse(meta) as [boolean, number, [string, string][]])[2])["x-dealer-csp"];
    expect(cspOf(harbour.meta)).toBe(JSON.stringify(dealerCspSources(siteTenant("harbour-motor-group").manifest)));
    expect(cspOf(sunshine.meta)).toBe(JSON.stringify(dealerCspSources(siteTenant().manifest)));
    const https = servedPageKey(request(SUNSHINE, "/cars/x", { "x-forwarded-proto": "https" }))!;
    expect(https.key).toContain("/_cached/https/");
    expect(https.meta).not.toBe(sunshine.meta);
    const forwarded = servedPageKey(request("127.0.0.1:3000", "/cars/x", { "x-forwarded-host": HARBOUR }))!;
    expect(forwarded).toEqual(harbour);
  });

  it("is null for anything the proxy does not send to the cached route", () => {
    expect(servedPageKey(request(SUNSHINE, "/cars/x?utm_source=ad"))).toBeNull();
    expect(servedPageKey(request(SUNSHINE, "/cars/x", {}, "POST"))).toBeNull();
    for (const p of ["/?utm_source=ad", "/finance", "/search/new-used-and-demo-cars?make=Chery", "/_cached/http/x/y/cars/z"])
      expect(servedPageKey(request(SUNSHINE, p)), p).toBeNull();
    // The home page is cached (every block the same for every visitor): its key is the route's root.
    expect(servedPageKey(request(SUNSHINE, "/"))?.key).toMatch(/^\/_cached\/http\/sunshine-chery\.localhost%3A3000\/[a-z0-9-]+$/);
    // So is a search page without a query string (the dealer's holds are in its version).
    expect(servedPageKey(request(SUNSHINE, "/search/new-used-and-demo-cars"))?.key).toMatch(
      /^\/_cached\/http\/sunshine-chery\.localhost%3A3000\/[a-z0-9-]+\/search\/new-used-and-demo-cars$/,
    );
    expect(servedPageKey(request("www.not-a-dealer.example", "/cars/x"))).toBeNull();
    expect(servedPageKey(request("localhost:3000", "/cars/x"))).toBeNull();
  });
});

describe("reusing a request's key", () => {
  afterEach(() => {
    vi.useRealTimers();
    servePublished(null);
  });

  it("reuses it for a second within one manifest snapshot, and decides again after that or on a new snapshot", () => {
    vi.useFakeTimers({ now: new Date("2026-11-27T10:00:00Z") });
    const first = servedPageKey(request(SUNSHINE, "/cars/reuse-me"));
    expect(servedPageKey(request(SUNSHINE, "/cars/reuse-me"))).toBe(first);
    // Another protocol, host or path is another decision.
    expect(servedPageKey(request(SUNSHINE, "/cars/reuse-me", { "x-forwarded-proto": "https" }))?.key).toContain("/_cached/https/");
    vi.setSystemTime(new Date("2026-11-27T10:00:01Z"));
    const later = servedPageKey(request(SUNSHINE, "/cars/reuse-me"));
    expect(later).not.toBe(first);
    expect(later).toEqual(first);
    // A new snapshot (a manifest edit went live) is decided at once.
    const snapshot = buildSiteStore(path.resolve(import.meta.dirname, "../../manifests"));
    servePublished({ snapshot: () => snapshot, refresh: async () => snapshot });
    expect(servedPageKey(request(SUNSHINE, "/cars/reuse-me"))).not.toBe(later);
  });
});
