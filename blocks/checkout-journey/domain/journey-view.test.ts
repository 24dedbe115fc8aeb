import { describe, expect, it } from "vitest";
import { calculate } from "@/runtime/finance/calculator";
import { resolveFinanceSettings, SAMPLE_FINANCE_SETTINGS } from "@/runtime/finance/settings";
import { journeyData as base } from "../journey-data.fixture";
import type { JourneyData } from "../load";
import {
  contactStart,
  deliveryStart,
  financeFormStart,
  journeyHref,
  journeyView,
  lastPost,
  progressOf,
  stepHeading,
  summaryRows,
  tradeInStart,
} from "./journey-view";
import { emptyJourney, financeStart, STEPS } from "@/runtime/payments/journey/steps";

const fresh: JourneyData = { ...base, state: emptyJourney(), step: "contact", reached: "contact" };
const typed = (data: JourneyData, t: Record<string, string>, errors: { field: string; message: string }[] = []): JourneyData => ({
  ...data,
  draft: { step: data.step, typed: t, errors },
});

describe("the journey's view", () => {
  it("links a car's journey, and a step of it", () => {
    expect(journeyHref("2023-x")).toBe("/checkout-journey?car_id=2023-x");
    expect(journeyHref("2023-x", "trade-in")).toBe("/checkout-journey?car_id=2023-x&step=trade-in");
  });

  it("shows the order once sent; a car reserved by someone else or sold is unavailable unless this journey holds it", () => {
    expect(journeyView(base)).toBe("step");
    expect(journeyView({ ...base, state: { ...base.state, submitted: true }, availability: "reserved" })).toBe("sent");
    expect(journeyView({ ...base, availability: "reserved" })).toBe("unavailable");
    expect(journeyView({ ...base, availability: "sold" as JourneyData["availability"] })).toBe("unavailable");
    const held = { id: "r1", depositCents: 20_000, expiresAt: null, status: "held" };
    expect(journeyView({ ...base, availability: "reserved", reservation: held })).toBe("step");
  });

  it("heads each step with its number", () => {
    expect(stepHeading("contact")).toBe(`Step 1 of ${STEPS.length}: Your details`);
    expect(stepHeading("summary")).toBe(`Step 6 of ${STEPS.length}: Summary`);
  });
});

