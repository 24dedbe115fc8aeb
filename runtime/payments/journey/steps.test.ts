import { describe, expect, it } from "vitest";
import { resolveFinanceSettings, SAMPLE_FINANCE_SETTINGS, SAMPLE_PREMIUM_SETTINGS } from "@/runtime/finance/settings";
import { ADJUSTMENT_QUESTIONS } from "@/runtime/leads/valuation";
import {
  advance,
  canEnter,
  carriedFinance,
  currentStep,
  emptyJourney,
  financeStart,
  goBack,
  MESSAGES,
  reachedStep,
  STEPS,
  tradeInValuation,
  validateContact,
  validateDelivery,
  validateFinance,
  validateSummary,
  validateTradeIn,
  type JourneyState,
} from "./steps";

const form =
  (fields: Record<string, string>) =>
  (k: string): string =>
    fields[k] ?? "";

const contact = { name: "Robin", last_name: "Buyer", email: "robin@example.com", phone: "0412345678", postcode: "4127" };
const settings = resolveFinanceSettings(SAMPLE_FINANCE_SETTINGS);

/** A journey with every answer in up to (not including) `upTo`. */
function journeyUpTo(upTo: (typeof STEPS)[number]): JourneyState {
  let s = emptyJourney();
  for (const step of STEPS) {
    if (step === upTo) break;
    if (step === "contact") s = advance(s, step, { contact });
    if (step === "delivery") s = advance(s, step, { delivery: { method: "pickup", locationId: 1, locationName: "Springwood" } });
    if (step === "trade-in") s = advance(s, step, { tradeIn: { has: false } });
    if (step === "finance") s = advance(s, step, { finance: { method: "cash" } });
    if (step === "deposit") s = { ...advance(s, step, {}), reservationId: "r-1" };
  }
  return s;
}

describe("the step machine", () => {
  it("starts at contact and walks the steps in order", () => {
    expect(STEPS).toEqual(["contact", "delivery", "trade-in", "finance", "deposit", "summary"]);
    const s = emptyJourney();
    expect(currentStep(s)).toBe("contact");
    expect(reachedStep(s)).toBe("contact");
    const after = advance(s, "contact", { contact });
    expect(after.step).toBe("delivery");
    expect(currentStep(after)).toBe("delivery");
  });

  it("resumes at the saved step after a reload, answers kept", () => {
    const saved = journeyUpTo("finance");
    // What the database gives back is plain JSON.
    const reloaded = JSON.parse(JSON.stringify(saved)) as JourneyState;
    expect(currentStep(reloaded)).toBe("finance");
    expect(reloaded.answers.contact).toEqual(contact);
  });

  it("never opens a step whose earlier steps are not complete", () => {
    const s = journeyUpTo("delivery");
    expect(canEnter(s, "contact")).toBe(true);
    expect(canEnter(s, "delivery")).toBe(true);
    expect(canEnter(s, "finance")).toBe(false);
    expect(currentStep(s, "summary")).toBe("delivery");
    expect(currentStep(s, "not-a-step")).toBe("delivery");
    // A saved step out of reach (a hand-edited row) falls back to the furthest reachable.
    expect(currentStep({ ...s, step: "summary" })).toBe("delivery");
  });

  it("opens an earlier step asked for ('Change'), keeping the later answers", () => {
    const s = journeyUpTo("summary");
    expect(currentStep(s, "contact")).toBe("contact");
    expect(currentStep(s)).toBe("summary");
  });

  it("never shows the deposit again once paid: back from the summary goes to finance", () => {
    const s = journeyUpTo("summary");
    expect(s.reservationId).toBe("r-1");
    expect(currentStep(s, "deposit")).toBe("summary");
    expect(goBack(s, "summary").step).toBe("finance");
    expect(goBack(journeyUpTo("deposit"), "deposit").step).toBe("finance");
    expect(goBack(emptyJourney(), "contact").step).toBe("contact");
  });
});

describe("contact", () => {
  it("takes a valid contact, normalising email and mobile", () => {
    const r = validateContact(form({ ...contact, email: " Robin@Example.com ", phone: "+61 412 345 678" }));
    expect(r).toEqual({ ok: true, value: { ...contact, email: "robin@example.com", phone: "0412345678" } });
  });

  it("names every field at fault with its message and keeps what was typed", () => {
    const r = validateContact(form({ name: "", last_name: "B", email: "nope", phone: "12", postcode: "41" }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { field: "name", message: MESSAGES.name },
      { field: "email", message: MESSAGES.email },
      { field: "phone", message: MESSAGES.phone },
      { field: "postcode", message: "Invalid postcode. Please enter a 4-digit number." },
    ]);
    expect(r.typed.email).toBe("nope");
  });
});

describe("delivery or pickup", () => {
  const locations = [
    { id: 10, name: "Springwood" },
    { id: 11, name: "Logan" },
  ];
  it("pickup needs one of the dealer's locations", () => {
    expect(validateDelivery(form({ method: "pickup", location: "11" }), locations)).toEqual({
      ok: true,
      value: { method: "pickup", locationId: 11, locationName: "Logan" },
    });
    const r = validateDelivery(form({ method: "pickup", location: "99" }), locations);
    expect(r.ok ? null : r.errors).toEqual([{ field: "location", message: "*Please select a dealership location" }]);
  });

  it("picks the only location when there is one", () => {
    expect(validateDelivery(form({ method: "pickup" }), [locations[0]!])).toMatchObject({ ok: true, value: { locationId: 10 } });
  });

  it("delivery needs a full address", () => {
    expect(validateDelivery(form({ method: "delivery", street: "1 Main St", suburb: "Logan", state: "qld", postcode: "4114" }), locations)).toEqual({
      ok: true,
      value: { method: "delivery", street: "1 Main St", suburb: "Logan", state: "QLD", postcode: "4114" },
    });
    const r = validateDelivery(form({ method: "delivery", street: "", suburb: "", state: "XX", postcode: "1" }), locations);
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(["street", "suburb", "state", "postcode"]);
  });

  it("asks for a choice", () => {
    const r = validateDelivery(form({}), locations);
    expect(r.ok ? null : r.errors).toEqual([{ field: "method", message: MESSAGES.method }]);
  });
});

