import { describe, expect, it, vi } from "vitest";
import type { DealerManifest } from "../generated/types";
import { routePath, sitemapEntries, type PageUrlRegistry, type PageUrls } from "./sitemap";

const NOW = new Date("2026-11-24T12:00:00Z");

describe("routePath", () => {
  it("fills each parameter, URL-encoded", () => {
    expect(routePath("/cars/[slug]", { slug: "2024 kia/ev5" })).toBe("/cars/2024%20kia%2Fev5");
    expect(routePath("/[brand]/overview", { brand: "neotek" })).toBe("/neotek/overview");
    expect(routePath("/about-us", {})).toBe("/about-us");
  });

  it("fills catch-all parameters segment by segment; an optional one may be empty", () => {
    expect(routePath("/blog/[...rest]", { rest: ["2024", "ev"] })).toBe("/blog/2024/ev");
    expect(routePath("/search/[[...facets]]", { facets: [] })).toBe("/search");
    expect(routePath("/search/[[...facets]]", {})).toBe("/search");
  });

  it("is null when a needed parameter is missing or empty", () => {
    expect(routePath("/cars/[slug]", {})).toBeNull();
    expect(routePath("/cars/[slug]", { slug: "" })).toBeNull();
    expect(routePath("/blog/[...rest]", { rest: [] })).toBeNull();
  });
});

/** A hand-built manifest: the walker reads only routes, features and slug. */
function manifest(routes: Record<string, unknown>, features: Record<string, boolean> = {}): DealerManifest {
  return { slug: "demo", features, routes } as unknown as DealerManifest;
}

/** A block's list: one page per item at the route's `item` parameter, recording what it was asked. */
function itemsBlock(items: string[], calls: unknown[][] = []): PageUrls<{ tag?: string }> {
  return (props, site, pattern) => {
    calls.push([props, site.manifest.slug, pattern]);
    return items.map((item) => ({ path: routePath(pattern, { item })!, lastModified: new Date("2026-01-02T03:04:05Z") }));
  };
}

