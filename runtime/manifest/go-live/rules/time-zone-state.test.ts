import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { timeZoneState } from "./time-zone-state";

const at = (state: string, zone?: string) =>
  timeZoneState.check(
    goLiveContext((m) => {
      m.locations[0].address.state = state;
      if (zone) m.locations[0].time_zone = zone;
    }),
  );

describe("go-live rule time-zone-state", () => {
  it("warns about a New South Wales location on Brisbane time, proposing Sydney", () => {
    const problems = at("nsw", "Australia/Brisbane");
    expect(problems).toEqual([
      expect.objectContaining({ pointer: "/locations/0/time_zone", severity: "warning", hint: "set this location's time zone to Australia/Sydney" }),
    ]);
    expect(problems[0].message).toContain("NSW");
  });

  it("reads the state in either case", () => {
    expect(at("WA", "Australia/Sydney")[0].hint).toContain("Australia/Perth");
  });

  it("accepts each state's own zones, Broken Hill and Lindeman included", () => {
    expect(at("nsw", "Australia/Sydney")).toEqual([]);
    expect(at("nsw", "Australia/Broken_Hill")).toEqual([]);
    expect(at("qld", "Australia/Lindeman")).toEqual([]);
    expect(at("vic", "Australia/Melbourne")).toEqual([]);
    expect(at("act", "Australia/Canberra")).toEqual([]);
  });
});
