import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import type { DealerManifest } from "@/runtime/generated/types";
import { cachedPageTarget, isCacheableRoute, isCacheableUrl, keptQuery } from "./cacheable";
import { resolvePage } from "@/runtime/render/resolve-page";
import { isInternalPath, keyFromParams } from "./internal-path";
import { manifestVersion, pageVersion, splitVersion } from "./version";

const store = buildSiteStore(path.resolve(import.meta.dirname, "../../manifests"));
function sample(slug: string): DealerManifest {
  const site = store.bySlug.get(slug);
  if (site?.status !== "ok") throw new Error(`${slug} does not load`);
  return site.manifest;
}
const sunshine = sample("sunshine-chery");
const harbour = sample("harbour-motor-group");
/** cachedPageTarget with the page resolved from the request's own path, as proxy.ts does. */
const targetOf = (manifest: DealerManifest, req: ReturnType<typeof get>) => cachedPageTarget(manifest, req, resolvePage(manifest, req.pathname));
const get = (pathname: string, extra: Partial<Parameters<typeof cachedPageTarget>[1]> = {}) => ({
  method: "GET",
  pathname,
  search: "",
  host: "sunshine-chery.localhost:3000",
  forwardedProto: null,
  ...extra,
});

describe("which pages are cached", () => {
  it("the vehicle page, the home page, the search pages and pages of text are; forms, accounts and trade-in are not", () => {
    const cached = Object.entries(sunshine.routes)
      .filter(([, route]) => isCacheableRoute(route))
      .map(([pattern]) => pattern);
    expect(cached).toEqual(
      expect.arrayContaining([
        "/cars/[slug]",
        "/",
        "/search/[[...facets]]",
        "/special-offers",
        "/pages/owners",
        "/vehicle-reviews",
        "/news/why-a-7-year-warranty-matters",
      ]),
    );
    for (const pattern of ["/finance", "/price-range", "/contact", "/cars/trade-in", "/sign-in", "/watchlist", "/compare"])
      if (sunshine.routes[pattern]) expect(cached, pattern).not.toContain(pattern);
    expect(cached).not.toContain("/finance");
  });

  it("is not once a dealer adds a block that may differ by visitor, nor for a page of no blocks", () => {
    const home = sunshine.routes["/"];
    expect(isCacheableRoute(home)).toBe(true);
    expect(isCacheableRoute({ ...home, blocks: [...(home.blocks ?? []), { type: "enquiry-form" }] })).toBe(false);
    expect(isCacheableRoute({ ...home, blocks: [] })).toBe(false);
  });

  it("rewrites a car page of the request's dealer to the internal route, keyed by host", () => {
    const target = targetOf(sunshine, get("/cars/2021-mg-zs-abc123"))!;
    expect(isInternalPath(target)).toBe(true);
    expect(target).toMatch(/^\/_cached\/http\/sunshine-chery\.localhost%3A3000\/[a-z0-9]+-[a-z0-9]+\/cars\/2021-mg-zs-abc123$/);
    const other = targetOf(harbour, get("/cars/2021-mg-zs-abc123", { host: "harbour-motor-group.localhost:3000" }))!;
    expect(other).not.toBe(target);
    expect(other).toContain("/harbour-motor-group.localhost%3A3000/");
    expect(targetOf(sunshine, get("/cars/2021-mg-zs-abc123", { forwardedProto: "https" }))).toContain("/_cached/https/");
  });

  it("leaves every other page to the per-request render", () => {
    for (const p of ["/cars/trade-in", "/contact", "/finance", "/no-such-page", "/cars"]) expect(targetOf(sunshine, get(p)), p).toBeNull();
    expect(targetOf(sunshine, get("/cars/x", { method: "POST" }))).toBeNull();
    expect(targetOf(sunshine, get("/cars/x", { host: "[::1]:3000" }))).toBeNull();
  });

  it("decides by the page it is given (proxy.ts resolves it once per request)", () => {
    expect(cachedPageTarget(sunshine, get("/cars/x"), null)).toBeNull();
    expect(cachedPageTarget(sunshine, get("/cars/x"), resolvePage(sunshine, "/contact"))).toBeNull();
  });

  it("never caches a request with a query string (Next writes it into the page) but keeps Next's _rsc", () => {
    expect(isCacheableUrl("/cars/x", "?utm_source=ad&email=a%40b.c")).toBe(false);
    expect(targetOf(sunshine, get("/cars/x", { search: "?utm_source=ad" }))).toBeNull();
    expect(isCacheableUrl("/cars/x", "?_rsc=1a2b")).toBe(true);
    expect(targetOf(sunshine, get("/cars/x", { search: "?_rsc=1a2b" }))).toMatch(/\/cars\/x\?_rsc=1a2b$/);
    expect(keptQuery("?_rsc=1a2b&x=1")).toBe("?_rsc=1a2b");
    expect(keptQuery("")).toBe("");
  });

  it("never caches a non-canonical spelling of the path (it would be written into the page)", () => {
    expect(isCacheableUrl("/cars/x/", "")).toBe(false);
    expect(isCacheableUrl("/cars/a%2Db", "")).toBe(false);
    expect(isCacheableUrl("/cars/a%20b", "")).toBe(true);
    expect(isCacheableUrl("/cars/%E0%A4%A", "")).toBe(false);
  });

  it("the target's params decode back to the same host and path (what the cached page re-checks)", () => {
    const target = targetOf(sunshine, get("/cars/2021-mg-zs-abc123"))!;
    const [proto, host, version, ...rest] = target.split("/").slice(2).map(decodeURIComponent);
    expect(keyFromParams({ proto, host, version, path: rest })).toMatchObject({
      host: "sunshine-chery.localhost:3000",
      pathname: "/cars/2021-mg-zs-abc123",
      version: pageVersion(sunshine),
    });
  });
});

describe("page version: a manifest change gives new keys, to that dealer only", () => {
  it("changes when the dealer reorders its vehicle page sections", () => {
    const reordered = structuredClone(sunshine);
    const page = reordered.routes["/cars/[slug]"].blocks.find((b) => b.type === "vehicle-page")!;
    const sections = page.slots!.sections;
    sections.unshift(sections.pop()!);
    expect(manifestVersion(reordered)).not.toBe(manifestVersion(sunshine));
    expect(targetOf(reordered, get("/cars/x"))).not.toBe(targetOf(sunshine, get("/cars/x")));
  });

  it("is stable for the same manifest and differs between dealers", () => {
    expect(manifestVersion(structuredClone(sunshine))).toBe(manifestVersion(sunshine));
    expect(manifestVersion(harbour)).not.toBe(manifestVersion(sunshine));
  });

  it("has a stock part ('remote' with Algolia: no local signal)", () => {
    expect(splitVersion(pageVersion(sunshine))).toEqual({ manifest: manifestVersion(sunshine), stock: expect.stringMatching(/^[0-9a-f]{12}$/) });
    const algolia = { ...sunshine, search: { ...sunshine.search, engine: "algolia" } } as DealerManifest;
    expect(splitVersion(pageVersion(algolia)).stock).toBe("remote");
  });
});
