/**
 * A page's payment request sent again (a double click, a browser resubmitting after a dropped
 * connection) is told what its first request came to: the confirmation of the reservation it
 * made, never that "someone else" reserved the car its own reservation holds. Through the real
 * routes (the API boundary, the reserve, journey and online-payment steps) with the built-in test
 * gateway, on PGlite (and PostgreSQL with DATABASE_URL).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/runtime/db";
import { dbVariants } from "@/runtime/db/testing";
import type { Car } from "@/runtime/generated/types";
import type { Limiters } from "@/runtime/http/rate-limit";
import type { Tenant } from "@/runtime/tenant";
import { accountForVerified } from "@/runtime/accounts/users";
import { createSession, SESSION_COOKIE } from "@/runtime/accounts/sessions";
import { overlayCar, resetOverlayForTests } from "@/runtime/reservations/overlay";
import { createPayment, updatePayment } from "@/runtime/reservations/store";
import { CONTACT, reservationCar, reservationManifest } from "@/runtime/reservations/test-fixtures";
import { paymentStepRoute } from "@/tests/helpers/payment-routes";
import { TestGateway } from "../providers/test";
import { advance, emptyJourney } from "../journey/steps";
import { JOURNEY_COOKIE, loadJourney, newJourneyToken, saveJourney } from "../journey/store";
import { reservationSettlement, reserveWithCard } from "./reserve";

process.env.LEADS_OUTBOX = "off";
process.env.AUTH_OUTBOX_DIR = mkdtempSync(path.join(tmpdir(), "resent-outbox-"));

const T0 = new Date("2026-11-24T00:00:00Z");
const manifest = reservationManifest({ features: { reserve: true, onlinePurchase: true, accounts: true } } as never);
const tenant = { kind: "site", slug: manifest.slug, manifest } as unknown as Tenant;
const NO_LIMITS = () => ({ take: async () => ({ ok: true as const }) });
const SUCCESS = { number: "4242424242424242", expiry: "12/34", cvc: "123" };

// The payment attempts limit is the process's (flow.ts paymentAttemptAllowed): a test sets what it answers.
const LIMITERS = Symbol.for("dealer-platform.api-limiters");
let attemptsLeft = Infinity;
const countingLimiters: Limiters = {
  take: async (name) => (name !== "payments" || attemptsLeft-- > 0 ? { ok: true } : { ok: false, retryAfterS: 60 }),
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

for (const variant of dbVariants()) {
  describe.skipIf(variant.skip)(`a payment request sent again (${variant.name})`, () => {
    let db: Db;
    let nextCar = 8200;
    let saved: unknown;
    beforeAll(async () => {
      db = await variant.open();
      saved = (globalThis as Record<symbol, unknown>)[LIMITERS];
      (globalThis as Record<symbol, unknown>)[LIMITERS] = countingLimiters;
    }, 60_000);
    afterAll(async () => {
      (globalThis as Record<symbol, unknown>)[LIMITERS] = saved;
      await variant.close(db);
    });
    beforeEach(() => {
      attemptsLeft = Infinity;
      resetOverlayForTests(() => T0);
    });
    afterEach(() => resetOverlayForTests());

    /** A car of its own per test (one active reservation per car), and the lookup the steps use. */
    function freshCar(): { car: Car; carOf: (m: unknown, slug: string) => Promise<Car | null> } {
      const id = ++nextCar;
      const car = reservationCar({ id, objectID: String(id), slug: `2023-chery-omoda-5-bx-s${id}`, stocknum: `S${id}` });
      return { car, carOf: async (_m, slug) => (slug === car.slug || slug === String(id) ? car : null) };
    }

    const step = (purpose: string, name: string, carOf: (m: unknown, slug: string) => Promise<Car | null>) =>
      paymentStepRoute({
        db: async () => db,
        provider: new TestGateway(db, () => T0),
        now: () => T0,
        carOf: carOf as never,
        resolve: () => tenant,
        limiters: NO_LIMITS,
      });

    const post = (route: ReturnType<typeof step>, purpose: string, body: string, cookie = "") =>
      route(
        new Request(`http://test-dealer.localhost/api/payments/${purpose}/pay`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
          body,
        }),
        { params: Promise.resolve({ purpose, step: "pay" }) },
      );

    const checkoutForm = (car: Car, token: string) =>
      form({
        car: car.slug,
        variant: "checkout",
        token,
        ...CONTACT,
        terms: "yes",
        card_number: SUCCESS.number,
        card_expiry: SUCCESS.expiry,
        card_cvc: SUCCESS.cvc,
      });

    it("the checkout form sent again after its deposit was taken answers the same confirmation, not 'reserved by someone else'", async () => {
      const { car, carOf } = freshCar();
      const route = step("reserve", "pay", carOf);
      const token = "resent-token-aaaaaaaaaaaa";
      const first = await post(route, "reserve", checkoutForm(car, token));
      expect(first.status).toBe(303);
      const reservation = new URL(first.headers.get("location")!, "http://x").searchParams.get("reservation");
      expect(reservation).toMatch(/^[0-9a-f-]{36}$/);
      // The car now shows reserved to everyone (this process's overlay)…
      expect(overlayCar(car).reserved).toBe(true);
      // …and the same form again, with the same token, is told the truth: its own reservation.
      const again = await post(route, "reserve", checkoutForm(car, token));
      expect(again.status).toBe(303);
      expect(again.headers.get("location")).toBe(first.headers.get("location"));
      // Another shopper's page (another token) is told the car is taken, before paying.
      const other = await post(route, "reserve", checkoutForm(car, "other-token-bbbbbbbbbbbb"));
      expect(other.headers.get("location")).toContain("error=reserved");
      // One payment, one capture, one lead.
      expect(await db.query("SELECT 1 FROM reservation_payments WHERE car_id = $1", [String(car.id)])).toHaveLength(1);
      expect(await db.query("SELECT 1 FROM reservations WHERE car_id = $1", [String(car.id)])).toHaveLength(1);
    });

    it("a resent form is answered before the payment attempts limit counts it", async () => {
      const { car, carOf } = freshCar();
      const route = step("reserve", "pay", carOf);
      const token = "resent-token-cccccccccccc";
      const first = await post(route, "reserve", checkoutForm(car, token));
      attemptsLeft = 0;
      const again = await post(route, "reserve", checkoutForm(car, token));
      expect(again.headers.get("location")).toBe(first.headers.get("location"));
      // A new attempt (another page) is limited.
      const fresh = await post(route, "reserve", checkoutForm(car, "fresh-token-dddddddddddd"));
      expect(fresh.headers.get("location")).toContain("error=too-many");
    });

    it("a request cut off after its reservation was made but before the capture is finished by the one sent again", async () => {
      const { car } = freshCar();
      const gateway = new TestGateway(db, () => T0);
      const key = "chk_cutoff-token-eeeeeeeeeeee";
      const req = { manifest, car, contact: CONTACT, userId: null };
      // The first request: its payment row, the card authorised, the reservation claimed; then the process died.
      const row = await createPayment(db, { dealer: manifest.slug, carId: String(car.id), gateway: "test", amountCents: 20_000, idempotencyKey: key });
      const auth = await gateway.authorise({ amountCents: 20_000, currency: "aud", ref: null, card: SUCCESS, idempotencyKey: key });
      if (!auth.ok) throw new Error("the test card was refused");
      await updatePayment(db, row.id, { status: "authorised", gatewayRef: auth.ref });
      const claim = await reservationSettlement(req, { testMode: true, now: () => T0 }).claim(db, {
        id: String(row.id),
        dealer: manifest.slug,
        gateway: "test",
        key,
        ref: auth.ref,
        amountCents: 20_000,
        status: "authorised",
        request: null,
      });
      expect(claim.kind).toBe("won");
      // The car reads reserved (its own reservation); the same request again finishes it rather than refusing.
      const out = await reserveWithCard(
        { db, provider: gateway, now: () => T0, env: {} },
        { ...req, car: { ...car, reserved: true }, idempotencyKey: key, card: SUCCESS },
      );
      expect(out).toMatchObject({ ok: true });
      if (out.ok && claim.kind === "won") expect(out.reservation.id).toBe(claim.value.id);
      const [paid] = await db.query<{ status: string }>("SELECT status FROM reservation_payments WHERE id = $1", [row.id]);
      expect(paid.status).toBe("captured");
    });

    it("a payment that lost the race, sent again, is told so again (cancelled), not that it was never taken", async () => {
      const { car } = freshCar();
      const gateway = new TestGateway(db, () => T0);
      const key = "chk_lost-token-ffffffffffffff";
      const row = await createPayment(db, { dealer: manifest.slug, carId: String(car.id), gateway: "test", amountCents: 20_000, idempotencyKey: key });
      await updatePayment(db, row.id, { status: "voided", gatewayRef: "tch_x", error: "lost-race" });
      const out = await reserveWithCard(
        { db, provider: gateway, now: () => T0, env: {} },
        { manifest, car: { ...car, reserved: true }, contact: CONTACT, userId: null, idempotencyKey: key, card: SUCCESS },
      );
      expect(out).toMatchObject({ ok: false, kind: "taken", message: expect.stringContaining("no money has been taken") });
    });

    it("the journey's deposit form sent again after it reserved the car goes on to the summary, not 'reserved by another buyer'", async () => {
      const { car, carOf } = freshCar();
      const route = step("journey-deposit", "pay", carOf);
      const journey = newJourneyToken();
      let s = advance(emptyJourney(), "contact", { contact: { ...CONTACT, postcode: "4127" } });
      s = advance(s, "delivery", { delivery: { method: "delivery", street: "1 Test St", suburb: "Springwood", state: "QLD", postcode: "4127" } });
      s = advance(s, "trade-in", { tradeIn: { has: false } });
      s = advance(s, "finance", { finance: { method: "cash" } });
      const key = { dealer: manifest.slug, token: journey, carId: String(car.id), carSlug: car.slug };
      await saveJourney(db, key, s, null);
      const deposit = form({
        car_id: car.slug,
        step: "deposit",
        token: "journey-page-gggggggggggg",
        card_number: SUCCESS.number,
        card_expiry: SUCCESS.expiry,
        card_cvc: SUCCESS.cvc,
      });
      const cookie = `${JOURNEY_COOKIE}=${journey}`;
      // The first post reserves the car, but its answer never reached the browser, whose journey was saved without it
      // (a second post that read the journey before the first saved, and wrote after it).
      const first = await post(route, "journey-deposit", deposit, cookie);
      expect(first.status).toBe(303);
      await db.query("UPDATE checkout_journeys SET reservation_id = NULL, step = 'deposit' WHERE car_id = $1", [String(car.id)]);
      expect(overlayCar(car).reserved).toBe(true);
      const again = await post(route, "journey-deposit", deposit, cookie);
      expect(again.status).toBe(303);
      const row = await loadJourney(db, manifest.slug, journey, String(car.id));
      expect(row?.reservation_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row?.draft).toBeNull();
      expect(await db.query("SELECT 1 FROM reservation_payments WHERE car_id = $1 AND status = 'captured'", [String(car.id)])).toHaveLength(1);
    });

    it("the online payment form sent again after it was paid answers its confirmation, even past the attempts limit", async () => {
      const user = await accountForVerified(db, manifest.slug, "email", "payer@example.com", null);
      const { token: session } = await createSession(db, user);
      const route = step("online-payment", "pay", async () => null);
      const body = form({
        token: "online-page-hhhhhhhhhhhhh",
        purpose: "Service invoice",
        reference: "INV-77",
        amount: "150",
        ...CONTACT,
        card_number: SUCCESS.number,
        card_expiry: SUCCESS.expiry,
        card_cvc: SUCCESS.cvc,
      });
      const first = await post(route, "online-payment", body, `${SESSION_COOKIE}=${session}`);
      expect(first.headers.get("location")).toMatch(/\/online-payment\?payment=/);
      attemptsLeft = 0;
      const again = await post(route, "online-payment", body, `${SESSION_COOKIE}=${session}`);
      expect(again.headers.get("location")).toBe(first.headers.get("location"));
    });
  });
}
