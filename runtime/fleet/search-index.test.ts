import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/runtime/db";
import { FleetBus } from "./bus";
import { dbVariants } from "@/runtime/db/testing";
import { refreshStockIndex, shareStockIndex, stockEngine, stockIndexCounts } from "@/runtime/inventory/stock-index";
import { makeCars } from "@/runtime/search/fixtures/cars";
import { normalizeSearchParams } from "@/runtime/search/request";
import {
  claimSearchIndex,
  releaseSearchIndex,
  sharedSearchIndex,
  STALE_CLAIM_MS,
  renewSearchIndexClaim,
  storeSearchIndex,
  watchSearchIndex,
  type SearchIndexClaim,
  type SharedSearchIndex,
} from "./search-index";

// A stock snapshot indexed once for every process on the database: the first to ask claims it and
// builds, the others wait and then load the stored bytes; a dead builder's claim is taken over.

const dirs: string[] = [];
const before = process.env.STOCK_DIR;
afterEach(() => {
  shareStockIndex(null);
  vi.restoreAllMocks();
});
afterAll(() => {
  if (before === undefined) delete process.env.STOCK_DIR;
  else process.env.STOCK_DIR = before;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** One machine's stock folder holding this text as a site's file, written at its own moment. */
function machine(text: string, mtime: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "search-index-"));
  dirs.push(dir);
  const file = path.join(dir, "alpha.json");
  writeFileSync(file, text);
  utimesSync(file, mtime, mtime);
  return dir;
}

