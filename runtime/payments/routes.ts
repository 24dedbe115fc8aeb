/**
 * The payment API's addresses: one route family, /api/payments/{purpose}/{step}, and one webhook
 * for every provider. Pages, their client parts, scripts and tests take the URLs from here.
 * Pure (no server code), so a client component may import it.
 *
 * Steps:
 *  - `pay`: the page's plain form post (works before JavaScript); a provider whose card is entered
 *    in our form (`cardEntry` "form") gets the card fields with it. The journey posts every step's
 *    form here; only its deposit step pays.
 *  - `intent`: a provider whose card is entered in its own hosted element (`cardEntry` "hosted"):
 *    the form's fields (JSON, never card data) → our payment row and the client secret the element
 *    confirms with.
 *  - `return`: where a hosted provider sends the browser back after confirming (GET).
 */
export const PURPOSE_NAMES = ["reserve", "online-payment", "journey-deposit"] as const;
export type PurposeName = (typeof PURPOSE_NAMES)[number];

export const PAYMENT_STEPS = ["pay", "intent", "return"] as const;
export type PaymentStep = (typeof PAYMENT_STEPS)[number];

export const isPurposeName = (v: unknown): v is PurposeName => typeof v === "string" && (PURPOSE_NAMES as readonly string[]).includes(v);
export const isPaymentStep = (v: unknown): v is PaymentStep => typeof v === "string" && (PAYMENT_STEPS as readonly string[]).includes(v);

export function paymentPath(purpose: PurposeName, step: PaymentStep): string {
  return `/api/payments/${purpose}/${step}`;
}

/** Where every provider posts its webhooks (the provider verifies its own signature). */
export const PAYMENT_WEBHOOK_PATH = "/api/payments/webhook";

/** A purpose's three addresses, for a page's form and its hosted card element. */
export function paymentUrls(purpose: PurposeName): { pay: string; intent: string; return: string } {
  return { pay: paymentPath(purpose, "pay"), intent: paymentPath(purpose, "intent"), return: paymentPath(purpose, "return") };
}

export const RESERVE_URLS = paymentUrls("reserve");
export const ONLINE_PAYMENT_URLS = paymentUrls("online-payment");
/** The checkout journey: every step's form posts to `pay`. */
export const JOURNEY_URLS = paymentUrls("journey-deposit");
