/** A PostgreSQL server through node-postgres (when DATABASE_URL is set). */
import type { Db, Queryable } from "./types";

export interface PostgresOptions {
  url: string;
  /** search_path for every connection (tests use a throw-away schema). */
  schema?: string;
  max?: number;
}

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? Number(process.env.DATABASE_POOL_MAX ?? 10),
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (err) => console.error(`[db] idle PostgreSQL client error: ${err.message}`));
  const on = (c: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await c.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  const base = on(pool);
  let closed = false;
  return {
    kind: "postgres",
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(on(client));
        await client.query("COMMIT");
        return result;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
