import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/types";
import type { DealerManifest } from "../generated/types";
import { paymentPage, providerFor, providerNamed, registration, webhookSecretFor } from "./registry";

const db = { query: async () => [] } as unknown as Queryable;
const manifest = (reservations: Record<string, unknown>) => ({ reservations }) as unknown as Pick<DealerManifest, "reservations">;
const STRIPE = { gateway: "stripe", stripe: { publishableKey: "pk_test_x", secretKeyEnv: "SK", webhookSecretEnv: "WH" } };

describe("payment provider registry", () => {
  it("picks the dealer's provider by the manifest's name, and says what a page needs as declared properties", () => {
    const test = providerFor(manifest({ gateway: "test" }), db, {})!;
    expect(test).toMatchObject({ name: "test", cardEntry: "form", testMode: true });
    const stripe = providerFor(manifest(STRIPE), db, { SK: "sk_test_abc" })!;
    expect(stripe).toMatchObject({ name: "stripe", cardEntry: "hosted", testMode: true, webhookSignatureHeader: "stripe-signature" });
    expect(providerFor(manifest(STRIPE), db, { SK: "sk_live_abc" })!.testMode).toBe(false);
  });

  it("a provider whose secret is missing is not configured; an unknown name is no provider", () => {
    expect(providerFor(manifest(STRIPE), db, {})).toBeNull();
    expect(registration("nope")).toBeNull();
    expect(providerNamed("nope", null, db, {})).toBeNull();
  });

  it("a stored payment's provider: the test provider needs no dealer; another provider only with its dealer's settings", () => {
    expect(providerNamed("test", null, db, {})?.name).toBe("test");
    expect(providerNamed("stripe", manifest(STRIPE), db, { SK: "sk_test_abc" })?.name).toBe("stripe");
    expect(providerNamed("stripe", manifest({ gateway: "test" }), db, { SK: "sk_test_abc" })).toBeNull();
  });

  it("the webhook secret comes from the environment variable the dealer names", () => {
    expect(webhookSecretFor(manifest(STRIPE), { WH: "whsec_1" })).toBe("whsec_1");
    expect(webhookSecretFor(manifest({ gateway: "test" }), { WH: "whsec_1" })).toBeUndefined();
  });

  it("what a page reads of the provider: card entry, test mode and a hosted element's key, never its name", () => {
    // The marks the page shows are what the provider takes: the test gateway's form takes cards only.
    expect(paymentPage(manifest({ gateway: "test" }), db, {})).toEqual({
      cardEntry: "form",
      testMode: true,
      publishableKey: null,
      methods: ["mastercard", "visa", "maestro"],
    });
    expect(paymentPage(manifest(STRIPE), db, { SK: "sk_live_abc" })).toEqual({
      cardEntry: "hosted",
      testMode: false,
      publishableKey: "pk_test_x",
      methods: ["mastercard", "visa", "google-pay", "apple-pay"],
    });
    expect(paymentPage(manifest(STRIPE), db, {})).toBeNull();
  });
});
