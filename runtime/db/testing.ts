/**
 * Test helper: the database variants a DB test runs against.
 *  - "pglite": an in-memory PGlite (always).
 *  - "postgres": the server at DATABASE_URL, in a throw-away schema per opened database
 *    (skipped when DATABASE_URL is unset).
 * Usage: `describeEachDb("leads", { empty: LEAD_TABLES }, (db) => { it(…) })`, or `suiteDb()` for a
 * suite on the in-memory PGlite alone.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import type { Db, Queryable } from "./types";
import { openDb } from "./index";

export interface DbVariant {
  name: "pglite" | "postgres";
  skip: boolean;
  open(): Promise<Db>;
  close(db: Db | undefined): Promise<void>;
}

const schemas = new WeakMap<Db, string>();

export function dbVariants(): DbVariant[] {
  const url = process.env.DATABASE_URL;
  return [
    {
      name: "pglite",
      skip: false,
      open: () => openDb({ pgliteDir: "memory://" }),
      close: async (db) => {
        await db?.close();
      },
    },
    {
      name: "postgres",
      skip: !url,
      async open() {
        const schema = `test_${randomBytes(6).toString("hex")}`;
        const admin = await openDb({ url: url!, migrate: false });
        try {
          await admin.exec(`CREATE SCHEMA ${schema}`);
        } finally {
          await admin.close();
        }
        const db = await openDb({ url: url!, schema });
        schemas.set(db, schema);
        return db;
      },
      async close(db) {
        if (!db) return;
        const schema = schemas.get(db);
        await db.close();
        if (!schema) return;
        const admin = await openDb({ url: url!, migrate: false });
        try {
          await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
        } finally {
          await admin.close();
        }
      },
    },
  ];
}

/** The tables of leads and of what refers to them, which a lead test empties between tests. */
export const LEAD_TABLES = ["lead_deliveries", "reservations", "leads", "car_views", "phone_reveals", "watchlist"] as const;

/** Empties `tables` (and what refers to them), their ids restarting at 1. */
export async function emptyTables(db: Db, tables: readonly string[]): Promise<void> {
  await db.exec(`TRUNCATE ${tables.join(", ")} RESTART IDENTITY CASCADE`);
}

/** Empties the lead tables. */
export function resetLeadTables(db: Db): Promise<void> {
  return emptyTables(db, LEAD_TABLES);
}

export interface SuiteDbOptions {
  /** Tables emptied before each test. */
  empty?: readonly string[];
}

/**
 * The database a suite's tests run against (call it in a describe, or at a test file's top level):
 * opened before the tests, with five minutes to start (PGlite takes seconds on a quiet machine and
 * took over a minute at a load average of 30 on two cores: the limit catches a hang, not a slow
 * machine), and closed after them. The handle forwards to that database, so the suite names `db` and hands it on
 * as the database itself; used before the tests start, it throws.
 */
export function suiteDb(variant: DbVariant = dbVariants()[0], options: SuiteDbOptions = {}): Db {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await variant.open();
  }, 300_000);
  afterAll(() => variant.close(db));
  const { empty } = options;
  if (empty?.length) beforeEach(() => emptyTables(open(), empty));
  function open(): Db {
    if (!db) throw new Error("The suite's database opens before its tests: use it inside a test or a before/after hook.");
    return db;
  }
  return {
    get kind() {
      return open().kind;
    },
    query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => open().query<T>(sql, params),
    exec: (sql: string) => open().exec(sql),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => open().transaction(fn),
    listen: (...args: Parameters<Db["listen"]>) => open().listen(...args),
    close: () => open().close(),
  };
}

/**
 * The suite once per database variant (PGlite always, PostgreSQL where DATABASE_URL is set), its
 * title followed by the variant's name, `body` given the variant's database (see `suiteDb`).
 */
export function describeEachDb(title: string, body: (db: Db) => void): void;
export function describeEachDb(title: string, options: SuiteDbOptions, body: (db: Db) => void): void;
export function describeEachDb(title: string, ...args: [(db: Db) => void] | [SuiteDbOptions, (db: Db) => void]): void {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  for (const variant of dbVariants()) describe.skipIf(variant.skip)(`${title} (${variant.name})`, () => body(suiteDb(variant, options)));
}
