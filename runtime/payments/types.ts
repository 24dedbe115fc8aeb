/**
 * The payment provider boundary. Every provider (the built-in test provider, Stripe, the next one)
 * implements this one interface and registers itself in registry.ts; the flows and purposes never
 * ask which provider they hold. In the spirit of Medusa's payment module: start (initiate),
 * authorise, capture, void (cancel), refund, lookup (status) and the webhook parsed into an action.
 * What a page needs to know of the provider (how the card is entered, test mode) is declared here
 * as properties, never found out by the provider's class.
 * Every provider authorises first and captures only once the purpose's record exists; a payment
 * whose record lost a race (or never got written) is voided, a captured one refunded.
 */

export type GatewayOutcome = { ok: true; ref: string } | { ok: false; kind: "declined" | "failed"; message: string };

/** What a provider says of a payment we hold a record of (reconcile after a crash). */
export type RemoteStatus = "authorised" | "captured" | "voided" | "refunded" | "declined" | "unknown";

/** The card fields of a plain form post (only a provider whose `cardEntry` is "form" reads them). */
export interface CardInput {
  number: string;
  /** "MM/YY" or "MM/YYYY". */
  expiry: string;
  cvc: string;
}

export interface StartRequest {
  amountCents: number;
  currency: "aud";
  description: string;
  /** Ours, kept by the provider with the payment: the dealer, the purpose, our payment id. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** `ref`: the provider's payment, when one exists before the card; `clientSecret`: what a hosted card element confirms with. */
export type StartOutcome = { ok: true; ref: string | null; clientSecret: string | null } | { ok: false; kind: "failed"; message: string };

export interface AuthoriseRequest {
  amountCents: number;
  currency: "aud";
  idempotencyKey: string;
  /** The provider's payment from `start` (a hosted element confirmed it in the browser). */
  ref: string | null;
  /** The card, for a provider that takes it from our form. */
  card?: CardInput;
  /** Metadata the provider's payment must carry (it is ours: this dealer, this payment). */
  metadata?: Record<string, string>;
}

/** Authorised (or already captured by an earlier call), refused, or not confirmed yet (the webhook finishes it). */
export type AuthoriseOutcome =
  { ok: true; ref: string; status: "authorised" | "captured" } | { ok: false; kind: "declined" | "failed" | "pending"; message: string };

/**
 * Thrown by a provider's `parseWebhook` for an event whose signature is good but whose content is
 * not an event it can read (no payment object, a body that is not a JSON object): the webhook
 * answers 400 with this message, distinct from a bad signature.
 */
export class WebhookUnreadable extends Error {
  override readonly name = "WebhookUnreadable";
}

/** A provider's webhook event, parsed: what it means for one of our payments. */
export interface WebhookEvent {
  /** The provider's id of the event: a delivery of one it has processed already is acknowledged and skipped. */
  id: string | null;
  action: "authorised" | "failed" | "ignored";
  ref: string | null;
  metadata: Record<string, string>;
}

/** The ways of paying a page can show a mark for, in the order it shows them. */
export const PAYMENT_METHODS = ["mastercard", "visa", "maestro", "google-pay", "apple-pay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentProvider {
  readonly name: string;
  /** What this provider actually takes from a shopper: the page shows these marks and no others. */
  readonly methods: readonly PaymentMethod[];
  /** The page says so plainly when true. */
  readonly testMode: boolean;
  /**
   * How the page takes the card: "form", card fields posted with the page's own form (works
   * before JavaScript); "hosted", the provider's element in the browser, confirmed with the
   * client secret `start` returns, so card details never reach this server.
   */
  readonly cardEntry: "form" | "hosted";
  start(p: StartRequest): Promise<StartOutcome>;
  authorise(p: AuthoriseRequest): Promise<AuthoriseOutcome>;
  capture(ref: string, idempotencyKey: string): Promise<GatewayOutcome>;
  /** Releases an authorisation (nothing was taken). */
  void(ref: string, idempotencyKey: string): Promise<GatewayOutcome>;
  /** Returns a captured amount in full. */
  refund(ref: string, idempotencyKey: string): Promise<GatewayOutcome>;
  /** The provider's view of the payment made under this idempotency key (or ref), for reconcile. */
  lookup(p: { idempotencyKey: string; ref: string | null }): Promise<{ ref: string; status: RemoteStatus } | null>;
  /** The query parameter naming the provider's payment when it sends the browser back to our `return` step (hosted card entry). */
  readonly returnRefParam?: string;
  /** The request header carrying a webhook's signature, when the provider sends webhooks. */
  readonly webhookSignatureHeader?: string;
  /** Verifies and reads a webhook (throws when its signature does not match, WebhookUnreadable when its content cannot be read); absent when the provider sends none. */
  parseWebhook?(rawBody: string, signature: string, secret: string): WebhookEvent;
}

/** Shopper-facing messages (kept together so the page, the API and the tests agree). */
export const PAYMENT_MESSAGES = {
  declined: "Your card was declined. No money has been taken. Please check the details or try another card.",
  failed: "We could not process the payment just now. No money has been taken. Please try again in a moment.",
  invalidCard: "Please check the card number, expiry date and security code.",
  notTestCard: "This site is in test mode: please use one of the test card numbers shown below. No real card is charged.",
  lostRace: "Sorry, someone reserved this car moments before you. Your payment has been cancelled automatically: no money has been taken.",
  alreadyReserved: "Sorry, this car has just been reserved by someone else. No payment was taken.",
  notEligible: "This car can no longer be reserved online. Please contact us about it.",
} as const;
