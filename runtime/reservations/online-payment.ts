/**
 * /online-payment (always gated: a signed-in shopper only): a balance or other payment the dealer
 * asked for, e.g. by a link `/online-payment?reference=INV-1042&amount=1500`. One plain form post
 * to POST /api/payments/online, taken in one step (authorise, then capture) by the dealer's
 * gateway through the same adapter as reservations; the dealer gets it as a lead (category
 * `Online Payment`) through the outbox, the shopper a confirmation page and email.
 *
 * With the built-in test gateway the card fields are posted with the form (test numbers only).
 * With Stripe (the dealer's `reservations.gateway`), the same adapter as the checkout: the card goes
 * into Stripe's Payment Element in the browser (blocks/shared/payments/client/StripePayment.tsx);
 * POST /api/payments/online/stripe-intent records the payment and creates a manual-capture
 * PaymentIntent with an idempotency key (the page's token), answering only its client secret;
 * Stripe sends the shopper back to GET /api/payments/online/stripe-return, and its webhook
 * (/api/reservations/stripe-webhook, signature verified; metadata kind "online-payment") finishes a
 * payment whose shopper left: the intent is checked (amount, currency, our payment id), captured,
 * and the lead written, once. Card data never reaches this server.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "../db/types";
import type { DealerManifest } from "../generated/types";
import type { Tenant } from "../tenant";
import { SESSION_COOKIE, sessionUser } from "../accounts/sessions";
import { sendMessage } from "../accounts/delivery";
import { kickOutbox, startOutboxWorker } from "../leads/outbox";
import { createLead } from "../leads/create";
import { sameOriginRefusal } from "../http/same-origin";
import { checkContact, paymentAttemptAllowed, type CheckoutField } from "./api";
import { formatDeposit } from "./rules";
import { gatewayForManifest } from "./server";
import { PAYMENT_MESSAGES, type PaymentProvider } from "../payments/types";
import type { ReservationContact } from "./store";

export const ONLINE_PAYMENT_CATEGORY = "Online Payment";
export const ONLINE_PAYMENT_PURPOSES = ["Balance of vehicle purchase", "Service invoice", "Parts order", "Other payment"] as const;
/** The largest amount taken online (whole dollars): a larger balance is a bank transfer. */
export const ONLINE_PAYMENT_MAX_DOLLARS = 10_000;

export const ONLINE_PAYMENT_FIELDS = {
  purpose: "Please choose what the payment is for",
  reference: "Please enter the reference we gave you (letters, numbers, - and /)",
  amount: `Please enter an amount from $1 to $${ONLINE_PAYMENT_MAX_DOLLARS.toLocaleString("en-AU")}, in whole dollars`,
} as const;
export type OnlinePaymentField = keyof typeof ONLINE_PAYMENT_FIELDS | CheckoutField;

export interface OnlinePaymentRequest {
  purpose: string;
  reference: string;
  amountCents: number;
}

/** Checks purpose, reference and amount (pure). */
export function checkOnlinePayment(get: (k: string) => string): { ok: true; request: OnlinePaymentRequest } | { ok: false; fields: OnlinePaymentField[] } {
  const fields: OnlinePaymentField[] = [];
  const purpose = get("purpose");
  if (!(ONLINE_PAYMENT_PURPOSES as readonly string[]).includes(purpose)) fields.push("purpose");
  const reference = get("reference").trim().toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9/-]{0,39}$/.test(reference)) fields.push("reference");
  const amount = get("amount").trim().replace(/^\$/, "").replace(/,/g, "");
  const dollars = /^\d{1,6}$/.test(amount) ? Number(amount) : NaN;
  if (!(dollars >= 1 && dollars <= ONLINE_PAYMENT_MAX_DOLLARS)) fields.push("amount");
  if (fields.length) return { ok: false, fields };
  return { ok: true, request: { purpose, reference, amountCents: dollars * 100 } };
}

export interface OnlinePaymentRow {
  id: string;
  dealer_slug: string;
  user_id: string;
  purpose: string;
  reference: string;
  amount_cents: number;
  status: string;
  contact: ReservationContact;
  created_at: Date | string;
}

