import { describe, expect, it } from "vitest";
import { DELIVERY_POSTCODE_INVALID, DELIVERY_POSTCODE_REQUIRED, DELIVERY_UNKNOWN_AREA, lookupDelivery } from "./delivery";

describe("delivery lookup", () => {
  const table = [
    { from: "4000", to: "4179", region: "Brisbane Metro", price: 0 },
    { from: "4000", to: "4999", region: "Queensland", price: 900 },
  ];
  it("requires a postcode", () => {
    expect(lookupDelivery(table, "")).toEqual({ ok: false, message: DELIVERY_POSTCODE_REQUIRED });
    expect(lookupDelivery(table, "  ")).toEqual({ ok: false, message: DELIVERY_POSTCODE_REQUIRED });
    expect(DELIVERY_POSTCODE_REQUIRED).toBe("Please enter a postcode.");
  });
  it("refuses anything but four digits", () => {
    expect(lookupDelivery(table, "40")).toEqual({ ok: false, message: DELIVERY_POSTCODE_INVALID });
  });
  it("finds the first range holding the postcode", () => {
    expect(lookupDelivery(table, "4127")).toEqual({ ok: true, region: "Brisbane Metro", price: 0 });
    expect(lookupDelivery(table, "4350")).toEqual({ ok: true, region: "Queensland", price: 900 });
    expect(lookupDelivery(table, "4179")).toMatchObject({ region: "Brisbane Metro" });
  });
  it("answers unknown areas with the spec's message", () => {
    expect(lookupDelivery(table, "2000")).toEqual({ ok: false, message: DELIVERY_UNKNOWN_AREA });
    expect(lookupDelivery([], "4000")).toEqual({ ok: false, message: DELIVERY_UNKNOWN_AREA });
    expect(DELIVERY_UNKNOWN_AREA).toMatch(/^Sorry, we can't provide an estimate for that location\./);
  });
});
