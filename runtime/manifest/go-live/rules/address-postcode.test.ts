import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import type { PostcodePlace } from "../../au-address";
import { addressPostcode } from "./address-postcode";

const place = (state: string) => (locality: string) => ({ state, locality });
const DATA: Record<string, PostcodePlace[]> = {
  "2478": ["BALLINA", "EAST BALLINA", "WEST BALLINA"].map(place("NSW")),
  "4000": ["BRISBANE CITY", "SPRING HILL", "PETRIE TERRACE", "BRISBANE", "BRISBANE GPO", "BRISBANE ADELAIDE STREET", "BRISBANE MARKET"].map(place("QLD")),
};
const postcodes = (p: string) => DATA[p] ?? [];
const at = (city: string, state: string, postcode: string) =>
  addressPostcode.check(goLiveContext((m) => (m.locations[0].address = { street: "12 River Street", city, state, postcode }), { postcodes }));

describe("go-live rule address-postcode", () => {
  it("accepts a suburb, state and postcode that agree, in any case", () => {
    expect(at("Ballina", "nsw", "2478")).toEqual([]);
    expect(at("BALLINA", "NSW", "2478")).toEqual([]);
  });

  it("warns about a state the postcode is not in, at the state, in the new-dealer form's words", () => {
    const [p] = at("Ballina", "qld", "2478");
    expect(p).toMatchObject({ pointer: "/locations/0/address/state", severity: "warning", hint: "correct the state, or the postcode" });
    expect(p.message).toMatch(/: Postcode 2478 is in NSW, not QLD\.$/);
  });

  it("warns about a suburb the postcode does not hold, naming a few it does", () => {
    const [p] = at("Ballina", "qld", "4000");
    expect(p.pointer).toBe("/locations/0/address/city");
    expect(p.message).toContain(
      "Ballina is not a suburb of postcode 4000 (it covers Brisbane City, Spring Hill, Petrie Terrace, Brisbane, Brisbane Gpo, Brisbane Adelaide Street and 1 more).",
    );
  });

  it("warns about a postcode that does not exist", () => {
    expect(at("Ballina", "nsw", "9999")[0]).toMatchObject({
      pointer: "/locations/0/address/postcode",
      message: expect.stringContaining("Postcode 9999 is not in the Australian postcode list."),
    });
  });

  it("says nothing without postcode data", () => {
    expect(addressPostcode.check(goLiveContext((m) => (m.locations[0].address.postcode = "9999")))).toEqual([]);
  });
});
