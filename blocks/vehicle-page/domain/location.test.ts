import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { locationAnnouncement } from "./location";

const address = (street: string, city: string, lat: number, long: number) => ({ street, city, state: "qld", postcode: "4157", lat, long });
const locations = [
  {
    id: 11,
    name: "Springwood",
    primary: true,
    dealership_id: 101,
    address: address("1 A St", "Springwood", -27.6, 153.1),
    contact_detail: { phone: "07 3000 0011" },
  },
  {
    id: 12,
    name: "TWG Capalaba",
    dealership_id: 101,
    address: address("98 Redland Bay Road", "Capalaba", -27.533, 153.201),
    contact_detail: { phone: "07 3000 0012" },
  },
] as never;

describe("location announcement", () => {
  it("is shown only when the car is not at the primary location", () => {
    expect(locationAnnouncement({ locations }, testCar({ location_id: 11 }))).toBeNull();
  });

  it("names the manifest location the car belongs to, not the feed's copy", () => {
    const away = testCar({
      location_id: 12,
      location: {
        id: 12,
        name: "Capalaba (feed name)",
        slug: "capalaba",
        address: { street: "1 Main St", city: "Feedtown", state: "QLD", postcode: "4157", lat: -27.5, long: 153.2 },
        dealership: { id: 101, slug: "t" },
      },
    });
    expect(locationAnnouncement({ locations }, away)).toEqual({
      city: "Capalaba",
      locationName: "TWG Capalaba",
      directionsUrl: "https://www.google.com/maps/dir/?api=1&destination=-27.533,153.201",
    });
  });
});
