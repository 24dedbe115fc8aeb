/**
 * A stock snapshot's search index built once for the whole fleet, in the shared database
 * (`search_indexes`, keyed by the snapshots' hash and the engine's index version,
 * runtime/search/serialise.ts): the first process to see the snapshot claims it and builds, then
 * stores the serialised index and announces it on the change bus; every other process finds it
 * claimed, keeps serving its current index (with the changed cars laid over it) and looks again
 * when the bus says the index was stored or its claim given up (or after LOOK_AGAIN_MS, should a
 * message be missed or the builder die), then loads the stored one.
 * The claim is decided under an advisory lock, so two processes never both think they are first.
 * The builder renews its claim every HEARTBEAT_MS while it builds; a claim not renewed for
 * STALE_CLAIM_MS (its builder died or lost the database) is taken over.
 *
 * With the embedded database the process is alone and builds as it always did: nothing here runs.
 */
import type { Db, Queryable } from "../db/types";
import { announce, type FleetBus } from "./bus";

/** How often a builder renews its claim while it builds. */
export const HEARTBEAT_MS = 10_000;
/** A claim not renewed for this long (several heartbeats missed: its builder is gone) is taken over. */
export const STALE_CLAIM_MS = 45_000;

/** How long a waiting process goes without an announcement before it looks again anyway. */
export const LOOK_AGAIN_MS = 5_000;

/** Rows of snapshots not asked for since this long are removed when a new index is stored. */
const KEEP_MS = 24 * 60 * 60_000;

export type SearchIndexClaim =
  /** The stored index, to be loaded. */
  | { ready: Uint8Array }
  /** This process claimed it: build, then store (or release on failure). */
  | { build: true }
  /** Another process is building it: look again later. */
  | { wait: true };

export interface SharedSearchIndex {
  claim(snapshot: string, version: string): Promise<SearchIndexClaim>;
  store(snapshot: string, version: string, bytes: Uint8Array, buildMs: number): Promise<void>;
  release(snapshot: string, version: string): Promise<void>;
  /** Renews this process's claim (it is still building); false when the claim is no longer its own. */
  renew(snapshot: string, version: string): Promise<boolean>;
  /**
   * Starts listening for the next announcement about this snapshot's index (stored, or its claim
   * given up); `next` resolves then, or after `ms` at the latest. Started before a claim, so an
   * announcement made between the claim and the wait is not missed; `stop` when not waiting after all.
   */
  watch(snapshot: string, version: string): { next: Promise<void>; stop(): void };
}

const asBytes = (data: Uint8Array | string): Uint8Array =>
  typeof data === "string" ? new Uint8Array(Buffer.from(data.startsWith("\\x") ? data.slice(2) : data, "hex")) : data;

/** Claims the index of a snapshot, or finds it stored or being built (see SearchIndexClaim). */
export async function claimSearchIndex(db: Db, snapshot: string, version: string, by: string): Promise<SearchIndexClaim> {
  const decided = await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`search-index:${snapshot}:${version}`]);
    const [row] = await tx.query<{ state: string; stale: boolean }>(
      `SELECT state, claimed_at < now() - ($3::double precision * interval '1 millisecond') AS stale
       FROM search_indexes WHERE snapshot_hash = $1 AND engine_version = $2`,
      [snapshot, version, STALE_CLAIM_MS],
    );
    if (row?.state === "ready") return "ready" as const;
    if (row && !row.stale) return "wait" as const;
    await tx.query(
      `INSERT INTO search_indexes (snapshot_hash, engine_version, state, claimed_by) VALUES ($1, $2, 'building', $3)
       ON CONFLICT (snapshot_hash, engine_version) DO UPDATE SET state = 'building', data = NULL, claimed_by = EXCLUDED.claimed_by, claimed_at = now()`,
      [snapshot, version, by],
    );
    return "build" as const;
  });
  if (decided === "build") return { build: true };
  if (decided === "wait") return { wait: true };
  const [row] = await db.query<{ data: Uint8Array | string | null }>(
    "SELECT data FROM search_indexes WHERE snapshot_hash = $1 AND engine_version = $2 AND state = 'ready'",
    [snapshot, version],
  );
  return row?.data ? { ready: asBytes(row.data) } : { wait: true };
}

