import { describe, expect, it } from "vitest";
import { vehiclePageMetadata } from "./metadata";

const site = { manifest: { name: "Sunshine Chery" } } as any;
const car = {
  year: 2021,
  make: "Toyota",
  model: "RAV4",
  badge: "GX",
  series: "Hybrid",
  price: 38990,
  km: 42100,
  simple_transmission: "Automatic",
  simple_body: "SUV",
  colour: "White",
  location_name: "Springwood",
  images: [{ image: { url: "/api/images/vehicle/suv/white/front-34.webp" } }],
} as any;

describe("vehicle page metadata", () => {
  it("titles the page with the car and describes it", () => {
    const m = vehiclePageMetadata({} as any, { car }, site)!;
    expect(m.title).toBe("2021 Toyota RAV4 GX Hybrid");
    expect(m.description).toBe("2021 Toyota RAV4 GX Hybrid: 42,100 km, Automatic, SUV, White. $38,990. At Springwood.");
    expect(m.image).toBe("/api/images/vehicle/suv/white/front-34.webp");
  });
  it("gives nothing when the car was not found (the page is a 404)", () => {
    expect(vehiclePageMetadata({} as any, null, site)).toBeNull();
  });
});
