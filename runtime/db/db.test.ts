import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DbLockedError, loadMigrations, migrate, openDb } from "./index";
import { acquireDirLock, lockPathFor } from "./lock";
import { makeDataDirApart } from "./pglite";
import { describeEachDb, suiteDb } from "./testing";

describeEachDb("database", (db) => {
  it("applies the numbered migrations once and records them in schema_migrations", async () => {
    const rows = await db.query<{ version: number; name: string }>("SELECT version, name FROM schema_migrations ORDER BY version");
    expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
    expect(rows[0]).toEqual({ version: 1, name: "init" });
    expect(rows[1]).toEqual({ version: 2, name: "accounts" });
    expect(rows[2]).toEqual({ version: 3, name: "reservations" });
    expect(await migrate(db)).toEqual([]); // nothing pending: a restart changes nothing
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      "account_codes",
      "account_favourites",
      "account_sessions",
      "account_users",
      "algolia_pushes",
      "blobs",
      "car_views",
      "car_visitor_days",
      "checkout_journeys",
      "feed_inbox",
      "feed_last_good",
      "feed_photo_blobs",
      "feed_photos",
      "feed_runs",
      "feed_schedules",
      "feed_uploads",
      "lead_deliveries",
      "leads",
      "local_inbox",
      "manifest_checks",
      "manifest_releases",
      "manifest_versions",
      "online_payments",
      "payment_webhook_events",
      "phone_reveals",
      "platform_secrets",
      "rate_limits",
      "reservation_payments",
      "reservations",
      "schema_migrations",
      "search_indexes",
      "spin_to_win_spins",
      "staff_accounts",
      "stock_changes",
      "stock_snapshots",
      "studio_audit",
      "studio_backups",
      "studio_sessions",
      "studio_sign_in_links",
      "studio_working_copies",
      "test_gateway_charges",
      "trade_in_valuations",
      "watchlist",
    ]);
  });

  it("transactions commit, and roll back when the function throws", async () => {
    await db.transaction((tx) => tx.query("INSERT INTO car_views (dealer_slug, car_slug, count) VALUES ('d', 'a', 1)"));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO car_views (dealer_slug, car_slug, count) VALUES ('d', 'b', 1)");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const rows = await db.query<{ car_slug: string }>("SELECT car_slug FROM car_views WHERE dealer_slug = 'd'");
    expect(rows.map((r) => r.car_slug)).toEqual(["a"]);
  });

  it("a unique idempotency key per dealer is enforced by the database", async () => {
    const insert = (id: string, dealer: string) =>
      db.query("INSERT INTO leads (id, dealer_slug, category, payload, idempotency_key) VALUES ($1, $2, 'General Enquiry', '{}'::jsonb, 'k')", [id, dealer]);
    await insert("a", "one");
    await insert("b", "two");
    await expect(insert("c", "one")).rejects.toThrow(/duplicate key|unique/i);
  });
});

describe("PGlite data directory", () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "pglite-test-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("is created on first use, locked while open, and keeps its data after a restart", async () => {
    const dir = path.join(tmp, "nested", "pglite");
    const db = await openDb({ pgliteDir: dir });
    try {
      expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
      expect(readFileSync(lockPathFor(dir), "utf8")).toBe(String(process.pid));
      await db.query("INSERT INTO car_views (dealer_slug, car_slug, count) VALUES ('d', 'kept', 3)");
      await expect(openDb({ pgliteDir: dir })).rejects.toBeInstanceOf(DbLockedError);
    } finally {
      await db.close();
    }
    expect(existsSync(lockPathFor(dir))).toBe(false);
    const again = await openDb({ pgliteDir: dir });
    try {
      expect(await again.query("SELECT car_slug, count::int AS count FROM car_views")).toEqual([{ car_slug: "kept", count: 3 }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it("a new data directory is made by a child process, and a failure to make one says where", async () => {
    const dir = path.join(tmp, "apart");
    // What a process stopped while making it left beside it: removed, and nothing left beside it after.
    mkdirSync(path.join(tmp, "apart.making-2147483646", "base"), { recursive: true });
    await makeDataDirApart(dir);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(readdirSync(tmp).filter((name) => name.startsWith("apart."))).toEqual([]);
    const db = await openDb({ pgliteDir: dir });
    await db.close();
    const file = path.join(tmp, "a-file");
    writeFileSync(file, "not a directory");
    await expect(makeDataDirApart(path.join(file, "db"))).rejects.toThrow(
      `Could not make the embedded database in ${path.join(file, "db")}: ENOTDIR: not a directory`,
    );
  }, 60_000);

  it("a live process's lock is refused with a clear message; a dead process's lock is taken over", () => {
    const dir = path.join(tmp, "locks");
    writeFileSync(lockPathFor(dir), String(process.ppid)); // a live process that is not us
    expect(() => acquireDirLock(dir)).toThrow(DbLockedError);
    expect(() => acquireDirLock(dir)).toThrow(/in use by process .*DATABASE_URL/s);
    writeFileSync(lockPathFor(dir), "2147483646"); // no such process: stale (e.g. after SIGKILL)
    const release = acquireDirLock(dir);
    expect(readFileSync(lockPathFor(dir), "utf8")).toBe(String(process.pid));
    expect(() => acquireDirLock(dir)).toThrow(DbLockedError); // twice in one process is refused too
    release();
    expect(existsSync(lockPathFor(dir))).toBe(false);
  });
});

describe("a suite's test database", () => {
  const db = suiteDb(undefined, { empty: ["car_views"] });
  const early = (() => {
    try {
      void db.exec("SELECT 1");
    } catch (e) {
      return e;
    }
  })();
  const count = async () => Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM car_views"))[0].n);

  it("is open for the tests, and refuses use before them with a clear message", async () => {
    expect(String(early)).toMatch(/opens before its tests/);
    expect(db.kind).toBe("pglite");
    await db.transaction((tx) => tx.query("INSERT INTO car_views (dealer_slug, car_slug, count) VALUES ($1, $2, 1)", ["d", "c"]));
    expect(await count()).toBe(1);
  });

  it("starts each test with the tables it names emptied", async () => {
    expect(await count()).toBe(0);
  });
});
