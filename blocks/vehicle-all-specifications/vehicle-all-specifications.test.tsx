import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-all-specifications block", () => {
  it("shows four rows, then 'Show All Specs'", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar() });
    expect(out).toContain('data-section="vdp-all-specifications"');
    expect(out).toContain(">Show All Specs</button>");
    expect(out.indexOf("<dt>Series</dt>") < 0 || out.indexOf("<dt>Year</dt>") > out.indexOf('hidden=""')).toBe(true);
    expect(out.indexOf("<dt>Make</dt>")).toBeLessThan(out.indexOf('hidden=""'));
  });
  it("renders nothing outside a vehicle page", async () => {
    expect(await renderBlock(block, { props: {}, car: null })).toBe("");
  });
});