describe("trade-in", () => {
  it("no trade-in is an answer", () => {
    expect(validateTradeIn(form({ has_trade_in: "no" }), ADJUSTMENT_QUESTIONS)).toEqual({ ok: true, value: { has: false } });
  });

  it("a trade-in needs rego, state and kilometres; answers default to each question's first option", () => {
    const r = validateTradeIn(form({ has_trade_in: "yes", rego: "trade 1", regoState: "qld", kms: "45,000", q_accident: "Yes" }), ADJUSTMENT_QUESTIONS);
    expect(r).toMatchObject({ ok: true, value: { has: true, rego: "TRADE1", regoState: "QLD", kms: 45000 } });
    if (!r.ok || !r.value.has) return;
    expect(r.value.adjustmentAnswers.accident).toBe("Yes");
    expect(r.value.adjustmentAnswers.serviceHistory).toBe("Yes");
  });

  it("names the fields at fault", () => {
    const r = validateTradeIn(form({ has_trade_in: "yes", rego: "!!", regoState: "ZZ", kms: "lots" }), ADJUSTMENT_QUESTIONS);
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(["rego", "regoState", "kms"]);
    const none = validateTradeIn(form({}), ADJUSTMENT_QUESTIONS);
    expect(none.ok ? [] : none.errors.map((e) => e.field)).toEqual(["has_trade_in"]);
  });

  it("keeps the valuation helper's answer", () => {
    expect(tradeInValuation({ status: "offer", offer_price: 30000, range: { low: 28500, high: 31500 } })).toEqual({
      status: "offer",
      offerPrice: 30000,
      low: 28500,
      high: 31500,
    });
    expect(tradeInValuation({ status: "not-eligible", message: "too old" })).toEqual({ status: "not-eligible", message: "too old" });
  });
});

describe("finance: the calculator's figures carried over", () => {
  it("starts at the car's price and the dealer's defaults", () => {
    const v = financeStart(settings, 32990, {});
    expect(v.price).toBe(32990);
    expect(v.termYears).toBe(5);
    expect(v.rate).toBe(10);
    expect(v.frequency).toBe("weekly");
  });

  it("takes the figures a link carried, clamped into the provider's ranges", () => {
    const v = financeStart(settings, 32990, { term: "3", deposit: "5000", frequency: "monthly", rate: "99" });
    expect(v).toMatchObject({ termYears: 3, deposit: 5000, frequency: "monthly", rate: 15 });
  });

  it("suggests a trade-in offer as the deposit when the link carried none", () => {
    expect(financeStart(settings, 32990, {}, 12000).deposit).toBe(12000);
    expect(financeStart(settings, 32990, { deposit: "3000" }, 12000).deposit).toBe(3000);
    // An offer worth more than the car leaves the smallest loan, never a deposit above the price.
    expect(financeStart(settings, 26990, {}, 33700).deposit).toBe(25990);
  });

  it("keeps a locked rate whatever the link says", () => {
    const premium = resolveFinanceSettings(SAMPLE_PREMIUM_SETTINGS);
    expect(financeStart(premium, 350000, { rate: "5" }).rate).toBe(8.5);
  });

  it("reads only figures from a link", () => {
    const q: Record<string, string> = { term: "4", deposit: "$5,000", frequency: "yearly", rate: "abc", residual: "0" };
    expect(carriedFinance((k) => q[k])).toEqual({ term: "4", deposit: "$5,000", residual: "0" });
  });

  it("validates the shopper's figures and works out the repayment as the calculator does", () => {
    const r = validateFinance(form({ pay_method: "finance", term: "5", deposit: "5000", frequency: "weekly", residual: "0", rate: "10" }), settings, 32990);
    expect(r.ok).toBe(true);
    if (!r.ok || r.value.method !== "finance") return;
    expect(r.value).toMatchObject({ price: 32990, termYears: 5, deposit: 5000, rate: 10, frequency: "weekly" });
    expect(r.value.payment).toBeGreaterThan(100);
    expect(r.value.payment).toBeLessThan(200);
  });

  it("refuses figures out of range with the calculator's help text", () => {
    const r = validateFinance(form({ pay_method: "finance", term: "30", deposit: "999999", frequency: "weekly" }), settings, 32990);
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(["term", "deposit", "deposit"]);
    if (!r.ok) expect(r.errors[0]!.message).toMatch(/^Cannot be less than \d+ or more than \d+$/);
  });

  it("cash needs no figures; without finance settings the answer is cash", () => {
    expect(validateFinance(form({ pay_method: "cash" }), settings, 32990)).toEqual({ ok: true, value: { method: "cash" } });
    expect(validateFinance(form({ pay_method: "finance" }), null, 32990)).toEqual({ ok: true, value: { method: "cash" } });
    const r = validateFinance(form({}), settings, 32990);
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(["pay_method"]);
  });
});

describe("summary", () => {
  it("needs the terms accepted", () => {
    expect(validateSummary(form({ terms: "yes" })).ok).toBe(true);
    expect(validateSummary(form({}))).toEqual({ ok: false, errors: [{ field: "terms", message: MESSAGES.terms }], typed: {} });
  });
});
