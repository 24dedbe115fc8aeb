/**
 * Online payment (/online-payment, always gated: a signed-in shopper only): a balance or other
 * amount the dealer asked for, e.g. by a link `/online-payment?reference=INV-1042&amount=1500`.
 * The purpose's payments are the online_payments rows; nothing has to be won before the capture,
 * and on capture the dealer's lead (category `Online Payment`) is written once, through the
 * outbox, and the shopper gets a confirmation.
 *
 * Steps (/api/payments/online-payment/…): `pay` the page's plain form with the card fields (a
 * provider whose card is entered in our form), 303 to the confirmation or back with an error;
 * `intent` the form's fields but the card (JSON) → the hosted element's client secret; `return`
 * where a hosted provider sends the shopper back. The webhook finishes a payment whose shopper left.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Db, Queryable } from "../../db/types";
import type { DealerManifest } from "../../generated/types";
import { sendMessage } from "../../accounts/delivery";
import { SESSION_COOKIE, sessionUser } from "../../accounts/sessions";
import { apiError, json, seeOther } from "../../http/api-route";
import { createLead } from "../../leads/create";
import { kickOutbox, startOutboxWorker } from "../../leads/outbox";
import { formatDeposit, type PaymentStatus } from "../../reservations/rules";
import type { ReservationContact } from "../../reservations/store";
import {
  earlierPayment,
  finishHosted,
  pageKey,
  paymentAttemptAllowed,
  payWithForm,
  startHosted,
  type PaymentLedger,
  type PaymentRecord,
  type Settlement,
} from "../flow";
import type { PaymentPurpose } from "../purpose";
import { PAYMENT_MESSAGES, type CardInput, type PaymentProvider } from "../types";
import { checkContact, refusalCode, type CheckoutField } from "./contact";

export const ONLINE_PAYMENT_CATEGORY = "Online Payment";
export const ONLINE_PAYMENT_PURPOSES = ["Balance of vehicle purchase", "Service invoice", "Parts order", "Other payment"] as const;
/** The largest amount taken online (whole dollars): a larger balance is a bank transfer. */
export const ONLINE_PAYMENT_MAX_DOLLARS = 10_000;
/** The metadata `kind` of an online payment's hosted payment. */
export const ONLINE_PAYMENT_KIND = "online-payment";

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
  gateway: string;
  idempotency_key: string;
  gateway_ref: string | null;
  status: string;
  contact: ReservationContact | string;
  lead_id: string | null;
  created_at: Date | string;
}

export async function onlinePaymentById(db: Queryable, id: string, dealer: string, userId: string): Promise<OnlinePaymentRow | null> {
  const [row] = await db.query<OnlinePaymentRow>("SELECT * FROM online_payments WHERE id = $1 AND dealer_slug = $2 AND user_id = $3", [id, dealer, userId]);
  return row ?? null;
}

const record = (row: OnlinePaymentRow): PaymentRecord => ({
  id: row.id,
  dealer: row.dealer_slug,
  gateway: row.gateway,
  key: row.idempotency_key,
  ref: row.gateway_ref,
  amountCents: row.amount_cents,
  // The table has no 'authorised': an authorised payment stays pending until it is captured.
  status: row.status as PaymentStatus,
  request: { purpose: row.purpose, reference: row.reference, userId: row.user_id },
});

/** Online payments: one row per page token, owned by one dealer and signed-in shopper. */
export const onlinePaymentLedger: PaymentLedger = {
  async open(db, p) {
    const r = p.request as { purpose: string; reference: string; contact: ReservationContact };
    const [row] = await db.query<OnlinePaymentRow>(
      `INSERT INTO online_payments (id, dealer_slug, user_id, purpose, reference, amount_cents, gateway, idempotency_key, contact)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
       ON CONFLICT (idempotency_key) DO UPDATE SET updated_at = online_payments.updated_at
       RETURNING *`,
      [randomUUID(), p.dealer, p.owner, r.purpose, r.reference, p.amountCents, p.gateway, p.key, JSON.stringify(r.contact)],
    );
    return { payment: record(row), ours: row.dealer_slug === p.dealer && row.user_id === p.owner };
  },
  async byRef(db, gateway, ref) {
    // A provider's reference names one payment; the newest, should a provider ever reuse one.
    const [row] = await db.query<OnlinePaymentRow>("SELECT * FROM online_payments WHERE gateway = $1 AND gateway_ref = $2 ORDER BY created_at DESC LIMIT 1", [
      gateway,
      ref,
    ]);
    return row ? record(row) : null;
  },
  async byKey(db, p) {
    const [row] = await db.query<OnlinePaymentRow>("SELECT * FROM online_payments WHERE idempotency_key = $1", [p.key]);
    return row ? { payment: record(row), ours: row.dealer_slug === p.dealer && row.user_id === p.owner } : null;
  },
  async mark(db, id, patch) {
    const status = patch.status === "authorised" ? "pending" : patch.status;
    await db.query("UPDATE online_payments SET status = $2, gateway_ref = COALESCE($3, gateway_ref), updated_at = now() WHERE id = $1", [
      id,
      status,
      patch.ref ?? null,
    ]);
  },
};

