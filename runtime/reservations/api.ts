/**
 * The reservation endpoints.
 *  POST /api/reservations/checkout       the checkout page's plain form (test gateway): pay, reserve, 303 to the confirmation
 *                                        or back to the page with an error code (works before JavaScript)
 *  POST /api/reservations/stripe-intent  (Stripe) contact details → a manual-capture PaymentIntent's client secret
 *  GET  /api/reservations/stripe-return  (Stripe) where Stripe.js sends the browser after confirming: finish, 303
 *  POST /api/reservations/stripe-webhook (Stripe) signature-verified events: finishes a payment whose shopper left
 * State-changing requests from another site are refused (cross-site.ts). Nothing here logs a
 * name, email, phone or card: the dealer, car and outcome only.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { revalidateTag } from "next/cache";
import type { Db } from "../db/types";
import type { Car, DealerManifest } from "../generated/types";
import type { Tenant } from "../tenant";
import { carBySlug } from "../inventory/cars";
import { carTag } from "../page-cache/tags";
import { normaliseEmail, normaliseMobile } from "../accounts/recipient";
import { sendMessage } from "../accounts/delivery";
import { SESSION_COOKIE, sessionUser } from "../accounts/sessions";
import { kickOutbox, startOutboxWorker } from "../leads/outbox";
import { clientIp } from "../http/client-ip";
import { limiterKey, processLimiters } from "../http/rate-limit";
import { sameOriginRefusal } from "../http/same-origin";
import { noteHold, overlayCar } from "./overlay";
import { depositCents, eligibility, formatDeposit, formatHoldEnd, reservationSettings } from "./rules";
import { siteTimeZone } from "@/runtime/time";
import { gatewayForManifest } from "./server";
import { finishAuthorised, reserveWithTestCard, type ReserveOutcome } from "./service";
import { createPayment, paymentByRef, updatePayment, type ReservationContact, type ReservationRow } from "./store";
import { PAYMENT_MESSAGES, type PaymentProvider, type WebhookEvent } from "../payments/types";
import { webhookSecretFor } from "../payments/registry";

/** The contact fields the checkout form posts, and what the page says when one is wrong. */
export const CONTACT_FIELDS = {
  name: "Please enter your first name",
  last_name: "Please enter your last name",
  email: "Please enter a valid email address",
  phone: "Please enter an Australian mobile number (04xx xxx xxx)",
  terms: "Please accept the reservation terms",
} as const;
export type CheckoutField = keyof typeof CONTACT_FIELDS | "card";

/** Error codes in the page's query string (never personal data): what the page shows for each. */
export const CHECKOUT_ERRORS: Record<string, string> = {
  declined: PAYMENT_MESSAGES.declined,
  failed: PAYMENT_MESSAGES.failed,
  card: PAYMENT_MESSAGES.invalidCard,
  "test-card": PAYMENT_MESSAGES.notTestCard,
  taken: PAYMENT_MESSAGES.lostRace,
  reserved: PAYMENT_MESSAGES.alreadyReserved,
  "not-eligible": PAYMENT_MESSAGES.notEligible,
  invalid: "Please fix the following errors:",
  unavailable: "Online reservations are not available on this site just now. Please contact us.",
  "too-many": "Too many payment attempts. Please wait a minute and try again.",
};

/**
 * Payment attempts per (dealer, client): 10 a minute by default (PAYMENTS_RATE_LIMIT overrides),
 * so the form cannot be used to try card numbers in bulk. Shared by the checkout and online payment,
 * and, through the rate limits' PostgreSQL store, by every server process.
 */
export async function paymentAttemptAllowed(request: Request, dealer: string): Promise<boolean> {
  return (await processLimiters().take("payments", limiterKey([dealer, clientIp(request.headers)]))).ok;
}

/** Where the checkout lives for this car (the page the form came from, if it was buy-online). */
function checkoutPath(slug: string, variant: string | null): string {
  return `/cars/${encodeURIComponent(slug)}/${variant === "buy-online" ? "buy-online" : "checkout"}`;
}

