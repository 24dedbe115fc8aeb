/**
 * Test helper: the database variants a DB test runs against.
 *  - "pglite": an in-memory PGlite (always).
 *  - "postgres": the server at DATABASE_URL, in a throw-away schema per opened database
 *    (skipped when DATABASE_URL is unset).
 * Usage:
 *   for (const v of dbVariants()) describe.skipIf(v.skip)(`leads (${v.name})`, () => {
 *     let db: Db; beforeAll(async () => { db = await v.open(); }); afterAll(() => v.close(db)); … });
 */
import { randomBytes } from "node:crypto";
import type { Db } from "./types";
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

/** Empties the lead tables between tests. */
export async function resetLeadTables(db: Db): Promise<void> {
  await db.exec("TRUNCATE lead_deliveries, reservations, leads, car_views, phone_reveals, watchlist RESTART IDENTITY CASCADE");
}
