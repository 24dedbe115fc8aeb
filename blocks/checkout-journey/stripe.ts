/**
 * The journey's deposit through Stripe (a dealer whose `reservations.gateway` is "stripe"), on the
 * checkout's own path: the deposit step mounts Stripe's Payment Element
 * (blocks/shared/payments/client/StripePayment), so card details never reach this server;
 *  POST /api/checkout-journey/stripe-intent  the step's fields (JSON) → our payment row, then a manual-capture
 *                                            PaymentIntent created with the page token as idempotency key
 *                                            (metadata kind "checkout-journey"); only its client secret goes back
 *  GET  /api/checkout-journey/stripe-return  where Stripe sends the shopper after confirming: the intent is checked,
 *                                            the reservation inserted (the database's one active reservation per
 *                                            car: a lost race is voided), then captured; 303 to the journey
 * A shopper who closes the tab is finished by the dealer's one webhook endpoint
 * (/api/reservations/stripe-webhook); the journey then finds its reservation through the payment id it
 * saved when the intent was made (`linkPaidDeposit`), on its next page view or post.
 * Logs name the dealer, car and outcome only.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Db, Queryable } from "@/runtime/db/types";
import type { Car, DealerManifest } from "@/runtime/generated/types";
import type { Tenant } from "@/runtime/tenant";
import { isEnabled } from "@/runtime/flags";
import { SESSION_COOKIE, sessionUser } from "@/runtime/accounts/sessions";
import { sameOriginRefusal } from "@/runtime/http/same-origin";
import { finishStripeReservation, hostedProvider, paymentAttemptAllowed, type CarLookup } from "@/runtime/reservations/api";
import { createPayment, paymentByRef, updatePayment, type ReservationContact } from "@/runtime/reservations/store";
import { depositCents, reservationSettings } from "@/runtime/reservations/rules";
import { PAYMENT_MESSAGES, type PaymentProvider } from "@/runtime/payments/types";
import { journeyAvailability, journeyCar } from "./car";
import { canEnter, type JourneyState } from "./domain/steps";
import { JOURNEY_COOKIE, journeyTokenShape, loadJourney, saveJourney, stateOf } from "./store";

export const JOURNEY_PATH = "/checkout-journey";
/** The PaymentIntent's metadata `kind` for a journey's deposit (the webhook finishes it like the checkout's). */
export const JOURNEY_PAYMENT_KIND = "checkout-journey";

const journeyHref = (carSlug: string, step?: string) => `${JOURNEY_PATH}?${new URLSearchParams({ car_id: carSlug, ...(step ? { step } : {}) }).toString()}`;

