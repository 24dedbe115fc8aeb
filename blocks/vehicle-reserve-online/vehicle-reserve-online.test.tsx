import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-reserve-online block", () => {
  it("offers the reservation with the manifest's deposit, hold and 100% refundable", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar() });
    expect(out).toContain('data-section="vdp-reserve-online"');
    expect(out).toMatch(/\$200<\/strong> deposit.*48 hours.*100% refundable/);
    expect(out).toContain('href="/cars/2021-toyota-rav4-gx-abc123/checkout"');
    const custom = await renderBlock(block, { props: {}, car: testCar(), manifest: { reservations: { depositDollars: 500, holdHours: 72 } } });
    expect(custom).toContain("$500");
    expect(custom).toContain("72 hours");
  });
  it("shows RESERVED instead of the button for a reserved car", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar({ reserved: true }) });
    expect(out).toContain("RESERVED");
    expect(out).not.toContain("/checkout");
    // The page is cached for everyone, the buyer who just reserved it included: never "another buyer".
    // Nor "online": the stock's own flag (a dealer's hold) shows the same section.
    expect(out).toContain("This vehicle is reserved.");
    expect(out).not.toContain("reserved online");
    expect(out).not.toContain("another buyer");
  });
  it("is left out for a sold car and where the reserve flag is off", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar({ status: "sold" }) })).toBe("");
    expect(await renderBlock(block, { props: {}, car: testCar(), manifest: { features: { reserve: false } } })).toBe("");
  });
});
