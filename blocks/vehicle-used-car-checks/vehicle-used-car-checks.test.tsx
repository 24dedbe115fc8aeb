import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-used-car-checks block", () => {
  it("lists its points under its heading", async () => {
    const out = await renderBlock(block, { props: { items: ["First point", "Second & <b>point</b>"] }, car: testCar() });
    expect(out).toContain('data-section="vdp-used-car-checks"');
    expect(out).toContain("Used Car Checks");
    expect(out).toContain("<li>First point</li><li>Second &amp; &lt;b&gt;point&lt;/b&gt;</li>");
  });
  it("is for used cars only", async () => {
    expect(await renderBlock(block, { props: { items: ["Odometer verified"] }, car: testCar({ car_type: "new" }) })).toBe("");
  });
  it("renders nothing outside a vehicle page", async () => {
    expect(await renderBlock(block, { props: { items: ["x"] }, car: null })).toBe("");
  });
});
