import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Checkout } from "./Checkout";
import type { CheckoutData } from "./load";
import { blockSite } from "@/tests/helpers/block-site";
import { checkContact } from "@/runtime/payments/purposes/contact";

const base: CheckoutData = {
  car: {
    id: 9001,
    slug: "2023-chery-omoda-5",
    year: 2023,
    make: "Chery",
    model: "Omoda 5",
    badge: "BX",
    price: 29990,
    stocknum: "S9001",
    title: "2023 Chery Omoda 5 BX",
  },
  eligibility: { ok: true },
  depositCents: 20_000,
  holdHours: 48,
  timeZone: "Australia/Brisbane",
  payment: { cardEntry: "form", testMode: true, publishableKey: null, methods: ["mastercard", "visa", "maestro"] },
  token: "0123456789abcdef0123456789abcdef",
  error: null,
  prefill: { name: "", last_name: "", email: "", phone: "" },
  confirmation: null,
};
const props = { variant: "checkout" as const, terms: "The deposit is fully refundable." };
const html = (data: CheckoutData) => renderToStaticMarkup(<Checkout props={props} data={data} dataFailed={false} site={blockSite()} slots={{}} />);

describe("checkout page", () => {
  it("a plain form post with the deposit, hold, terms, payment marks and the test mode said plainly", () => {
    const out = html(base);
    expect(out).toMatch(/<form[^>]*action="\/api\/payments\/reserve\/pay"/);
    expect(out).toMatch(/<form[^>]*method="post"/);
    expect(out).toContain("<strong>$200</strong> holds this 2023 Chery Omoda 5 BX for you for <strong>48 hours</strong>");
    expect(out).toContain("100% refundable");
    expect(out).toContain("Test mode.");
    expect(out).toContain("4242 4242 4242 4242");
    // The test gateway takes card numbers typed into the form: card marks only, no wallet the page cannot use.
    for (const mark of ["Mastercard", "Visa", "Maestro"]) expect(out).toContain(`aria-label="${mark}"`);
    for (const mark of ["Google Pay", "Apple Pay"]) expect(out).not.toContain(`aria-label="${mark}"`);
    expect(out).toMatch(/<input id="checkout-terms" type="checkbox" required="" name="terms" value="yes"\/>/);
    expect(out).toContain('name="token" value="0123456789abcdef0123456789abcdef"');
    expect(out).toContain("Pay $200 deposit and reserve");
  });

  it("a hosted card element: no card fields of ours, no test numbers (the page reads the provider's card entry, not its name)", () => {
    const out = html({
      ...base,
      payment: { cardEntry: "hosted", testMode: true, publishableKey: "pk_test_x", methods: ["mastercard", "visa", "google-pay", "apple-pay"] },
    });
    expect(out).not.toContain('name="card_number"');
    expect(out).not.toContain("4242 4242 4242 4242");
    expect(out).toContain('data-card-entry="hosted"');
  });

  it("shows the error and links each field at fault", () => {
    const out = html({
      ...base,
      error: { code: "invalid", message: "Please fix the following errors:", fields: [{ field: "email", message: "Please enter a valid email address" }] },
    });
    expect(out).toContain('role="alert"');
    expect(out).toContain('<a href="#checkout-email">Please enter a valid email address</a>');
    expect(out).toContain('aria-invalid="true" aria-describedby="checkout-email-error"');
  });

  it("a reserved car: RESERVED and no form", () => {
    const out = html({ ...base, eligibility: { ok: false, reason: "reserved" } });
    expect(out).toContain("RESERVED");
    expect(out).not.toContain("<form");
    // The shopper reading it may be the one who reserved it: never "another buyer".
    expect(out).not.toContain("another buyer");
  });

  it("the confirmation", () => {
    const out = html({
      ...base,
      confirmation: {
        id: "5f0e",
        firstName: "Alex",
        maskedEmail: "a•••@example.com",
        depositCents: 20_000,
        expiresAt: "2026-11-26T00:00:00.000Z",
        status: "held",
      },
    });
    expect(out).toContain("Reservation confirmed");
    expect(out).toContain("Thank you, Alex");
    expect(out).toContain("26 November 2026 at 10:00 am");
    expect(out).toContain("a•••@example.com");
  });
});

describe("checkout contact check", () => {
  const form = (v: Record<string, string>) => (k: string) => v[k] ?? "";
  it("accepts good details, normalised", () => {
    expect(checkContact(form({ name: " Alex ", last_name: "Shopper", email: "Alex@Example.com", phone: "0412 345 678", terms: "yes" }))).toEqual({
      ok: true,
      contact: { name: "Alex", last_name: "Shopper", email: "alex@example.com", phone: "0412345678" },
    });
  });
  it("lists every field at fault, terms included", () => {
    expect(checkContact(form({ name: "A", email: "nope", phone: "123" }))).toMatchObject({ ok: false, fields: ["last_name", "email", "phone", "terms"] });
  });
});
