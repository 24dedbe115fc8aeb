import { describe, expect, it } from "vitest";
import { dateInYear, isLive, liveTiles, parseBrisbaneInstant, showsIn, type DatedItem } from "./tiles";

describe("parseBrisbaneInstant", () => {
  it("reads a date-time without offset as Brisbane time (UTC+10)", () => {
    expect(parseBrisbaneInstant("2025-07-01T00:00:00")).toBe(Date.parse("2025-06-30T14:00:00Z"));
  });

  it("reads a bare date as Brisbane midnight", () => {
    expect(parseBrisbaneInstant("2025-07-01")).toBe(Date.parse("2025-06-30T14:00:00Z"));
  });

  it("uses UTC+10 in the southern summer too (Queensland has no daylight saving)", () => {
    expect(parseBrisbaneInstant("2025-01-15T12:00:00")).toBe(Date.parse("2025-01-15T02:00:00Z"));
  });

  it("keeps an explicit offset or Z", () => {
    expect(parseBrisbaneInstant("2025-07-01T00:00:00Z")).toBe(Date.parse("2025-07-01T00:00:00Z"));
    expect(parseBrisbaneInstant("2025-07-01T00:00:00+11:00")).toBe(Date.parse("2025-06-30T13:00:00Z"));
  });
});

describe("isLive", () => {
  const tile: DatedItem = { start: "2025-07-01T00:00:00", expiry: "2025-07-25T00:00:00" };

  it("is live from the first instant of the start (1 July 00:00 Brisbane = 30 June 14:00 UTC)", () => {
    expect(isLive(tile, new Date("2025-06-30T14:00:00Z"))).toBe(true);
  });

  it("is not live one second before the start", () => {
    expect(isLive(tile, new Date("2025-06-30T13:59:59Z"))).toBe(false);
  });

  it("is live in the middle of its window", () => {
    expect(isLive(tile, new Date("2025-07-10T03:00:00Z"))).toBe(true);
  });

  it("is live until just before the expiry", () => {
    expect(isLive(tile, new Date("2025-07-24T13:59:59.999Z"))).toBe(true);
  });

  it("is not live at the expiry instant (expiry is exclusive)", () => {
    expect(isLive(tile, new Date("2025-07-24T14:00:00Z"))).toBe(false);
  });

  it("is always live without dates, and open-ended with only one of them", () => {
    expect(isLive({}, new Date("2000-01-01T00:00:00Z"))).toBe(true);
    expect(isLive({ start: "2025-07-01" }, new Date("2099-01-01T00:00:00Z"))).toBe(true);
    expect(isLive({ expiry: "2025-07-01" }, new Date("2025-06-30T13:59:59Z"))).toBe(true);
    expect(isLive({ expiry: "2025-07-01" }, new Date("2025-06-30T14:00:00Z"))).toBe(false);
  });
});

describe("showsIn (display + strictDisplay)", () => {
  it("shows an item without a display list everywhere", () => {
    expect(showsIn({}, "home")).toBe(true);
    expect(showsIn({ display: [] }, "search")).toBe(true);
  });

  it("shows an item with a display list only in the listed places", () => {
    expect(showsIn({ display: ["home", "slider"] }, "slider")).toBe(true);
    expect(showsIn({ display: ["home", "slider"] }, "search")).toBe(false);
  });

  it("with strictDisplay and no display list, shows the item nowhere", () => {
    expect(showsIn({ strictDisplay: true }, "home")).toBe(false);
    expect(showsIn({ strictDisplay: true, display: [] }, "home")).toBe(false);
  });

  it("with strictDisplay, shows the item only where listed", () => {
    expect(showsIn({ strictDisplay: true, display: ["search"] }, "search")).toBe(true);
    expect(showsIn({ strictDisplay: true, display: ["search"] }, "home")).toBe(false);
  });
});

describe("liveTiles", () => {
  const now = new Date("2025-07-10T00:00:00Z");

  it("orders by position, unpositioned items last in manifest order", () => {
    const items = [{ id: "u1" }, { id: "p2", position: 2 }, { id: "u2" }, { id: "p0", position: 0 }, { id: "p1", position: 1 }];
    expect(liveTiles(items, "home", now).map((t) => t.id)).toEqual(["p0", "p1", "p2", "u1", "u2"]);
  });

  it("keeps manifest order between items with the same position", () => {
    const items = [
      { id: "a", position: 1 },
      { id: "b", position: 1 },
      { id: "c", position: 0 },
    ];
    expect(liveTiles(items, "home", now).map((t) => t.id)).toEqual(["c", "a", "b"]);
  });

  it("drops items outside their window and items not shown in the place", () => {
    const items = [
      { id: "expired", expiry: "2025-07-01" },
      { id: "future", start: "2025-08-01" },
      { id: "search-only", display: ["search"], strictDisplay: true },
      { id: "live" },
    ];
    expect(liveTiles(items, "home", now).map((t) => t.id)).toEqual(["live"]);
    expect(liveTiles(items, "search", now).map((t) => t.id)).toEqual(["search-only", "live"]);
  });

  it("returns an empty list for no items", () => {
    expect(liveTiles(undefined, "home", now)).toEqual([]);
  });

  it("does not reorder the input array", () => {
    const items = [
      { id: "b", position: 1 },
      { id: "a", position: 0 },
    ];
    liveTiles(items, "home", now);
    expect(items.map((t) => t.id)).toEqual(["b", "a"]);
  });
});

