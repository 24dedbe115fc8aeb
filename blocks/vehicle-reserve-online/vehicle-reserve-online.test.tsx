import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-reserve-online block", () => {
  it("offers the reservation with the deposit, 48 hours and 100% refundable", async () => {
    const out = await renderBlock(block, { props: { deposit: 200 }, car: testCar() });
    expect(out).toContain('data-section="vdp-reserve-online"');
    expect(out).toMatch(/\$200<\/strong> deposit.*48 hours.*100% refundable/);
    expect(out).toContain('href="/cars/2021-toyota-rav4-gx-abc123/checkout"');
    expect(await renderBlock(block, { props: { deposit: 500 }, car: testCar() })).toContain("$500");
  });
  it("is left out for a sold car and where the reserve flag is off", async () => {
    expect(await renderBlock(block, { props: { deposit: 200 }, car: testCar({ status: "sold" }) })).toBe("");
    expect(await renderBlock(block, { props: { deposit: 200 }, car: testCar(), manifest: { features: { reserve: false } } })).toBe("");
  });
});
