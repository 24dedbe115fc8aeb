import { describe, expect, it } from "vitest";
import { testCar, testLocation } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

const location = testLocation({ place_url: "https://maps.example/x" });

describe("vehicle-location-map block", () => {
  it("shows the car's location with directions", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar({ location }) });
    expect(out).toContain('data-section="location-map"');
    expect(out).toContain("Find Us Here");
    expect(out).toContain("1 A St, Springwood QLD 4127");
    expect(out).toContain('href="https://maps.example/x"');
  });
  it("counts the dealer's locations when it has several", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar({ location }), manifest: { locations: [{ id: 1 }, { id: 2 }] } })).toContain("2 Locations");
  });
  it("is left out for a car whose location has no address", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar() })).toBe("");
  });
});
