/**
 * The stock shared by every server process, through the database they share (PostgreSQL): each
 * site's snapshot (the JSON array of its cars) in `stock_snapshots`, and the cars each publish
 * changed in `stock_changes`. An import writes its stock file and then publishes it here; every
 * process hears of it on the change bus (runtime/fleet/bus.ts), lays the changed cars over the
 * index it serves at once (runtime/search/stock-overlay.ts), copies the snapshot into its own
 * stock folder and indexes it in the background (runtime/fleet/stock.ts). No process reads
 * another machine's disk.
 *
 * With the embedded database there is one process, and its stock folder is the only copy.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db, Queryable } from "../db/types";
import { listStockFiles } from "../stock/store";
import { replaceStockFile } from "../stock/write";
import { announce } from "./bus";

/**
 * The most changed cars one publish lays over the served indexes: more than this (a feed that
 * rewrote every price) and the cars whose status changed or that left the stock go first; the
 * rest reach search when the snapshot is indexed.
 */
export const MAX_LAID_OVER = 1000;

const SITE = /^[a-z0-9][a-z0-9-]{0,200}$/;

export interface StockChange {
  car_id: number;
  /** The car as the new snapshot has it; null when it left the stock. */
  car: Record<string, unknown> | null;
}

export interface PublishedStock {
  site: string;
  /** The publish's number, or null when the snapshot was already the published one. */
  seq: number | null;
  cars: number;
  /** The changed cars recorded for every process to lay over its index. */
  changes: number;
  /** Changed cars left to the next index build (over MAX_LAID_OVER). */
  deferred: number;
}

export function hashText(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

function carsOf(text: string, what: string): Record<string, unknown>[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error(`${what}: expected a JSON array of cars`);
  return data as Record<string, unknown>[];
}

const idOf = (car: Record<string, unknown>): number | null => (typeof car.id === "number" && Number.isSafeInteger(car.id) ? car.id : null);
const status = (car: Record<string, unknown> | null | undefined) => (car ? `${String(car.status)}|${String(car.sold)}|${String(car.reserved)}` : "gone");

/**
 * The cars that differ between two snapshots of a site (by id): changed or new ones with their new
 * record, those that left with null. Those whose status changed (sold, reserved, gone) come first,
 * and at most `limit` are kept. None for a first snapshot: there is nothing served to correct.
 */
export function stockChanges(previous: string | null, next: string, limit = MAX_LAID_OVER): { changes: StockChange[]; total: number } {
  if (previous === null) return { changes: [], total: 0 };
  const before = new Map<number, { text: string; car: Record<string, unknown> }>();
  for (const car of carsOf(previous, "the previous snapshot")) {
    const id = idOf(car);
    if (id !== null) before.set(id, { text: JSON.stringify(car), car });
  }
  const urgent: StockChange[] = [];
  const other: StockChange[] = [];
  const seen = new Set<number>();
  for (const car of carsOf(next, "the new snapshot")) {
    const id = idOf(car);
    if (id === null) continue;
    seen.add(id);
    const old = before.get(id);
    if (old && old.text === JSON.stringify(car)) continue;
    (status(old?.car) !== status(car) ? urgent : other).push({ car_id: id, car });
  }
  for (const id of before.keys()) if (!seen.has(id)) urgent.push({ car_id: id, car: null });
  const all = [...urgent, ...other];
  return { changes: all.slice(0, limit), total: all.length };
}

/**
 * Publishes a site's snapshot (the text of its stock file) for every process, with the cars it
 * changed, and announces it on the bus when the transaction commits. The same text again
 * publishes nothing. One publish per site at a time (an advisory lock), so the changes are always
 * against the snapshot they replace.
 */
export async function publishStockSnapshot(db: Db, site: string, text: string, by: string): Promise<PublishedStock> {
  if (!SITE.test(site)) throw new Error(`"${site}" is not a site's slug`);
  const hash = hashText(text);
  const count = carsOf(text, `${site}.json`).length;
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`stock:${site}`]);
    const [previous] = await tx.query<{ cars: string; hash: string }>("SELECT cars, hash FROM stock_snapshots WHERE site = $1", [site]);
    if (previous?.hash === hash) return { site, seq: null, cars: count, changes: 0, deferred: 0 };
    const { changes, total } = stockChanges(previous?.cars ?? null, text);
    const [{ seq: seqText }] = await tx.query<{ seq: string | number }>("SELECT nextval('stock_seq') AS seq");
    const seq = Number(seqText);
    await tx.query(
      `INSERT INTO stock_snapshots (site, seq, cars, hash, car_count, published_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (site) DO UPDATE SET seq = EXCLUDED.seq, cars = EXCLUDED.cars, hash = EXCLUDED.hash,
         car_count = EXCLUDED.car_count, published_by = EXCLUDED.published_by, published_at = now()`,
      [site, seq, text, hash, count, by],
    );
    if (changes.length > 0)
      await tx.query(
        "INSERT INTO stock_changes (seq, site, car_id, car) SELECT $1, $2, x.car_id, x.car FROM jsonb_to_recordset($3::jsonb) AS x(car_id bigint, car jsonb)",
        [seq, site, JSON.stringify(changes)],
      );
    await tx.query("DELETE FROM stock_changes WHERE published_at < now() - interval '1 day'");
    await announce(tx, { type: "stock", seq });
    return { site, seq, cars: count, changes: changes.length, deferred: total - changes.length };
  });
}

