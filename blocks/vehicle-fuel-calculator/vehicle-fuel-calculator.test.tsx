import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-fuel-calculator block", () => {
  it("starts from the car's own consumption", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar({ variant: { fuelconsumptioncombined: 7.1 } }) });
    expect(out).toContain('data-section="vdp-fuel-calculator"');
    expect(out).toContain('value="7.1"');
  });
  it("is left out for electric cars", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar({ simple_fuel: "Electric" }) })).toBe("");
  });
});
