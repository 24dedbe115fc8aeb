import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { blockSite } from "@/tests/helpers/block-site";
import { CheckoutJourney } from "./CheckoutJourney";
import { advance, emptyJourney } from "@/runtime/payments/journey/steps";
import type { JourneyData } from "./load";

const contact = { name: "Robin", last_name: "Buyer", email: "robin@example.com", phone: "0412345678", postcode: "4127" };
let state = advance(emptyJourney(), "contact", { contact });
state = advance(state, "delivery", { delivery: { method: "pickup", locationId: 1, locationName: "Springwood" } });
state = advance(state, "trade-in", { tradeIn: { has: false } });
state = advance(state, "finance", { finance: { method: "cash" } });

const base: JourneyData = {
  kind: "journey",
  car: { id: "9001", slug: "2023-chery-omoda-5", title: "2023 Chery Omoda 5 BX", price: 29990, stocknum: "S9001" },
  availability: "ok",
  state,
  step: "deposit",
  reached: "deposit",
  draft: null,
  reservation: null,
  locations: [{ id: 1, name: "Springwood" }],
  questions: [],
  regoStates: ["QLD"],
  finance: null,
  carried: {},
  depositCents: 20_000,
  holdHours: 48,
  timeZone: "Australia/Brisbane",
  testMode: true,
  payment: { cardEntry: "form", testMode: true, publishableKey: null },
  prefill: {},
  token: "0123456789abcdef0123456789abcdef",
};
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
    const out = html({ ...base, testMode: false, payment: { cardEntry: "hosted", testMode: true, publishableKey: "pk_test_x" } });
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