function redirect(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

function log(event: string, fields: Record<string, string | number>) {
  console.info(
    `[reservations] ${event} ${Object.entries(fields)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
}

/** The contact cookie: what the shopper typed, kept 10 minutes for this car's page only so an error does not empty the form. */
export const CONTACT_COOKIE = "dp_checkout";
function contactCookie(slug: string, contact: Partial<ReservationContact>, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(contact));
  return `${CONTACT_COOKIE}=${value}; Path=/cars/${encodeURIComponent(slug)}; Max-Age=600; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
const clearContactCookie = (slug: string) => `${CONTACT_COOKIE}=; Path=/cars/${encodeURIComponent(slug)}; Max-Age=0; HttpOnly; SameSite=Lax`;

export function readContactCookie(raw: string | undefined): Partial<ReservationContact> {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const out: Partial<ReservationContact> = {};
    for (const k of ["name", "last_name", "email", "phone"] as const) if (typeof v[k] === "string") out[k] = (v[k] as string).slice(0, 200);
    return out;
  } catch {
    return {};
  }
}

export type ContactCheck = { ok: true; contact: ReservationContact } | { ok: false; fields: CheckoutField[]; typed: Partial<ReservationContact> };

/** Checks the contact fields and the terms box (pure; the API and the unit tests share it). */
export function checkContact(get: (k: string) => string): ContactCheck {
  const typed = { name: get("name").trim(), last_name: get("last_name").trim(), email: get("email").trim(), phone: get("phone").trim() };
  const fields: CheckoutField[] = [];
  if (!typed.name || typed.name.length > 60) fields.push("name");
  if (!typed.last_name || typed.last_name.length > 60) fields.push("last_name");
  const email = normaliseEmail(typed.email);
  if (!email) fields.push("email");
  const phone = normaliseMobile(typed.phone);
  if (!phone) fields.push("phone");
  if (get("terms") !== "yes") fields.push("terms");
  if (fields.length) return { ok: false, fields, typed };
  return { ok: true, contact: { name: typed.name, last_name: typed.last_name, email: email!, phone: phone! } };
}

async function shopperId(request: Request, db: Db, dealer: string): Promise<string | null> {
  const user = await sessionUser(db, dealer, cookieValue(request, SESSION_COOKIE)).catch(() => null);
  return user?.id ?? null;
}

async function liveCar(manifest: DealerManifest, slug: string): Promise<Car | null> {
  return overlayCar(await carBySlug(manifest, slug));
}

function isHttps(request: Request): boolean {
  const proto = request.headers.get("x-forwarded-proto");
  return (proto ?? new URL(request.url).protocol.replace(":", "")) === "https";
}

/** After a reservation is made: show it everywhere at once, tell the dealer and the shopper (the checkout journey calls it too). */
export async function afterReserved(manifest: DealerManifest, car: Car, reservation: ReservationRow, testMode: boolean): Promise<void> {
  noteHold(car.id, { status: reservation.status, expires_at: reservation.expires_at, dealer_slug: manifest.slug, car_slug: car.slug });
  try {
    revalidateTag(carTag(manifest.slug, car.slug), { expire: 0 });
  } catch {
    /* outside a Next request (tests): nothing cached to expire */
  }
  startOutboxWorker();
  kickOutbox();
  const contact = reservation.contact as ReservationContact;
  const until = new Date(String(reservation.expires_at instanceof Date ? reservation.expires_at.toISOString() : reservation.expires_at));
  const when = formatHoldEnd(until.toISOString(), siteTimeZone(manifest));
  try {
    await sendMessage({
      dealer: manifest.slug,
      channel: "email",
      to: contact.email,
      subject: `Your reservation at ${manifest.name}: ${reservation.car_title}`,
      text:
        `Hi ${contact.name},\n\nThank you: the ${reservation.car_title} (stock ${reservation.stock_number ?? "n/a"}) is reserved for you until ${when}.\n` +
        `Deposit paid: ${formatDeposit(reservation.deposit_cents)}, 100% refundable.${testMode ? " TEST MODE: no real money was taken." : ""}\n` +
        `Reservation number: ${reservation.id}\n\nOur team will contact you shortly.\n${manifest.name}`,
    });
  } catch (e) {
    log("confirmation-not-sent", { site: manifest.slug, error: e instanceof Error ? e.name : "unknown" });
  }
}

/** POST /api/reservations/checkout: the checkout page's form (built-in test gateway). */
export async function handleCheckoutPost(request: Request, tenant: Tenant, deps: { db: () => Promise<Db> }): Promise<Response> {
  if (tenant.kind !== "site") return new Response(null, { status: 404 });
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const manifest = tenant.manifest;
  const data = await request.formData().catch(() => new FormData());
  const get = (k: string) => {
    const v = data.get(k);
    return typeof v === "string" ? v : "";
  };
  const slug = get("car");
  if (!slug) return new Response(null, { status: 400 });
  const variant = get("variant") || null;
  const back = (error: string, extra: Record<string, string> = {}, cookies: string[] = []) =>
    redirect(`${checkoutPath(slug, variant)}?${new URLSearchParams({ error, ...extra }).toString()}`, cookies);

  if (!(await paymentAttemptAllowed(request, manifest.slug))) return back("too-many");
  const car = await liveCar(manifest, slug);
  if (!car) return redirect(`/cars/${encodeURIComponent(slug)}`);
  const check = checkContact(get);
  const secure = isHttps(request);
  if (!check.ok) return back("invalid", { fields: check.fields.join(",") }, [contactCookie(slug, check.typed, secure)]);
  const keep = [contactCookie(slug, check.contact, secure)];

  const ok = eligibility(car, manifest);
  if (!ok.ok) return back(ok.reason === "reserved" ? "reserved" : "not-eligible", {}, keep);
  const db = await deps.db();
  const gateway = gatewayForManifest(manifest, db);
  if (!gateway || gateway.cardEntry !== "form") return back("unavailable", {}, keep);
  const key = /^[A-Za-z0-9_-]{16,80}$/.test(get("token")) ? `chk_${get("token")}` : `chk_${randomUUID()}`;
  let out: ReserveOutcome;
  try {
    out = await reserveWithTestCard(
      { db, gateway },
      {
        manifest,
        car,
        contact: check.contact,
        userId: await shopperId(request, db, manifest.slug),
        idempotencyKey: key,
        url: checkoutPath(slug, variant),
        card: { number: get("card_number"), expiry: get("card_expiry"), cvc: get("card_cvc") },
      },
    );
  } catch (e) {
    log("failed", { site: manifest.slug, car: car.id, error: e instanceof Error ? e.name : "unknown" });
    return back("failed", {}, keep);
  }
  if (!out.ok) {
    log("refused", { site: manifest.slug, car: car.id, kind: out.kind });
    const code =
      out.kind === "declined"
        ? out.message === PAYMENT_MESSAGES.invalidCard
          ? "card"
          : out.message === PAYMENT_MESSAGES.notTestCard
            ? "test-card"
            : "declined"
        : out.kind === "taken"
          ? out.message === PAYMENT_MESSAGES.alreadyReserved
            ? "reserved"
            : "taken"
          : out.kind;
    return back(code, {}, keep);
  }
  if (!out.replay) await afterReserved(manifest, car, out.reservation, gateway.testMode);
  log(out.replay ? "replay" : "reserved", { site: manifest.slug, car: car.id, reservation: out.reservation.id });
  return redirect(`${checkoutPath(slug, variant)}?${new URLSearchParams({ reservation: out.reservation.id }).toString()}`, [clearContactCookie(slug)]);
}

/** The dealer's provider when its card is entered in a hosted element (the page asks us to start the payment first), else null. */
export function hostedProvider(manifest: DealerManifest, db: Db): PaymentProvider | null {
  const g = gatewayForManifest(manifest, db);
  return g?.cardEntry === "hosted" ? g : null;
}

/** POST /api/reservations/stripe-intent (JSON {car, token, name, last_name, email, phone, terms}): the PaymentIntent's client secret. */
export async function handleStripeIntent(request: Request, tenant: Tenant, deps: { db: () => Promise<Db> }): Promise<Response> {
  if (tenant.kind !== "site") return json(404, { message: "Not found" });
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const manifest = tenant.manifest;
  if (!(await paymentAttemptAllowed(request, manifest.slug))) return json(429, { message: CHECKOUT_ERRORS["too-many"] });
  const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
  const get = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : "");
  const check = checkContact(get);
  if (!check.ok) return json(400, { message: CHECKOUT_ERRORS.invalid, fields: check.fields });
  const car = await liveCar(manifest, get("car"));
  if (!car) return json(404, { message: PAYMENT_MESSAGES.notEligible });
  const ok = eligibility(car, manifest);
  if (!ok.ok) return json(409, { message: ok.reason === "reserved" ? PAYMENT_MESSAGES.alreadyReserved : PAYMENT_MESSAGES.notEligible });
  const db = await deps.db();
  const stripe = hostedProvider(manifest, db);
  if (!stripe) return json(503, { message: CHECKOUT_ERRORS.unavailable });
  const token = /^[A-Za-z0-9_-]{16,80}$/.test(get("token")) ? get("token") : randomUUID();
  const amount = depositCents(reservationSettings(manifest));
  const payment = await createPayment(db, {
    dealer: manifest.slug,
    carId: String(car.id),
    gateway: stripe.name,
    amountCents: amount,
    idempotencyKey: `stp_${token}`,
    request: { car: car.slug, variant: get("variant") || null, contact: check.contact, userId: await shopperId(request, db, manifest.slug) },
  });
  if (payment.dealer_slug !== manifest.slug || payment.car_id !== String(car.id)) return json(409, { message: PAYMENT_MESSAGES.failed });
  const intent = await stripe.start({
    amountCents: payment.amount_cents,
    currency: "aud",
    idempotencyKey: payment.idempotency_key,
    description: `Reservation deposit: ${car.name ?? car.slug}`,
    metadata: { dealer: manifest.slug, car_id: String(car.id), payment_id: String(payment.id) },
  });
  if (!intent.ok || !intent.ref || !intent.clientSecret) {
    log("intent-failed", { site: manifest.slug, car: car.id });
    await updatePayment(db, payment.id, { status: "failed", error: "intent-failed" });
    return json(502, { message: PAYMENT_MESSAGES.failed });
  }
  await updatePayment(db, payment.id, { status: "pending", gatewayRef: intent.ref });
  return json(200, { clientSecret: intent.clientSecret, payment: String(payment.id) });
}

/** Looks a car up by slug (tests inject a fixture; the server reads the stock). */
export type CarLookup = (manifest: DealerManifest, slug: string) => Promise<Car | null>;

/**
 * Finishes a Stripe reservation payment whose intent now requires capture (the browser's return and
 * the webhook both land here; the checkout journey's deposit too: its payment row names its page in `url`).
 */
export async function finishStripeReservation(
  manifest: DealerManifest,
  db: Db,
  stripe: PaymentProvider,
  intentId: string,
  carOf: CarLookup = carBySlug,
): Promise<{ slug: string; variant: string | null; out: ReserveOutcome } | null> {
  const payment = await paymentByRef(db, stripe.name, intentId);
  if (!payment || payment.dealer_slug !== manifest.slug || !payment.request) return null;
  const req = payment.request as { car: string; variant: string | null; contact: ReservationContact; userId: string | null; url?: string };
  // What the provider holds must be what we asked for, for this dealer and car.
  const auth = await stripe.authorise({
    ref: intentId,
    amountCents: payment.amount_cents,
    currency: "aud",
    idempotencyKey: payment.idempotency_key,
    metadata: { payment_id: String(payment.id) },
  });
  if (!auth.ok && auth.kind === "failed") return { slug: req.car, variant: req.variant, out: { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed } };
  if (!auth.ok) {
    if (auth.kind === "declined") await updatePayment(db, payment.id, { status: "declined", error: "declined" });
    return { slug: req.car, variant: req.variant, out: { ok: false, kind: "declined", message: PAYMENT_MESSAGES.declined } };
  }
  const car = await carOf(manifest, req.car);
  if (!car) {
    await stripe.void(intentId, payment.idempotency_key);
    await updatePayment(db, payment.id, { status: "voided", error: "car gone" });
    return { slug: req.car, variant: req.variant, out: { ok: false, kind: "not-eligible", message: PAYMENT_MESSAGES.notEligible } };
  }
  if (payment.status === "pending") await updatePayment(db, payment.id, { status: "authorised" });
  const out = await finishAuthorised(
    { db, gateway: stripe },
    {
      manifest,
      car,
      contact: req.contact,
      userId: req.userId,
      idempotencyKey: payment.idempotency_key,
      url: req.url && req.url.startsWith("/") ? req.url : checkoutPath(req.car, req.variant),
    },
    { ...payment, status: "authorised" },
  );
  if (out.ok && !out.replay) await afterReserved(manifest, car, out.reservation, stripe.testMode);
  return { slug: req.car, variant: req.variant, out };
}

/** GET /api/reservations/stripe-return?payment_intent=…: Stripe.js sends the shopper here after confirming. */
export async function handleStripeReturn(request: Request, tenant: Tenant, deps: { db: () => Promise<Db> }): Promise<Response> {
  if (tenant.kind !== "site") return new Response(null, { status: 404 });
  const intentId = new URL(request.url).searchParams.get("payment_intent") ?? "";
  if (!/^pi_[A-Za-z0-9_]+$/.test(intentId)) return redirect("/");
  const db = await deps.db();
  const stripe = hostedProvider(tenant.manifest, db);
  if (!stripe) return redirect("/");
  const done = await finishStripeReservation(tenant.manifest, db, stripe, intentId);
  if (!done) return redirect("/");
  const path = checkoutPath(done.slug, done.variant);
  if (done.out.ok) return redirect(`${path}?reservation=${encodeURIComponent(done.out.reservation.id)}`);
  const code = done.out.kind === "taken" ? "taken" : done.out.kind === "not-eligible" ? "not-eligible" : done.out.kind;
  return redirect(`${path}?error=${code}`);
}

/** POST /api/reservations/stripe-webhook: Stripe's events, signature verified against the raw body. */
export async function handleStripeWebhook(
  request: Request,
  tenant: Tenant,
  deps: { db: () => Promise<Db>; env?: Record<string, string | undefined>; stripe?: PaymentProvider; carOf?: CarLookup },
): Promise<Response> {
  if (tenant.kind !== "site") return new Response(null, { status: 404 });
  const secret = webhookSecretFor(tenant.manifest, deps.env ?? process.env);
  const db = await deps.db();
  // Tests inject a provider whose client talks to a mocked API.
  const stripe = deps.stripe ?? gatewayForManifest(tenant.manifest, db, deps.env);
  if (!stripe?.parseWebhook || !stripe.webhookSignatureHeader || !secret) return new Response(null, { status: 404 });
  const raw = await request.text();
  let event: WebhookEvent;
  try {
    event = stripe.parseWebhook(raw, request.headers.get(stripe.webhookSignatureHeader) ?? "", secret);
  } catch {
    return new Response("Bad signature", { status: 400 });
  }
  if (event.action === "authorised" && event.ref) {
    if (event.metadata.dealer !== tenant.manifest.slug) return json(200, { received: true });
    // One webhook endpoint per dealer: an online payment's intent says so in its metadata (imported here, not at the top: online-payment.ts uses this module).
    if (event.metadata.kind === "online-payment") await (await import("./online-payment")).finishAndConfirm({ db, stripe }, tenant.manifest, event.ref);
    // A reservation deposit: the checkout's, or the checkout journey's (`kind: checkout-journey`, linked to its journey when the shopper is next seen).
    else await finishStripeReservation(tenant.manifest, db, stripe, event.ref, deps.carOf);
  } else if (event.action === "failed" && event.ref) {
    const payment = await paymentByRef(db, stripe.name, event.ref);
    if (payment && payment.status === "pending") await updatePayment(db, payment.id, { status: "declined", error: "payment_failed" });
  }
  return json(200, { received: true });
}
