/**
 * The journey's deposit through Stripe, against a mocked Stripe API (no network; see
 * runtime/reservations/gateway/stripe-testing.ts). PGlite, and PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import type { Db } from "@/runtime/db";
import { describeEachDb } from "@/runtime/db/testing";
import type { Tenant } from "@/runtime/tenant";
import type { StripeGateway } from "@/runtime/payments/providers/stripe";
import { capturableEvent, mockStripe, STRIPE_RESERVATIONS, WEBHOOK_SECRET, webhookRequest } from "@/runtime/payments/providers/stripe-testing";
import { randomUUID } from "node:crypto";
import { paymentReturnRoute, paymentWebhookRoute } from "@/tests/helpers/payment-routes";
import { pageKey } from "../flow";
import { reserveWithCard, startReservationDeposit } from "./reserve";
import { TestGateway } from "@/runtime/payments/providers/test";
import { CONTACT, reservationCar, reservationManifest } from "@/runtime/reservations/test-fixtures";
import type { Car } from "@/runtime/generated/types";
import { advance, emptyJourney } from "../journey/steps";
import { JOURNEY_COOKIE, linkPaidDeposit, loadJourney, newJourneyToken, saveJourney, stateOf } from "../journey/store";
import { JOURNEY_PATH, JOURNEY_PAYMENT_KIND } from "./journey-deposit";
import { JOURNEY_URLS } from "../routes";

process.env.LEADS_OUTBOX = "off";
process.env.PGLITE_DIR = path.join(mkdtempSync(path.join(tmpdir(), "journey-stripe-inbox-")), "db");

const manifest = reservationManifest({
  features: { reserve: true, onlinePurchase: true },
  reservations: STRIPE_RESERVATIONS,
} as never);
const tenant = { kind: "site", slug: manifest.slug, manifest } as unknown as Tenant;

// Intent ids unique across the file's mocks: the tests share one database, where a payment is found by its intent id.
let n = 0;
const mockJourneyStripe = () => mockStripe({ intentId: () => `pi_jrny_${++n}` });

const contact = { ...CONTACT, postcode: "4127" };
const NO_LIMITS = () => ({ take: async () => ({ ok: true as const }) });
const seams = { resolve: () => tenant, limiters: NO_LIMITS };

/** The journey's hosted deposit started with a page token (as the `intent` step does). */
const startJourneyStripeDeposit = async (
  deps: { db: Db; stripe: StripeGateway },
  p: { manifest: typeof manifest; car: Car; contact: typeof CONTACT; token: string },
) => {
  const out = await startReservationDeposit(
    { db: deps.db, provider: deps.stripe },
    { ...p, userId: null, key: pageKey("cjy", p.token, randomUUID), variant: null, url: JOURNEY_PATH, kind: JOURNEY_PAYMENT_KIND },
  );
  return out.ok ? { ok: true as const, clientSecret: out.clientSecret, paymentId: out.payment.id } : out;
};

