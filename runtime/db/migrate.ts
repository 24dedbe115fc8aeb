/**
 * Numbered SQL migrations (runtime/db/migrations/NNN_name.sql), applied in order on first use,
 * all pending ones in one transaction, each recorded in schema_migrations. An advisory lock
 * serialises processes starting at the same time against one PostgreSQL server.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "./types";

const MIGRATION_FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;
const ADVISORY_LOCK_ID = 72_707_101; // any constant unique to this application

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migrations folder: DB_MIGRATIONS_DIR, else runtime/db/migrations under the working directory (the server runs from the repo root). */
export function migrationsDir(): string {
  const candidates = [
    process.env.DB_MIGRATIONS_DIR,
    path.join(process.cwd(), "runtime", "db", "migrations"),
    typeof import.meta.dirname === "string" ? path.join(import.meta.dirname, "migrations") : undefined,
  ].filter((d): d is string => !!d);
  const found = candidates.find((d) => existsSync(/*turbopackIgnore: true*/ d));
  if (!found) throw new Error(`database migrations not found (looked in ${candidates.join(", ")}); set DB_MIGRATIONS_DIR`);
  return found;
}

export function loadMigrations(dir = migrationsDir()): Migration[] {
  const out: Migration[] = [];
  for (const file of readdirSync(/*turbopackIgnore: true*/ dir).sort()) {
    const m = MIGRATION_FILE.exec(file);
    if (!m) continue;
    out.push({ version: Number(m[1]), name: m[2], sql: readFileSync(/*turbopackIgnore: true*/ path.join(dir, file), "utf8") });
  }
  const versions = out.map((m) => m.version);
  if (new Set(versions).size !== versions.length) throw new Error(`duplicate migration numbers in ${dir}`);
  return out;
}

/** Applies the pending migrations; returns the versions applied now. */
export async function migrate(db: Db, migrations: Migration[] = loadMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [ADVISORY_LOCK_ID]);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await tx.query<{ version: number }>("SELECT version FROM schema_migrations")).map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
