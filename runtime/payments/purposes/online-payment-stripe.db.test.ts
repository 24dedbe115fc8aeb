/**
 * Online payment through Stripe, against a mocked Stripe API (no network; see
 * gateway/stripe-testing.ts).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeEachDb } from "../../db/testing";
import type { Tenant } from "../../tenant";
import type { StripeGateway } from "../providers/stripe";
import { capturableEvent, mockStripe, STRIPE_RESERVATIONS, WEBHOOK_SECRET, webhookRequest } from "../providers/stripe-testing";
import { paymentWebhookRoute } from "@/tests/helpers/payment-routes";
import { finishOnlinePayment, ONLINE_PAYMENT_KIND, startHostedOnlinePayment } from "./online-payment";
import { CONTACT, reservationManifest } from "../../reservations/test-fixtures";

// No outbox worker and no real mail in these tests: the confirmation goes to a temporary local outbox.
process.env.LEADS_OUTBOX = "off";
process.env.AUTH_OUTBOX_DIR = mkdtempSync(path.join(tmpdir(), "opay-outbox-"));

const manifest = reservationManifest({
  reservations: STRIPE_RESERVATIONS,
} as never);
const tenant = { kind: "site", slug: manifest.slug, manifest } as unknown as Tenant;
/** The webhook takes no rate-limit point; the seam keeps the test off the shared limiter store. */
const NO_LIMITS = () => ({ take: async () => ({ ok: true as const }) });
const REQUEST = { purpose: "Service invoice", reference: "INV-1042", amountCents: 150_000 };

describe("Stripe webhook signatures (Stripe's own test helper)", () => {
  it("a payload signed with the endpoint's secret is accepted; a changed body or another secret is not", () => {
    const { gateway, client } = mockStripe();
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded", data: { object: { id: "pi_x" } } });
    const header = client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(gateway.parseWebhook(payload, header, WEBHOOK_SECRET)).toEqual({ action: "authorised", ref: "pi_x", metadata: {} });
    expect(() => gateway.parseWebhook(payload.replace("pi_x", "pi_y"), header, WEBHOOK_SECRET)).toThrow();
    expect(() => gateway.parseWebhook(payload, header, "whsec_other")).toThrow();
  });
});

