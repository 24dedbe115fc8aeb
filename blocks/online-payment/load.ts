import { randomUUID } from "node:crypto";
import type { ResolvedOnlinePaymentProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { getDb } from "@/runtime/db";
import { currentAccount } from "@/runtime/accounts/current";
import { CHECKOUT_ERRORS, CONTACT_FIELDS } from "@/runtime/payments/purposes/contact";
import { ONLINE_PAYMENT_FIELDS, onlinePaymentById } from "@/runtime/payments/purposes/online-payment";
import { paymentPage, type PaymentPage } from "@/runtime/payments/registry";

export interface OnlinePaymentData {
  /** The dealer's provider as the page needs it (card entry, test mode, a hosted element's key), or null while none is configured here. */
  payment: PaymentPage | null;
  token: string;
  values: { purpose: string; reference: string; amount: string; email: string; phone: string };
  error: { message: string; fields: Array<{ field: string; message: string }> } | null;
  confirmation: { id: string; amountCents: number; purpose: string; reference: string } | null;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const FIELD_MESSAGES: Record<string, string> = { ...ONLINE_PAYMENT_FIELDS, ...CONTACT_FIELDS };

/** The signed-in shopper (the route is always gated), what a link or an error filled in, or the confirmation. */
export async function loadOnlinePayment(_props: ResolvedOnlinePaymentProps, site: SiteContext): Promise<OnlinePaymentData> {
  const q = site.searchParams;
  const account = await currentAccount(site.manifest.slug).catch(() => null);
  let confirmation: OnlinePaymentData["confirmation"] = null;
  const paymentId = one(q.payment);
  if (account && paymentId && /^[0-9a-f-]{36}$/.test(paymentId)) {
    const row = await onlinePaymentById(await getDb(), paymentId, site.manifest.slug, account.id);
    if (row && row.status === "captured") confirmation = { id: row.id, amountCents: row.amount_cents, purpose: row.purpose, reference: row.reference };
  }
  const code = one(q.error)?.slice(0, 20);
  const fields = (one(q.fields) ?? "")
    .split(",")
    .filter((f) => f in FIELD_MESSAGES)
    .map((field) => ({ field, message: FIELD_MESSAGES[field] }));
  return {
    payment: paymentPage(site.manifest, await getDb()),
    token: randomUUID().replace(/-/g, ""),
    values: {
      purpose: one(q.purpose)?.slice(0, 60) ?? "",
      reference: one(q.reference)?.slice(0, 40) ?? "",
      amount: one(q.amount)?.slice(0, 12) ?? "",
      email: account?.email ?? "",
      phone: account?.phone ?? "",
    },
    error:
      code && CHECKOUT_ERRORS[code]
        ? { message: code === "unavailable" ? "Online payment is not available on this site just now. Please contact us." : CHECKOUT_ERRORS[code], fields }
        : null,
    confirmation,
  };
}
