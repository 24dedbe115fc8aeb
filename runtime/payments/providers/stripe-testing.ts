/**
 * Test helper: a mocked Stripe API (no network) behind the official client. The client gets a fetch
 * of our own (Stripe.createFetchHttpClient), so the requests it makes, idempotency keys included,
 * are the real library's; webhooks are signed with Stripe's own test helper
 * (client.webhooks.generateTestHeaderString).
 */
import Stripe from "stripe";
import { StripeGateway } from "./stripe";

/** The webhook secret the test manifests' STRIPE_TEST_WH names. */
export const WEBHOOK_SECRET = "whsec_test_secret";

/** A dealer's reservation settings that take payments through Stripe in test mode. */
export const STRIPE_RESERVATIONS = {
  depositDollars: 200,
  holdHours: 48,
  gateway: "stripe",
  stripe: { publishableKey: "pk_test_x", secretKeyEnv: "STRIPE_TEST_SK", webhookSecretEnv: "STRIPE_TEST_WH" },
} as const;

/** One request the mocked API received. */
export interface SeenStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  form: URLSearchParams;
}

/**
 * A tiny Stripe API: PaymentIntents created, retrieved, captured and cancelled, kept in memory.
 * Intents are numbered pi_test_1, pi_test_2… per mock unless `intentId` names them (tests that
 * share a database across mocks need ids unique across the file).
 */
export function mockStripe(opts: { intentId?: () => string } = {}) {
  const intents = new Map<string, Record<string, unknown>>();
  const seen: SeenStripeRequest[] = [];
  let n = 0;
  let last = "";
  const intentId = opts.intentId ?? (() => `pi_test_${++n}`);
  const fetchFn = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers as HeadersInit);
    const form = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
    seen.push({ method: init?.method ?? "GET", path: url.pathname, idempotencyKey: headers.get("idempotency-key"), form });
    const reply = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "request-id": "req_1" } });
    const m = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(capture|cancel))?$/.exec(url.pathname);
    if (!m) return reply({ error: { type: "invalid_request_error", message: "unknown path" } }, 404);
    if (!m[1]) {
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) if (k.startsWith("metadata[")) metadata[k.slice(9, -1)] = v;
      const id = intentId();
      last = id;
      const pi = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        currency: form.get("currency"),
        status: "requires_payment_method",
        client_secret: `${id}_secret_abc`,
        capture_method: form.get("capture_method"),
        metadata,
      };
      intents.set(id, pi);
      return reply(pi);
    }
    const pi = intents.get(m[1]);
    if (!pi) return reply({ error: { type: "invalid_request_error", message: "no such intent" } }, 404);
    if (m[2] === "capture") pi.status = "succeeded";
    if (m[2] === "cancel") pi.status = "canceled";
    return reply(pi);
  }) as typeof fetch;
  const client = new Stripe("sk_test_123", { httpClient: Stripe.createFetchHttpClient(fetchFn), maxNetworkRetries: 0 });
  /** `last`: the id of the intent created most recently. */
  return { gateway: new StripeGateway({ secretKey: "sk_test_123", client }), client, intents, seen, last: () => last };
}

/** The event Stripe sends when a manual-capture intent of one of our payment kinds is authorised. */
export function capturableEvent(intentId: string, kind: string): string {
  return JSON.stringify({
    // One event per intent (Stripe's event ids are unique; the webhook skips an id it has processed).
    id: `evt_${intentId}`,
    object: "event",
    type: "payment_intent.amount_capturable_updated",
    data: { object: { id: intentId, object: "payment_intent", metadata: { dealer: "test-dealer", kind } } },
  });
}

/** Stripe's POST of a signed event to our webhook endpoint. */
export function webhookRequest(payload: string, signature: string): Request {
  return new Request("http://test-dealer.localhost/api/payments/webhook", {
    method: "POST",
    headers: { "stripe-signature": signature },
    body: payload,
  });
}
