import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-delivery-calculator block", () => {
  it("renders the postcode form", async () => {
    const out = await renderBlock(block, { props: { regions: [{ from: "4000", to: "4199", region: "Brisbane Metro", price: 0 }] }, car: testCar() });
    expect(out).toContain('data-section="vdp-delivery-calculator"');
    expect(out).toContain("Your postcode");
    expect(out).toContain("Calculate delivery");
  });
  it("renders nothing outside a vehicle page", async () => {
    expect(await renderBlock(block, { props: { regions: [] }, car: null })).toBe("");
  });
});