describe("isLive: a yearly window", () => {
  const at = (iso: string) => new Date(iso);
  const eofy: DatedItem = { start: "2026-06-01T00:00:00", expiry: "2026-07-01T00:00:00", repeat: "yearly" };

  it("comes back every June on the same dates, in the dealer's zone, from its first start on", () => {
    expect(isLive(eofy, at("2025-06-15T02:00:00Z"))).toBe(false); // before its first year
    expect(isLive(eofy, at("2026-05-31T13:59:59Z"))).toBe(false); // 11:59:59 pm on 31 May, Brisbane
    expect(isLive(eofy, at("2026-05-31T14:00:00Z"))).toBe(true); // midnight, 1 June
    expect(isLive(eofy, at("2027-06-15T02:00:00Z"))).toBe(true);
    expect(isLive(eofy, at("2030-06-30T13:59:59Z"))).toBe(true);
    expect(isLive(eofy, at("2030-06-30T14:00:00Z"))).toBe(false); // 1 July
    expect(isLive(eofy, at("2027-11-24T02:00:00Z"))).toBe(false);
  });

  it("follows daylight saving in the dealer's zone: Sydney's 1 December starts at 13:00 UTC the day before", () => {
    const summer: DatedItem = { start: "2026-12-01T00:00:00", expiry: "2027-03-01T00:00:00", repeat: "yearly" };
    expect(isLive(summer, at("2028-11-30T12:59:59Z"), "Australia/Sydney")).toBe(false);
    expect(isLive(summer, at("2028-11-30T13:00:00Z"), "Australia/Sydney")).toBe(true);
    expect(isLive(summer, at("2028-11-30T13:00:00Z"), "Australia/Brisbane")).toBe(false);
  });

  it("wraps the year: a December to February sale is live on either side of the new year, not in March or November", () => {
    const summer: DatedItem = { start: "2026-12-01", expiry: "2027-03-01", repeat: "yearly" };
    expect(isLive(summer, at("2026-11-30T13:59:59Z"))).toBe(false);
    expect(isLive(summer, at("2026-12-15T02:00:00Z"))).toBe(true);
    expect(isLive(summer, at("2027-01-01T02:00:00Z"))).toBe(true);
    expect(isLive(summer, at("2027-02-28T02:00:00Z"))).toBe(true);
    expect(isLive(summer, at("2027-02-28T14:00:00Z"))).toBe(false); // 1 March, Brisbane
    expect(isLive(summer, at("2027-07-01T02:00:00Z"))).toBe(false);
    expect(isLive(summer, at("2027-12-31T13:59:59Z"))).toBe(true); // the next year's occurrence
    expect(isLive(summer, at("2028-01-15T02:00:00Z"))).toBe(true);
    // Before its first start, the January of that same season is not live.
    expect(isLive(summer, at("2026-01-15T02:00:00Z"))).toBe(false);
  });

  it("reads 29 February as 1 March in a common year: a window ending on it covers all of February, one starting on it starts on 1 March", () => {
    const february: DatedItem = { start: "2028-02-01", expiry: "2028-02-29", repeat: "yearly" };
    expect(isLive(february, at("2028-02-28T02:00:00Z"))).toBe(true);
    expect(isLive(february, at("2028-02-29T02:00:00Z"))).toBe(false); // a leap year: 29 February itself is past the expiry
    expect(isLive(february, at("2029-02-28T02:00:00Z"))).toBe(true); // a common year: the expiry is 1 March
    expect(isLive(february, at("2029-03-01T02:00:00Z"))).toBe(false);
    const leapDay: DatedItem = { start: "2028-02-29", expiry: "2028-03-08", repeat: "yearly" };
    expect(isLive(leapDay, at("2028-02-29T02:00:00Z"))).toBe(true);
    expect(isLive(leapDay, at("2029-02-28T02:00:00Z"))).toBe(false);
    expect(isLive(leapDay, at("2029-03-01T02:00:00Z"))).toBe(true);
    expect(isLive(leapDay, at("2032-02-29T02:00:00Z"))).toBe(true);
  });

  it("keeps an explicit offset in every year", () => {
    const item: DatedItem = { start: "2026-06-01T00:00:00Z", expiry: "2026-06-02T00:00:00Z", repeat: "yearly" };
    expect(isLive(item, at("2029-06-01T00:00:00Z"))).toBe(true);
    expect(isLive(item, at("2029-05-31T23:59:59Z"))).toBe(false);
    expect(isLive(item, at("2029-06-02T00:00:00Z"))).toBe(false);
  });

  it("without both dates it is an ordinary window", () => {
    expect(isLive({ start: "2026-06-01", repeat: "yearly" }, at("2030-01-01T00:00:00Z"))).toBe(true);
    expect(isLive({ expiry: "2026-07-01", repeat: "yearly" }, at("2030-06-15T00:00:00Z"))).toBe(false);
  });

  it("places list a yearly tile only in its season", () => {
    const tiles: Array<DatedItem & { id: string }> = [{ id: "eofy", ...eofy, display: ["home"] }, { id: "always" }];
    expect(liveTiles(tiles, "home", at("2027-06-10T02:00:00Z")).map((t) => t.id)).toEqual(["eofy", "always"]);
    expect(liveTiles(tiles, "home", at("2027-08-10T02:00:00Z")).map((t) => t.id)).toEqual(["always"]);
  });
});

describe("dateInYear", () => {
  it("moves the year and keeps the rest; 29 February becomes 1 March in a common year", () => {
    expect(dateInYear("2026-06-01T00:00:00", 2031)).toBe("2031-06-01T00:00:00");
    expect(dateInYear("2028-02-29T09:30:00+10:00", 2029)).toBe("2029-03-01T09:30:00+10:00");
    expect(dateInYear("2028-02-29", 2032)).toBe("2032-02-29");
  });
});
