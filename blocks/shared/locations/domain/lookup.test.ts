import { afterEach, describe, expect, it, vi } from "vitest";
import type { DealerManifest } from "@/runtime/generated/types";
import { addressLine, directionsUrl, locationBySlug, locationForCar, locationHref, locationStockHref, mapsApiKey, primaryLocation } from "./lookup";

const address = (street: string) => ({ street, city: "Springwood", state: "qld" as const, postcode: "4127", lat: -27.6, long: 153.1 });
const loc = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  name: `Loc ${id}`,
  slug: `loc-${id}`,
  dealership_id: 1,
  address: address(`${id} A St`),
  contact_detail: { phone: `07 3000 ${id}` },
  time_zone: "Australia/Brisbane",
  ...over,
});
const manifest = {
  locationPagePath: "/contact-us",
  maps: {},
  locations: [loc(10, { location_type: "service" }), loc(11, { primary: true }), loc(20, { dealership_id: 2 }), loc(30, { visible: false })],
} as unknown as DealerManifest;

describe("location lookup", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("finds the primary and by slug (visible only)", () => {
    expect(primaryLocation(manifest)?.id).toBe(11);
    expect(locationBySlug(manifest, "loc-20")?.id).toBe(20);
    expect(locationBySlug(manifest, "loc-30")).toBeNull();
  });

  it("matches a car to its manifest location by the stock's location id, else its dealership, else the primary", () => {
    expect(locationForCar(manifest, { location: { id: 20 } })?.id).toBe(20);
    expect(locationForCar(manifest, { location_id: "10" })?.id).toBe(10);
    expect(locationForCar(manifest, { location_id: 999, dealership_id: 2 })?.id).toBe(20);
    expect(locationForCar(manifest, { location_id: 999 })?.id).toBe(11);
  });

  it("builds the page path from the site setting, the stock link and the address", () => {
    expect(locationHref(manifest, { slug: "loc-11" })).toBe("/contact-us/loc-11");
    expect(locationStockHref({ id: 2032 })).toBe("/search?location_id=2032");
    expect(addressLine(loc(1))).toBe("1 A St, Springwood QLD 4127");
  });

  it("links directions to the place, else the coordinates, else the address", () => {
    expect(directionsUrl({ address: { ...address("x"), place_url: "https://maps.app.goo.gl/x" } })).toBe("https://maps.app.goo.gl/x");
    expect(directionsUrl({ address: { ...address("x"), place_url: "javascript:alert(1)" } })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=-27.6,153.1",
    );
    expect(directionsUrl({ address: { street: "1 A St", city: "Springwood", state: "qld", postcode: "4127" } })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=1%20A%20St%2C%20Springwood%20QLD%204127",
    );
  });

  it("takes the maps key from the location, the site, then the environment; none by default", () => {
    vi.stubEnv("GOOGLE_MAPS_API_KEY", "");
    expect(mapsApiKey(manifest)).toBeNull();
    vi.stubEnv("GOOGLE_MAPS_API_KEY", "env-key-123456");
    expect(mapsApiKey(manifest)).toBe("env-key-123456");
    expect(mapsApiKey({ maps: { apiKey: "site-key-123456" } })).toBe("site-key-123456");
    expect(mapsApiKey({ maps: { apiKey: "site-key-123456" } }, { address: { ...address("x"), map_key: "loc-key" } })).toBe("loc-key");
  });
});
