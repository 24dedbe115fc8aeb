import { describe, expect, it } from "vitest";
import { fieldErrorOf, listsTestCards } from "./form-state";

describe("payment form state", () => {
  it("finds a field's message in a rejected post, and none for a field that passed or without an error", () => {
    const error = { fields: [{ field: "email", message: "Please enter a valid email address" }] };
    expect(fieldErrorOf(error)("email")).toBe("Please enter a valid email address");
    expect(fieldErrorOf(error)("phone")).toBeUndefined();
    expect(fieldErrorOf(null)("email")).toBeUndefined();
  });
  it("lists test cards only for a provider in test mode that takes the card from our form", () => {
    expect(listsTestCards({ cardEntry: "form", testMode: true, publishableKey: null, methods: ["mastercard", "visa", "maestro"] })).toBe(true);
    expect(listsTestCards({ cardEntry: "form", testMode: false, publishableKey: null, methods: ["mastercard", "visa", "maestro"] })).toBe(false);
    expect(
      listsTestCards({ cardEntry: "hosted", testMode: true, publishableKey: "pk_test_x", methods: ["mastercard", "visa", "google-pay", "apple-pay"] }),
    ).toBe(false);
    expect(listsTestCards(null)).toBe(false);
  });
});
