import { describe, expect, it } from "vitest";
import { testCar, testLocation } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";
import { carSummary } from "./domain/summary";

describe("vehicle-car-summary block", () => {
  it("describes the car in a few plain sentences", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar() });
    expect(out).toContain('data-section="vdp-car-summary"');
    expect(out).toContain("<p>This 2021 Toyota RAV4 GX is a used suv in White.</p>");
  });
  it("says how far a used car has travelled and where it is", () => {
    expect(carSummary(testCar({ location: testLocation({ name: "Springwood Motors" }) }))).toEqual([
      "This 2021 Toyota RAV4 GX is a used suv in White.",
      "It is automatic, AWD, petrol.",
      "It has travelled 45,210 km.",
      "It is at Springwood Motors in Springwood, stock number ST1001.",
    ]);
    expect(carSummary(testCar({ car_type: "new" })).join(" ")).not.toContain("travelled");
  });
});
