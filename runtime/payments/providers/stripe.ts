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
import type { ProviderRegistration } from "../registry-types";
import {
  PAYMENT_MESSAGES,
  type AuthoriseOutcome,
  type AuthoriseRequest,
  type GatewayOutcome,
  type PaymentProvider,
  type RemoteStatus,
  type StartOutcome,
  type StartRequest,
  type WebhookEvent,
  WebhookUnreadable,
} from "../types";

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

export class StripeGateway implements PaymentProvider {
  readonly name = "stripe";
  readonly testMode: boolean;
  readonly cardEntry = "hosted";
  /** Stripe's Payment Element takes the card schemes Stripe processes in Australia and offers the wallets where the device has them. */
  readonly methods = ["mastercard", "visa", "google-pay", "apple-pay"] as const;
  readonly webhookSignatureHeader = "stripe-signature";
  /** Stripe.js appends the PaymentIntent's id to the return URL. */
  readonly returnRefParam = "payment_intent";
  private readonly stripe: Stripe;

  constructor(config: StripeConfig) {
    this.stripe = config.client ?? new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
    this.testMode = config.secretKey.startsWith("sk_test_");
  }

  /** A manual-capture PaymentIntent for the browser's Payment Element to confirm. */
  async start(p: StartRequest): Promise<StartOutcome> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: p.amountCents,
          currency: p.currency,
          capture_method: "manual",
          automatic_payment_methods: { enabled: true },
          description: p.description,
          metadata: p.metadata,
        },
        { idempotencyKey: p.idempotencyKey },
      );
      return { ok: true, ref: pi.id, clientSecret: pi.client_secret! };
    } catch {
      return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed };
    }
  }

  /** The intent the browser confirmed: ours (amount, currency, metadata) and authorised, or why not. */
  async authorise(p: AuthoriseRequest): Promise<AuthoriseOutcome> {
    if (!p.ref) return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed };
    const intent = await this.retrieve(p.ref);
    const ours =
      intent.amount === p.amountCents && intent.currency === p.currency && Object.entries(p.metadata ?? {}).every(([k, v]) => intent.metadata[k] === v);
    if (!ours) return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed };
    if (intent.status === "requires_capture") return { ok: true, ref: intent.id, status: "authorised" };
    if (intent.status === "succeeded") return { ok: true, ref: intent.id, status: "captured" };
    if (intent.status === "requires_payment_method" || intent.status === "canceled") return { ok: false, kind: "declined", message: PAYMENT_MESSAGES.declined };
    return { ok: false, kind: "pending", message: PAYMENT_MESSAGES.failed };
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

  /** Verifies a webhook's Stripe-Signature against the raw body (throws when it does not match) and says what it means. */
  parseWebhook(rawBody: string, signature: string, secret: string): WebhookEvent {
    return readStripeEvent(this.stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What a signed Stripe event means for one of our payments. Signed is not the same as well formed
 * (a test event, another API version, a hand-signed body): anything but an event object whose
 * `data.object` is an object is refused with a WebhookUnreadable saying what is missing, and only
 * string metadata values are kept.
 */
export function readStripeEvent(event: unknown): WebhookEvent {
  if (!isRecord(event)) throw new WebhookUnreadable("The webhook's body must be a JSON object (a Stripe event).");
  const data = event.data;
  if (!isRecord(data) || !isRecord(data.object)) throw new WebhookUnreadable("The event has no data.object: nothing to act on.");
  const intent = data.object;
  const action =
    event.type === "payment_intent.amount_capturable_updated" || event.type === "payment_intent.succeeded"
      ? "authorised"
      : event.type === "payment_intent.payment_failed"
        ? "failed"
        : "ignored";
  const metadata: Record<string, string> = {};
  if (isRecord(intent.metadata)) for (const [k, v] of Object.entries(intent.metadata)) if (typeof v === "string") metadata[k] = v;
  return { id: typeof event.id === "string" ? event.id : null, action, ref: typeof intent.id === "string" ? intent.id : null, metadata };
}

export const stripeProvider: ProviderRegistration = {
  name: "stripe",
  create: ({ settings, env }) => {
    const key = settings.stripe?.secretKeyEnv ? env[settings.stripe.secretKeyEnv] : undefined;
    return key ? new StripeGateway({ secretKey: key }) : null;
  },
  webhookSecretEnv: (settings) => settings.stripe?.webhookSecretEnv,
  publishableKey: (settings) => settings.stripe?.publishableKey ?? null,
};
