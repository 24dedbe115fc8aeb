import { describe, expect, it } from "vitest";
import { isLive, liveTiles, parseBrisbaneInstant, showsIn, type DatedItem } from "./tiles";

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