export async function onlinePaymentById(db: Db, id: string, dealer: string, userId: string): Promise<OnlinePaymentRow | null> {
  const [row] = await db.query<OnlinePaymentRow>("SELECT * FROM online_payments WHERE id = $1 AND dealer_slug = $2 AND user_id = $3", [id, dealer, userId]);
  return row ?? null;
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

/** Takes the payment (test gateway: authorise then capture), records it and the dealer's lead. */
export async function takeOnlinePayment(
  deps: { db: Db; gateway: PaymentProvider },
  p: {
    manifest: DealerManifest;
    userId: string;
    contact: ReservationContact;
    request: OnlinePaymentRequest;
    card: { number: string; expiry: string; cvc: string };
    key: string;
  },
): Promise<{ ok: true; id: string; replay: boolean } | { ok: false; code: "declined" | "failed" | "card" | "test-card" }> {
  const id = randomUUID();
  const [row] = await deps.db.query<{ id: string; status: string; user_id: string }>(
    `INSERT INTO online_payments (id, dealer_slug, user_id, purpose, reference, amount_cents, gateway, idempotency_key, contact)
     VALUES ($1, $2, $3, $4, $5, $6, $9, $7, $8::jsonb)
     ON CONFLICT (idempotency_key) DO UPDATE SET updated_at = online_payments.updated_at
     RETURNING id, status, user_id`,
    [id, p.manifest.slug, p.userId, p.request.purpose, p.request.reference, p.request.amountCents, p.key, JSON.stringify(p.contact), deps.gateway.name],
  );
  if (row.user_id !== p.userId) return { ok: false, code: "failed" };
  if (row.status === "captured") return { ok: true, id: row.id, replay: true };
  const auth = await deps.gateway.authorise({ amountCents: p.request.amountCents, currency: "aud", ref: null, card: p.card, idempotencyKey: p.key });
  if (!auth.ok) {
    await deps.db.query("UPDATE online_payments SET status = $2, updated_at = now() WHERE id = $1", [row.id, auth.kind === "declined" ? "declined" : "failed"]);
    const code =
      auth.message === PAYMENT_MESSAGES.invalidCard
        ? "card"
        : auth.message === PAYMENT_MESSAGES.notTestCard
          ? "test-card"
          : auth.kind === "declined"
            ? "declined"
            : "failed";
    return { ok: false, code };
  }
  const captured = await deps.gateway.capture(auth.ref, p.key);
  if (!captured.ok) {
    await deps.gateway.void(auth.ref, p.key);
    await deps.db.query("UPDATE online_payments SET status = 'voided', gateway_ref = $2, updated_at = now() WHERE id = $1", [row.id, auth.ref]);
    return { ok: false, code: "failed" };
  }
  await recordCaptured(deps.db, p.manifest, { id: row.id, contact: p.contact, request: p.request }, auth.ref, deps.gateway.testMode);
  return { ok: true, id: row.id, replay: false };
}

/**
 * The money is taken: in one transaction the dealer's lead (category `Online Payment`) and its
 * outbox rows, and the payment marked captured with its lead. Once per payment: a second caller
 * (the browser's return and Stripe's webhook) finds it captured and writes nothing.
 */
async function recordCaptured(
  db: Db,
  manifest: DealerManifest,
  p: { id: string; contact: ReservationContact; request: OnlinePaymentRequest },
  ref: string,
  testMode: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<{ status: string }>("SELECT status FROM online_payments WHERE id = $1 FOR UPDATE", [p.id]);
    if (!locked || locked.status === "captured") return false;
    const lead = await createLead(tx, {
      manifest,
      category: ONLINE_PAYMENT_CATEGORY,
      subcategory: p.request.purpose,
      fields: {
        ...p.contact,
        category: ONLINE_PAYMENT_CATEGORY,
        subcategory: p.request.purpose,
        message: `Online payment of ${formatDeposit(p.request.amountCents)} for ${p.request.purpose}, reference ${p.request.reference}${testMode ? " (TEST MODE: no real money)" : ""}. Payment ${p.id}.`,
        payment_reference: p.request.reference,
        payment_amount: p.request.amountCents / 100,
      },
      onForeignPlace: "drop",
      final: true,
    });
    if (!lead.ok) throw new Error("a paid purpose's lead is never refused");
    const leadId = lead.id;
    await tx.query("UPDATE online_payments SET status = 'captured', gateway_ref = $2, lead_id = $3, updated_at = now() WHERE id = $1", [p.id, ref, leadId]);
    return true;
  });
}