function log(event: string, fields: Record<string, string | number>) {
  console.info(
    `[checkout-journey] ${event} ${Object.entries(fields)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}

const see = (location: string) => new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

/** The signed-in shopper's id (their deposit's reservation is theirs: their account, their name next time), or null. */
export async function journeyShopperId(request: Request, db: Db, dealer: string): Promise<string | null> {
  const user = await sessionUser(db, dealer, cookieValue(request, SESSION_COOKIE)).catch(() => null);
  return user?.id ?? null;
}

export type StartOutcome = { ok: true; clientSecret: string; paymentId: string } | { ok: false; status: number; message: string };

/**
 * Our payment row (keyed by the page's token, so a resubmitted step is one payment), then the
 * manual-capture PaymentIntent with the same key. No card field is ever sent from here.
 */
export async function startJourneyStripeDeposit(
  deps: { db: Db; stripe: PaymentProvider },
  p: { manifest: DealerManifest; car: Car; contact: ReservationContact; token: string; userId?: string | null },
): Promise<StartOutcome> {
  const { db, stripe } = deps;
  const key = /^[A-Za-z0-9_-]{16,80}$/.test(p.token) ? `cjy_${p.token}` : `cjy_${randomUUID()}`;
  const payment = await createPayment(db, {
    dealer: p.manifest.slug,
    carId: String(p.car.id),
    gateway: stripe.name,
    amountCents: depositCents(reservationSettings(p.manifest)),
    idempotencyKey: key,
    request: { car: p.car.slug, variant: null, url: JOURNEY_PATH, contact: p.contact, userId: p.userId ?? null },
  });
  // A token reused for another dealer or car is not this payment.
  if (payment.dealer_slug !== p.manifest.slug || payment.car_id !== String(p.car.id) || payment.gateway !== stripe.name)
    return { ok: false, status: 409, message: PAYMENT_MESSAGES.failed };
  const intent = await stripe.start({
    amountCents: payment.amount_cents,
    currency: "aud",
    idempotencyKey: payment.idempotency_key,
    description: `Reservation deposit: ${p.car.name ?? p.car.slug}`,
    metadata: { dealer: p.manifest.slug, car_id: String(p.car.id), payment_id: String(payment.id), kind: JOURNEY_PAYMENT_KIND },
  });
  if (!intent.ok || !intent.ref || !intent.clientSecret) {
    log("intent-failed", { site: p.manifest.slug, car: p.car.id });
    await updatePayment(db, payment.id, { status: "failed", error: "intent-failed" });
    return { ok: false, status: 502, message: PAYMENT_MESSAGES.failed };
  }
  await updatePayment(db, payment.id, { status: "pending", gatewayRef: intent.ref });
  return { ok: true, clientSecret: intent.clientSecret, paymentId: String(payment.id) };
}

/**
 * The journey's state with the reservation its Stripe deposit made, when the payment it started has
 * one (made by the return or, for a shopper who left, by the webhook); otherwise the state unchanged.
 */
export async function linkPaidDeposit(db: Queryable, dealer: string, state: JourneyState): Promise<JourneyState> {
  if (state.reservationId || !state.answers.depositPayment) return state;
  const [row] = await db.query<{ id: string }>(
    "SELECT id FROM reservations WHERE payment_id = $1 AND dealer_slug = $2 AND status IN ('held', 'confirmed') ORDER BY created_at DESC LIMIT 1",
    [state.answers.depositPayment, dealer],
  );
  if (!row) return state;
  return { ...state, reservationId: row.id, step: state.step === "deposit" ? "summary" : state.step };
}

export interface JourneyStripeDeps {
  db: () => Promise<Db>;
  /** Tests inject a gateway on a mocked Stripe API and a car lookup. */
  stripe?: PaymentProvider;
  carOf?: (manifest: DealerManifest, carId: string) => Promise<Car | null>;
}

/** POST /api/checkout-journey/stripe-intent: the deposit step's fields (JSON, never card data) → {clientSecret}. */
export async function handleJourneyStripeIntent(request: Request, tenant: Tenant, deps: JourneyStripeDeps): Promise<Response> {
  if (tenant.kind !== "site") return json(404, { message: "Not found" });
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const manifest = tenant.manifest;
  if (!isEnabled(manifest, "onlinePurchase")) return json(404, { message: "Not found" });
  if (!(await paymentAttemptAllowed(request, manifest.slug))) return json(429, { message: "Too many payment attempts. Please wait a minute and try again." });
  const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
  const get = (k: string) => (body && typeof body[k] === "string" ? (body[k] as string) : "");
  const car = await (deps.carOf ?? journeyCar)(manifest, get("car_id"));
  if (!car) return json(404, { message: PAYMENT_MESSAGES.notEligible });
  const token = cookieValue(request, JOURNEY_COOKIE);
  if (!journeyTokenShape(token)) return json(409, { message: "Your session has expired. Please reload the page." });
  const db = await deps.db();
  const row = await loadJourney(db, manifest.slug, token, String(car.id));
  const state = await linkPaidDeposit(db, manifest.slug, stateOf(row));
  if (state.reservationId) return json(409, { message: "Your deposit is already paid. Please reload the page." });
  const contact = state.answers.contact;
  if (state.submitted || !contact || !canEnter(state, "deposit")) return json(409, { message: "Please complete the steps before the deposit first." });
  if (journeyAvailability(car, manifest, false) !== "ok") return json(409, { message: PAYMENT_MESSAGES.alreadyReserved });
  const stripe = deps.stripe ?? hostedProvider(manifest, db);
  if (!stripe) return json(503, { message: "Online payment of the deposit is not available on this site just now. Please contact us." });
  const out = await startJourneyStripeDeposit(
    { db, stripe },
    {
      manifest,
      car,
      contact: { name: contact.name, last_name: contact.last_name, email: contact.email, phone: contact.phone },
      token: get("token"),
      userId: await journeyShopperId(request, db, manifest.slug),
    },
  );
  if (!out.ok) return json(out.status, { message: out.message });
  await saveJourney(
    db,
    { dealer: manifest.slug, token, carId: String(car.id), carSlug: car.slug },
    { ...state, step: "deposit", answers: { ...state.answers, depositPayment: out.paymentId } },
    null,
  );
  return json(200, { clientSecret: out.clientSecret });
}

/** GET /api/checkout-journey/stripe-return?payment_intent=…: finish (reserve, capture, or void a lost race), 303 to the journey. */
export async function handleJourneyStripeReturn(request: Request, tenant: Tenant, deps: JourneyStripeDeps): Promise<Response> {
  if (tenant.kind !== "site") return new Response(null, { status: 404 });
  const manifest = tenant.manifest;
  const intentId = new URL(request.url).searchParams.get("payment_intent") ?? "";
  if (!/^pi_[A-Za-z0-9_]+$/.test(intentId)) return see(JOURNEY_PATH);
  const db = await deps.db();
  const stripe = deps.stripe ?? hostedProvider(manifest, db);
  if (!stripe) return see(JOURNEY_PATH);
  const payment = await paymentByRef(db, stripe.name, intentId);
  const req = payment?.request as { url?: string; car?: string } | null | undefined;
  if (!payment || payment.dealer_slug !== manifest.slug || req?.url !== JOURNEY_PATH || !req.car) return see(JOURNEY_PATH);
  const carOf: CarLookup | undefined = deps.carOf ? (m, slug) => deps.carOf!(m, slug) : undefined;
  let done: Awaited<ReturnType<typeof finishStripeReservation>>;
  try {
    done = await finishStripeReservation(manifest, db, stripe, intentId, carOf);
  } catch (e) {
    log("stripe-finish-failed", { site: manifest.slug, car: payment.car_id, error: e instanceof Error ? e.name : "unknown" });
    done = { slug: req.car, variant: null, out: { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed } };
  }
  if (!done) return see(JOURNEY_PATH);
  const token = cookieValue(request, JOURNEY_COOKIE);
  const row = journeyTokenShape(token) ? await loadJourney(db, manifest.slug, token, payment.car_id) : null;
  // Only the journey that started this payment takes its reservation (or its message).
  if (row && token && stateOf(row).answers.depositPayment === String(payment.id)) {
    const key = { dealer: manifest.slug, token, carId: payment.car_id, carSlug: row.car_slug };
    if (done.out.ok) await saveJourney(db, key, { ...stateOf(row), reservationId: done.out.reservation.id, step: "summary" }, null);
    else await saveJourney(db, key, { ...stateOf(row), step: "deposit" }, { step: "deposit", typed: {}, errors: [], message: done.out.message });
  }
  log(done.out.ok ? "deposit-paid" : "deposit-refused", { site: manifest.slug, car: payment.car_id, outcome: done.out.ok ? "reserved" : done.out.kind });
  return see(journeyHref(done.slug, done.out.ok ? undefined : "deposit"));
}
