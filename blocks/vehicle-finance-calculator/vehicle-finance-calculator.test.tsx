import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-finance-calculator block", () => {
  it("embeds the site's calculator started from the car's price", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar() });
    expect(out).toContain('data-section="finance-calculator"');
    expect(out).toContain("Finance Calculator");
    expect(out).toContain("32,990");
  });
  it("is left out for a sold car, a car without a price, and a site without finance settings", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar({ status: "sold" }) })).toBe("");
    expect(await renderBlock(block, { props: {}, car: testCar({ price: 0 }) })).toBe("");
    expect(await renderBlock(block, { props: {}, car: testCar(), manifest: { finance: undefined, features: {} } })).not.toContain("Finance Calculator");
  });
});
