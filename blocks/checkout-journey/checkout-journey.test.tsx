import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { blockSite } from "@/tests/helpers/block-site";
import { CheckoutJourney } from "./CheckoutJourney";
import { emptyJourney } from "@/runtime/payments/journey/steps";
import { journeyData } from "./journey-data.fixture";
import type { JourneyData } from "./load";
import { calculate } from "@/runtime/finance/calculator";
import { resolveFinanceSettings, SAMPLE_PROVIDERS } from "@/runtime/finance";

const base = journeyData;
const props = { heading: "Buy online", terms: "Terms." };
const html = (data: JourneyData) => renderToStaticMarkup(<CheckoutJourney props={props} data={data} dataFailed={false} site={blockSite()} slots={{}} />);

describe("the journey's deposit step", () => {
  it("with the test gateway: card fields posted to our server, the test numbers, one Pay button", () => {
    const out = html(base);
    expect(out).toContain('name="card_number"');
    expect(out).toContain("Test mode.");
    expect(out).toContain("Pay $200 deposit");
  });

  it("on Stripe: no card field of ours (the Payment Element takes the card), no test mode, Back still there", () => {
    const out = html({
      ...base,
      testMode: false,
      payment: { cardEntry: "hosted", testMode: true, publishableKey: "pk_test_x", methods: ["mastercard", "visa", "google-pay", "apple-pay"] },
    });
    expect(out).not.toContain('name="card_number"');
    expect(out).not.toContain('name="card_cvc"');
    expect(out).not.toContain("Test mode.");
    expect(out).toContain('value="back"');
    expect(out).toContain("<strong>$200</strong> holds this 2023 Chery Omoda 5 BX");
  });
});

describe("the journey's contact step", () => {
  const fresh = { ...base, state: emptyJourney(), step: "contact" as const, reached: "contact" as const };
  it("starts from a signed-in shopper's details; what was saved or typed wins", () => {
    const out = html({ ...fresh, prefill: { name: "Robin", email: "robin@example.com" } });
    expect(out).toMatch(/name="name"[^>]*value="Robin"|value="Robin"[^>]*name="name"/);
    expect(out).toMatch(/name="email"[^>]*value="robin@example.com"|value="robin@example.com"[^>]*name="email"/);
    const typed = html({ ...fresh, prefill: { email: "robin@example.com" }, draft: { step: "contact", typed: { email: "typed@example.com" }, errors: [] } });
    expect(typed).toContain('value="typed@example.com"');
    expect(typed).not.toContain('value="robin@example.com"');
  });
});

describe("the journey's page around the steps", () => {
  it("shows the step's number, the progress with links back, and the refused post's summary", () => {
    const out = html({
      ...base,
      step: "delivery",
      draft: { step: "delivery", typed: {}, errors: [{ field: "location", message: "*Please select a dealership location" }] },
    });
    expect(out).toContain("Step 2 of 6: Delivery or pickup");
    expect(out).toContain('href="/checkout-journey?car_id=2023-chery-omoda-5&amp;step=contact"');
    expect(out).toContain('aria-current="step"');
    expect(out).toContain('data-testid="journey-error"');
    expect(out).toContain('href="#journey-location"');
  });

  it("the summary step: each answer with its Change link, and the terms", () => {
    const out = html({ ...base, step: "summary", reached: "summary", state: { ...base.state, reservationId: "r1" } });
    expect(out).toContain("Send my order");
    expect(out).toMatch(/<dt>Delivery or pickup <a [^>]*href="\/checkout-journey\?car_id=2023-chery-omoda-5&amp;step=delivery"/);
    expect(out).toContain('name="terms"');
    expect(out).toContain("Terms.");
  });

  it("once sent: the thanks and the answers without Change links; unavailable: why, and the way back", () => {
    const sent = html({ ...base, state: { ...base.state, submitted: true } });
    expect(sent).toContain("Order sent");
    expect(sent).toContain("Thank you, Robin.");
    expect(sent).not.toContain("Change");
    const reserved = html({ ...base, availability: "reserved" });
    expect(reserved).toContain('data-testid="journey-reserved"');
    expect(reserved).not.toContain('id="journey-form"');
  });
});

describe("the journey's finance step", () => {
  it("shows the rate with its comparison rate and the warning, never the rate alone", () => {
    const settings = resolveFinanceSettings({ defaultProvider: "prime", providers: [SAMPLE_PROVIDERS.prime] });
    const output = calculate(settings, { price: 29990, termYears: 5, rate: 8.5, deposit: 0, residual: 0, frequency: "weekly" });
    const out = html({ ...base, step: "finance", reached: "finance", finance: { output, termOptions: [1, 2, 3, 4, 5] } });
    const figure = /data-testid="finance-figure"[\s\S]*?<\/div>/.exec(out)?.[0] ?? "";
    expect(figure).toMatch(/at <strong>8\.50% p\.a\.<\/strong> \(comparison rate <strong>\d+\.\d\d% p\.a\.<\/strong>\*\)/);
    expect(figure).toContain("WARNING: This comparison rate is true only for the examples given");
  });
});
