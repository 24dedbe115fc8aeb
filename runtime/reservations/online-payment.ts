/**
 * /online-payment (always gated: a signed-in shopper only): a balance or other payment the dealer
 * asked for, e.g. by a link `/online-payment?reference=INV-1042&amount=1500`. One plain form post
 * to POST /api/payments/online, taken in one step (authorise, then capture) by the dealer's
 * gateway through the same adapter as reservations; the dealer gets it as a lead (category
 * `Online Payment`) through the outbox, the shopper a confirmation page and email.
 *
 * The built-in test gateway only for now: a dealer on Stripe is told online payment is not
 * available yet (its Payment Element flow is the reservation's, to be shared).
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "../db/types";
import type { DealerManifest } from "../generated/types";
import type { Tenant } from "../tenant";
import { SESSION_COOKIE, sessionUser } from "../accounts/sessions";
import { sendMessage } from "../accounts/delivery";
import { enqueueDeliveries, kickOutbox, startOutboxWorker } from "../leads/outbox";
import { destinationsFor } from "../leads/settings";
import { sameOriginRefusal } from "../http/same-origin";
import { checkContact, paymentAttemptAllowed, type CheckoutField } from "./api";
import { formatDeposit } from "./rules";
import { gatewayForManifest } from "./server";
import { TestGateway } from "./gateway/test-gateway";
import { PAYMENT_MESSAGES } from "./gateway/types";
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
  deps: { db: Db; gateway: TestGateway },
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
     VALUES ($1, $2, $3, $4, $5, $6, 'test', $7, $8::jsonb)
     ON CONFLICT (idempotency_key) DO UPDATE SET updated_at = online_payments.updated_at
     RETURNING id, status, user_id`,
    [id, p.manifest.slug, p.userId, p.request.purpose, p.request.reference, p.request.amountCents, p.key, JSON.stringify(p.contact)],
  );
  if (row.user_id !== p.userId) return { ok: false, code: "failed" };
  if (row.status === "captured") return { ok: true, id: row.id, replay: true };
  const auth = await deps.gateway.authorise({ amountCents: p.request.amountCents, card: p.card, idempotencyKey: p.key });
  if (!auth.ok) {
    await deps.db.query("UPDATE online_payments SET status = $2, updated_at = now() WHERE id = $1", [row.id, auth.kind]);
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
  const captured = await deps.gateway.capture(auth.ref);
  if (!captured.ok) {
    await deps.gateway.void(auth.ref);
    await deps.db.query("UPDATE online_payments SET status = 'voided', gateway_ref = $2, updated_at = now() WHERE id = $1", [row.id, auth.ref]);
    return { ok: false, code: "failed" };
  }
  const leadId = randomUUID();
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO leads (id, dealer_slug, category, subcategory, status, form_completed, payload, completed_at)
       VALUES ($1, $2, $3, $4, 'Complete', true, $5::jsonb, now())`,
      [
        leadId,
        p.manifest.slug,
        ONLINE_PAYMENT_CATEGORY,
        p.request.purpose,
        JSON.stringify({
          ...p.contact,
          category: ONLINE_PAYMENT_CATEGORY,
          subcategory: p.request.purpose,
          message: `Online payment of ${formatDeposit(p.request.amountCents)} for ${p.request.purpose}, reference ${p.request.reference}${deps.gateway.testMode ? " (TEST MODE: no real money)" : ""}. Payment ${row.id}.`,
          payment_reference: p.request.reference,
          payment_amount: p.request.amountCents / 100,
          lead_status: "Complete",
          form_completed: true,
        }),
      ],
    );
    await enqueueDeliveries(tx, leadId, destinationsFor(p.manifest, ONLINE_PAYMENT_CATEGORY));
    await tx.query("UPDATE online_payments SET status = 'captured', gateway_ref = $2, lead_id = $3, updated_at = now() WHERE id = $1", [
      row.id,
      auth.ref,
      leadId,
    ]);
  });
  return { ok: true, id: row.id, replay: false };
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
  if (!(gateway instanceof TestGateway)) return back("unavailable");
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
  if (!out.replay) {
    startOutboxWorker();
    kickOutbox();
    await sendMessage({
      dealer: manifest.slug,
      channel: "email",
      to: contact.contact.email,
      subject: `Payment received: ${manifest.name}`,
      text: `Hi ${contact.contact.name},\n\nWe received your payment of ${formatDeposit(payment.request.amountCents)} for ${payment.request.purpose} (reference ${payment.request.reference}).${gateway.testMode ? " TEST MODE: no real money was taken." : ""}\nPayment number: ${out.id}\n\n${manifest.name}`,
    }).catch(() => console.info(`[payments] confirmation-not-sent site=${manifest.slug}`));
    console.info(`[payments] online-payment site=${manifest.slug} payment=${out.id}`);
  }
  return redirect(`/online-payment?payment=${encodeURIComponent(out.id)}`);
}
