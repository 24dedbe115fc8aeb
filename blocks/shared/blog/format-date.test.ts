import { describe, expect, it } from "vitest";
import { blogDateValue, formatBlogDate } from "./format-date";

describe("formatBlogDate", () => {
  it("shows day, month name and year", () => {
    expect(formatBlogDate("2026-03-05")).toBe("5 March 2026");
    expect(formatBlogDate("2025-12-25")).toBe("25 December 2025");
  });

  it("reads a plain date as Brisbane, never slipping a day", () => {
    expect(formatBlogDate("2026-01-01")).toBe("1 January 2026");
  });

  it("shows a UTC instant on its Brisbane date", () => {
    // 20:00 UTC on 4 March is 06:00 on 5 March in Brisbane (UTC+10, no daylight saving).
    expect(formatBlogDate("2026-03-04T20:00:00Z")).toBe("5 March 2026");
    expect(formatBlogDate("2026-03-04T13:59:00Z")).toBe("4 March 2026");
  });

  it("returns null for something that is not a date", () => {
    expect(formatBlogDate("soon")).toBeNull();
  });

  it("orders dates and puts unparseable ones last", () => {
    expect(blogDateValue("2026-03-05")).toBeGreaterThan(blogDateValue("2026-03-04"));
    expect(blogDateValue("nope")).toBe(Number.NEGATIVE_INFINITY);
  });
});
