import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import type { PostcodeFacts } from "../types";
import { addressPostcode } from "./address-postcode";

const DATA: Record<string, PostcodeFacts> = {
  "2478": { states: ["NSW"], localities: ["BALLINA", "EAST BALLINA", "WEST BALLINA"] },
  "4000": { states: ["QLD"], localities: ["BRISBANE CITY", "SPRING HILL", "PETRIE TERRACE", "BRISBANE"] },
};
const postcodes = (p: string) => DATA[p] ?? null;
const at = (city: string, state: string, postcode: string) =>
  addressPostcode.check(goLiveContext((m) => (m.locations[0].address = { street: "12 River Street", city, state, postcode }), { postcodes }));

describe("go-live rule address-postcode", () => {
  it("accepts a suburb, state and postcode that agree, in any case", () => {
    expect(at("Ballina", "nsw", "2478")).toEqual([]);
    expect(at("BALLINA", "NSW", "2478")).toEqual([]);
  });

  it("warns about a state the postcode is not in, at the state", () => {
    const [p] = at("Ballina", "qld", "2478");
    expect(p).toMatchObject({ pointer: "/locations/0/address/state", severity: "warning" });
    expect(p.message).toContain("postcode 2478 is in NSW, but the address says QLD");
  });

  it("warns about a suburb the postcode does not hold, naming a few it does", () => {
    const [p] = at("Ballina", "qld", "4000");
    expect(p.pointer).toBe("/locations/0/address/city");
    expect(p.message).toContain("Ballina is not a suburb of postcode 4000 (that postcode is Brisbane City, Spring Hill, Petrie Terrace, …)");
  });

  it("warns about a postcode that does not exist", () => {
    expect(at("Ballina", "nsw", "9999")[0]).toMatchObject({ pointer: "/locations/0/address/postcode" });
  });

  it("says nothing without postcode data", () => {
    expect(addressPostcode.check(goLiveContext((m) => (m.locations[0].address.postcode = "9999")))).toEqual([]);
  });
});