const contactOf = (row: OnlinePaymentRow): ReservationContact =>
  (typeof row.contact === "string" ? JSON.parse(row.contact) : row.contact) as ReservationContact;

/**
 * The online payment as a settlement: nothing to win before the capture; on capture, in one
 * transaction, the dealer's lead and its outbox rows, linked to the payment. Once per payment: a
 * second caller (the browser's return and the webhook) finds the lead written.
 */
export function onlinePaymentSettlement(
  manifest: DealerManifest,
  opts: { testMode: boolean; notify?: (row: OnlinePaymentRow) => Promise<void> },
): Settlement<OnlinePaymentRow> {
  const load = async (db: Queryable, id: string) => (await db.query<OnlinePaymentRow>("SELECT * FROM online_payments WHERE id = $1", [id]))[0] ?? null;
  return {
    async claim(db, payment) {
      const row = await load(db, payment.id);
      if (!row) throw new Error("an online payment's row is missing");
      return row.lead_id ? { kind: "done", value: row } : { kind: "won", value: row };
    },
    async captured(db, payment, row) {
      const wrote = await db.transaction(async (tx) => {
        const [locked] = await tx.query<{ lead_id: string | null }>("SELECT lead_id FROM online_payments WHERE id = $1 FOR UPDATE", [payment.id]);
        if (!locked || locked.lead_id) return false;
        const lead = await createLead(tx, {
          manifest,
          category: ONLINE_PAYMENT_CATEGORY,
          subcategory: row.purpose,
          fields: {
            ...contactOf(row),
            category: ONLINE_PAYMENT_CATEGORY,
            subcategory: row.purpose,
            message: `Online payment of ${formatDeposit(row.amount_cents)} for ${row.purpose}, reference ${row.reference}${opts.testMode ? " (TEST MODE: no real money)" : ""}. Payment ${row.id}.`,
            payment_reference: row.reference,
            payment_amount: row.amount_cents / 100,
          },
          onForeignPlace: "drop",
          final: true,
        });
        if (!lead.ok) throw new Error("a paid purpose's lead is never refused");
        await tx.query("UPDATE online_payments SET status = 'captured', lead_id = $2, updated_at = now() WHERE id = $1", [payment.id, lead.id]);
        return true;
      });
      if (wrote) await opts.notify?.(row);
      return wrote;
    },
    async finished(db, payment) {
      const row = await load(db, payment.id);
      return row?.lead_id ? row : null;
    },
  };
}

/** After a payment is taken: the dealer's lead goes out now, the shopper gets a confirmation. Logs ids only. */
async function afterPaid(manifest: DealerManifest, row: OnlinePaymentRow, testMode: boolean): Promise<void> {
  startOutboxWorker();
  kickOutbox();
  const contact = contactOf(row);
  await sendMessage({
    dealer: manifest.slug,
    channel: "email",
    to: contact.email,
    subject: `Payment received: ${manifest.name}`,
    text: `Hi ${contact.name},\n\nWe received your payment of ${formatDeposit(row.amount_cents)} for ${row.purpose} (reference ${row.reference}).${testMode ? " TEST MODE: no real money was taken." : ""}\nPayment number: ${row.id}\n\n${manifest.name}`,
  }).catch(() => console.info(`[payments] confirmation-not-sent site=${manifest.slug}`));
  console.info(`[payments] online-payment site=${manifest.slug} payment=${row.id}`);
}

type Refusal = "declined" | "failed" | "card" | "test-card";

