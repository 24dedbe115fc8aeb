/**
 * A server process's part in the shared stock (runtime/fleet/shared-stock.ts), on PostgreSQL:
 *  - at start, the sites the database has no snapshot of yet are published from this process's
 *    stock folder (the first process of a fleet), and the folder is brought up to the published
 *    snapshots before the first index is built;
 *  - when a publish is announced (or the bus listens again after a lost connection), the cars it
 *    changed are laid over the served index at once (runtime/search/stock-overlay.ts), so a sold or
 *    reserved car shows so in every process's search within moments; then the snapshot is copied
 *    into the folder and indexed in the background, and once that index serves, its cars leave the
 *    overlay.
 * With the embedded database the process is alone and its stock folder is the only copy: nothing
 * here runs.
 */
import { hostname } from "node:os";
import type { Db } from "@/runtime/db";
import { dropIndexedChanges, layOverStock } from "@/runtime/search/stock-overlay";
import { latestStockSeq, seedStockSnapshots, stockChangesSince, syncStockFiles } from "./shared-stock";
import type { FleetBus } from "./bus";

export interface StockFleetOptions {
  db: Db;
  bus: FleetBus;
  /** This process's stock folder. */
  dir: string;
  /** Indexes the folder in the background (runtime/inventory/stock-index.ts refreshStockIndex). */
  reindex: () => Promise<void>;
  /** Registers what runs as a build starts and once it serves (stock-index.ts watchStockBuilds). */
  watchBuilds: (start: () => () => void) => () => void;
  log?: (line: string) => void;
}

export interface StockFleet {
  /** Catches up with the shared stock now (what a bus message does). */
  catchUp(): Promise<void>;
  /** The publish each site's file in the folder holds. */
  readonly known: ReadonlyMap<string, number>;
  stop(): void;
}

/** Joins the shared stock; resolves once the folder holds the published snapshots (before the first index). */
export async function joinStockFleet(o: StockFleetOptions): Promise<StockFleet> {
  const log = o.log ?? ((line: string) => console.log(line));
  const known = new Map<string, number>();
  const seeded = await seedStockSnapshots(o.db, o.dir, `server on ${hostname()}`);
  if (seeded.length) log(`[stock] published this machine's stock of ${seeded.join(", ")} for the fleet (the database had none)`);
  // Changes up to here are in the snapshots copied below.
  let seen = await latestStockSeq(o.db);
  const written = await syncStockFiles(o.db, o.dir, known);
  if (written.length) log(`[stock] copied the published stock of ${written.join(", ")} into ${o.dir}`);

  let running: Promise<void> = Promise.resolve();
  const catchUpOnce = async () => {
    const changes = await stockChangesSince(o.db, seen);
    if (changes.length) {
      layOverStock(changes);
      seen = Math.max(seen, ...changes.map((c) => c.seq));
    }
    const copied = await syncStockFiles(o.db, o.dir, known);
    if (copied.length) void o.reindex();
  };
  // One catch-up at a time, in order: a message arriving during one runs after it.
  const catchUp = () => {
    running = running.then(catchUpOnce).catch((e: Error) => log(`[stock] catching up with the shared stock failed: ${e.message}`));
    return running;
  };
  const offMessage = o.bus.on("stock", () => catchUp());
  const offReconnect = o.bus.onReconnected(() => catchUp());
  const offWatch = o.watchBuilds(() => {
    const indexed = new Map(known);
    return () => dropIndexedChanges(indexed);
  });
  return {
    catchUp,
    known,
    stop() {
      offMessage();
      offReconnect();
      offWatch();
    },
  };
}
