import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { locationAnnouncement } from "./location";

describe("location announcement", () => {
  const locations = [{ id: 11, primary: true }, { id: 12 }] as never;
  it("is shown only when the car is not at the primary location", () => {
    expect(locationAnnouncement({ locations }, testCar())).toBeNull();
    const away = testCar({
      location_id: 12,
      location: {
        id: 12,
        name: "Capalaba",
        slug: "capalaba",
        address: { street: "1 Main St", city: "Capalaba", state: "QLD", postcode: "4157", lat: -27.5, long: 153.2 },
        dealership: { id: 101, slug: "t" },
      },
    });
    expect(locationAnnouncement({ locations }, away)).toEqual({
      city: "Capalaba",
      locationName: "Capalaba",
      directionsUrl: "https://www.google.com/maps/dir/?api=1&destination=-27.5,153.2",
    });
  });
});
