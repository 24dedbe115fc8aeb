import { describe, expect, it } from "vitest";
import { suiteDb } from "../db/testing";
import { CODE_TTL_MS, issueCode, MAX_ATTEMPTS, verifyCode } from "./codes";
import { accountForVerified } from "./users";
import { createSession, sessionUser } from "./sessions";

const db = suiteDb();

const t0 = new Date("2026-01-01T00:00:00Z");
const later = (ms: number) => new Date(t0.getTime() + ms);

describe("one-time sign-in codes", () => {
  it("are six digits, stored only as a hash, and work once", async () => {
    const issued = await issueCode(db, "dealer-a", "sms", "0412345678", t0);
    expect(issued.code).toMatch(/^\d{6}$/);
    const stored = await db.query<{ code_hash: string }>("SELECT code_hash FROM account_codes WHERE id = $1", [issued.id]);
    expect(stored[0]!.code_hash).not.toContain(issued.code);
    expect(await verifyCode(db, "dealer-a", issued.id, issued.code, later(1000))).toEqual({ ok: true, channel: "sms", recipient: "0412345678" });
    expect(await verifyCode(db, "dealer-a", issued.id, issued.code, later(2000))).toEqual({ ok: false, reason: "used" });
  });

  it("expire after the time to live", async () => {
    const issued = await issueCode(db, "dealer-a", "email", "a@example.com", t0);
    expect(await verifyCode(db, "dealer-a", issued.id, issued.code, later(CODE_TTL_MS))).toEqual({ ok: false, reason: "expired" });
  });

  it("are locked after too many wrong answers, even for the right code after", async () => {
    const issued = await issueCode(db, "dealer-a", "sms", "0412345679", t0);
    const wrong = issued.code === "000000" ? "111111" : "000000";
    const results = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) results.push((await verifyCode(db, "dealer-a", issued.id, wrong, later(1000))).ok === false);
    expect(results.every(Boolean)).toBe(true);
    expect(await verifyCode(db, "dealer-a", issued.id, issued.code, later(2000))).toEqual({ ok: false, reason: "locked" });
  });

  it("are swept a day after they expire", async () => {
    const { sweepCodes } = await import("./codes");
    const old = await issueCode(db, "dealer-a", "sms", "0412345611", new Date("2025-01-01T00:00:00Z"));
    await sweepCodes(db, t0);
    expect(await verifyCode(db, "dealer-a", old.id, old.code, t0)).toEqual({ ok: false, reason: "unknown" });
  });

  it("belong to one dealer: another dealer's site cannot use the code", async () => {
    const issued = await issueCode(db, "dealer-a", "sms", "0412345670", t0);
    expect(await verifyCode(db, "dealer-b", issued.id, issued.code, later(1000))).toEqual({ ok: false, reason: "unknown" });
  });
});

describe("accounts and sessions per dealer", () => {
  it("the same mobile is two accounts on two dealers, and a session of one is nothing on the other", async () => {
    const a = await accountForVerified(db, "dealer-a", "sms", "0499999999", null);
    const b = await accountForVerified(db, "dealer-b", "sms", "0499999999", null);
    expect(a.id).not.toBe(b.id);
    expect((await accountForVerified(db, "dealer-a", "sms", "0499999999", null)).id).toBe(a.id);
    const { token } = await createSession(db, a, t0);
    expect((await sessionUser(db, "dealer-a", token, later(1000)))?.id).toBe(a.id);
    expect(await sessionUser(db, "dealer-b", token, later(1000))).toBeNull();
    expect(await sessionUser(db, "dealer-a", token + "x", later(1000))).toBeNull();
  });

  it("a signed-in shopper who proves a mobile gets it on the same account", async () => {
    const byEmail = await accountForVerified(db, "dealer-a", "email", "shopper@example.com", null);
    expect(byEmail.phone).toBeNull();
    const withPhone = await accountForVerified(db, "dealer-a", "sms", "0411111111", byEmail);
    expect(withPhone.id).toBe(byEmail.id);
    expect(withPhone.phone).toBe("0411111111");
  });
});

describe("enquiries of an account", () => {
  it("are the dealer's leads from the account's email or mobile only", async () => {
    const { enquiriesOf } = await import("./users");
    const insert = (id: string, dealer: string, payload: object) =>
      db.query("INSERT INTO leads (id, dealer_slug, category, payload) VALUES ($1, $2, 'General Enquiry', $3::jsonb)", [id, dealer, JSON.stringify(payload)]);
    await insert("l1", "dealer-a", { email: "Mine@Example.com", phone: "0400 000 000" });
    await insert("l2", "dealer-a", { email: "other@example.com", phone: "0422 222 222" });
    await insert("l3", "dealer-b", { email: "mine@example.com" });
    const byEmail = await accountForVerified(db, "dealer-a", "email", "mine@example.com", null);
    expect((await enquiriesOf(db, byEmail)).map((e) => e.id)).toEqual(["l1"]);
    const byPhone = await accountForVerified(db, "dealer-a", "sms", "0422222222", null);
    expect((await enquiriesOf(db, byPhone)).map((e) => e.id)).toEqual(["l2"]);
  });
});

describe("favourites of an account", () => {
  it("favourites made before signing in join the account; removals and other accounts are kept apart", async () => {
    const { syncFavourites } = await import("./favourites");
    const a = await accountForVerified(db, "dealer-a", "sms", "0455555555", null);
    const f = (id: number) => ({ id, name: `Car ${id}`, slug: `car-${id}`, make: "M", model: "X", primary_image_url: null });
    expect((await syncFavourites(db, a, [f(1), f(2)], [])).map((x) => x.id)).toEqual([1, 2]);
    expect((await syncFavourites(db, a, [f(3)], [1])).map((x) => x.id)).toEqual([2, 3]);
    const b = await accountForVerified(db, "dealer-b", "sms", "0455555555", null);
    expect(await syncFavourites(db, b, [], [])).toEqual([]);
  });
});
