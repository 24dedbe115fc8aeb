/**
 * createLead is where every lead is written: each source's lead has the same columns and the same
 * binding, and no other module inserts into `leads`. PGlite, and PostgreSQL with DATABASE_URL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { describeEachDb, LEAD_TABLES } from "../db/testing";
import { bindLead, createLead, type NewLead } from "./create";
import { sampleTenant, WEBHOOK_FORMS } from "./test-fixtures";

const harbour = sampleTenant("harbour-motor-group", WEBHOOK_FORMS); // 3 dealerships, 4 locations
const sunshine = sampleTenant("sunshine-chery", WEBHOOK_FORMS); // 1 dealership, 1 location

const base = (over: Partial<NewLead> = {}): NewLead => ({
  manifest: harbour.manifest,
  category: "Reserve Online",
  subcategory: "Deposit paid",
  fields: { name: "Alex", email: "alex@example.com" },
  onForeignPlace: "drop",
  final: true,
  ...over,
});

describe("bindLead", () => {
  it("refuses another dealer's place for a form, leaves it out for a paid purpose", () => {
    expect(bindLead(harbour.manifest, { dealership_id: 999 }, true, "refuse")).toMatchObject({ ok: false });
    expect(bindLead(harbour.manifest, { dealership_id: 999 }, true, "drop")).toEqual({
      ok: true,
      binding: { dealership_id: null, dealership_slug: null, dealership_name: null, location_id: null },
    });
  });

  it("binds a named dealership to its only location, and a one-location dealer to that location, whatever the source", () => {
    for (const mode of ["refuse", "drop"] as const) {
      expect(bindLead(harbour.manifest, { location_id: 2021 }, true, mode)).toMatchObject({ ok: true, binding: { dealership_id: 202, location_id: 2021 } });
      expect(bindLead(sunshine.manifest, {}, true, mode)).toMatchObject({ ok: true, binding: { location_id: expect.any(Number) } });
    }
  });
});

describeEachDb("createLead", { empty: LEAD_TABLES }, (db) => {
  it("stores the lead with its binding and status fields and enqueues one delivery per destination, in the caller's transaction", async () => {
    const out = await db.transaction((tx) => createLead(tx, base({ place: { dealership_id: 202 } })));
    expect(out).toMatchObject({ ok: true, status: "Complete", enqueued: 1, replay: false });
    const [row] = await db.query<Record<string, unknown>>("SELECT * FROM leads");
    expect(row).toMatchObject({
      dealer_slug: "harbour-motor-group",
      dealership_id: 202,
      location_id: 2021,
      category: "Reserve Online",
      subcategory: "Deposit paid",
      status: "Complete",
      form_completed: true,
    });
    expect(row.completed_at).not.toBeNull();
    expect(row.payload).toMatchObject({ lead_status: "Complete", form_completed: true, dealership_slug: "harbour-mazda" });
    expect(await db.query("SELECT lead_id FROM lead_deliveries")).toEqual([{ lead_id: (out as { id: string }).id }]);
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    await expect(
      db.transaction(async (tx) => {
        await createLead(tx, base());
        throw new Error("the reservation lost its race");
      }),
    ).rejects.toThrow();
    expect(await db.query("SELECT id FROM leads")).toEqual([]);
    expect(await db.query("SELECT id FROM lead_deliveries")).toEqual([]);
  });

  it("the same idempotency key is a replay; with another request it is refused", async () => {
    const first = await db.transaction((tx) => createLead(tx, base({ idempotency: { key: "k1", hash: "h1" } })));
    const again = await db.transaction((tx) => createLead(tx, base({ idempotency: { key: "k1", hash: "h1" } })));
    const other = await db.transaction((tx) => createLead(tx, base({ idempotency: { key: "k1", hash: "h2" } })));
    expect(again).toMatchObject({ ok: true, replay: true, id: (first as { id: string }).id });
    expect(other).toEqual({ ok: false, reason: "key-reused" });
  });
});

describe("one place writes leads", () => {
  it("`INSERT INTO leads` appears in runtime/leads/create.ts only (tests aside)", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files = execFileSync(
      "git",
      ["grep", "--untracked", "-l", "-i", "-E", "insert[[:space:]]+into[[:space:]]+leads[[:space:](]", "--", "*.ts", "*.tsx", "*.mjs", "*.js"],
      {
        cwd: root,
        encoding: "utf8",
      },
    )
      .split("\n")
      .filter((f) => f && !/\.test\.tsx?$/.test(f) && !f.startsWith("runtime/generated/"));
    expect(files).toEqual(["runtime/leads/create.ts"]);
    expect(readFileSync(path.join(root, "runtime/leads/create.ts"), "utf8")).toMatch(/INSERT INTO leads/);
  });
});
