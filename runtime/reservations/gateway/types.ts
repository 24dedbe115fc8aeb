/**
 * The payment adapter. Two gateways take a reservation's deposit:
 *  - "test" (test-gateway.ts): built in, in the spirit of Shopify's Bogus Gateway: documented test
 *    card numbers succeed, decline or fail; no account, no network; the page says "test mode".
 *  - "stripe" (stripe.ts): the official `stripe` package; the card is entered into Stripe's own
 *    Payment Element in the browser and confirmed there, so card details never reach this server.
 * Both authorise first and capture only once the reservation row exists; a payment whose
 * reservation lost the race (or never got written) is voided, a captured one refunded.
 */

export type GatewayName = "test" | "stripe";

export type GatewayOutcome = { ok: true; ref: string } | { ok: false; kind: "declined" | "failed"; message: string };

/** What a gateway says of a payment we hold a record of (reconcile after a crash). */
export type RemoteStatus = "authorised" | "captured" | "voided" | "refunded" | "declined" | "unknown";

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The page says so plainly when true. */
  readonly testMode: boolean;
  capture(ref: string, idempotencyKey: string): Promise<GatewayOutcome>;
  /** Releases an authorisation (nothing was taken). */
  void(ref: string, idempotencyKey: string): Promise<GatewayOutcome>;
  /** Returns a captured amount in full. */
  refund(ref: string, idempotencyKey: string): Promise<GatewayOutcome>;
  /** The gateway's view of the payment made under this idempotency key (or ref), for reconcile. */
  lookup(p: { idempotencyKey: string; ref: string | null }): Promise<{ ref: string; status: RemoteStatus } | null>;
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
