import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatTime12, groupOpeningHours, hoursOn, openNow, upcomingHolidays, localTime, type HoursLocation, type OpeningHoursEntry } from "./hours";

const open = (weekday: number, o = "08:00", c = "17:30"): OpeningHoursEntry => ({ weekday, status: "Open", open: o, close: c });
const closed = (weekday: number): OpeningHoursEntry => ({ weekday, status: "Closed" });
const week = [closed(0), open(1), open(2), open(3), open(4), open(5), open(6, "08:00", "16:00")];
const loc = (over: Partial<HoursLocation> = {}): HoursLocation => ({
  time_zone: "Australia/Brisbane",
  contact_detail: { phone: "07 3000 0000", opening_hours: week },
  ...over,
});

describe("formatTime12", () => {
  it("writes 12-hour am/pm times", () => {
    expect(formatTime12("08:00")).toBe("8:00am");
    expect(formatTime12("13:05")).toBe("1:05pm");
    expect(formatTime12("12:00")).toBe("12:00pm");
    expect(formatTime12("00:30")).toBe("12:30am");
  });
});

describe("groupOpeningHours", () => {
  it("groups Monday to Friday when identical, Saturday and Sunday apart", () => {
    expect(groupOpeningHours(week).map((r) => [r.label, r.text])).toEqual([
      ["Mon - Fri", "8:00am - 5:30pm"],
      ["Saturday", "8:00am - 4:00pm"],
      ["Sunday", "Closed"],
    ]);
  });
  it("lists each weekday when one differs", () => {
    const rows = groupOpeningHours([...week.slice(0, 4), open(4, "08:00", "20:00"), ...week.slice(5)]);
    expect(rows.map((r) => r.label)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(rows[3].text).toBe("8:00am - 8:00pm");
  });
  it("prefers the manifest's formated_hours text and reads missing days as closed", () => {
    const rows = groupOpeningHours([{ weekday: 1, status: "Open", open: "08:00", close: "17:00", formated_hours: "8am till 5" }]);
    expect(rows[0]).toMatchObject({ label: "Monday", text: "8am till 5" });
    expect(rows[1].text).toBe("Closed");
  });
  it("has no rows without hours", () => {
    expect(groupOpeningHours(undefined)).toEqual([]);
  });
});

describe("openNow", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads the time in the location's own zone (Brisbane, no daylight saving)", () => {
    vi.setSystemTime(new Date("2026-11-23T23:30:00Z")); // Tuesday 09:30 in Brisbane
    expect(openNow(loc(), new Date())).toMatchObject({ open: true, weekday: 2, text: "Open now until 5:30pm" });
    vi.setSystemTime(new Date("2026-11-24T07:30:00Z")); // Tuesday 17:30 in Brisbane: closing time
    expect(openNow(loc(), new Date()).open).toBe(false);
  });

  it("follows daylight saving in Sydney: 07:30 UTC is 17:30 AEST in winter (closed) and 18:30 AEDT in summer (closed), 06:45 UTC open only in winter", () => {
    const sydney = loc({ time_zone: "Australia/Sydney" });
    // Wednesday 17 June 2026: AEST (UTC+10): 06:45 UTC is 16:45, open.
    expect(openNow(sydney, new Date("2026-06-17T06:45:00Z")).open).toBe(true);
    // Wednesday 18 November 2026: AEDT (UTC+11): 06:45 UTC is 17:45, closed.
    expect(openNow(sydney, new Date("2026-11-18T06:45:00Z")).open).toBe(false);
    // The same instant in Brisbane (UTC+10 all year) is 16:45: open.
    expect(openNow(loc(), new Date("2026-11-18T06:45:00Z")).open).toBe(true);
  });

  it("crosses the daylight-saving change on the right local day", () => {
    // AEDT starts 2026-10-04 02:00 local. 2026-10-03T22:30Z is Sunday 08:30 AEST+1 = 09:30 AEDT in Sydney.
    expect(localTime(new Date("2026-10-03T22:30:00Z"), "Australia/Sydney")).toEqual({ date: "2026-10-04", weekday: 0, minutes: 9 * 60 + 30 });
    // Perth (UTC+8, no daylight saving): 2026-10-03T15:30Z is still Saturday, 23:30.
    expect(localTime(new Date("2026-10-03T15:30:00Z"), "Australia/Perth")).toEqual({ date: "2026-10-03", weekday: 6, minutes: 23 * 60 + 30 });
  });

  it("uses holiday hours for today over the weekday's", () => {
    const l = loc({
      special_hours: [
        { date: "2026-12-25", status: "Closed", name: "Christmas Day" },
        { date: "2026-12-31", status: "Open", start_hour: "08:00", end_hour: "13:00" },
      ],
    });
    expect(openNow(l, new Date("2026-12-25T00:00:00Z"))).toMatchObject({ open: false, holiday: { name: "Christmas Day" } }); // Friday 10:00
    expect(openNow(l, new Date("2026-12-31T02:00:00Z")).open).toBe(true); // 12:00
    expect(openNow(l, new Date("2026-12-31T04:00:00Z")).open).toBe(false); // 14:00
  });
});

describe("hoursOn", () => {
  it("gives a date's hours, holidays first, null when closed", () => {
    const l = loc({ special_hours: [{ date: "2026-12-25", status: "Closed" }] });
    expect(hoursOn(l, "2026-12-24")).toEqual({ open: "08:00", close: "17:30" });
    expect(hoursOn(l, "2026-12-25")).toBeNull();
    expect(hoursOn(l, "2026-12-27")).toBeNull(); // Sunday
    expect(hoursOn(l, "2026-12-26")).toEqual({ open: "08:00", close: "16:00" }); // Saturday
  });
});

describe("upcomingHolidays", () => {
  const l = loc({
    special_hours: [
      { date: "2027-01-01", status: "Closed", name: "New Year's Day" },
      { date: "2026-12-31", status: "Open", start_hour: "08:00", end_hour: "13:00", name: "New Year's Eve" },
      { date: "2026-12-25", status: "Closed", name: "Christmas Day" },
    ],
  });
  it("lists today and later, soonest first, in 12-hour am/pm ranges", () => {
    expect(upcomingHolidays(l, new Date("2026-12-24T20:00:00Z"))).toEqual([
      { date: "2026-12-25", dateLabel: "Friday 25 December 2026", name: "Christmas Day", text: "Closed" },
      { date: "2026-12-31", dateLabel: "Thursday 31 December 2026", name: "New Year's Eve", text: "8:00am - 1:00pm" },
      { date: "2027-01-01", dateLabel: "Friday 1 January 2027", name: "New Year's Day", text: "Closed" },
    ]);
  });
  it("drops past dates by the location's calendar", () => {
    // 2026-12-25T14:30Z is 00:30 on the 26th in Brisbane: Christmas is past.
    expect(upcomingHolidays(l, new Date("2026-12-25T14:30:00Z")).map((h) => h.date)).toEqual(["2026-12-31", "2027-01-01"]);
    // …but still the 25th in Perth (22:30).
    expect(upcomingHolidays({ ...l, time_zone: "Australia/Perth" }, new Date("2026-12-25T14:30:00Z"))[0].date).toBe("2026-12-25");
  });
});