describe("the journey's progress", () => {
  it("lists the steps in order; the reached ones before the current are links back and done", () => {
    const p = progressOf(base);
    expect(p.map((s) => s.step)).toEqual([...STEPS]);
    expect(p.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(p.filter((s) => s.current).map((s) => s.step)).toEqual(["deposit"]);
    expect(p.filter((s) => s.open).map((s) => s.step)).toEqual(["contact", "delivery", "trade-in", "finance"]);
    expect(p.filter((s) => s.done).map((s) => s.step)).toEqual(["contact", "delivery", "trade-in", "finance"]);
  });

  it("a shopper sent back to an earlier step may go forward again as far as reached", () => {
    const p = progressOf({ ...base, step: "delivery" });
    expect(p.filter((s) => s.open).map((s) => s.step)).toEqual(["contact", "trade-in", "finance", "deposit"]);
    expect(p.find((s) => s.step === "delivery")).toMatchObject({ current: true, done: false, open: false });
  });

  it("never links back to a paid deposit", () => {
    const paid = { ...base, state: { ...base.state, reservationId: "r1" }, step: "summary" as const, reached: "summary" as const };
    const deposit = progressOf(paid).find((s) => s.step === "deposit")!;
    expect(deposit).toMatchObject({ open: false, done: true });
  });

  it("nothing is open or done at the start", () => {
    const p = progressOf(fresh);
    expect(p.some((s) => s.open || s.done)).toBe(false);
  });
});

describe("where each step's fields start", () => {
  it("a refused post's typed text and messages", () => {
    const d = typed(fresh, { name: "R" }, [{ field: "email", message: "Please enter a valid email address" }]);
    expect(lastPost(d).typed).toEqual({ name: "R" });
    expect(lastPost(d).err("email")).toBe("Please enter a valid email address");
    expect(lastPost(d).err("name")).toBeUndefined();
    expect(lastPost(fresh).err("name")).toBeUndefined();
  });

  it("contact: typed, else saved, else a signed-in shopper's details (never a postcode)", () => {
    expect(contactStart({ ...fresh, prefill: { name: "Pre", email: "pre@example.com" } })).toEqual({
      name: "Pre",
      last_name: "",
      email: "pre@example.com",
      phone: "",
      postcode: "",
    });
    expect(contactStart({ ...base, prefill: { name: "Pre" } }).name).toBe("Robin");
    expect(contactStart(typed({ ...base, step: "contact" }, { name: "Typed" })).name).toBe("Typed");
  });

  it("delivery: pickup at the only location by default; a saved address back in its fields", () => {
    const start = { ...fresh, step: "delivery" as const };
    expect(deliveryStart(start)).toEqual({ method: "pickup", location: "1", street: "", suburb: "", state: "QLD", postcode: "" });
    expect(
      deliveryStart({
        ...start,
        locations: [
          { id: 1, name: "A" },
          { id: 2, name: "B" },
        ],
      }).location,
    ).toBe("");
    expect(deliveryStart(base).location).toBe("1");
    const address = { method: "delivery" as const, street: "1 Main St", suburb: "Logan", state: "NSW", postcode: "2000" };
    const saved = { ...start, state: { ...fresh.state, answers: { delivery: address } } };
    expect(deliveryStart(saved)).toEqual({ method: "delivery", location: "1", street: "1 Main St", suburb: "Logan", state: "NSW", postcode: "2000" });
    expect(deliveryStart(typed(saved, { method: "pickup", street: "" })).street).toBe("");
  });

  it("trade-in: unanswered at first, questions at their first option; a saved valuation in words", () => {
    const questions = [{ id: "acc", question: "Accident?", options: ["No", "Yes"] }];
    const start = { ...fresh, step: "trade-in" as const, questions };
    expect(tradeInStart(start)).toEqual({ has: "", rego: "", regoState: "QLD", kms: "", answers: { acc: "No" }, estimate: null });
    expect(tradeInStart(base).has).toBe("no");
    const tradeIn = {
      has: true as const,
      rego: "ABC123",
      regoState: "VIC",
      kms: 45000,
      adjustmentAnswers: { acc: "Yes" },
      vehicle: { make: "Mazda", model: "CX-5", year: 2019 },
      valuation: { status: "offer" as const, offerPrice: 21000, low: 20000, high: 22000 },
    };
    const saved = { ...start, state: { ...fresh.state, answers: { tradeIn } } };
    expect(tradeInStart(saved)).toEqual({
      has: "yes",
      rego: "ABC123",
      regoState: "VIC",
      kms: "45000",
      answers: { acc: "Yes" },
      estimate: "Your 2019 Mazda CX-5: estimate $21,000.",
    });
    const noEstimate = {
      ...saved,
      state: { ...saved.state, answers: { tradeIn: { ...tradeIn, valuation: { status: "no-estimate" as const, message: "Call us" } } } },
    };
    expect(tradeInStart(noEstimate).estimate).toBe("Call us");
    expect(tradeInStart(typed(saved, { kms: "50,000", q_acc: "No" }))).toMatchObject({ kms: "50,000", answers: { acc: "No" } });
  });

  it("finance: none when not offered; else with finance at the calculator's figures", () => {
    expect(financeFormStart(base)).toBeNull();
    const settings = resolveFinanceSettings(SAMPLE_FINANCE_SETTINGS);
    const output = calculate(settings, financeStart(settings, 29990, {}), { carPrice: 29990 });
    const offered = { ...fresh, step: "finance" as const, finance: { output, termOptions: [1, 2, 3, 4, 5] } };
    expect(financeFormStart(offered)).toEqual({
      method: "finance",
      term: String(output.used.termYears),
      deposit: String(output.used.deposit),
      frequency: output.used.frequency,
      residual: String(output.used.residual),
    });
    expect(financeFormStart({ ...offered, state: { ...fresh.state, answers: { finance: { method: "cash" } } } })!.method).toBe("cash");
    expect(financeFormStart(typed(offered, { deposit: "9000", term: "3" }))).toMatchObject({ deposit: "9000", term: "3" });
  });
});

describe("the journey's summary", () => {
  it("the car, the contact and each answer with the step it changes", () => {
    expect(summaryRows(base)).toEqual([
      { label: "Vehicle", text: "2023 Chery Omoda 5 BX · $29,990" },
      { label: "Your details", step: "contact", text: "Robin Buyer, robin@example.com, 0412345678, 4127" },
      { label: "Delivery or pickup", step: "delivery", text: "Pickup at Springwood" },
      { label: "Trade-in", step: "trade-in", text: "No trade-in" },
      { label: "Finance", step: "finance", text: "Paying without finance" },
    ]);
  });

  it("a car without a price, and only the answers given", () => {
    const rows = summaryRows({ ...base, car: { ...base.car, price: null }, state: { ...base.state, answers: { tradeIn: { has: false } } } });
    expect(rows).toEqual([
      { label: "Vehicle", text: "2023 Chery Omoda 5 BX" },
      { label: "Trade-in", step: "trade-in", text: "No trade-in" },
    ]);
  });

  it("the paid deposit, and while held, until when", () => {
    const reservation = { id: "r-42", depositCents: 20_000, expiresAt: "2025-03-01T02:00:00.000Z", status: "held" };
    const held = summaryRows({ ...base, reservation }).at(-1)!;
    expect(held.label).toBe("Deposit");
    expect(held.step).toBeUndefined();
    expect(held.text).toMatch(/^\$200\.00 paid, 100% refundable \(reservation r-42\), held until .*2025.*\(/);
    expect(summaryRows({ ...base, reservation: { ...reservation, status: "converted" } }).at(-1)!.text).toBe(
      "$200.00 paid, 100% refundable (reservation r-42)",
    );
  });
});