/** Metadata that marks a PaymentIntent as an online payment (the webhook endpoint is shared with reservations). */
export const ONLINE_PAYMENT_KIND = "online-payment";

/**
 * Stripe, step 1: the payment recorded (one per page token: a resubmitted form gets the same
 * payment and intent), then a manual-capture PaymentIntent created with the payment's idempotency
 * key. Only its client secret goes back to the page.
 */
export async function startStripeOnlinePayment(
  deps: { db: Db; stripe: PaymentProvider },
  p: { manifest: DealerManifest; userId: string; contact: ReservationContact; request: OnlinePaymentRequest; key: string },
): Promise<{ ok: true; id: string; clientSecret: string } | { ok: false; code: "failed" | "done" }> {
  const [row] = await deps.db.query<{ id: string; status: string; user_id: string; amount_cents: number; dealer_slug: string }>(
    `INSERT INTO online_payments (id, dealer_slug, user_id, purpose, reference, amount_cents, gateway, idempotency_key, contact)
     VALUES ($1, $2, $3, $4, $5, $6, $9, $7, $8::jsonb)
     ON CONFLICT (idempotency_key) DO UPDATE SET updated_at = online_payments.updated_at
     RETURNING id, status, user_id, amount_cents, dealer_slug`,
    [
      randomUUID(),
      p.manifest.slug,
      p.userId,
      p.request.purpose,
      p.request.reference,
      p.request.amountCents,
      p.key,
      JSON.stringify(p.contact),
      deps.stripe.name,
    ],
  );
  // A page token belongs to one shopper, dealer and amount.
  if (row.user_id !== p.userId || row.dealer_slug !== p.manifest.slug || row.amount_cents !== p.request.amountCents) return { ok: false, code: "failed" };
  if (row.status === "captured") return { ok: false, code: "done" };
  const intent = await deps.stripe.start({
    amountCents: row.amount_cents,
    currency: "aud",
    idempotencyKey: p.key,
    description: `${p.request.purpose}: ${p.request.reference}`,
    metadata: { dealer: p.manifest.slug, kind: ONLINE_PAYMENT_KIND, online_payment_id: row.id },
  });
  if (intent.ok && intent.ref && intent.clientSecret) {
    await deps.db.query("UPDATE online_payments SET gateway_ref = $2, updated_at = now() WHERE id = $1", [row.id, intent.ref]);
    return { ok: true, id: row.id, clientSecret: intent.clientSecret };
  } else {
    console.warn(`[payments] stripe-intent-failed site=${p.manifest.slug}`);
    await deps.db.query("UPDATE online_payments SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'pending'", [row.id]);
    return { ok: false, code: "failed" };
  }
}

export type StripeFinish = { ok: true; id: string; replay: boolean; row: OnlinePaymentRow } | { ok: false; code: "declined" | "failed"; id?: string };

/**
 * Stripe, step 2 (the browser's return and the webhook alike): the intent must be ours (this
 * dealer's payment, same amount, AUD); authorised → captured, then the lead written once. An
 * intent Stripe declined marks the payment declined; a failed capture releases the authorisation.
 */