/** Publishes the stock files of these sites in a folder (after an import wrote them). */
export async function publishStockFiles(db: Db, dir: string, sites: readonly string[], by: string): Promise<PublishedStock[]> {
  const out: PublishedStock[] = [];
  for (const site of sites) out.push(await publishStockSnapshot(db, site, fs.readFileSync(path.join(dir, `${site}.json`), "utf8"), by));
  return out;
}

/**
 * The first process of a fleet publishes the stock files it has for sites the database has none
 * of yet (its demo stock, or a folder carried over from a single machine); a site already
 * published is never overwritten from a process's disk. Returns the sites it published.
 */
export async function seedStockSnapshots(db: Db, dir: string, by: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", ["stock:seed"]);
    const known = new Set((await tx.query<{ site: string }>("SELECT site FROM stock_snapshots")).map((r) => r.site));
    const seeded: string[] = [];
    for (const site of listStockFiles(dir)) {
      if (known.has(site) || !SITE.test(site)) continue;
      const text = fs.readFileSync(path.join(dir, `${site}.json`), "utf8");
      const count = carsOf(text, `${site}.json`).length;
      await tx.query(
        "INSERT INTO stock_snapshots (site, seq, cars, hash, car_count, published_by) VALUES ($1, nextval('stock_seq'), $2, $3, $4, $5) ON CONFLICT (site) DO NOTHING",
        [site, text, hashText(text), count, by],
      );
      seeded.push(site);
    }
    if (seeded.length > 0) await announce(tx, { type: "stock" });
    return seeded;
  });
}

function fileHash(file: string): string | null {
  try {
    return hashText(fs.readFileSync(file));
  } catch {
    return null;
  }
}

/**
 * Brings a process's stock folder up to the published snapshots: each site whose snapshot is newer
 * than `known` (site → the publish the folder holds) and whose text differs from the file is
 * written again (to a temporary name, then renamed: the indexer never reads half a file). Updates
 * `known` only after a file is in place. Returns the sites whose file changed.
 */
export async function syncStockFiles(db: Queryable, dir: string, known: Map<string, number>): Promise<string[]> {
  const rows = await db.query<{ site: string; seq: string | number; hash: string }>("SELECT site, seq, hash FROM stock_snapshots ORDER BY site");
  const written: string[] = [];
  for (const row of rows) {
    const seq = Number(row.seq);
    if (!SITE.test(row.site) || (known.get(row.site) ?? 0) >= seq) continue;
    const file = path.join(dir, `${row.site}.json`);
    if (fileHash(file) !== row.hash) {
      const [snapshot] = await db.query<{ cars: string; seq: string | number }>("SELECT cars, seq FROM stock_snapshots WHERE site = $1", [row.site]);
      if (!snapshot) continue;
      fs.mkdirSync(dir, { recursive: true });
      replaceStockFile(file, snapshot.cars);
      written.push(row.site);
      known.set(row.site, Math.max(seq, Number(snapshot.seq)));
    } else known.set(row.site, seq);
  }
  return written;
}

export interface StockChangeRow extends StockChange {
  seq: number;
  site: string;
}

/** The cars changed by publishes after `seq`, oldest first. */
export async function stockChangesSince(db: Queryable, seq: number): Promise<StockChangeRow[]> {
  const rows = await db.query<{ seq: string | number; site: string; car_id: string | number; car: Record<string, unknown> | string | null }>(
    "SELECT seq, site, car_id, car FROM stock_changes WHERE seq > $1 ORDER BY seq, car_id",
    [seq],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    site: r.site,
    car_id: Number(r.car_id),
    car: typeof r.car === "string" ? (JSON.parse(r.car) as Record<string, unknown>) : r.car,
  }));
}

/** The newest publish's number (0 before any). */
export async function latestStockSeq(db: Queryable): Promise<number> {
  const [row] = await db.query<{ seq: string | number | null }>("SELECT max(seq) AS seq FROM stock_snapshots");
  return Number(row?.seq ?? 0);
}
