import { describe, expect, it } from "vitest";
import type { ResolvedLocation } from "@/runtime/generated/types";
import { chooseSuburb, DEFAULT_RADIUS_KM, haversineKm, radiusFrom, RADIUS_OPTIONS_KM, searchLocations, splitState, type PlaceLookups } from "./search";

const loc = (id: number, name: string, city: string, lat: number, long: number, primary = false) =>
  ({
    id,
    name,
    slug: name.toLowerCase().replace(/ /g, "-"),
    primary,
    dealership_id: 1,
    address: { street: "1 A St", city, state: "qld", postcode: "4000", lat, long },
    contact_detail: { phone: "07 3000 0000" },
    time_zone: "Australia/Brisbane",
  }) as unknown as ResolvedLocation;

const eagleFarm = loc(1, "TWG Eagle Farm", "Eagle Farm", -27.43, 153.08, true);
const capalaba = loc(2, "TWG Capalaba", "Capalaba", -27.533, 153.201);
const toowoomba = loc(3, "Outback Toowoomba", "Toowoomba", -27.585, 151.953);
const locations = [toowoomba, capalaba, eagleFarm];

const lookups: PlaceLookups = {
  postcode: (pc) =>
    ({
      "4157": { lat: -27.53, lng: 153.19, label: "4157" },
      "4350": { lat: -27.56, lng: 151.95, label: "4350" },
      "2000": { lat: -33.87, lng: 151.21, label: "2000" },
    })[pc] ?? null,
  suburb: (name) =>
    name.toLowerCase() === "richmond"
      ? [
          { lat: -37.82, lng: 145.0, label: "Richmond" },
          { lat: -27.5, lng: 153.1, label: "Richmond" },
        ]
      : [],
};

describe("dealer locator search", () => {
  it("has radius options 25 to 1000 km, 50 by default", () => {
    expect(RADIUS_OPTIONS_KM).toEqual([25, 50, 75, 100, 150, 250, 500, 750, 1000]);
    expect(DEFAULT_RADIUS_KM).toBe(50);
    expect(radiusFrom("250")).toBe(250);
    expect(radiusFrom("42")).toBe(50);
    expect(radiusFrom(undefined)).toBe(50);
  });

  it("uses the haversine distance with an earth radius of 6371 km", () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
    expect(haversineKm({ lat: -27.4698, lng: 153.0251 }, { lat: -33.8688, lng: 151.2093 })).toBeCloseTo(732.0, 0);
  });

  it("finds the nearest first by postcode, within the radius", () => {
    const out = searchLocations("4157", undefined, locations, lookups);
    expect(out.kind).toBe("postcode");
    expect(out.results.map((r) => r.location.id)).toEqual([2, 1]);
    expect(out.results[0].distanceKm).toBeLessThan(2);
    expect(searchLocations("4157", "25", locations, lookups).results.map((r) => r.location.id)).toEqual([2, 1]);
    expect(searchLocations("4157", "1000", locations, lookups).results.map((r) => r.location.id)).toEqual([2, 1, 3]);
  });

  it("names the nearest location when none is within the radius", () => {
    const out = searchLocations("2000", "50", locations, lookups);
    expect(out.results).toEqual([]);
    expect(out.message).toBe("No dealerships within 50 km of 2000.");
    expect(out.nearestOutside?.location.id).toBe(3); // Toowoomba is about 700 km from Sydney, Eagle Farm 730
  });

  it("rejects unknown and malformed postcodes with the spec's messages", () => {
    expect(searchLocations("4999", "", locations, lookups).message).toBe("Invalid postcode");
    expect(searchLocations("41", "", locations, lookups).message).toBe("Invalid postcode. Please enter a 4-digit number.");
  });

  it("matches a dealership by name or city, else a suburb (the one nearest the dealer's locations)", () => {
    expect(searchLocations("toowoomba", "", locations, lookups)).toMatchObject({ kind: "name", results: [{ location: { id: 3 } }] });
    const out = searchLocations("Richmond", "50", locations, lookups);
    expect(out.kind).toBe("suburb");
    expect(out.place?.lat).toBe(-27.5);
    expect(out.results[0].location.id).toBe(1);
    expect(searchLocations("Atlantis", "", locations, lookups).message).toMatch(/could not find 'Atlantis'/);
  });

  it("reads a state written after the suburb", () => {
    expect(splitState("Perth WA")).toEqual({ name: "Perth", state: "WA" });
    expect(splitState("Richmond, vic")).toEqual({ name: "Richmond", state: "VIC" });
    expect(splitState("Perth")).toEqual({ name: "Perth", state: null });
    expect(splitState("WA")).toEqual({ name: "WA", state: null });
  });

  it("takes a capital's name as the capital, the written state first, then the dealer's states, then the nearest", () => {
    const perthWa = { lat: -31.95, lng: 115.86, label: "Perth WA 6000", state: "WA" };
    const perthTas = { lat: -41.57, lng: 147.17, label: "Perth TAS 7300", state: "TAS" };
    // A Queensland dealer: Perth TAS is nearer, but 'Perth' is the capital of WA.
    expect(chooseSuburb("Perth", null, [perthTas, perthWa], locations)).toBe(perthWa);
    expect(chooseSuburb("Perth", "TAS", [perthTas, perthWa], locations)).toBe(perthTas);
    expect(chooseSuburb("Perth", "NT", [perthTas, perthWa], locations)).toBeNull();
    const richmondVic = { lat: -37.82, lng: 145.0, label: "Richmond VIC", state: "VIC" };
    const richmondNsw = { lat: -33.6, lng: 150.75, label: "Richmond NSW", state: "NSW" };
    const richmondQld = { lat: -20.73, lng: 143.14, label: "Richmond QLD", state: "QLD" };
    // The dealer's own state before a nearer place in another (Richmond NSW is nearer to Brisbane than Richmond QLD).
    expect(chooseSuburb("Richmond", null, [richmondVic, richmondNsw, richmondQld], locations)).toBe(richmondQld);
    expect(chooseSuburb("Richmond", null, [richmondVic, richmondNsw], locations)).toBe(richmondNsw);
    expect(searchLocations("Perth WA", "1000", locations, { postcode: () => null, suburb: (n) => (n === "Perth" ? [perthTas, perthWa] : []) }).place).toBe(
      perthWa,
    );
  });

  it("lists every location, primary first, without a query", () => {
    expect(searchLocations("", "", locations, lookups).results.map((r) => r.location.id)).toEqual([1, 3, 2]);
  });
});