describeEachDb("the journey's deposit through Stripe", (db) => {
  let nextCar = 7100;

  /** A car of its own for each test (the one-active-reservation index is per car), and a journey at its deposit step. */
  async function journeyAtDeposit(): Promise<{ car: Car; token: string; carOf: (m: unknown, slug: string) => Promise<Car | null> }> {
    const id = ++nextCar;
    const car = reservationCar({ id, objectID: String(id), slug: `2023-chery-omoda-5-bx-s${id}`, stocknum: `S${id}` });
    const token = newJourneyToken();
    let s = advance(emptyJourney(), "contact", { contact });
    s = advance(s, "delivery", { delivery: { method: "pickup", locationId: 1, locationName: "Springwood" } });
    s = advance(s, "trade-in", { tradeIn: { has: false } });
    s = advance(s, "finance", { finance: { method: "cash" } });
    await saveJourney(db, { dealer: manifest.slug, token, carId: String(id), carSlug: car.slug }, s, null);
    return { car, token, carOf: async (_m, slug) => (slug === car.slug || slug === String(id) ? car : null) };
  }

  const start = async (stripe: StripeGateway, car: Car, journeyToken: string, pageToken: string) => {
    const out = await startJourneyStripeDeposit({ db, stripe }, { manifest, car, contact: CONTACT, token: pageToken });
    if (out.ok) {
      const row = await loadJourney(db, manifest.slug, journeyToken, String(car.id));
      const st = stateOf(row);
      await saveJourney(
        db,
        { dealer: manifest.slug, token: journeyToken, carId: String(car.id), carSlug: car.slug },
        { ...st, answers: { ...st.answers, depositPayment: out.paymentId } },
        null,
      );
    }
    return out;
  };
  const returnTo = (m: ReturnType<typeof mockJourneyStripe>, journeyToken: string, intent: string, carOf: (m: unknown, slug: string) => Promise<Car | null>) =>
    paymentReturnRoute({ db: async () => db, provider: m.gateway, carOf: carOf as never, ...seams })(
      new Request(`http://test-dealer.localhost${JOURNEY_URLS.return}?payment_intent=${intent}`, {
        headers: { cookie: `${JOURNEY_COOKIE}=${journeyToken}` },
      }),
      { params: Promise.resolve({ purpose: "journey-deposit", step: "return" }) },
    );

  it("a manual-capture PaymentIntent with the page token as idempotency key, kind checkout-journey; a resubmit is the same payment", async () => {
    const m = mockJourneyStripe();
    const { car, token } = await journeyAtDeposit();
    const first = await start(m.gateway, car, token, "page-token-aaaaaaaaaaaaaaaa");
    expect(first).toMatchObject({ ok: true, clientSecret: `${m.last()}_secret_abc` });
    const created = m.seen.find((s) => s.method === "POST" && s.path === "/v1/payment_intents")!;
    expect(created.idempotencyKey).toBe("cjy_page-token-aaaaaaaaaaaaaaaa");
    expect(Object.fromEntries(created.form)).toMatchObject({
      amount: "20000",
      currency: "aud",
      capture_method: "manual",
      "metadata[kind]": JOURNEY_PAYMENT_KIND,
      "metadata[dealer]": "test-dealer",
      "metadata[car_id]": String(car.id),
    });
    // The card is in Stripe's Element: we never send a card field.
    expect([...created.form.keys()].some((k) => /card|number|cvc/.test(k))).toBe(false);
    const again = await start(m.gateway, car, token, "page-token-aaaaaaaaaaaaaaaa");
    expect(again.ok && first.ok && again.paymentId === first.paymentId).toBe(true);
    // A page token reused for another car is not this payment.
    const other = await journeyAtDeposit();
    expect(
      await startJourneyStripeDeposit({ db, stripe: m.gateway }, { manifest, car: other.car, contact: CONTACT, token: "page-token-aaaaaaaaaaaaaaaa" }),
    ).toMatchObject({
      ok: false,
    });
  });

  it("the return reserves the car, captures with its key and moves the journey to the summary; a second return is a replay", async () => {
    const m = mockJourneyStripe();
    const { car, token, carOf } = await journeyAtDeposit();
    await start(m.gateway, car, token, "page-token-bbbbbbbbbbbbbbbb");
    m.intents.get(m.last())!.status = "requires_capture"; // what Stripe.js's confirmation leaves
    const res = await returnTo(m, token, m.last(), carOf);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout-journey?car_id=${car.slug}`);
    const state = stateOf(await loadJourney(db, manifest.slug, token, String(car.id)));
    expect(state.reservationId).not.toBeNull();
    expect(state.step).toBe("summary");
    const [r] = await db.query<{ status: string; car_id: string }>("SELECT status, car_id FROM reservations WHERE id = $1", [state.reservationId]);
    expect(r).toEqual({ status: "held", car_id: String(car.id) });
    expect(m.seen.filter((s) => s.path.endsWith("/capture")).map((s) => s.idempotencyKey)).toEqual(["cjy_page-token-bbbbbbbbbbbbbbbb:capture"]);
    const again = await returnTo(m, token, m.last(), carOf);
    expect(again.headers.get("location")).toBe(`/checkout-journey?car_id=${car.slug}`);
    expect(m.seen.filter((s) => s.path.endsWith("/capture"))).toHaveLength(1);
    expect(await db.query("SELECT id FROM reservations WHERE car_id = $1", [String(car.id)])).toHaveLength(1);
  });

  it("a race lost to another shopper voids the authorisation, takes nothing and says so on the deposit step", async () => {
    const m = mockJourneyStripe();
    const { car, token, carOf } = await journeyAtDeposit();
    await start(m.gateway, car, token, "page-token-cccccccccccccccc");
    // Someone else reserves the car (the built-in gateway) between our intent and its confirmation.
    const rival = await reserveWithCard(
      { db, provider: new TestGateway(db) },
      {
        manifest: { ...manifest, reservations: { depositDollars: 200, holdHours: 48, gateway: "test" } } as never,
        car,
        contact: { ...CONTACT, email: "rival@example.com" },
        userId: null,
        idempotencyKey: `rival_${car.id}`,
        url: "/x",
        card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
      },
    );
    expect(rival.ok).toBe(true);
    m.intents.get(m.last())!.status = "requires_capture";
    const res = await returnTo(m, token, m.last(), carOf);
    expect(res.headers.get("location")).toBe(`/checkout-journey?car_id=${car.slug}&step=deposit`);
    expect(m.seen.some((s) => s.path.endsWith("/capture"))).toBe(false);
    expect(m.seen.filter((s) => s.path.endsWith("/cancel"))).toHaveLength(1);
    expect(m.intents.get(m.last())!.status).toBe("canceled");
    const row = await loadJourney(db, manifest.slug, token, String(car.id));
    expect(stateOf(row).reservationId).toBeNull();
    expect(row?.draft?.message).toMatch(/moments before you/);
  });

  it("the webhook (signature checked) finishes the deposit of a shopper who left; the journey finds its reservation; a forged one changes nothing", async () => {
    const m = mockJourneyStripe();
    const { car, token, carOf } = await journeyAtDeposit();
    await start(m.gateway, car, token, "page-token-dddddddddddddddd");
    m.intents.get(m.last())!.status = "requires_capture";
    const event = capturableEvent(m.last(), JOURNEY_PAYMENT_KIND);
    const post = (signature: string) =>
      paymentWebhookRoute({ db: async () => db, env: { STRIPE_TEST_WH: WEBHOOK_SECRET }, provider: m.gateway, carOf: carOf as never, ...seams })(
        webhookRequest(event, signature),
      );
    expect((await post(m.client.webhooks.generateTestHeaderString({ payload: event, secret: "whsec_wrong" }))).status).toBe(400);
    expect(m.seen.some((s) => s.path.endsWith("/capture"))).toBe(false);
    const before = stateOf(await loadJourney(db, manifest.slug, token, String(car.id)));
    expect(await linkPaidDeposit(db, manifest.slug, before)).toEqual(before);
    expect((await post(m.client.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }))).status).toBe(200);
    expect(m.seen.filter((s) => s.path.endsWith("/capture"))).toHaveLength(1);
    const linked = await linkPaidDeposit(db, manifest.slug, before);
    expect(linked.reservationId).not.toBeNull();
    expect(linked.step).toBe("summary");
    // Another dealer's journey never takes it.
    expect((await linkPaidDeposit(db, "other-dealer", before)).reservationId).toBeNull();
  });
});
