import { describe, expect, it } from "vitest";
import { schemaValidManifest, ruleContext } from "../../../tests/helpers/manifest-fixture";
import { locationsBelong } from "./locations-belong";

const check = (edit: (m: Record<string, any>) => void) => locationsBelong.check(ruleContext(schemaValidManifest(edit)));
const second = (m: Record<string, any>, over: Record<string, unknown>) =>
  m.locations.push({ ...structuredClone(m.locations[0]), id: 11, slug: "logan", ...over });

describe("rule locations-belong", () => {
  it("accepts locations of the site's own dealerships", () => {
    expect(check((m) => second(m, { primary: true }))).toEqual([]);
  });

  it("refuses a location of another dealership, with its pointer", () => {
    expect(check((m) => (m.locations[0].dealership_id = 2))).toEqual([
      { pointer: "/locations/0/dealership_id", message: "dealership 2 is not one of this site's dealerships", hint: "listed: 1" },
    ]);
  });

  it("refuses a location id used twice", () => {
    expect(check((m) => second(m, { id: 10 }))).toEqual([{ pointer: "/locations/1/id", message: "location id 10 is used twice" }]);
  });

  it("refuses a location slug used twice", () => {
    expect(check((m) => second(m, { slug: "springwood" }))).toEqual([{ pointer: "/locations/1/slug", message: "location slug 'springwood' is used twice" }]);
  });

  it("refuses more than one primary location", () => {
    expect(
      check((m) => {
        m.locations[0].primary = true;
        second(m, { primary: true });
      }),
    ).toEqual([{ pointer: "/locations", message: "2 locations are marked primary; at most one may be" }]);
  });
});
