/**
 * Stripe (gateway "stripe"), with the official `stripe` package.
 *
 * Flow (card details never reach this server): the checkout page asks us for a PaymentIntent
 * (`capture_method: "manual"`, created with an idempotency key and the dealer, car and our
 * payment id in its metadata) and gets only its client secret; the browser mounts Stripe's Payment
 * Element (Stripe.js, loaded on the checkout page only) and confirms there; Stripe redirects back
 * to our return URL, and Stripe's webhook (`payment_intent.amount_capturable_updated`, signature
 * verified with `webhooks.constructEvent`) says the same thing for a shopper who closed the tab.
 * Either way the server retrieves the intent, checks amount, currency and metadata, inserts the
 * reservation, then captures; a reservation that lost the race gets the intent cancelled (the
 * authorisation released). Every call that changes money carries an idempotency key derived from
 * our payment row, so a retry after a crash never charges twice.
 */
import Stripe from "stripe";
import type { GatewayOutcome, PaymentGateway, RemoteStatus } from "./types";
import { PAYMENT_MESSAGES } from "./types";

export interface StripeConfig {
  secretKey: string;
  /** Injected client (tests). */
  client?: Stripe;
}

export interface IntentInfo {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

function statusOf(pi: { status: string; amount_received?: number }): RemoteStatus {
  switch (pi.status) {
    case "requires_capture":
      return "authorised";
    case "succeeded":
      return "captured";
    case "canceled":
      return "voided";
    case "requires_payment_method":
      return "declined";
    default:
      return "unknown";
  }
}

function failure(e: unknown): GatewayOutcome {
  const type = (e as { type?: string }).type;
  if (type === "StripeCardError") return { ok: false, kind: "declined", message: PAYMENT_MESSAGES.declined };
  return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed };
}

export class StripeGateway implements PaymentGateway {
  readonly name = "stripe" as const;
  readonly testMode: boolean;
  private readonly stripe: Stripe;

  constructor(config: StripeConfig) {
    this.stripe = config.client ?? new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
    this.testMode = config.secretKey.startsWith("sk_test_");
  }

  /** A PaymentIntent to be confirmed in the browser; only its client secret goes to the page. */
  async createIntent(p: { amountCents: number; idempotencyKey: string; metadata: Record<string, string>; description: string }) {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: p.amountCents,
        currency: "aud",
        capture_method: "manual",
        automatic_payment_methods: { enabled: true },
        description: p.description,
        metadata: p.metadata,
      },
      { idempotencyKey: p.idempotencyKey },
    );
    return { id: pi.id, clientSecret: pi.client_secret! };
  }

  async retrieve(id: string): Promise<IntentInfo> {
    const pi = await this.stripe.paymentIntents.retrieve(id);
    return { id: pi.id, status: pi.status, amount: pi.amount, currency: pi.currency, metadata: { ...pi.metadata } };
  }

  async capture(ref: string, idempotencyKey: string): Promise<GatewayOutcome> {
    try {
      await this.stripe.paymentIntents.capture(ref, {}, { idempotencyKey: `${idempotencyKey}:capture` });
      return { ok: true, ref };
    } catch (e) {
      return failure(e);
    }
  }

  async void(ref: string, idempotencyKey: string): Promise<GatewayOutcome> {
    try {
      await this.stripe.paymentIntents.cancel(ref, { cancellation_reason: "abandoned" }, { idempotencyKey: `${idempotencyKey}:void` });
      return { ok: true, ref };
    } catch (e) {
      return failure(e);
    }
  }

  async refund(ref: string, idempotencyKey: string): Promise<GatewayOutcome> {
    try {
      await this.stripe.refunds.create({ payment_intent: ref, reason: "requested_by_customer" }, { idempotencyKey: `${idempotencyKey}:refund` });
      return { ok: true, ref };
    } catch (e) {
      return failure(e);
    }
  }

  async lookup(p: { idempotencyKey: string; ref: string | null }): Promise<{ ref: string; status: RemoteStatus } | null> {
    if (!p.ref) return null; // the intent is created before our row has anything to lose: no ref, nothing taken
    const pi = await this.stripe.paymentIntents.retrieve(p.ref);
    return { ref: pi.id, status: statusOf(pi) };
  }

  /** Verifies a webhook's Stripe-Signature against the raw body; throws when it does not match. */
  verifyWebhook(rawBody: string, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
  }
}
