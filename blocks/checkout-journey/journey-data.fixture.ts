/**
 * A car's journey as the loader hands it to the page, for the page's and its view's tests: a
 * shopper who has answered contact, pickup, no trade-in and cash, now on the deposit step.
 */
import { advance, emptyJourney } from "@/runtime/payments/journey/steps";
import type { JourneyData } from "./load";

export const contact = { name: "Robin", last_name: "Buyer", email: "robin@example.com", phone: "0412345678", postcode: "4127" };

let state = advance(emptyJourney(), "contact", { contact });
state = advance(state, "delivery", { delivery: { method: "pickup", locationId: 1, locationName: "Springwood" } });
state = advance(state, "trade-in", { tradeIn: { has: false } });
state = advance(state, "finance", { finance: { method: "cash" } });

export const journeyData: JourneyData = {
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
  payment: { cardEntry: "form", testMode: true, publishableKey: null, methods: ["mastercard", "visa", "maestro"] },
  prefill: {},
  token: "0123456789abcdef0123456789abcdef",
};
