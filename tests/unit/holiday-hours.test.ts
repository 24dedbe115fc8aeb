import { describe, expect, it } from "vitest";
import { loadObject, minimalManifest } from "../helpers/manifest-fixture";
import { hoursOn, upcomingHolidays } from "../../blocks/shared/locations/domain/hours";
import type { ResolvedLocation } from "../../runtime/generated/types";

/** The minimal manifest (one location, id 10) with these holiday entries, loaded. */
function load(special_hours: unknown[]) {
  const raw = minimalManifest();
  raw.locations[0].special_hours = special_hours;
  return loadObject(raw);
}

function loaded(special_hours: unknown[]) {
  const result = load(special_hours);
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer} ${p.message}`).join("\n"));
  // The loader filled the location's time zone in (the schema's default).
  return result.manifest.locations![0] as ResolvedLocation;
}

const messages = (special_hours: unknown[]) => {
  const result = load(special_hours);
  return result.ok ? [] : result.problems.map((p) => `${p.pointer} ${p.message}`);
};

describe("holiday hours in the dealer systems' other shapes", () => {
  it("reads hours.begin and hours.end as start_hour and end_hour, wherever the hours are shown", () => {
    const location = loaded([{ date: "2026-12-24", status: "Open", hours: { begin: "09:00", end: "13:00" }, name: "Christmas Eve" }]);
    expect(location.special_hours?.[0]).toMatchObject({ start_hour: "09:00", end_hour: "13:00" });
    expect(hoursOn(location, "2026-12-24")).toEqual({ open: "09:00", close: "13:00" });
    expect(upcomingHolidays(location, new Date("2026-12-01T00:00:00Z"))[0].text).toBe("9:00am - 1:00pm");
  });

  it("accepts an entry naming its own location by location_id or location.id", () => {
    expect(messages([{ date: "2026-12-25", status: "Closed", location_id: 10 }])).toEqual([]);
    expect(messages([{ date: "2026-12-26", status: "Closed", location: { id: 10 } }])).toEqual([]);
  });

  it("refuses an entry naming another location, or two different ids", () => {
    expect(messages([{ date: "2026-12-25", status: "Closed", location_id: 11 }])).toEqual([
      "/locations/0/special_hours/0/location_id holiday hours for 2026-12-25 name location 11 but are listed under location 10 (Test Dealer Springwood)",
    ]);
    expect(messages([{ date: "2026-12-25", status: "Closed", location: { id: 12 } }])[0]).toMatch(
      /^\/locations\/0\/special_hours\/0\/location\/id .*location 12/,
    );
    expect(messages([{ date: "2026-12-25", status: "Closed", location_id: 10, location: { id: 12 } }])).toContain(
      "/locations/0/special_hours/0/location/id location.id 12 differs from location_id 10",
    );
  });

  it("refuses the two hour shapes disagreeing, and a closing time before the opening in the other shape", () => {
    expect(messages([{ date: "2026-12-24", status: "Open", start_hour: "09:00", end_hour: "13:00", hours: { begin: "09:00", end: "12:00" } }])).toEqual([
      "/locations/0/special_hours/0/hours/end hours.end (12:00) differs from end_hour (13:00) on 2026-12-24",
    ]);
    expect(messages([{ date: "2026-12-24", status: "Open", hours: { begin: "13:00", end: "09:00" } }]).length).toBe(1);
  });

  it("refuses a malformed time in hours as the schema does for start_hour", () => {
    expect(messages([{ date: "2026-12-24", status: "Open", hours: { begin: "9am", end: "13:00" } }])[0]).toMatch(/hours\/begin/);
  });
});
