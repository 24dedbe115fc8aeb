import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { OnlinePayment } from "./OnlinePayment";
import type { OnlinePaymentData } from "./load";
import { blockSite } from "@/tests/helpers/block-site";

const base: OnlinePaymentData = {
  payment: { cardEntry: "form", testMode: true, publishableKey: null, methods: ["mastercard", "visa", "maestro"] },
  token: "0123456789abcdef0123456789abcdef",
  values: { purpose: "", reference: "INV-1042", amount: "1500", email: "a@example.com", phone: "" },
  error: null,
  confirmation: null,
};
const props = { heading: "Make a payment", intro: "Pay a balance." };
const html = (data: OnlinePaymentData) => renderToStaticMarkup(<OnlinePayment props={props} data={data} dataFailed={false} site={blockSite()} slots={{}} />);

describe("online payment page", () => {
  it("a plain form post, filled in from the link, with the marks and the test mode", () => {
    const out = html(base);
    expect(out).toMatch(/<form[^>]*action="\/api\/payments\/online-payment\/pay"/);
    expect(out).toContain('name="reference" value="INV-1042"');
    expect(out).toContain('name="amount" value="1500"');
    expect(out).toContain("Test mode.");
    expect(out).toContain('aria-label="Visa"');
    expect(out).not.toContain('aria-label="Apple Pay"');
  });
  it("a dealer on Stripe: no card fields of ours (the card goes into Stripe's Element), no test mode", () => {
    const out = html({
      ...base,
      payment: { cardEntry: "hosted", testMode: true, publishableKey: "pk_test_x", methods: ["mastercard", "visa", "google-pay", "apple-pay"] },
    });
    expect(out).not.toContain('name="card_number"');
    expect(out).not.toContain('name="card_cvc"');
    expect(out).not.toContain("Test mode.");
    expect(out).toContain('name="amount" value="1500"');
    // Stripe's element offers the wallets: their marks are shown.
    expect(out).toContain('aria-label="Apple Pay"');
    expect(out).toContain('aria-label="Google Pay"');
  });
  it("the confirmation", () => {
    const out = html({ ...base, confirmation: { id: "p1", amountCents: 150_000, purpose: "Service invoice", reference: "INV-1042" } });
    expect(out).toContain("Payment received");
    expect(out).toContain("<strong>$1,500</strong> for Service invoice (reference INV-1042)");
  });
});
