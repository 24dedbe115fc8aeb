/**
 * The spin on the database: one per shopper and period whatever the clicks (the unique
 * constraint), a lead for a won prize only, and the form post's answers. PGlite, and PostgreSQL
 * with DATABASE_URL.
 */
import { randomUUID } from "node:crypto";
import { afterEach, expect, it, vi } from "vitest";
import { describeEachDb, LEAD_TABLES } from "@/runtime/db/testing";
import type { Db } from "@/runtime/db/types";
import type { DealerManifest, ResolvedSpinToWinProps } from "@/runtime/generated/types";
import { apiRoute } from "@/runtime/http/api-route";
import { createLimiters } from "@/runtime/http/rate-limit";
import { createSession } from "@/runtime/accounts/sessions";
import type { AccountUser } from "@/runtime/accounts/users";
import { sampleTenant, WEBHOOK_FORMS } from "@/runtime/leads/test-fixtures";
import { findWheel, spin, spinRouteSpec, SPIN_LEAD_CATEGORY } from "./server";

const tenant = sampleTenant("harbour-motor-group", WEBHOOK_FORMS);
const found = findWheel(tenant.manifest, "harbour-service-spin")!;

async function newShopper(db: Db, email = `spin-${randomUUID()}@example.com`): Promise<AccountUser> {
  const id = randomUUID();
  await db.query("INSERT INTO account_users (id, dealer_slug, email) VALUES ($1, $2, $3)", [id, tenant.slug, email]);
  return { id, dealerSlug: tenant.slug, email, phone: null, ownCar: null };
}

const NOW = new Date("2026-11-24T02:00:00Z");
const wheel = (over: Partial<ResolvedSpinToWinProps["campaign"]> = {}): ResolvedSpinToWinProps => ({
  ...found.wheel,
  campaign: { ...found.wheel.campaign, ...over },
});

describeEachDb("spin to win", { empty: ["spin_to_win_spins", "account_sessions", "account_users", ...LEAD_TABLES] }, (db) => {
  afterEach(() => vi.useRealTimers());

  it("the sample dealer's wheel is on its /spin-to-win page", () => {
    expect(found.path).toBe("/spin-to-win");
    expect(findWheel({ ...tenant.manifest, features: { ...tenant.manifest.features, spinToWin: false } } as DealerManifest, "harbour-service-spin")).toBeNull();
    expect(findWheel(tenant.manifest, "another-campaign")).toBeNull();
  });

  it("a won prize is stored once with the dealer's lead; the second spin in the period gets the first back, whatever it would roll", async () => {
    const user = await newShopper(db);
    const first = await spin(db, { manifest: tenant.manifest, user, wheel: wheel(), now: NOW, roll: () => 0 });
    expect(first).toMatchObject({ kind: "spun", spin: { prize_id: "car-wash", prize_label: "A free hand car wash", lead_id: expect.any(String) } });
    const [lead] = await db.query<{ id: string; category: string; payload: Record<string, unknown> }>("SELECT id, category, payload FROM leads");
    expect(lead).toMatchObject({ category: SPIN_LEAD_CATEGORY });
    expect(lead!.payload).toMatchObject({ email: user.email, prize: "A free hand car wash" });
    expect(String(lead!.payload.message)).toContain(first.kind === "spun" ? first.spin.id : "");

    const again = await spin(db, { manifest: tenant.manifest, user, wheel: wheel(), now: NOW, roll: () => 99 });
    expect(again).toEqual({ kind: "already", spin: first.kind === "spun" ? first.spin : null });
    expect(await db.query("SELECT id FROM spin_to_win_spins")).toHaveLength(1);
    expect(await db.query("SELECT id FROM leads")).toHaveLength(1);
  });

  it("two spins at once (a double submit) store one row and at most one lead", async () => {
    const user = await newShopper(db);
    const both = await Promise.all([0, 1].map(() => spin(db, { manifest: tenant.manifest, user, wheel: wheel(), now: NOW, roll: () => 0 })));
    expect(both.map((o) => o.kind).sort()).toEqual(["already", "spun"]);
    expect(await db.query("SELECT id FROM spin_to_win_spins")).toHaveLength(1);
    expect(await db.query("SELECT id FROM leads")).toHaveLength(1);
  });

  it("no prize: stored, and no lead; next month the shopper spins again", async () => {
    const user = await newShopper(db);
    expect(await spin(db, { manifest: tenant.manifest, user, wheel: wheel(), now: NOW, roll: () => 99 })).toMatchObject({
      kind: "spun",
      spin: { prize_id: null, lead_id: null },
    });
    expect(await db.query("SELECT id FROM leads")).toHaveLength(0);
    const december = new Date("2026-12-01T01:00:00Z");
    expect(await spin(db, { manifest: tenant.manifest, user, wheel: wheel(), now: december, roll: () => 99 })).toMatchObject({ kind: "spun" });
    expect(await db.query("SELECT period FROM spin_to_win_spins ORDER BY period")).toEqual([{ period: "2026-11" }, { period: "2026-12" }]);
  });

  it("outside the campaign's dates nothing is stored", async () => {
    const user = await newShopper(db);
    const closed = wheel({ start: "2027-01-01", expiry: "2027-02-01" });
    expect(await spin(db, { manifest: tenant.manifest, user, wheel: closed, now: NOW })).toEqual({ kind: "closed" });
    expect(await db.query("SELECT id FROM spin_to_win_spins")).toHaveLength(0);
  });

  it("the form post: signed out goes to sign in; signed in spins once, then is told politely", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const limiters = createLimiters({ env: {} });
    const route = apiRoute({ ...spinRouteSpec({ db: async () => db }), resolve: () => tenant, limiters: () => limiters });
    const post = (fields: Record<string, string>, cookie = "") =>
      route(
        new Request("http://harbour-motor-group.localhost/api/spin-to-win", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", cookie },
          body: new URLSearchParams(fields).toString(),
        }),
      );
    const out = await post({ campaign: "harbour-service-spin" });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/sign-in?type=spin-to-win&redirect=%2Fspin-to-win&back=%2F");

    const user = await newShopper(db);
    const { token } = await createSession(db, user);
    const first = await post({ campaign: "harbour-service-spin" }, `dp_session=${token}`);
    expect(first.headers.get("location")).toBe("/spin-to-win?spin=spun#spin-result");
    const second = await post({ campaign: "harbour-service-spin" }, `dp_session=${token}`);
    expect(second.headers.get("location")).toBe("/spin-to-win?spin=already#spin-result");

    const unknown = await post({ campaign: "nope" }, `dp_session=${token}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ errors: [{ field: "campaign" }] });
  });
});