export async function finishStripeOnlinePayment(deps: { db: Db; stripe: PaymentProvider }, manifest: DealerManifest, intentId: string): Promise<StripeFinish> {
  const [row] = await deps.db.query<OnlinePaymentRow & { gateway_ref: string | null; idempotency_key: string }>(
    "SELECT * FROM online_payments WHERE gateway = $3 AND gateway_ref = $1 AND dealer_slug = $2",
    [intentId, manifest.slug, deps.stripe.name],
  );
  if (!row) return { ok: false, code: "failed" };
  if (row.status === "captured") return { ok: true, id: row.id, replay: true, row };
  const auth = await deps.stripe.authorise({
    ref: intentId,
    amountCents: row.amount_cents,
    currency: "aud",
    idempotencyKey: row.idempotency_key,
    metadata: { online_payment_id: row.id, dealer: manifest.slug },
  });
  if (!auth.ok && auth.kind === "declined") {
    await deps.db.query("UPDATE online_payments SET status = 'declined', updated_at = now() WHERE id = $1 AND status = 'pending'", [row.id]);
    return { ok: false, code: "declined", id: row.id };
  }
  // Not ours, or still processing (the webhook finishes it).
  if (!auth.ok) return { ok: false, code: "failed", id: row.id };
  if (auth.status === "authorised") {
    const captured = await deps.stripe.capture(intentId, row.idempotency_key);
    if (!captured.ok) {
      // Could not take it: release the authorisation so nothing stays held on the card.
      const voided = await deps.stripe.void(intentId, row.idempotency_key);
      if (voided.ok) await deps.db.query("UPDATE online_payments SET status = 'voided', updated_at = now() WHERE id = $1", [row.id]);
      return { ok: false, code: "failed", id: row.id };
    }
  }
  const contact = (typeof row.contact === "string" ? JSON.parse(row.contact) : row.contact) as ReservationContact;
  const wrote = await recordCaptured(
    deps.db,
    manifest,
    { id: row.id, contact, request: { purpose: row.purpose, reference: row.reference, amountCents: row.amount_cents } },
    intentId,
    deps.stripe.testMode,
  );
  return { ok: true, id: row.id, replay: !wrote, row: { ...row, status: "captured" } };
}

/** POST /api/payments/online: the /online-payment form. */
export async function handleOnlinePaymentPost(request: Request, tenant: Tenant, deps: { db: () => Promise<Db> }): Promise<Response> {
  if (tenant.kind !== "site") return new Response(null, { status: 404 });
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const manifest = tenant.manifest;
  const data = await request.formData().catch(() => new FormData());
  const get = (k: string) => {
    const v = data.get(k);
    return typeof v === "string" ? v : "";
  };
  const db = await deps.db();
  const user = await sessionUser(db, manifest.slug, cookieValue(request, SESSION_COOKIE));
  if (!user) return redirect(`/sign-in?${new URLSearchParams({ type: "online-payment", redirect: "/online-payment", back: "/" }).toString()}`);
  const keep = { purpose: get("purpose"), reference: get("reference").slice(0, 40), amount: get("amount").slice(0, 12) };
  const back = (error: string, extra: Record<string, string> = {}) =>
    redirect(`/online-payment?${new URLSearchParams({ ...keep, error, ...extra }).toString()}`);
  const contact = checkContact((k) => (k === "terms" ? "yes" : get(k)));
  const payment = checkOnlinePayment(get);
  const fields = [...(payment.ok ? [] : payment.fields), ...(contact.ok ? [] : contact.fields)];
  if (!payment.ok || !contact.ok) return back("invalid", { fields: fields.join(",") });
  if (!(await paymentAttemptAllowed(request, manifest.slug))) return back("too-many");
  const gateway = gatewayForManifest(manifest, db);
  if (!gateway || gateway.cardEntry !== "form") return back("unavailable");
  const key = /^[A-Za-z0-9_-]{16,80}$/.test(get("token")) ? `opay_${get("token")}` : `opay_${randomUUID()}`;
  const out = await takeOnlinePayment(
    { db, gateway },
    {
      manifest,
      userId: user.id,
      contact: contact.contact,
      request: payment.request,
      card: { number: get("card_number"), expiry: get("card_expiry"), cvc: get("card_cvc") },
      key,
    },
  );
  if (!out.ok) return back(out.code);
  if (!out.replay) await afterPaid(manifest, contact.contact, payment.request, out.id, gateway.testMode);
  return redirect(`/online-payment?payment=${encodeURIComponent(out.id)}`);
}

/** After a payment is taken: the dealer's lead goes out now, the shopper gets a confirmation. Logs ids only. */
async function afterPaid(manifest: DealerManifest, contact: ReservationContact, request: OnlinePaymentRequest, id: string, testMode: boolean): Promise<void> {
  startOutboxWorker();
  kickOutbox();
  await sendMessage({
    dealer: manifest.slug,
    channel: "email",
    to: contact.email,
    subject: `Payment received: ${manifest.name}`,
    text: `Hi ${contact.name},\n\nWe received your payment of ${formatDeposit(request.amountCents)} for ${request.purpose} (reference ${request.reference}).${testMode ? " TEST MODE: no real money was taken." : ""}\nPayment number: ${id}\n\n${manifest.name}`,
  }).catch(() => console.info(`[payments] confirmation-not-sent site=${manifest.slug}`));
  console.info(`[payments] online-payment site=${manifest.slug} payment=${id}`);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}

