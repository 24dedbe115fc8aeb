/**
 * Embedded PostgreSQL (PGlite, WASM) for `npm start` without a server.
 *
 * PGlite runs in this process and serves one connection: statements and transactions are
 * queued one after another (its own mutex), so `FOR UPDATE SKIP LOCKED` is trivially safe here.
 * It is single-process: the data directory is guarded by a lock file (see lock.ts), so the
 * `npm run leads` CLI refuses with a clear message while the server holds it, instead of
 * corrupting data. Use DATABASE_URL (a PostgreSQL server) to let several processes share it.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Db, Queryable } from "./types";
import { acquireDirLock } from "./lock";

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(
    fn: (tx: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>; exec(sql: string): Promise<unknown> }) => Promise<T>,
  ): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * PostgreSQL's buffer pool lives inside PGlite's WebAssembly memory, which never shrinks: at the
 * default 128 MB it was the largest single part of a server process (docs/performance.md, "A
 * thousand dealers"). The embedded database is the one-process stand-in (a fleet uses
 * PostgreSQL), its tables are small and its pages are still cached by the operating system, so a
 * 16 MB pool is enough.
 */
const PGLITE_CONF = ["shared_buffers = 16MB"];

const INIT_SCRIPT = path.join(/*turbopackIgnore: true*/ process.cwd(), "runtime", "db", "pglite-init.mjs");

/** How long making a data directory may take (about 3 s here). */
const INIT_TIMEOUT_MS = 120_000;

/**
 * A data directory not made yet is made by a child process (pglite-init.mjs says why), so this
 * process only ever opens one that exists. It is made beside its place and renamed into it once
 * whole, so a process stopped midway leaves no half-made directory where the database belongs
 * (the caller holds the directory's lock, so any such leftover beside it is stale and removed).
 * Where the script is not at hand (a tool run from another directory), PGlite makes it in this
 * process as before: the same result, more memory kept.
 */
export async function makeDataDirApart(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  if (!existsSync(INIT_SCRIPT)) {
    console.warn(`[db] ${INIT_SCRIPT} not found (the process is not run from the project's root): the embedded database is made in this process`);
    return;
  }
  const parent = path.dirname(dir);
  const making = `${path.basename(dir)}.making-`;
  // A directory already there (an earlier version's half-made one, or an empty one made for it) is made in place.
  const target = existsSync(dir) ? dir : path.join(parent, `${making}${process.pid}`);
  // Without a debugger's options: the child would try to listen on the same port.
  const nodeOptions = (process.env.NODE_OPTIONS ?? "").replace(/--inspect(-brk|-port)?(=\S*)?/g, "").trim();
  try {
    for (const name of readdirSync(parent)) if (name.startsWith(making)) rmSync(path.join(parent, name), { recursive: true, force: true });
    await promisify(execFile)(process.execPath, [INIT_SCRIPT, target, JSON.stringify(PGLITE_CONF)], {
      timeout: INIT_TIMEOUT_MS,
      env: { ...process.env, NODE_OPTIONS: nodeOptions },
    });
    if (target !== dir) renameSync(target, dir);
  } catch (e) {
    // Best effort: what is left is removed at the next attempt anyway.
    if (target !== dir) tryRemove(target);
    const failure = e as { stderr?: unknown; killed?: boolean; signal?: string | null };
    const stderr = String(failure.stderr ?? "").trim();
    const why = failure.killed ? `it took longer than ${INIT_TIMEOUT_MS / 1000} s` : stderr || (e as Error).message;
    throw new Error(`Could not make the embedded database in ${dir}: ${why}`);
  }
}

function tryRemove(target: string): void {
  try {
    rmSync(target, { recursive: true, force: true });
  } catch {
    // Not there to remove, or not removable (the reason is the error reported).
  }
}

/** Opens PGlite in `dir` (created on first use) or in memory when dir is undefined or "memory://". */
export async function openPglite(dir?: string): Promise<Db> {
  const inMemory = !dir || dir.startsWith("memory://");
  let release: (() => void) | null = null;
  if (!inMemory) {
    mkdirSync(/*turbopackIgnore: true*/ path.dirname(path.resolve(dir!)), { recursive: true });
    release = acquireDirLock(dir!);
  }
  let pg: PgliteLike;
  try {
    if (!inMemory) await makeDataDirApart(path.resolve(dir!));
    const { PGlite } = await import("@electric-sql/pglite");
    pg = (await PGlite.create(inMemory ? undefined : path.resolve(dir!), { postgresqlconf: PGLITE_CONF })) as unknown as PgliteLike;
  } catch (e) {
    release?.();
    throw e;
  }
  const wrap = (q: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>; exec(sql: string): Promise<unknown> }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await q.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  let closed = false;
  return {
    kind: "pglite",
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // In-process: notifications from this process only, which is all there is on an embedded database.
    async listen(channel, onMessage, onState) {
      const stop = await pg.listen(channel, onMessage);
      onState?.(true);
      return async () => {
        if (!closed) await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        release?.();
      }
    },
  };
}
