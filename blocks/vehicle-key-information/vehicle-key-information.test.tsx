import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-key-information block", () => {
  it("shows the first four specifications and the rest behind 'Show more'", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar() });
    expect(out).toContain('data-section="vdp-key-information"');
    expect(out).toContain("Key Information");
    expect(out.indexOf("Odometer")).toBeLessThan(out.indexOf("Show more"));
    expect(out.indexOf("Stock No.")).toBeGreaterThan(out.indexOf("<div id="));
  });
  it("renders nothing outside a vehicle page", async () => {
    expect(await renderBlock(block, { props: {}, car: null })).toBe("");
  });
});