/** The card from our form (the test provider): authorised, captured, the lead written. */
export async function takeOnlinePayment(
  deps: { db: Db; provider: PaymentProvider; notify?: boolean },
  p: { manifest: DealerManifest; userId: string; contact: ReservationContact; request: OnlinePaymentRequest; card: CardInput; key: string },
): Promise<{ ok: true; id: string; replay: boolean } | { ok: false; code: Refusal }> {
  const out = await payWithForm(
    { db: deps.db, provider: deps.provider, ledger: onlinePaymentLedger },
    {
      dealer: p.manifest.slug,
      key: p.key,
      owner: p.userId,
      amountCents: p.request.amountCents,
      request: { purpose: p.request.purpose, reference: p.request.reference, contact: p.contact },
      card: p.card,
    },
    onlinePaymentSettlement(p.manifest, {
      testMode: deps.provider.testMode,
      notify: deps.notify ? (row) => afterPaid(p.manifest, row, deps.provider.testMode) : undefined,
    }),
  );
  if (out.ok) return { ok: true, id: out.value.id, replay: out.replay };
  const code = refusalCode(out.kind, out.message);
  return { ok: false, code: code === "card" || code === "test-card" || code === "declined" ? code : "failed" };
}

/** A hosted card element's start: the payment (one per page token), then the provider's payment; only its client secret goes back. */
export async function startHostedOnlinePayment(
  deps: { db: Db; provider: PaymentProvider },
  p: { manifest: DealerManifest; userId: string; contact: ReservationContact; request: OnlinePaymentRequest; key: string },
): Promise<{ ok: true; id: string; clientSecret: string } | { ok: false; code: "failed" | "done" }> {
  const out = await startHosted(
    { ...deps, ledger: onlinePaymentLedger },
    {
      dealer: p.manifest.slug,
      key: p.key,
      owner: p.userId,
      amountCents: p.request.amountCents,
      description: `${p.request.purpose}: ${p.request.reference}`,
      metadata: (payment) => ({ dealer: p.manifest.slug, kind: ONLINE_PAYMENT_KIND, online_payment_id: payment.id }),
      request: { purpose: p.request.purpose, reference: p.request.reference, contact: p.contact },
    },
  );
  if (out.ok) return { ok: true, id: out.payment.id, clientSecret: out.clientSecret };
  if (out.kind === "failed") console.warn(`[payments] intent-failed site=${p.manifest.slug}`);
  return { ok: false, code: out.kind === "done" ? "done" : "failed" };
}

export type HostedFinish = { ok: true; id: string; replay: boolean } | { ok: false; code: "declined" | "failed"; id?: string };

/** A hosted payment confirmed in the browser (the return and the webhook alike): checked, captured, the lead and the confirmation once. */
export async function finishOnlinePayment(
  deps: { db: Db; provider: PaymentProvider; notify?: boolean },
  manifest: DealerManifest,
  ref: string,
): Promise<HostedFinish> {
  const { db, provider } = deps;
  const payment = await onlinePaymentLedger.byRef(db, provider.name, ref);
  if (!payment || payment.dealer !== manifest.slug) return { ok: false, code: "failed" };
  const out = await finishHosted(
    { db, provider, ledger: onlinePaymentLedger },
    payment,
    { online_payment_id: payment.id, dealer: manifest.slug },
    onlinePaymentSettlement(manifest, { testMode: provider.testMode, notify: deps.notify ? (row) => afterPaid(manifest, row, provider.testMode) : undefined }),
  );
  if (out.ok) return { ok: true, id: payment.id, replay: out.replay };
  return { ok: false, code: out.kind === "declined" ? "declined" : "failed", id: payment.id };
}

const FORM_PATH = "/online-payment";

/** The payment this page's key already made for this shopper (a form sent again), or null. */
async function paidBefore(db: Db, manifest: DealerManifest, userId: string, key: string): Promise<OnlinePaymentRow | null> {
  const earlier = await earlierPayment(
    { db, ledger: onlinePaymentLedger },
    { dealer: manifest.slug, key, owner: userId },
    onlinePaymentSettlement(manifest, { testMode: false }),
  );
  return earlier.kind === "settled" ? earlier.value : null;
}

