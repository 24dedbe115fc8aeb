import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

const features = Array.from({ length: 10 }, (_, i) => `Feature ${i + 1}`);

describe("vehicle-features block", () => {
  it("lists the first `limit` features and the rest behind 'Show all'", async () => {
    const out = await renderBlock(block, { props: { limit: 8 }, car: testCar({ standardEquipment: features }) });
    expect(out).toContain('data-section="vdp-features"');
    expect(out).toContain("Show all 10 features");
    expect(out.indexOf("Feature 8")).toBeLessThan(out.indexOf('hidden=""'));
    expect(out.indexOf("Feature 9")).toBeGreaterThan(out.indexOf('hidden=""'));
  });
  it("lists them all when there are no more than `limit`", async () => {
    const out = await renderBlock(block, { props: { limit: 12 }, car: testCar({ standardEquipment: features }) });
    expect(out).toContain("Feature 10");
    expect(out).not.toContain("Show all");
  });
  it("is left out for a car that lists none", async () => {
    expect(await renderBlock(block, { props: { limit: 8 }, car: testCar() })).toBe("");
  });
});
