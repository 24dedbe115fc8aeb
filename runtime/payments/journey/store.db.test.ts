/**
 * The journey saved as it goes (PGlite, and PostgreSQL with DATABASE_URL): a reload finds the step
 * and answers; the cookie's token is stored only as its hash; each dealer, browser and car has its
 * own journey; a journey is submitted once.
 */
import { describe, expect, it } from "vitest";
import { describeEachDb } from "@/runtime/db/testing";
import { advance, emptyJourney } from "./steps";
import { insertReservation } from "@/runtime/reservations/store";
import { accountContact, hashJourneyToken, journeyCookie, journeyTokenShape, loadJourney, markSubmitted, newJourneyToken, saveJourney, stateOf } from "./store";

const contact = { name: "Robin", last_name: "Buyer", email: "robin@example.com", phone: "0412345678", postcode: "4127" };

describeEachDb("checkout journeys", (db) => {
  it("saves each step and resumes where the shopper was, the token kept only as its hash", async () => {
    const token = newJourneyToken();
    expect(journeyTokenShape(token)).toBe(true);
    const key = { dealer: "sunshine-chery", token, carId: "123", carSlug: "car-123" };
    expect(await loadJourney(db, "sunshine-chery", token, "123")).toBeNull();
    const s1 = advance(emptyJourney(), "contact", { contact });
    await saveJourney(db, key, s1, null);
    const s2 = advance(s1, "delivery", { delivery: { method: "pickup", locationId: 1, locationName: "Springwood" } });
    await saveJourney(db, key, s2, { step: "trade-in", typed: { rego: "NOPE" }, errors: [{ field: "rego", message: "not found" }] });

    const row = await loadJourney(db, "sunshine-chery", token, "123");
    expect(stateOf(row)).toEqual({ ...s2, submitted: false, reservationId: null });
    expect(row!.draft).toEqual({ step: "trade-in", typed: { rego: "NOPE" }, errors: [{ field: "rego", message: "not found" }] });
    const stored = await db.query<{ token_hash: string }>("SELECT token_hash FROM checkout_journeys");
    expect(stored.map((r) => r.token_hash)).toEqual([hashJourneyToken(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("keeps dealers, browsers and cars apart", async () => {
    const token = newJourneyToken();
    await saveJourney(db, { dealer: "dealer-a", token, carId: "7", carSlug: "c7" }, advance(emptyJourney(), "contact", { contact }), null);
    expect(await loadJourney(db, "dealer-b", token, "7")).toBeNull();
    expect(await loadJourney(db, "dealer-a", newJourneyToken(), "7")).toBeNull();
    expect(await loadJourney(db, "dealer-a", token, "8")).toBeNull();
    expect(await loadJourney(db, "dealer-a", "not a token", "7")).toBeNull();
  });

  it("a signed-in shopper's contact: the account's email and phone, the name from their own latest reservation here", async () => {
    const user = { id: "user-prefill-1", email: "robin@example.com", phone: null };
    expect(await accountContact(db, "dealer-p", user)).toEqual({ email: "robin@example.com" });
    const reserve = (dealer: string, userId: string, carId: string, name: string) =>
      insertReservation(
        db,
        {
          dealer,
          carId,
          carSlug: `c${carId}`,
          carTitle: "A car",
          stockNumber: null,
          userId,
          contact: { name, last_name: "Buyer", email: "robin@example.com", phone: "0412345678" },
          depositCents: 20000,
          holdHours: 48,
          paymentId: null,
        },
        new Date("2026-11-20T00:00:00Z"),
      );
    await reserve("dealer-p", "user-prefill-1", "p-1", "Robin");
    await reserve("dealer-q", "user-prefill-1", "p-2", "Other dealer");
    await reserve("dealer-p", "user-prefill-2", "p-3", "Someone else");
    expect(await accountContact(db, "dealer-p", { ...user, phone: "0412345678" })).toEqual({
      name: "Robin",
      last_name: "Buyer",
      email: "robin@example.com",
      phone: "0412345678",
    });
  });

  it("is submitted once", async () => {
    const token = newJourneyToken();
    await saveJourney(db, { dealer: "d", token, carId: "9", carSlug: "c9" }, advance(emptyJourney(), "contact", { contact }), null);
    expect(await db.transaction((tx) => markSubmitted(tx, "d", token, "9", "lead-1"))).toBe(true);
    expect(await db.transaction((tx) => markSubmitted(tx, "d", token, "9", "lead-2"))).toBe(false);
    const row = await loadJourney(db, "d", token, "9");
    expect(stateOf(row).submitted).toBe(true);
    expect(row!.lead_id).toBe("lead-1");
  });
});

describe("the journey cookie", () => {
  it("is HttpOnly, SameSite=Lax, host-only, Secure on https", () => {
    const c = journeyCookie("t", true);
    expect(c).toMatch(/^dp_journey=t; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/);
    expect(c).not.toContain("Domain");
    expect(journeyCookie("t", false)).not.toContain("Secure");
  });
});
