import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { cachedCarBySlug, cachedForCar, MAX_CACHED_SLUG_LENGTH, REVALIDATE_SECONDS } from "./cache";
import { carTag, dealerTag } from "@/runtime/page-cache/tags";
import { stockVersion } from "@/runtime/inventory/stock-version";
import { testCar } from "./fixtures";

// Next's server sets this global before its request storages are created; so must the test (hoisted above the imports).
await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import("node:async_hooks");
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
});

const manifest = { slug: "test-dealer", dealerships: [{ id: 101 }], search: {} } as never;

/** A stand-in for Next's incremental cache (what `next start` provides to unstable_cache). */
function fakeIncrementalCache() {
  const store = new Map<string, { value: unknown; ctx: { tags?: string[] }; revalidate: number }>();
  return {
    store,
    isOnDemandRevalidate: false,
    async generateSimpleCacheKey(key: string) {
      return key;
    },
    async get(key: string) {
      const hit = store.get(key);
      return hit ? { value: hit.value, isStale: false } : null;
    },
    async set(key: string, data: { revalidate: number }, ctx: { tags?: string[] }) {
      store.set(key, { value: data, ctx, revalidate: data.revalidate });
    },
  };
}

const g = globalThis as { __incrementalCache?: unknown };
afterEach(() => {
  delete g.__incrementalCache;
});

describe("vehicle page per-car cache", () => {
  it("runs the lookup directly outside a Next server", async () => {
    const find = vi.fn(async () => testCar());
    expect((await cachedCarBySlug(manifest, "a-car", find))?.slug).toBe(testCar().slug);
    expect((await cachedCarBySlug(manifest, "a-car", find))?.slug).toBe(testCar().slug);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it("serves a car from Next's data cache, per car, tagged per dealer and car, with a short revalidate", async () => {
    const cache = fakeIncrementalCache();
    g.__incrementalCache = cache;
    const find = vi.fn(async (_m: unknown, slug: string) => testCar({ slug }));
    expect((await cachedCarBySlug(manifest, "a-car", find))?.slug).toBe("a-car");
    expect((await cachedCarBySlug(manifest, "a-car", find))?.slug).toBe("a-car");
    expect(find).toHaveBeenCalledTimes(1);
    expect((await cachedCarBySlug(manifest, "b-car", find))?.slug).toBe("b-car");
    expect(find).toHaveBeenCalledTimes(2);
    const entries = [...cache.store.values()];
    expect(entries).toHaveLength(2);
    expect(entries[0].ctx.tags).toEqual(["dealer:test-dealer", "car:test-dealer:a-car"]);
    expect(entries[0].revalidate).toBe(REVALIDATE_SECONDS);
  });

  it("never caches a failure", async () => {
    g.__incrementalCache = fakeIncrementalCache();
    const fn = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce([1]);
    await expect(cachedForCar("similar", manifest, "a-car", fn)).rejects.toThrow("down");
    expect(await cachedForCar("similar", manifest, "a-car", fn)).toEqual([1]);
  });

  it("keeps a made-up slug too long for a tag out of the cache (no entry, no tag warning in the log)", async () => {
    const cache = fakeIncrementalCache();
    g.__incrementalCache = cache;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const find = vi.fn(async () => null);
    expect(await cachedCarBySlug(manifest, "x".repeat(MAX_CACHED_SLUG_LENGTH + 1), find)).toBeNull();
    expect(cache.store.size).toBe(0);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("names its tags", () => {
    expect(dealerTag("d")).toBe("dealer:d");
    expect(carTag("d", "c")).toBe("car:d:c");
  });
});

describe("stock version", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vdp-stock-"));
  const before = process.env.STOCK_DIR;
  afterAll(() => {
    if (before === undefined) delete process.env.STOCK_DIR;
    else process.env.STOCK_DIR = before;
    rmSync(dir, { recursive: true, force: true });
  });
  it("changes when a stock file changes (checked at most every 5 s)", () => {
    process.env.STOCK_DIR = dir;
    writeFileSync(path.join(dir, "a.json"), "[]");
    utimesSync(path.join(dir, "a.json"), 1000, 1000);
    const t0 = Date.now() + 600_000;
    const v1 = stockVersion(t0);
    utimesSync(path.join(dir, "a.json"), 2000, 2000);
    expect(stockVersion(t0 + 1000)).toBe(v1);
    expect(stockVersion(t0 + 6000)).not.toBe(v1);
  });
});

it("the cached vehicle page route revalidates on the same 60 s window as the per-car data cache", () => {
  const page = readFileSync(path.join(process.cwd(), "app/%5Fcached/[proto]/[host]/[version]/[[...path]]/page.tsx"), "utf8");
  expect(page).toMatch(new RegExp(`export const revalidate = ${REVALIDATE_SECONDS};`));
});
