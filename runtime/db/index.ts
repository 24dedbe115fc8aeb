/**
 * The database: PostgreSQL through one SQL dialect.
 *  - DATABASE_URL set: a PostgreSQL server (node-postgres pool).
 *  - otherwise: embedded PGlite with its data in PGLITE_DIR (default <cwd>/.data/pglite, created
 *    on first use), so `npm start` needs no server. PGlite is single-process: the directory is
 *    locked by the process that opens it (see lock.ts); the leads CLI refuses while the server
 *    holds it. Point both at a PostgreSQL server (DATABASE_URL) to use them side by side.
 * Migrations (runtime/db/migrations) are applied on first use.
 *
 * Server code calls getDb(): one instance per process (kept on globalThis so that Next's separate
 * module graphs for route handlers and instrumentation share it).
 */
import path from "node:path";
import type { Db } from "./types";
import { migrate } from "./migrate";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import { onShutdown } from "../lifecycle/shutdown.mjs";

export type { Db, Queryable } from "./types";
export { DbLockedError } from "./types";
export { migrate, loadMigrations } from "./migrate";

export interface OpenDbOptions {
  /** PostgreSQL connection string; default DATABASE_URL. */
  url?: string;
  /** PGlite data directory, or "memory://" for an in-memory database; default PGLITE_DIR or <cwd>/.data/pglite. */
  pgliteDir?: string;
  /** PostgreSQL search_path (tests). */
  schema?: string;
  /** Apply migrations (default true). */
  migrate?: boolean;
}

export function defaultPgliteDir(): string {
  return process.env.PGLITE_DIR ? path.resolve(process.env.PGLITE_DIR) : path.join(process.cwd(), ".data", "pglite");
}

/** Opens a new database connection (pool) and applies migrations. Prefer getDb() in server code. */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  const url = options.url ?? (options.pgliteDir ? undefined : process.env.DATABASE_URL || undefined);
  const db = url ? await openPostgres({ url, schema: options.schema }) : await openPglite(options.pgliteDir ?? defaultPgliteDir());
  if (options.migrate !== false) {
    try {
      await migrate(db);
    } catch (e) {
      await db.close().catch(() => undefined);
      throw e;
    }
  }
  return db;
}

const KEY = Symbol.for("dealer-platform.db");
type Holder = { [KEY]?: Promise<Db> };

/** The process-wide database (opened and migrated on first call). A failed open is retried on the next call. */
export function getDb(): Promise<Db> {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    const opening = openDb();
    g[KEY] = opening;
    // Closed last at graceful shutdown (after the outbox's batch), which also frees PGlite's directory lock.
    onShutdown("database", 100, closeDb);
    opening.catch(() => {
      if (g[KEY] === opening) delete g[KEY];
    });
  }
  return g[KEY]!;
}

/** Closes the process-wide database (CLI exit, tests). */
export async function closeDb(): Promise<void> {
  const g = globalThis as Holder;
  const p = g[KEY];
  delete g[KEY];
  if (p) await (await p.catch(() => null))?.close();
}
