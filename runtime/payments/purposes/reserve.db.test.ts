/**
 * The one-reservation-per-car guarantee in the database, on PGlite and (with DATABASE_URL) on
 * PostgreSQL: the partial unique index lets one of two simultaneous inserts in, a lapsed hold
 * gives way, and the payment of the shopper who lost is voided.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db";
import { dbVariants } from "../../db/testing";
import {
  cancelReservation,
  confirmReservation,
  extendReservation,
  insertReservation,
  listReservations,
  ReservationStateError,
  type NewReservation,
} from "../../reservations/store";
import { reconcileReservations, refundReservation, reserveWithCard } from "./reserve";
import { TestGateway } from "../providers/test";
import { PAYMENT_MESSAGES } from "../types";
import { CONTACT, reservationCar, reservationManifest } from "../../reservations/test-fixtures";
import { createPayment, updatePayment } from "../../reservations/store";
import { leadToAdf } from "../../leads/adf";
import { deliveredLead, type LeadRow } from "../../leads/payload";

const T0 = new Date("2026-11-24T00:00:00Z");
const hours = (h: number) => new Date(T0.getTime() + h * 3_600_000);

const row = (over: Partial<NewReservation> = {}): NewReservation => ({
  dealer: "test-dealer",
  carId: "9001",
  carSlug: "car-9001",
  carTitle: "2023 Chery Omoda 5",
  stockNumber: "S9001",
  userId: null,
  contact: CONTACT,
  depositCents: 20_000,
  holdHours: 48,
  paymentId: null,
  ...over,
});

const SUCCESS = { number: "4242424242424242", expiry: "12/30", cvc: "123" };
const DECLINE = { number: "4000000000000002", expiry: "12/30", cvc: "123" };

for (const variant of dbVariants()) {
  describe.skipIf(variant.skip)(`reservations (${variant.name})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await variant.open();
    }, 60_000);
    afterAll(() => variant.close(db));
    beforeEach(async () => {
      await db.exec("TRUNCATE reservation_payments, reservations, test_gateway_charges, lead_deliveries, leads RESTART IDENTITY CASCADE");
    });

    it("two inserts for one car at the same moment: exactly one reservation", async () => {
      const [a, b] = await Promise.all([
        db.transaction((tx) => insertReservation(tx, row({ contact: { ...CONTACT, name: "A" } }), T0)),
        db.transaction((tx) => insertReservation(tx, row({ contact: { ...CONTACT, name: "B" } }), T0)),
      ]);
      expect([a.ok, b.ok].sort()).toEqual([false, true]);
      expect((a.ok ? b : a) as unknown).toEqual({ ok: false, reason: "taken" });
      expect(await listReservations(db)).toHaveLength(1);
    });

    it("the index itself refuses a second active row, whatever the application does", async () => {
      await db.transaction((tx) => insertReservation(tx, row(), T0));
      await expect(
        db.query("INSERT INTO reservations (id, dealer_slug, car_id, status, expires_at) VALUES ('x', 'test-dealer', '9001', 'confirmed', now())"),
      ).rejects.toThrow(/reservations_one_active_per_car|duplicate key/);
      // Another car, or a cancelled row of this one, is fine.
      await db.query("INSERT INTO reservations (id, dealer_slug, car_id, status, expires_at) VALUES ('y', 'test-dealer', '9002', 'held', now())");
      await db.query("INSERT INTO reservations (id, dealer_slug, car_id, status) VALUES ('z', 'test-dealer', '9001', 'cancelled')");
    });

    it("a lapsed hold gives way to the next shopper without anything having ended it", async () => {
      const first = await db.transaction((tx) => insertReservation(tx, row(), T0));
      expect(first.ok).toBe(true);
      expect((await db.transaction((tx) => insertReservation(tx, row(), hours(47)))).ok).toBe(false);
      const second = await db.transaction((tx) => insertReservation(tx, row(), hours(48)));
      expect(second.ok).toBe(true);
      const all = await listReservations(db);
      expect(all.map((r) => r.status).sort()).toEqual(["expired", "held"]);
    });

    it("staff confirm, extend and cancel", async () => {
      const a = await db.transaction((tx) => insertReservation(tx, row(), T0));
      if (!a.ok) throw new Error("no reservation");
      const extended = await extendReservation(db, a.reservation.id, 24, hours(1));
      expect(new Date(extended.expires_at as string).toISOString()).toBe(hours(72).toISOString());
      const confirmed = await confirmReservation(db, a.reservation.id, hours(2));
      expect(confirmed.status).toBe("confirmed");
      await expect(extendReservation(db, a.reservation.id, 24, hours(3))).rejects.toThrow(ReservationStateError);
      expect((await cancelReservation(db, a.reservation.id))?.status).toBe("cancelled");
      // The car is free again.
      expect((await db.transaction((tx) => insertReservation(tx, row(), hours(4)))).ok).toBe(true);
      // A lapsed reservation whose car was taken since cannot be brought back.
      await expect(confirmReservation(db, a.reservation.id, hours(5))).rejects.toThrow(/cancelled/);
    });

    it("the dealer's lead is filed under the car's location and says the hold's end in words in that location's zone", async () => {
      const manifest = reservationManifest({
        timeZone: "Australia/Brisbane",
        locations: [{ id: 10, dealership_id: 1, name: "Sydney Yard", time_zone: "Australia/Sydney" }],
      } as never);
      const out = await reserveWithCard(
        { db, provider: new TestGateway(db, () => T0), now: () => T0, env: {} },
        { manifest, car: reservationCar(), contact: CONTACT, userId: null, idempotencyKey: "k-location", card: SUCCESS },
      );
      expect(out.ok).toBe(true);
      const [lead] = await db.query<{ location_id: number | null; dealership_id: number | null; payload: Record<string, unknown> }>(
        "SELECT location_id, dealership_id, payload FROM leads",
      );
      expect(lead.location_id).toBe(10);
      expect(lead.dealership_id).toBe(1);
      // 48 hours after T0 (00:00 UTC on the 24th) is 11 am on Thursday the 26th in Sydney (daylight saving).
      expect(lead.payload.message).toContain("Held until Thu 26 Nov 2026, 11:00 am AEDT.");
      expect(lead.payload.reservation_held_until).toBe("Thu 26 Nov 2026, 11:00 am AEDT");
      expect(String(lead.payload.message)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    });

    it("pay then reserve: a success card reserves, captures, and writes the dealer's lead", async () => {
      const gateway = new TestGateway(db, () => T0);
      const out = await reserveWithCard(
        { db, provider: gateway, now: () => T0, env: {} },
        { manifest: reservationManifest(), car: reservationCar(), contact: CONTACT, userId: null, idempotencyKey: "k1", card: SUCCESS },
      );
      expect(out.ok).toBe(true);
      if (!out.ok) return;
      const [paid] = await db.query<{ status: string }>("SELECT status FROM reservation_payments WHERE reservation_id = $1", [out.reservation.id]);
      expect(paid.status).toBe("captured");
      const [charge] = await db.query<{ status: string; card_last4: string }>("SELECT status, card_last4 FROM test_gateway_charges");
      expect(charge).toEqual({ status: "captured", card_last4: "4242" });
      const [lead] = await db.query<{ category: string; payload: Record<string, unknown> }>("SELECT category, payload FROM leads");
      expect(lead.category).toBe("Reserve Online");
      expect(lead.payload).toMatchObject({ email: CONTACT.email, car_id: 9001, stock_number: "S9001", reservation_id: out.reservation.id });
      // As an ADF destination receives it: the car, the contact and the reservation in the comments.
      const [row] = await db.query<LeadRow>("SELECT * FROM leads");
      const adf = leadToAdf(deliveredLead(row));
      expect(adf).toContain('<vehicle interest="buy" status="used">');
      expect(adf).toContain("<stock>S9001</stock>");
      expect(adf).toContain(`Reservation ${out.reservation.id}`);
      expect(adf).toContain("alex@example.com");
      // The same form posted again: the same reservation, no second charge.
      const again = await reserveWithCard(
        { db, provider: gateway, now: () => T0, env: {} },
        { manifest: reservationManifest(), car: reservationCar(), contact: CONTACT, userId: null, idempotencyKey: "k1", card: SUCCESS },
      );
      expect(again).toMatchObject({ ok: true, replay: true });
      expect(await db.query("SELECT 1 FROM test_gateway_charges")).toHaveLength(1);
    });

    it("a declined card: the message, nothing charged, no reservation", async () => {
      const gateway = new TestGateway(db, () => T0);
      const out = await reserveWithCard(
        { db, provider: gateway, now: () => T0, env: {} },
        { manifest: reservationManifest(), car: reservationCar(), contact: CONTACT, userId: null, idempotencyKey: "k2", card: DECLINE },
      );
      expect(out).toMatchObject({ ok: false, kind: "declined", message: PAYMENT_MESSAGES.declined });
      expect(await db.query("SELECT 1 FROM test_gateway_charges")).toHaveLength(0);
      expect(await listReservations(db)).toHaveLength(0);
    });

    it("two shoppers paying for one car at once: one reservation, the other's payment voided and told so", async () => {
      const gateway = new TestGateway(db, () => T0);
      const pay = (key: string) =>
        reserveWithCard(
          { db, provider: gateway, now: () => T0, env: {} },
          { manifest: reservationManifest(), car: reservationCar(), contact: CONTACT, userId: null, idempotencyKey: key, card: SUCCESS },
        );
      const results = await Promise.all([pay("race-a"), pay("race-b")]);
      const won = results.filter((r) => r.ok);
      const lost = results.filter((r) => !r.ok);
      expect(won).toHaveLength(1);
      expect(lost).toEqual([expect.objectContaining({ kind: "taken", message: PAYMENT_MESSAGES.lostRace })]);
      const charges = await db.query<{ status: string }>("SELECT status FROM test_gateway_charges ORDER BY status");
      expect(charges.map((c) => c.status)).toEqual(["captured", "voided"]);
    });

    it("the same form sent twice at the same moment: one capture's effects, one confirmation", async () => {
      const gateway = new TestGateway(db, () => T0);
      const told: string[] = [];
      const pay = () =>
        reserveWithCard(
          { db, provider: gateway, now: () => T0, env: {}, notify: async (r) => void told.push(r.id) },
          { manifest: reservationManifest(), car: reservationCar(), contact: CONTACT, userId: null, idempotencyKey: "twice-at-once", card: SUCCESS },
        );
      const results = await Promise.all([pay(), pay(), pay()]);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(new Set(results.map((r) => (r.ok ? r.reservation.id : null))).size).toBe(1);
      expect(told).toHaveLength(1);
      expect(await listReservations(db)).toHaveLength(1);
      const charges = await db.query<{ status: string }>("SELECT status FROM test_gateway_charges");
      expect(charges.map((c) => c.status)).toEqual(["captured"]);
    });

    it("reconcile voids a payment a dead process left authorised, and staff refund the whole deposit", async () => {
      const gateway = new TestGateway(db, () => T0);
      // A process died right after the gateway authorised: no reservation was made.
      const p = await createPayment(db, { dealer: "test-dealer", carId: "9001", gateway: "test", amountCents: 20_000, idempotencyKey: "dead" });
      const auth = await gateway.authorise({ amountCents: 20_000, currency: "aud", ref: null, card: SUCCESS, idempotencyKey: "dead" });
      if (!auth.ok) throw new Error("no auth");
      await updatePayment(db, p.id, { status: "authorised", gatewayRef: auth.ref });
      // And one died before recording what the gateway said.
      await createPayment(db, { dealer: "test-dealer", carId: "9002", gateway: "test", amountCents: 20_000, idempotencyKey: "dead2" });
      await gateway.authorise({ amountCents: 20_000, currency: "aud", ref: null, card: SUCCESS, idempotencyKey: "dead2" });
      const r = await reconcileReservations({ db, providerFor: () => gateway, now: () => new Date(Date.now() + 1000) }, 0);
      expect(r).toEqual({ captured: 0, voided: 2, refunded: 0, failed: 0 });
      expect((await db.query<{ status: string }>("SELECT status FROM test_gateway_charges")).map((c) => c.status)).toEqual(["voided", "voided"]);

      const out = await reserveWithCard(
        { db, provider: gateway, now: () => T0, env: {} },
        { manifest: reservationManifest(), car: reservationCar(), contact: CONTACT, userId: null, idempotencyKey: "k3", card: SUCCESS },
      );
      if (!out.ok) throw new Error(out.message);
      expect(await refundReservation({ db, providerFor: () => gateway }, out.reservation.id)).toEqual({ ok: true, amountCents: 20_000 });
      expect(await refundReservation({ db, providerFor: () => gateway }, out.reservation.id)).toEqual({ ok: true, amountCents: 0 });
      const [res] = await listReservations(db);
      expect(res.status).toBe("cancelled");
      expect(res.refunded_at).not.toBeNull();
    });
  });
}