describe("sitemapEntries", () => {
  it("lists static routes as themselves and asks the blocks of a parameterised route, passing its pattern and the block's props", async () => {
    const calls: unknown[][] = [];
    const m = manifest({
      "/": { title: "Home", blocks: [] },
      "/things/[item]": { title: "Thing", blocks: [{ type: "frame", slots: { main: [{ type: "lister", props: { tag: "x" } }] } }] },
      "/about-us": { title: "About", blocks: [] },
    });
    const { urls, dropped } = await sitemapEntries(m, { lister: itemsBlock(["a", "b c"], calls) }, { now: NOW });
    expect(urls.map((u) => u.path)).toEqual(["/", "/things/a", "/things/b%20c", "/about-us"]);
    expect(urls[1].lastModified?.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(calls).toEqual([[{ tag: "x" }, "demo", "/things/[item]"]]);
    expect(dropped).toBe(0);
  });

  it("hands a block with no props an empty object and the time it was given", async () => {
    const seen: unknown[] = [];
    const registry: PageUrlRegistry = {
      lister: (props, site) => {
        seen.push(props, site.now);
        return [];
      },
    };
    await sitemapEntries(manifest({ "/things/[item]": { title: "T", blocks: [{ type: "lister" }] } }), registry, { now: NOW });
    expect(seen).toEqual([{}, NOW]);
  });

  it("leaves out a parameterised route with no block that lists URLs", async () => {
    const m = manifest({ "/": { title: "Home", blocks: [] }, "/search/[[...facets]]": { title: "Search", blocks: [{ type: "grid" }] } });
    expect((await sitemapEntries(m, { lister: itemsBlock(["a"]) })).urls.map((u) => u.path)).toEqual(["/"]);
  });

  it("leaves out noindex routes, static or not, without asking their blocks", async () => {
    const calls: unknown[][] = [];
    const m = manifest({
      "/": { title: "Home", blocks: [] },
      "/thanks": { title: "Thanks", noindex: true, blocks: [] },
      "/things/[item]": { title: "Thing", noindex: true, blocks: [{ type: "lister" }] },
    });
    expect((await sitemapEntries(m, { lister: itemsBlock(["a"], calls) })).urls.map((u) => u.path)).toEqual(["/"]);
    expect(calls).toEqual([]);
  });

  it("leaves out routes whose flag is off, and does not ask a block whose own flag is off", async () => {
    const calls: unknown[][] = [];
    const routes = {
      "/news": { title: "News", flag: "blog", blocks: [] },
      "/finance": { title: "Finance", flag: "finance", blocks: [] },
      "/things/[item]": { title: "Thing", flag: "blog", blocks: [{ type: "lister" }] },
      "/stuff/[item]": { title: "Stuff", blocks: [{ type: "frame", flag: "blog", slots: { main: [{ type: "lister" }] } }] },
    };
    const off = await sitemapEntries(manifest(routes, { blog: false, finance: true }), { lister: itemsBlock(["a"], calls) });
    expect(off.urls.map((u) => u.path)).toEqual(["/finance"]);
    expect(calls).toEqual([]);
    const on = await sitemapEntries(manifest(routes, { blog: true, finance: true }), { lister: itemsBlock(["a"], calls) });
    expect(on.urls.map((u) => u.path)).toEqual(["/news", "/finance", "/things/a", "/stuff/a"]);
  });

  it("lists a page once when two blocks (or a block and a static route) list it", async () => {
    const m = manifest({
      "/things/special": { title: "Special", blocks: [] },
      "/things/[item]": { title: "Thing", blocks: [{ type: "lister" }, { type: "other" }] },
    });
    const log = vi.fn();
    const { urls } = await sitemapEntries(m, { lister: itemsBlock(["a", "b"]), other: itemsBlock(["b", "c"]) }, { log });
    expect(urls.map((u) => u.path)).toEqual(["/things/special", "/things/a", "/things/b", "/things/c"]);
  });

  it("drops (and logs) a listed path that another route answers or no route answers", async () => {
    const m = manifest({
      "/things/special": { title: "Special", blocks: [] },
      "/things/[item]": { title: "Thing", blocks: [{ type: "lister" }] },
    });
    const log = vi.fn();
    const stray: PageUrls = () => [{ path: "/things/ok" }, { path: "/elsewhere" }];
    const { urls } = await sitemapEntries(m, { lister: stray }, { log });
    expect(urls.map((u) => u.path)).toEqual(["/things/special", "/things/ok"]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('listed "/elsewhere"'));
    log.mockClear();
    const shadowed: PageUrls = () => [{ path: "/things/special" }];
    await sitemapEntries(m, { lister: shadowed }, { log });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('listed "/things/special", which that route does not answer'));
  });

  it("logs a block whose list fails and keeps the rest of the sitemap", async () => {
    const m = manifest({
      "/": { title: "Home", blocks: [] },
      "/broken/[item]": { title: "Broken", blocks: [{ type: "broken" }] },
      "/things/[item]": { title: "Thing", blocks: [{ type: "lister" }] },
    });
    const log = vi.fn();
    const broken: PageUrls = async () => {
      throw new Error("stock index unavailable");
    };
    const { urls } = await sitemapEntries(m, { broken, lister: itemsBlock(["a"]) }, { log });
    expect(urls.map((u) => u.path)).toEqual(["/", "/things/a"]);
    expect(log).toHaveBeenCalledWith("[sitemap] site=demo route=/broken/[item] block=broken failed: stock index unavailable");
  });

  it("stops at the limit, tells a block how many URLs are still wanted, and logs how many were left out", async () => {
    const m = manifest({
      "/": { title: "Home", blocks: [] },
      "/things/[item]": { title: "Thing", blocks: [{ type: "lister" }] },
    });
    const limits: number[] = [];
    const lister: PageUrls = (_p, site, pattern) => {
      limits.push(site.limit);
      return ["a", "b", "c", "d", "e"].map((item) => ({ path: routePath(pattern, { item })! }));
    };
    const log = vi.fn();
    const { urls, dropped } = await sitemapEntries(m, { lister }, { limit: 3, log });
    expect(urls.map((u) => u.path)).toEqual(["/", "/things/a", "/things/b"]);
    expect(limits).toEqual([2]);
    expect(dropped).toBe(3);
    expect(log).toHaveBeenCalledWith("[sitemap] site=demo has 6 URLs; the first 3 are listed, 3 left out");
  });
});

describe("sitemapEntries in slices", () => {
  it("lets other work run once a slice's time is spent, and lists the same URLs as in one go", async () => {
    const items = Array.from({ length: 500 }, (_, i) => `car-${i}`);
    const m = manifest({ "/": { title: "Home", blocks: [] }, "/things/[item]": { title: "T", blocks: [{ type: "lister" }] } });
    // A clock that moves 1 ms each time it is read: a slice of SLICE_MS ends every few looks.
    let t = 0;
    let turns = 0;
    const sliced = await sitemapEntries(m, { lister: itemsBlock(items) }, { clock: () => t++, yieldToLoop: async () => void turns++ });
    expect(turns).toBeGreaterThan(0);
    // A clock that never moves: no slice ends, no turn is taken.
    let still = 0;
    const whole = await sitemapEntries(m, { lister: itemsBlock(items) }, { clock: () => 0, yieldToLoop: async () => void still++ });
    expect(still).toBe(0);
    expect(sliced.urls.map((u) => u.path)).toEqual(whole.urls.map((u) => u.path));
    expect(sliced.urls).toHaveLength(501);
  });

  it("takes its turns on a timer, so a setImmediate that runs its callbacks at once (as Next's render does) cannot merge them", async () => {
    const native = globalThis.setImmediate;
    globalThis.setImmediate = ((fn: (...args: unknown[]) => void, ...args: unknown[]) => {
      queueMicrotask(() => fn(...args));
      return {} as NodeJS.Immediate;
    }) as unknown as typeof setImmediate;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      const items = Array.from({ length: 320 }, (_, i) => `car-${i}`);
      const m = manifest({ "/things/[item]": { title: "T", blocks: [{ type: "lister" }] } });
      let t = 0;
      // Every look at the clock ends a slice: a turn each URLS_PER_LOOK URLs, ten in all.
      await sitemapEntries(m, { lister: itemsBlock(items) }, { clock: () => (t += 100) });
    } finally {
      globalThis.setImmediate = native;
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});