/** Stores the index this process built for a snapshot it claimed, and forgets indexes of long-gone snapshots. */
export async function storeSearchIndex(db: Queryable, snapshot: string, version: string, bytes: Uint8Array, buildMs: number, by: string): Promise<void> {
  await db.query(
    `INSERT INTO search_indexes (snapshot_hash, engine_version, state, data, bytes, build_ms, claimed_by) VALUES ($1, $2, 'ready', $3, $4, $5, $6)
     ON CONFLICT (snapshot_hash, engine_version) DO UPDATE SET state = 'ready', data = EXCLUDED.data, bytes = EXCLUDED.bytes,
       build_ms = EXCLUDED.build_ms, claimed_by = EXCLUDED.claimed_by, claimed_at = now()`,
    [snapshot, version, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), bytes.byteLength, Math.round(buildMs), by],
  );
  await db.query(
    "DELETE FROM search_indexes WHERE claimed_at < now() - ($1::double precision * interval '1 millisecond') AND NOT (snapshot_hash = $2 AND engine_version = $3)",
    [KEEP_MS, snapshot, version],
  );
  await announce(db, { type: "search-index", snapshot, version });
}

/** Renews this process's claim while it builds, so no other process takes it over as stale. */
export async function renewSearchIndexClaim(db: Queryable, snapshot: string, version: string, by: string): Promise<boolean> {
  const rows = await db.query<{ renewed: number }>(
    `UPDATE search_indexes SET claimed_at = now()
     WHERE snapshot_hash = $1 AND engine_version = $2 AND state = 'building' AND claimed_by = $3 RETURNING 1 AS renewed`,
    [snapshot, version, by],
  );
  return rows.length > 0;
}

/** Gives up this process's claim (its build failed): the next process to look claims it. */
export async function releaseSearchIndex(db: Queryable, snapshot: string, version: string, by: string): Promise<void> {
  await db.query("DELETE FROM search_indexes WHERE snapshot_hash = $1 AND engine_version = $2 AND state = 'building' AND claimed_by = $3", [
    snapshot,
    version,
    by,
  ]);
  await announce(db, { type: "search-index", snapshot, version });
}

/** The next announcement about a snapshot's index heard on `bus`, or the end of `ms` (see SharedSearchIndex.watch). */
export function watchSearchIndex(bus: FleetBus | null, snapshot: string, version: string, ms: number): { next: Promise<void>; stop(): void } {
  let stop = () => {};
  const next = new Promise<void>((resolve) => {
    const timer = setTimeout(() => stop(), ms);
    const off = bus?.on("search-index", (m) => {
      if (m.snapshot === snapshot && m.version === version) stop();
    });
    stop = () => {
      clearTimeout(timer);
      off?.();
      resolve();
    };
  });
  return { next, stop: () => stop() };
}

/** The shared index on this database, claimed in the name of `by` (this process), its announcements heard on `bus`. */
export function sharedSearchIndex(db: Db, by: string, bus: FleetBus | null): SharedSearchIndex {
  return {
    watch: (snapshot, version) => watchSearchIndex(bus, snapshot, version, LOOK_AGAIN_MS),
    claim: (snapshot, version) => claimSearchIndex(db, snapshot, version, by),
    store: (snapshot, version, bytes, buildMs) => storeSearchIndex(db, snapshot, version, bytes, buildMs, by),
    release: (snapshot, version) => releaseSearchIndex(db, snapshot, version, by),
    renew: (snapshot, version) => renewSearchIndexClaim(db, snapshot, version, by),
  };
}
