import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { photoThreshold } from "./photo-threshold";

const cars = [
  { dealership_id: 1, photos_count: 0 },
  { dealership_id: 1, photos_count: 2 },
  { dealership_id: 1, photos_count: 12 },
  { dealership_id: "1", photos_count: 1, status: "sold" },
  { dealership_id: 2, photos_count: 0 },
];

describe("go-live rule photo-threshold", () => {
  it("counts the dealer's unsold cars under the photo minimum (3 by default)", () => {
    const [p] = photoThreshold.check(goLiveContext(undefined, { stockCars: cars }));
    expect(p).toMatchObject({ pointer: "/search/minPhotos", severity: "warning" });
    expect(p.message).toBe("2 of the dealer's 3 cars in stock are hidden because they have fewer than 3 photos");
  });

  it("follows the dealer's own minimum, and 0 hides none", () => {
    expect(photoThreshold.check(goLiveContext((m) => (m.search = { minPhotos: 1 }), { stockCars: cars }))[0].message).toMatch(
      /^1 of the dealer's 3 cars in stock is hidden/,
    );
    expect(photoThreshold.check(goLiveContext((m) => (m.search = { minPhotos: 0 }), { stockCars: cars }))).toEqual([]);
  });

  it("says nothing without stock at hand", () => {
    expect(photoThreshold.check(goLiveContext())).toEqual([]);
    expect(photoThreshold.check(goLiveContext(undefined, { stockCars: null }))).toEqual([]);
  });
});
