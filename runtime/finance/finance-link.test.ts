import { describe, expect, it } from "vitest";
import { financeLink, FINANCE_FORM_ANCHOR, linkedCarPrice } from "./finance-link";

describe("financeLink", () => {
  it("carries preferredDealership, vehiclePriceBudget, car_id, car_type and vin in that order, with #finance-form", () => {
    expect(financeLink({ preferredDealership: "harbour-toyota", vehiclePriceBudget: 32990, carId: 1234, carType: "used", vin: "jtdbr32e720012345" })).toBe(
      "/finance?preferredDealership=harbour-toyota&vehiclePriceBudget=32990&car_id=1234&car_type=used&vin=JTDBR32E720012345#finance-form",
    );
  });

  it("links to the finance form on /finance with no car", () => {
    expect(financeLink()).toBe(`/finance#${FINANCE_FORM_ANCHOR}`);
    expect(financeLink({ preferredDealership: "  " })).toBe("/finance#finance-form");
  });

  it("rounds the price to whole dollars and leaves out a missing, zero or negative one", () => {
    expect(financeLink({ vehiclePriceBudget: 29999.6 })).toBe("/finance?vehiclePriceBudget=30000#finance-form");
    for (const p of [0, -5, Number.NaN, null, undefined]) expect(financeLink({ vehiclePriceBudget: p })).toBe("/finance#finance-form");
  });

  it("encodes values", () => {
    expect(financeLink({ preferredDealership: "a&b=c", carId: "x y" })).toBe("/finance?preferredDealership=a%26b%3Dc&car_id=x+y#finance-form");
  });

  it("uses another site path as the base, keeping its query, and drops its hash", () => {
    expect(financeLink({ basePath: "/apply-for-finance", carId: 7 })).toBe("/apply-for-finance?car_id=7#finance-form");
    expect(financeLink({ basePath: "/finance?src=vdp#top", carId: 7 })).toBe("/finance?src=vdp&car_id=7#finance-form");
  });

  it("never links off the site", () => {
    for (const base of ["https://evil.example/finance", "//evil.example", "/\\evil.example", "javascript:alert(1)", "finance", "/fin\nance"]) {
      expect(financeLink({ basePath: base })).toBe("/finance#finance-form");
    }
  });
});

describe("linkedCarPrice", () => {
  it("reads the car's price back from a finance link", () => {
    const link = new URL(financeLink({ vehiclePriceBudget: 42990.4, carId: 7 }), "http://x");
    expect(linkedCarPrice(Object.fromEntries(link.searchParams))).toBe(42990);
    expect(linkedCarPrice({ vehiclePriceBudget: ["31000", "5"] })).toBe(31000);
  });
  it("is null without a whole positive price in reach", () => {
    for (const v of [undefined, "", "0", "-5", "12.5", "abc", "1e6", "999999999"]) expect(linkedCarPrice({ vehiclePriceBudget: v })).toBeNull();
  });
});
