import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/runtime/db";
import { dbVariants } from "@/runtime/db/testing";
import { FleetBus } from "./bus";
import { joinStockFleet } from "./stock";
import { laidOverStock, resetStockOverlay } from "@/runtime/search/stock-overlay";
import { MAX_LAID_OVER, publishStockFiles, publishStockSnapshot, seedStockSnapshots, stockChanges, stockChangesSince, syncStockFiles } from "./shared-stock";

// The stock shared through the database: what a publish records as changed, the first process
// seeding the snapshots, a process's folder brought up to them, and a publish reaching another
// process's search (the overlay) and folder (then its index) through the bus.

const car = (id: number, extra: Record<string, unknown> = {}) => ({ id, slug: `car-${id}`, status: "in_stock", price: 10_000 + id, ...extra });
const text = (cars: unknown[]) => JSON.stringify(cars);

describe("the cars a publish changed", () => {
  it("lists changed, new and gone cars by id, status changes and departures first, none for a first snapshot", () => {
    const before = text([car(1), car(2), car(3), car(4)]);
    const after = text([car(1), car(2, { price: 1 }), car(3, { status: "sold" }), car(5)]);
    const { changes, total } = stockChanges(before, after);
    expect(total).toBe(4);
    expect(changes.map((c) => [c.car_id, c.car?.status ?? null])).toEqual([
      [3, "sold"],
      [5, "in_stock"],
      [4, null],
      [2, "in_stock"],
    ]);
    expect(stockChanges(null, after)).toEqual({ changes: [], total: 0 });
    expect(stockChanges(before, after, 2).changes.map((c) => c.car_id)).toEqual([3, 5]);
    expect(MAX_LAID_OVER).toBeGreaterThan(100);
  });
});

const dirs: string[] = [];
const folder = (files: Record<string, unknown[]> = {}) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shared-stock-"));
  dirs.push(dir);
  for (const [site, cars] of Object.entries(files)) writeFileSync(path.join(dir, `${site}.json`), text(cars));
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  resetStockOverlay();
});

for (const v of dbVariants())
  describe.skipIf(v.skip)(`the shared stock (${v.name})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await v.open();
    });
    afterAll(() => v.close(db));

    it("seeds the sites it has none of, publishes changes once, and brings a folder up to date", async () => {
      const first = folder({ alpha: [car(1), car(2)], beta: [car(10)] });
      expect(await seedStockSnapshots(db, first, "test")).toEqual(["alpha", "beta"]);
      // A second machine's older copy never overwrites what is published.
      const second = folder({ alpha: [car(1)] });
      expect(await seedStockSnapshots(db, second, "test")).toEqual([]);
      const known = new Map<string, number>();
      expect(await syncStockFiles(db, second, known)).toEqual(["alpha", "beta"]);
      expect(JSON.parse(readFileSync(path.join(second, "alpha.json"), "utf8"))).toHaveLength(2);
      expect(await syncStockFiles(db, second, known)).toEqual([]);

      writeFileSync(path.join(first, "alpha.json"), text([car(1, { status: "sold" }), car(2)]));
      const [published] = await publishStockFiles(db, first, ["alpha"], "test");
      expect(published).toMatchObject({ site: "alpha", cars: 2, changes: 1, deferred: 0 });
      expect(await stockChangesSince(db, published.seq! - 1)).toEqual([
        { seq: published.seq, site: "alpha", car_id: 1, car: expect.objectContaining({ status: "sold" }) },
      ]);
      // The same text again publishes nothing.
      expect((await publishStockFiles(db, first, ["alpha"], "test"))[0].seq).toBeNull();
      expect(await syncStockFiles(db, second, known)).toEqual(["alpha"]);
      expect(known.get("alpha")).toBe(published.seq);
      await expect(publishStockSnapshot(db, "../etc", "[]", "test")).rejects.toThrow(/not a site's slug/);
    });

    it("reaches another process: its search at once, its folder and index next, and the overlay lets go once indexed", async () => {
      const publisher = folder({ gamma: [car(21), car(22)] });
      await seedStockSnapshots(db, publisher, "test");
      const bus = new FleetBus(() => {});
      await bus.start(db);
      const theirs = folder();
      let watcher: (() => () => void) | null = null;
      /** What search laid over for car 22 when each index build started. */
      const laidAtBuild: unknown[] = [];
      const fleet = await joinStockFleet({
        db,
        bus,
        dir: theirs,
        log: () => {},
        reindex: async () => {
          // What the index does: note what the folder holds as the build starts, serve it, say so.
          const served = watcher!();
          laidAtBuild.push(laidOverStock()?.cars.get(22) ?? null);
          served();
        },
        watchBuilds: (start) => {
          watcher = start;
          return () => (watcher = null);
        },
      });
      try {
        expect(JSON.parse(readFileSync(path.join(theirs, "gamma.json"), "utf8"))).toHaveLength(2);
        const heard = new Promise<void>((resolve) => bus.on("stock", () => resolve()));
        writeFileSync(path.join(publisher, "gamma.json"), text([car(21), car(22, { status: "sold" })]));
        await publishStockFiles(db, publisher, ["gamma"], "test");
        await heard;
        await fleet.catchUp();
        expect(laidAtBuild).toEqual([expect.objectContaining({ id: 22, status: "sold" })]);
        expect(JSON.parse(readFileSync(path.join(theirs, "gamma.json"), "utf8"))[1].status).toBe("sold");
        expect(fleet.known.get("gamma")).toBeGreaterThan(0);
        // Indexed: nothing laid over any more.
        expect(laidOverStock()).toBeNull();
      } finally {
        fleet.stop();
        await bus.close();
      }
    });
  });
