import { describe, expect, it } from "vitest";
import { testCar, testLocation } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import { blockProps } from "@/tests/helpers/block-props";
import block from "./index";

const feedLocation = testLocation({ id: 11, place_url: "https://maps.example/x", phone: "07 9999 9999" });
const loc = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  name: `Test Motors ${id}`,
  slug: `loc-${id}`,
  dealership_id: 101,
  address: { street: `${id} Manifest Rd`, city: "Springwood", state: "qld", postcode: "4127", lat: -27.6, long: 153.1 },
  contact_detail: { phone: "07 3209 4100", opening_hours: [] },
  time_zone: "Australia/Brisbane",
  ...over,
});

describe("vehicle-location-map block", () => {
  it("shows the manifest location the car belongs to, with its phone and directions, never the feed's", async () => {
    const out = await renderBlock(block, {
      props: blockProps("vehicle-location-map"),
      car: testCar({ location: feedLocation, location_id: 11 }),
      manifest: { locations: [loc(11, { primary: true })] },
    });
    expect(out).toContain('data-section="location-map"');
    expect(out).toContain('id="vehicle-map"');
    expect(out).toContain("Find Us Here");
    expect(out).toContain("11 Manifest Rd, Springwood QLD 4127");
    expect(out).toContain('href="tel:0732094100"');
    expect(out).not.toContain("9999");
    expect(out).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=-27.6,153.1"');
  });
  it("counts the dealer's locations when it has several, and lists every one it counts", async () => {
    const out = await renderBlock(block, {
      props: blockProps("vehicle-location-map"),
      car: testCar({ location_id: 12 }),
      manifest: { locations: [loc(11, { primary: true }), loc(12), loc(13, { visible: false })] },
    });
    expect(out).toContain("2 Locations");
    // The car's location as the card, the other visible one listed with its address and page; the hidden one neither counted nor listed.
    const others = /data-testid="other-locations"[\s\S]*?<\/ul>/.exec(out)?.[0] ?? "";
    expect(others.match(/<li>/g)).toHaveLength(1);
    expect(others).toContain("11 Manifest Rd");
    expect(others).not.toContain("Test Motors 12");
    expect(others).not.toContain("13 Manifest Rd");
  });
  it("takes the dealer's heading for several locations", async () => {
    const props = blockProps("vehicle-location-map", { headingMany: "{n} Big Locations" });
    expect(await renderBlock(block, { props, car: testCar({ location_id: 12 }), manifest: { locations: [loc(11, { primary: true }), loc(12)] } })).toContain(
      "2 Big Locations",
    );
  });
  it("is left out for a dealer without locations", async () => {
    expect(await renderBlock(block, { props: blockProps("vehicle-location-map"), car: testCar(), manifest: { locations: [] } })).toBe("");
  });
});