for (const v of dbVariants())
  describe.skipIf(v.skip)(`the search index shared through the database (${v.name})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await v.open();
    });
    afterAll(() => v.close(db));

    it("is claimed by the first to ask, waited for by the others, then handed out; a release or a stale claim lets another build", async () => {
      expect(await claimSearchIndex(db, "snap-1", "1.x", "a")).toEqual({ build: true });
      expect(await claimSearchIndex(db, "snap-1", "1.x", "b")).toEqual({ wait: true });
      // Another engine version is another index.
      expect(await claimSearchIndex(db, "snap-1", "2.x", "b")).toEqual({ build: true });
      await storeSearchIndex(db, "snap-1", "1.x", new Uint8Array([1, 2, 3, 250]), 12, "a");
      const ready = await claimSearchIndex(db, "snap-1", "1.x", "b");
      expect("ready" in ready && [...ready.ready]).toEqual([1, 2, 3, 250]);

      expect(await claimSearchIndex(db, "snap-2", "1.x", "a")).toEqual({ build: true });
      await releaseSearchIndex(db, "snap-2", "1.x", "a");
      expect(await claimSearchIndex(db, "snap-2", "1.x", "b")).toEqual({ build: true });
      await db.query("UPDATE search_indexes SET claimed_at = now() - ($1::double precision * interval '1 millisecond') WHERE snapshot_hash = 'snap-2'", [
        STALE_CLAIM_MS + 1000,
      ]);
      expect(await claimSearchIndex(db, "snap-2", "1.x", "c")).toEqual({ build: true });
      expect(await claimSearchIndex(db, "snap-2", "1.x", "a")).toEqual({ wait: true });
    });

    it("keeps a builder's renewed claim from being taken over; a claim not renewed goes stale", async () => {
      expect(await claimSearchIndex(db, "snap-h", "1.x", "builder")).toEqual({ build: true });
      const age = () =>
        db.query("UPDATE search_indexes SET claimed_at = now() - ($1::double precision * interval '1 millisecond') WHERE snapshot_hash = 'snap-h'", [
          STALE_CLAIM_MS + 1000,
        ]);
      await age();
      // Only the claim's holder renews it.
      expect(await renewSearchIndexClaim(db, "snap-h", "1.x", "someone-else")).toBe(false);
      expect(await renewSearchIndexClaim(db, "snap-h", "1.x", "builder")).toBe(true);
      expect(await claimSearchIndex(db, "snap-h", "1.x", "waiter")).toEqual({ wait: true });
      // Its builder gone quiet: the next to look takes it over, and the old builder's renewal is refused.
      await age();
      expect(await claimSearchIndex(db, "snap-h", "1.x", "waiter")).toEqual({ build: true });
      expect(await renewSearchIndexClaim(db, "snap-h", "1.x", "builder")).toBe(false);
    });

    it("wakes a waiting process when the index it waits for is stored or given up, and not for another snapshot's", async () => {
      const bus = new FleetBus(() => {});
      await bus.start(db);
      try {
        expect(await claimSearchIndex(db, "snap-w", "1.x", "builder")).toEqual({ build: true });
        // A watch that no announcement ends would hold the test to vitest's limit (a minute here).
        const woken: string[] = [];
        const waiting = watchSearchIndex(bus, "snap-w", "1.x", 60_000);
        void waiting.next.then(() => woken.push("snap-w"));
        // Another snapshot's index is stored: heard on the bus, but not the one waited for.
        const heard = new Promise<void>((resolve) => {
          const off = bus.on("search-index", (m) => {
            if (m.snapshot === "snap-other") {
              off();
              resolve();
            }
          });
        });
        await storeSearchIndex(db, "snap-other", "1.x", new Uint8Array([9]), 1, "builder");
        await heard;
        expect(woken).toEqual([]);
        await storeSearchIndex(db, "snap-w", "1.x", new Uint8Array([7]), 1, "builder");
        await waiting.next;
        expect(woken).toEqual(["snap-w"]);
        // A build given up wakes the waiters too, so one of them claims it at once.
        expect(await claimSearchIndex(db, "snap-r", "1.x", "builder")).toEqual({ build: true });
        const again = watchSearchIndex(bus, "snap-r", "1.x", 60_000);
        await releaseSearchIndex(db, "snap-r", "1.x", "builder");
        await again.next;
        expect(await claimSearchIndex(db, "snap-r", "1.x", "waiter")).toEqual({ build: true });
      } finally {
        await bus.close();
      }
    }, 60_000);

    it("is built by the first process to index a snapshot and loaded by the next, which answers the same", async () => {
      vi.spyOn(console, "log").mockImplementation(() => {});
      const text = JSON.stringify(makeCars(120, 5));
      // Process one: its folder, its build, stored for the others.
      process.env.STOCK_DIR = machine(text, 1_700_000_000);
      shareStockIndex(sharedSearchIndex(db, "one", null));
      const start = stockIndexCounts();
      await refreshStockIndex();
      expect(stockIndexCounts()).toEqual({ built: start.built + 1, loaded: start.loaded });
      const params = normalizeSearchParams({ query: "toyota", facets: ["*"], hitsPerPage: 50 });
      const built = stockEngine().search("Car_production", params);
      expect(built.nbHits).toBeGreaterThan(0);

      // Process two: the same stock copied into its own folder at another moment loads that index.
      process.env.STOCK_DIR = machine(text, 1_700_000_900);
      shareStockIndex(sharedSearchIndex(db, "two", null));
      await refreshStockIndex();
      expect(stockIndexCounts()).toEqual({ built: start.built + 1, loaded: start.loaded + 1 });
      expect({ ...stockEngine().search("Car_production", params), processingTimeMS: 0 }).toEqual({ ...built, processingTimeMS: 0 });

      // Other content is another snapshot: built again.
      process.env.STOCK_DIR = machine(JSON.stringify(makeCars(90, 6)), 1_700_000_000);
      await refreshStockIndex();
      expect(stockIndexCounts()).toEqual({ built: start.built + 2, loaded: start.loaded + 1 });
    });
  });

/** A shared index that answers the claims given, in turn, and records what is stored. */
function scripted(claims: SearchIndexClaim[]): SharedSearchIndex & { stored: Uint8Array[]; waits: number } {
  const stored: Uint8Array[] = [];
  return {
    stored,
    waits: 0,
    // Every wait ends at once, as if the builder announced; a watch not stopped is one waited on.
    watch() {
      this.waits++;
      return { next: Promise.resolve(), stop: () => void this.waits-- };
    },
    claim: async () => claims.shift() ?? { build: true },
    store: async (_s, _v, bytes) => void stored.push(bytes),
    release: async () => undefined,
    renew: async () => true,
  };
}

describe("a process and the shared index", () => {
  it("waits while another process builds, then loads what it stored; builds itself when the stored bytes are of another version", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const text = JSON.stringify(makeCars(60, 9));
    // A first process builds and stores.
    process.env.STOCK_DIR = machine(text, 1_700_000_000);
    const first = scripted([{ build: true }]);
    shareStockIndex(first);
    await refreshStockIndex();
    expect(first.stored).toHaveLength(1);
    // A second finds it being built, then ready.
    process.env.STOCK_DIR = machine(text, 1_700_000_500);
    const second = scripted([{ wait: true }, { ready: first.stored[0] }]);
    shareStockIndex(second);
    const start = stockIndexCounts();
    await refreshStockIndex();
    expect(stockIndexCounts()).toEqual({ built: start.built, loaded: start.loaded + 1 });
    expect(second.waits).toBe(1);
    // A third is of another engine version than the bytes it is handed: it builds.
    const other = first.stored[0].slice();
    new DataView(other.buffer).setUint32(4, 999, true);
    process.env.STOCK_DIR = machine(text, 1_700_000_900);
    shareStockIndex(scripted([{ ready: other }]));
    await refreshStockIndex();
    expect(stockIndexCounts()).toEqual({ built: start.built + 1, loaded: start.loaded + 1 });
  });
});