type PaymentDeps = { db: () => Promise<Db>; env?: Record<string, string | undefined>; stripe?: PaymentProvider };

/** The dealer's provider when it takes the card in a hosted element, else null. */
function stripeFor(manifest: DealerManifest, db: Db, deps: PaymentDeps): PaymentProvider | null {
  if (deps.stripe) return deps.stripe;
  const g = gatewayForManifest(manifest, db, deps.env);
  return g?.cardEntry === "hosted" ? g : null;
}

/**
 * POST /api/payments/online/stripe-intent (JSON: the form's fields but the card, which is in
 * Stripe's Element): the same checks as the plain form, then the payment and its PaymentIntent;
 * answers {clientSecret, payment} (400 {message, fields}; 401 signed out; 429; 503 not on Stripe).
 */
export async function handleOnlinePaymentStripeIntent(request: Request, tenant: Tenant, deps: PaymentDeps): Promise<Response> {
  if (tenant.kind !== "site") return json(404, { message: "Not found" });
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const manifest = tenant.manifest;
  const db = await deps.db();
  const user = await sessionUser(db, manifest.slug, cookieValue(request, SESSION_COOKIE));
  if (!user) return json(401, { message: "Please sign in again to make a payment." });
  if (!(await paymentAttemptAllowed(request, manifest.slug))) return json(429, { message: "Too many payment attempts. Please wait a minute and try again." });
  const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
  const get = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : "");
  const contact = checkContact((k) => (k === "terms" ? "yes" : get(k)));
  const payment = checkOnlinePayment(get);
  const fields = [...(payment.ok ? [] : payment.fields), ...(contact.ok ? [] : contact.fields)];
  if (!payment.ok || !contact.ok) return json(400, { message: "Please fix the following errors:", fields });
  const stripe = stripeFor(manifest, db, deps);
  if (!stripe) return json(503, { message: "Online payment is not available on this site yet. Please contact us." });
  const key = /^[A-Za-z0-9_-]{16,80}$/.test(get("token")) ? `opay_${get("token")}` : `opay_${randomUUID()}`;
  const out = await startStripeOnlinePayment({ db, stripe }, { manifest, userId: user.id, contact: contact.contact, request: payment.request, key });
  if (!out.ok) return json(out.code === "done" ? 409 : 502, { message: out.code === "done" ? "This payment has been made already." : PAYMENT_MESSAGES.failed });
  return json(200, { clientSecret: out.clientSecret, payment: out.id });
}

/** Finishes a Stripe online payment (the return and the webhook); the confirmation once. */
export async function finishAndConfirm(deps: { db: Db; stripe: PaymentProvider }, manifest: DealerManifest, intentId: string): Promise<StripeFinish> {
  const out = await finishStripeOnlinePayment(deps, manifest, intentId);
  if (out.ok && !out.replay) {
    const contact = (typeof out.row.contact === "string" ? JSON.parse(out.row.contact) : out.row.contact) as ReservationContact;
    await afterPaid(
      manifest,
      contact,
      { purpose: out.row.purpose, reference: out.row.reference, amountCents: out.row.amount_cents },
      out.id,
      deps.stripe.testMode,
    );
  }
  return out;
}

/** GET /api/payments/online/stripe-return?payment_intent=…: where Stripe.js sends the shopper after confirming. */
export async function handleOnlinePaymentStripeReturn(request: Request, tenant: Tenant, deps: PaymentDeps): Promise<Response> {
  if (tenant.kind !== "site") return new Response(null, { status: 404 });
  const intentId = new URL(request.url).searchParams.get("payment_intent") ?? "";
  if (!/^pi_[A-Za-z0-9_]+$/.test(intentId)) return redirect("/online-payment");
  const db = await deps.db();
  const stripe = stripeFor(tenant.manifest, db, deps);
  if (!stripe) return redirect("/online-payment?error=unavailable");
  const out = await finishAndConfirm({ db, stripe }, tenant.manifest, intentId);
  return redirect(out.ok ? `/online-payment?payment=${encodeURIComponent(out.id)}` : `/online-payment?error=${out.code}`);
}
