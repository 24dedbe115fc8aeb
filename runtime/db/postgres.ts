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
  const listeners = new Set<() => Promise<void>>();
  const listenOn = async (...args: Parameters<typeof listenWithReconnect>) => {
    const stop = await listenWithReconnect(...args);
    const tracked = async () => {
      listeners.delete(tracked);
      await stop();
    };
    listeners.add(tracked);
    return tracked;
  };
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
    listen: (channel, onMessage, onState) => listenOn(options, channel, onMessage, onState, () => closed),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** Waits between reconnection attempts: 0.25 s, doubling up to 5 s. */
const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];

/**
 * LISTEN on a client of its own (a pooled client cannot hold a LISTEN), reconnecting when the
 * connection drops (server restart, network) until stopped: notifications sent while it was
 * down are lost, so the caller hears `onState(false)` then `onState(true)` and catches up.
 */
async function listenWithReconnect(
  options: PostgresOptions,
  channel: string,
  onMessage: (payload: string) => void,
  onState: ((listening: boolean) => void) | undefined,
  poolClosed: () => boolean,
): Promise<() => Promise<void>> {
  const { default: pg } = await import("pg");
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: options.url, ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}) });
    // Until it listens, a failure rejects connect() below; an error event then must not crash the process.
    const early = () => undefined;
    c.on("error", early);
    try {
      await c.connect();
      await c.query(`LISTEN ${quoted}`);
    } catch (error) {
      c.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    c.off("error", early);
    c.on("notification", (n) => {
      if (n.channel === channel && typeof n.payload === "string") onMessage(n.payload);
    });
    let gone = false;
    const lost = (error?: Error) => {
      if (gone) return;
      gone = true;
      if (client === c) client = null;
      c.end().catch(() => undefined);
      if (stopped || poolClosed()) return;
      console.error(`[db] the LISTEN connection for ${channel} was lost${error ? `: ${error.message}` : ""}; reconnecting`);
      onState?.(false);
      retry();
    };
    c.on("error", lost);
    c.on("end", () => lost());
    client = c;
    attempt = 0;
    onState?.(true);
  };

  const retry = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
    timer = setTimeout(() => {
      timer = null;
      if (stopped) return;
      connect().catch((error: Error) => {
        if (stopped) return;
        console.error(`[db] could not LISTEN on ${channel}: ${error.message}; trying again`);
        retry();
      });
    }, delay);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => undefined);
  };
}