export const onlinePaymentPurpose: PaymentPurpose = {
  kind: ONLINE_PAYMENT_KIND,

  async pay(ctx) {
    const { manifest, get } = ctx;
    const db = await ctx.db();
    const user = await sessionUser(db, manifest.slug, ctx.cookie(SESSION_COOKIE));
    if (!user) return seeOther(`/sign-in?${new URLSearchParams({ type: "online-payment", redirect: FORM_PATH, back: "/" }).toString()}`);
    const key = pageKey("opay", get("token"), randomUUID);
    // The same page sent again after its payment went through: its confirmation, before the rate limit counts it as a new attempt.
    const paid = await paidBefore(db, manifest, user.id, key);
    if (paid) return seeOther(`${FORM_PATH}?payment=${encodeURIComponent(paid.id)}`);
    const keep = { purpose: get("purpose"), reference: get("reference").slice(0, 40), amount: get("amount").slice(0, 12) };
    const back = (error: string, extra: Record<string, string> = {}) =>
      seeOther(`${FORM_PATH}?${new URLSearchParams({ ...keep, error, ...extra }).toString()}`);
    const contact = checkContact((k) => (k === "terms" ? "yes" : get(k)));
    const payment = checkOnlinePayment(get);
    const fields = [...(payment.ok ? [] : payment.fields), ...(contact.ok ? [] : contact.fields)];
    if (!payment.ok || !contact.ok) return back("invalid", { fields: fields.join(",") });
    if (!(await paymentAttemptAllowed(ctx.request, manifest.slug))) return back("too-many");
    const provider = ctx.provider(db);
    if (!provider || provider.cardEntry !== "form") return back("unavailable");
    const out = await takeOnlinePayment(
      { db, provider, notify: true },
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
    return seeOther(`${FORM_PATH}?payment=${encodeURIComponent(out.id)}`);
  },

  async intent(ctx) {
    const { manifest, get } = ctx;
    const db = await ctx.db();
    const user = await sessionUser(db, manifest.slug, ctx.cookie(SESSION_COOKIE));
    if (!user) return apiError(401, "Please sign in again to make a payment.");
    const key = pageKey("opay", get("token"), randomUUID);
    const paid = await paidBefore(db, manifest, user.id, key);
    if (paid) return json(409, { message: "This payment has been made already.", redirect: `${FORM_PATH}?payment=${encodeURIComponent(paid.id)}` });
    if (!(await paymentAttemptAllowed(ctx.request, manifest.slug))) return apiError(429, "Too many payment attempts. Please wait a minute and try again.");
    const contact = checkContact((k) => (k === "terms" ? "yes" : get(k)));
    const payment = checkOnlinePayment(get);
    const fields = [...(payment.ok ? [] : payment.fields), ...(contact.ok ? [] : contact.fields)];
    if (!payment.ok || !contact.ok) return json(400, { message: "Please fix the following errors:", fields });
    const provider = ctx.provider(db);
    if (!provider || provider.cardEntry !== "hosted") return apiError(503, "Online payment is not available on this site yet. Please contact us.");
    const out = await startHostedOnlinePayment({ db, provider }, { manifest, userId: user.id, contact: contact.contact, request: payment.request, key });
    if (!out.ok)
      return json(out.code === "done" ? 409 : 502, { message: out.code === "done" ? "This payment has been made already." : PAYMENT_MESSAGES.failed });
    return json(200, { clientSecret: out.clientSecret, payment: out.id });
  },

  async return(ctx, ref) {
    if (!ref) return seeOther(FORM_PATH);
    const db = await ctx.db();
    const provider = ctx.provider(db);
    if (!provider || provider.cardEntry !== "hosted") return seeOther(`${FORM_PATH}?error=unavailable`);
    const out = await finishOnlinePayment({ db, provider, notify: true }, ctx.manifest, ref);
    return seeOther(out.ok ? `${FORM_PATH}?payment=${encodeURIComponent(out.id)}` : `${FORM_PATH}?error=${out.code}`);
  },

  async finish(deps, ref) {
    await finishOnlinePayment({ db: deps.db, provider: deps.provider, notify: true }, deps.manifest, ref);
  },

  failed: ({ db, provider }, ref) => markOnlinePaymentDeclined(db, provider.name, ref),
};

/** A hosted payment the provider says failed: marked declined while it was pending. */
export async function markOnlinePaymentDeclined(db: Queryable, gateway: string, ref: string): Promise<void> {
  await db.query("UPDATE online_payments SET status = 'declined', updated_at = now() WHERE gateway = $1 AND gateway_ref = $2 AND status = 'pending'", [
    gateway,
    ref,
  ]);
}