describeEachDb("online payment through Stripe", (db) => {
  const start = (stripe: StripeGateway, key: string, userId = "u1") =>
    startHostedOnlinePayment({ db, provider: stripe }, { manifest, userId, contact: CONTACT, request: REQUEST, key });

  it("a manual-capture PaymentIntent with our idempotency key; only its client secret goes back; a resubmit is the same payment", async () => {
    const m = mockStripe();
    const first = await start(m.gateway, "opay_token-aaaaaaaaaaaaaaaa");
    expect(first).toMatchObject({ ok: true, clientSecret: "pi_test_1_secret_abc" });
    const created = m.seen.find((s) => s.method === "POST" && s.path === "/v1/payment_intents")!;
    expect(created.idempotencyKey).toBe("opay_token-aaaaaaaaaaaaaaaa");
    expect(Object.fromEntries(created.form)).toMatchObject({
      amount: "150000",
      currency: "aud",
      capture_method: "manual",
      "metadata[kind]": ONLINE_PAYMENT_KIND,
      "metadata[dealer]": "test-dealer",
    });
    // No card field is ever sent by us: the card is in Stripe's Element.
    expect([...created.form.keys()].some((k) => /card|number|cvc/.test(k))).toBe(false);
    const [row] = await db.query<{ status: string; gateway: string; gateway_ref: string }>(
      "SELECT status, gateway, gateway_ref FROM online_payments WHERE id = $1",
      [first.ok ? first.id : ""],
    );
    expect(row).toEqual({ status: "pending", gateway: "stripe", gateway_ref: "pi_test_1" });
    const again = await start(m.gateway, "opay_token-aaaaaaaaaaaaaaaa");
    expect(again.ok && first.ok && again.id === first.id).toBe(true);
    expect(m.seen.filter((s) => s.path === "/v1/payment_intents").map((s) => s.idempotencyKey)).toEqual([
      "opay_token-aaaaaaaaaaaaaaaa",
      "opay_token-aaaaaaaaaaaaaaaa",
    ]);
    // The token belongs to its shopper.
    expect(await start(m.gateway, "opay_token-aaaaaaaaaaaaaaaa", "u2")).toEqual({ ok: false, code: "failed" });
  });

  it("the return: an authorised intent is checked and captured (with its key), the lead written once; a second finish is a replay", async () => {
    const m = mockStripe();
    const started = await start(m.gateway, "opay_token-bbbbbbbbbbbbbbbb");
    const intentId = "pi_test_1";
    m.intents.get(intentId)!.status = "requires_capture"; // what Stripe.js's confirmation leaves
    const done = await finishOnlinePayment({ db, provider: m.gateway }, manifest, intentId);
    expect(done).toMatchObject({ ok: true, replay: false, id: started.ok ? started.id : "" });
    const captures = m.seen.filter((s) => s.path.endsWith("/capture"));
    expect(captures.map((s) => s.idempotencyKey)).toEqual(["opay_token-bbbbbbbbbbbbbbbb:capture"]);
    const [row] = await db.query<{ status: string; lead_id: string }>("SELECT status, lead_id FROM online_payments WHERE gateway_ref = $1", [intentId]);
    expect(row.status).toBe("captured");
    const [lead] = await db.query<{ category: string; payload: Record<string, unknown> }>("SELECT category, payload FROM leads WHERE id = $1", [row.lead_id]);
    expect(lead).toMatchObject({ category: "Online Payment", payload: { payment_reference: "INV-1042", payment_amount: 1500 } });
    expect(String(lead.payload.message)).toContain("(TEST MODE: no real money)");
    expect(await finishOnlinePayment({ db, provider: m.gateway }, manifest, intentId)).toMatchObject({ ok: true, replay: true });
    expect(m.seen.filter((s) => s.path.endsWith("/capture"))).toHaveLength(1);
    expect(
      await db.query("SELECT id FROM leads WHERE category = 'Online Payment' AND payload->>'message' LIKE $1", [
        `%Payment ${row.lead_id ? done.ok && done.id : ""}%`,
      ]),
    ).toHaveLength(1);
  });

  it("an intent that is not ours (another amount) is never captured; a declined one is marked declined", async () => {
    const m = mockStripe();
    await start(m.gateway, "opay_token-cccccccccccccccc");
    m.intents.get("pi_test_1")!.status = "requires_capture";
    m.intents.get("pi_test_1")!.amount = 100;
    expect(await finishOnlinePayment({ db, provider: m.gateway }, manifest, "pi_test_1")).toMatchObject({ ok: false, code: "failed" });
    expect(m.seen.some((s) => s.path.endsWith("/capture"))).toBe(false);
    const d = mockStripe();
    await start(d.gateway, "opay_token-dddddddddddddddd");
    expect(await finishOnlinePayment({ db, provider: d.gateway }, manifest, "pi_test_1")).toMatchObject({ ok: false, code: "declined" });
    const [row] = await db.query<{ status: string }>("SELECT status FROM online_payments WHERE idempotency_key = 'opay_token-dddddddddddddddd'");
    expect(row.status).toBe("declined");
    // Another dealer's intent id finds nothing here.
    expect(await finishOnlinePayment({ db, provider: d.gateway }, { ...manifest, slug: "other-dealer" }, "pi_test_1")).toEqual({
      ok: false,
      code: "failed",
    });
  });

  it("the webhook (signature checked) finishes the payment of a shopper who closed the tab; a forged one changes nothing", async () => {
    const m = mockStripe();
    await start(m.gateway, "opay_token-eeeeeeeeeeeeeeee");
    m.intents.get("pi_test_1")!.status = "requires_capture";
    const event = (id: string) => capturableEvent(id, ONLINE_PAYMENT_KIND);
    const post = (payload: string, signature: string) =>
      paymentWebhookRoute({ db: async () => db, env: { STRIPE_TEST_WH: WEBHOOK_SECRET }, provider: m.gateway, resolve: () => tenant, limiters: NO_LIMITS })(
        webhookRequest(payload, signature),
      );
    const forged = await post(event("pi_test_1"), m.client.webhooks.generateTestHeaderString({ payload: event("pi_test_1"), secret: "whsec_wrong" }));
    expect(forged.status).toBe(400);
    expect(m.seen.some((s) => s.path.endsWith("/capture"))).toBe(false);
    const ok = await post(event("pi_test_1"), m.client.webhooks.generateTestHeaderString({ payload: event("pi_test_1"), secret: WEBHOOK_SECRET }));
    expect(ok.status).toBe(200);
    const [row] = await db.query<{ status: string; lead_id: string | null }>(
      "SELECT status, lead_id FROM online_payments WHERE idempotency_key = 'opay_token-eeeeeeeeeeeeeeee'",
    );
    expect(row.status).toBe("captured");
    expect(row.lead_id).not.toBeNull();
  });
});
