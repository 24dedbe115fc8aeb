import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-why-buy-from-us block", () => {
  it("lists its points under its heading", async () => {
    const out = await renderBlock(block, { props: { items: ["First point", "Second & <b>point</b>"] }, car: testCar() });
    expect(out).toContain('data-section="vdp-why-buy-from-us"');
    expect(out).toContain("Why Buy From Us");
    expect(out).toContain("<li>First point</li><li>Second &amp; &lt;b&gt;point&lt;/b&gt;</li>");
  });
  it("renders nothing outside a vehicle page", async () => {
    expect(await renderBlock(block, { props: { items: ["x"] }, car: null })).toBe("");
  });
  it("adds the 48-hour money-back guarantee on a used car only where the dealer offers it", async () => {
    const props = { items: ["First point"] } as never;
    const offered = { features: { moneyBackGuarantee: true } };
    expect(await renderBlock(block, { props, car: testCar({ car_type: "used" }), manifest: offered })).toContain("48-hour money-back guarantee");
    expect(await renderBlock(block, { props, car: testCar({ car_type: "new" }), manifest: offered })).not.toContain("money-back");
    expect(await renderBlock(block, { props, car: testCar({ car_type: "used" }), manifest: { features: {} } })).not.toContain("money-back");
  });
});
