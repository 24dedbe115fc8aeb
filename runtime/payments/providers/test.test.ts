import { describe, expect, it } from "vitest";
import { checkTestCard, luhnOk, TEST_CARDS } from "./test";
import { PAYMENT_MESSAGES } from "../types";

const NOW = new Date("2026-11-24T00:00:00Z");
const card = (number: string, expiry = "12/30", cvc = "123") => checkTestCard({ number, expiry, cvc }, NOW);

describe("test gateway cards", () => {
  it("every documented number passes Luhn and does what it says", () => {
    for (const c of TEST_CARDS) expect(luhnOk(c.number)).toBe(true);
    expect(card("4242 4242 4242 4242")).toEqual({ ok: true, digits: "4242424242424242", outcome: "success" });
    expect(card("5555-5555-5555-4444")).toMatchObject({ ok: true, outcome: "success" });
    expect(card("4000000000000002")).toMatchObject({ ok: true, outcome: "declined" });
    expect(card("4000000000009995")).toMatchObject({ ok: true, outcome: "declined" });
    expect(card("4000000000000119")).toMatchObject({ ok: true, outcome: "failed" });
  });

  it("a valid number that is not a test card is not a test outcome (the gateway refuses it in test mode)", () => {
    expect(card("4111111111111111")).toEqual({ ok: true, digits: "4111111111111111", outcome: null });
  });

  it("refuses a bad number, a past or malformed expiry, and a bad security code", () => {
    const bad = { ok: false, message: PAYMENT_MESSAGES.invalidCard };
    expect(card("4242424242424241")).toEqual(bad);
    expect(card("42424242")).toEqual(bad);
    expect(card("4242424242424242", "10/26")).toEqual(bad);
    expect(card("4242424242424242", "11/26")).toMatchObject({ ok: true }); // valid through the end of its month
    expect(card("4242424242424242", "13/30")).toEqual(bad);
    expect(card("4242424242424242", "12/2030", "12")).toEqual(bad);
    expect(card("4242424242424242", "12/2030", "1234")).toMatchObject({ ok: true });
  });
});
