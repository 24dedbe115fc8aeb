import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { sidebarButtons, type ConfiguredButton } from "./buttons";

describe("sidebar buttons", () => {
  const manifest = (features: Record<string, boolean>) => ({ features, dealerships: [{ id: 101, slug: "test-dealer", name: "T" }] }) as never;
  const buttons = (list: { action: string; flag?: string; label?: string }[]) => list as ConfiguredButton[];
  it("keeps the manifest's order and drops buttons whose flag or feature is off", () => {
    const [m, list] = [
      manifest({ finance: true, testDrive: false }),
      buttons([{ action: "finance" }, { action: "enquire", label: "Ask us" }, { action: "test-drive" }, { action: "reserve" }, { action: "call" }]),
    ];
    expect(sidebarButtons(list, m, testCar()).map((b) => [b.action, b.label])).toEqual([
      ["finance", "Get Finance Now"],
      ["enquire", "Ask us"],
      ["call", "Call"],
    ]);
  });
  it("shows no buying buttons for a sold car", () => {
    const [m, list] = [
      manifest({ finance: true, printPdf: true }),
      buttons([{ action: "enquire" }, { action: "finance" }, { action: "call" }, { action: "print" }]),
    ];
    expect(sidebarButtons(list, m, testCar({ status: "sold" })).map((b) => b.action)).toEqual(["call", "print"]);
  });
  it("links finance with the car's details and print to the printable page", () => {
    const [m, list] = [manifest({ finance: true, printPdf: true }), buttons([{ action: "finance" }, { action: "print" }])];
    const [finance, print] = sidebarButtons(list, m, testCar());
    expect(finance.href).toBe("/finance?preferredDealership=test-dealer&vehiclePriceBudget=32990&car_id=1&car_type=used&vin=JTMW43FV00D123456#finance-form");
    expect(print).toMatchObject({ href: "/print?car_id=2021-toyota-rav4-gx-abc123", newTab: true });
  });
  it("reads the site's enquire word: 'Message Now' where the site says Message (Harbour), 'Enquire Now' otherwise", () => {
    const list = buttons([{ action: "enquire" }]);
    const message = { features: {}, dealerships: [{ id: 101, slug: "test-dealer", name: "T" }], wording: { enquireButton: "Message" } } as never;
    expect(sidebarButtons(list, message, testCar())[0]!.label).toBe("Message Now");
    expect(sidebarButtons(list, manifest({}), testCar())[0]!.label).toBe("Enquire Now");
  });
  it("a reserved car shows one RESERVED mark in place of its reserve and buy-online buttons, and no link to reserve it", () => {
    const m = manifest({ reserve: true, onlinePurchase: true });
    const list = buttons([{ action: "enquire" }, { action: "reserve" }, { action: "buy-online" }, { action: "call" }]);
    const free = sidebarButtons(list, m, testCar());
    expect(free.map((b) => b.action)).toEqual(["enquire", "reserve", "buy-online", "call"]);
    const held = sidebarButtons(list, m, testCar({ reserved: true }));
    expect(held.map((b) => [b.action, b.label, b.href, b.reserved ?? false])).toEqual([
      ["enquire", "Enquire Now", expect.any(String), false],
      ["reserve", "RESERVED", null, true],
      ["call", "Call", null, false],
    ]);
    expect(held.some((b) => b.href?.includes("/checkout"))).toBe(false);
  });
  it("a car the stock marks reserved (a dealer's Hold) shows the RESERVED mark even where the site offers no reserve or buy-online button", () => {
    // A dealer without online reservations: no reserve button to stand in for, yet the car is held.
    const m = manifest({ finance: true, testDrive: true });
    const list = buttons([{ action: "enquire" }, { action: "test-drive" }, { action: "finance" }, { action: "reserve" }, { action: "call" }]);
    expect(sidebarButtons(list, m, testCar()).some((b) => b.reserved)).toBe(false);
    const held = sidebarButtons(list, m, testCar({ reserved: true, status: "in_stock" }));
    expect(held.map((b) => [b.action, b.label, b.reserved ?? false])).toEqual([
      ["reserve", "RESERVED", true],
      ["enquire", "Enquire Now", false],
      ["test-drive", "Book a Test Drive", false],
      ["finance", "Get Finance Now", false],
      ["call", "Call", false],
    ]);
    expect(held[0]!.href).toBeNull();
    // A sold car shows its SOLD notice instead: no RESERVED mark among its buttons.
    expect(sidebarButtons(list, m, testCar({ reserved: true, status: "sold" })).some((b) => b.reserved)).toBe(false);
  });
});
