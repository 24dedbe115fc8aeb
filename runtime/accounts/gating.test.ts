import { describe, expect, it } from "vitest";
import { accountSettingsDefaults } from "../generated/defaults";
import { gateFor } from "./gating";
import { signInHref } from "./kinds";

const none = accountSettingsDefaults;
const all = { gateCheckout: true, gateFinance: true, gateSpinToWin: true, gateEquifaxFinance: true };

describe("gated routes", () => {
  it("always gates online payment, my garage, the brand garage routes and personalised finance", () => {
    expect(gateFor(none, "/online-payment")).toBe("online-payment");
    for (const p of ["/my-garage", "/my-garage/", "/mymotorama", "/mybigboxcars", "/myblinkr", "/myservco"]) expect(gateFor(none, p)).toBe("my-garage");
    expect(gateFor(none, "/personalised/finance", { car_id: "1" })).toBe("car-finance");
  });

  it("gates checkout, finance, spin to win and equifax finance only by the site's flags", () => {
    const paths: [string, Record<string, string>][] = [
      ["/cars/2020-mg-zs/checkout", {}],
      ["/cars/2020-mg-zs/buy-online", {}],
      ["/checkout-journey", { car_id: "2020-mg-zs" }],
      ["/finance", {}],
      ["/spin-to-win", {}],
      ["/equifax-finance", {}],
    ];
    for (const [p, q] of paths) expect(gateFor(none, p, q)).toBeNull();
    expect(paths.map(([p, q]) => gateFor(all, p, q))).toEqual(["checkout", "checkout", "checkout", "finance", "spin-to-win", "finance"]);
  });

  it("does not redirect a checkout path with no car slug", () => {
    expect(gateFor(all, "/checkout-journey")).toBeNull();
    expect(gateFor(all, "/checkout-journey", { car_id: " " })).toBeNull();
    expect(gateFor(all, "/cars/checkout")).toBeNull();
  });

  it("leaves trade-in, sell-my-car and look-alike paths open", () => {
    for (const p of ["/trade-in", "/sell-my-car", "/cars/trade-in", "/my-garages", "/online-payments", "/financed"]) expect(gateFor(all, p)).toBeNull();
  });

  it("builds the sign-in URL with kind, redirect and back", () => {
    expect(signInHref("my-garage", "/my-garage?x=1", "/")).toBe("/sign-in?type=my-garage&redirect=%2Fmy-garage%3Fx%3D1&back=%2F");
  });
});
