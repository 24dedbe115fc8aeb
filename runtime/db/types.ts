/** The small database interface every capability uses (PGlite or PostgreSQL, one SQL dialect). */

export interface Queryable {
  /** Runs one parameterised statement ($1, $2 …) and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs fn in one transaction (BEGIN … COMMIT, ROLLBACK when fn throws) and returns its result. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of each notification on `channel` (`pg_notify`), from this
   * process and every other on the same database. `onState(false)` says the connection was lost
   * (notifications meanwhile are missed), `onState(true)` that it listens (again). Resolves once
   * listening, with the function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState?: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Thrown when the embedded database directory is in use by another process. */
export class DbLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database at ${dir} is in use by process ${pid} (probably the running Next server). ` +
        `PGlite allows one process at a time: stop that process first, or set DATABASE_URL to use a PostgreSQL server that both can share.`,
    );
    this.name = "DbLockedError";
  }
}
