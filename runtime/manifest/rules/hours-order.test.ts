import { describe, expect, it } from "vitest";
import { ruleContext, schemaValidManifest } from "../../../tests/helpers/manifest-fixture";
import { hoursOrder } from "./hours-order";

const check = (contact: Record<string, unknown>, special?: unknown[]) =>
  hoursOrder.check(
    ruleContext(
      schemaValidManifest((m) => {
        Object.assign(m.locations[0].contact_detail, contact);
        if (special) m.locations[0].special_hours = special;
      }),
    ),
  );

describe("rule hours-order", () => {
  it("accepts days that close after they open, and closed days with or without times", () => {
    expect(
      check({
        opening_hours: [
          { weekday: 1, status: "Open", open: "08:00", close: "17:30" },
          { weekday: 0, status: "Closed" },
          // Times left under a closed day are ignored by the site: harmless.
          { weekday: 6, status: "Closed", open: "08:30", close: "12:30" },
        ],
      }),
    ).toEqual([]);
  });

  it("asks an open day for the times it lacks, each at its own field, naming the day", () => {
    const problems = check({
      opening_hours: [
        { weekday: 6, status: "Open" },
        { weekday: 2, status: "Open", open: "08:00" },
      ],
    });
    expect(problems).toEqual([
      {
        pointer: "/locations/0/contact_detail/opening_hours/0/open",
        message: "Test Dealer Springwood is open on Saturday but has no opening time",
        hint: "enter it as a 24-hour time like 08:00, or set the day to Closed",
      },
      {
        pointer: "/locations/0/contact_detail/opening_hours/0/close",
        message: "Test Dealer Springwood is open on Saturday but has no closing time",
        hint: "enter it as a 24-hour time like 17:30, or set the day to Closed",
      },
      {
        pointer: "/locations/0/contact_detail/opening_hours/1/close",
        message: "Test Dealer Springwood is open on Tuesday but has no closing time",
        hint: "enter it as a 24-hour time like 17:30, or set the day to Closed",
      },
    ]);
  });

  it("refuses a day that closes before it opens, at its close time, naming the day", () => {
    const problems = check({ opening_hours: [{ weekday: 6, status: "Open", open: "17:30", close: "08:00" }] });
    expect(problems).toEqual([
      {
        pointer: "/locations/0/contact_detail/opening_hours/0/close",
        message: "Test Dealer Springwood closes at 08:00 on Saturday, which is not after it opens (17:30)",
        hint: "times are 24-hour: 5:30pm is 17:30",
      },
    ]);
  });

  it("refuses a day that closes when it opens, and holiday hours that close before they open", () => {
    expect(check({ opening_hours: [{ weekday: 1, status: "Open", open: "09:00", close: "09:00" }] })).toHaveLength(1);
    const problems = check({}, [{ date: "2026-12-31", status: "Open", start_hour: "13:00", end_hour: "08:00", name: "New Year's Eve" }]);
    expect(problems.map((p) => p.pointer)).toEqual(["/locations/0/special_hours/0/end_hour"]);
    expect(problems[0].message).toContain("2026-12-31 (New Year's Eve)");
  });
});
