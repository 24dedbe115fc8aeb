import { describe, expect, it } from "vitest";
import { schemaValidManifest, ruleContext } from "../../../tests/helpers/manifest-fixture";
import { tileDates } from "./tile-dates";

const check = (tiles: Record<string, unknown>[]) => tileDates.check(ruleContext(schemaValidManifest((m) => (m.tiles = tiles))));

describe("rule tile-dates", () => {
  it("accepts a tile that starts before it expires", () => {
    expect(check([{ id: "eofy", title: "EOFY", start: "2025-07-01T00:00:00", expiry: "2025-07-25T00:00:00" }])).toEqual([]);
  });

  it("accepts tiles with only one date or none", () => {
    expect(
      check([
        { id: "a", title: "A", start: "2025-07-01" },
        { id: "b", title: "B", expiry: "2025-07-01" },
        { id: "c", title: "C" },
      ]),
    ).toEqual([]);
  });

  it("refuses a tile that expires before it starts, pointing at the expiry", () => {
    expect(
      check([
        { id: "ok", title: "OK" },
        { id: "eofy", title: "EOFY", start: "2025-07-25", expiry: "2025-07-01" },
      ]),
    ).toEqual([
      {
        pointer: "/tiles/1/expiry",
        message: "tile 'eofy' expires (2025-07-01) before or when it starts (2025-07-25)",
        hint: "swap the dates or fix the expiry",
      },
    ]);
  });

  it("refuses a tile whose start and expiry are the same instant", () => {
    expect(check([{ id: "x", title: "X", start: "2025-07-01T00:00:00", expiry: "2025-06-30T14:00:00Z" }])).toHaveLength(1);
  });

  it("compares instants, reading dates without offset as Brisbane time", () => {
    // start 1 July 00:00 Brisbane = 30 June 14:00 UTC, before the expiry at 14:30 UTC
    expect(check([{ id: "x", title: "X", start: "2025-07-01T00:00:00", expiry: "2025-06-30T14:30:00Z" }])).toEqual([]);
  });

  it("refuses an announcement that expires before it starts, and accepts one in order", () => {
    const announce = (a: Record<string, unknown>) => tileDates.check(ruleContext(schemaValidManifest((m) => (m.announcement = a))));
    expect(announce({ text: "Sale", start: "2026-12-01", expiry: "2026-12-25" })).toEqual([]);
    expect(announce({ text: "Sale", start: "2026-12-25", expiry: "2026-12-01" })).toEqual([
      {
        pointer: "/announcement/expiry",
        message: "the announcement expires (2026-12-01) before or when it starts (2026-12-25)",
        hint: "swap the dates or fix the expiry",
      },
    ]);
  });

  it("accepts a yearly window within a year, across the new year too", () => {
    expect(check([{ id: "eofy", title: "EOFY", start: "2026-06-01", expiry: "2026-07-01", repeat: "yearly" }])).toEqual([]);
    expect(check([{ id: "summer", title: "Summer", start: "2026-12-01", expiry: "2027-03-01", repeat: "yearly" }])).toEqual([]);
    expect(check([{ id: "all", title: "All year", start: "2026-01-01", expiry: "2027-01-01", repeat: "yearly" }])).toEqual([]);
  });

  it("refuses a yearly window without both dates, or longer than a year", () => {
    expect(check([{ id: "eofy", title: "EOFY", start: "2026-06-01", repeat: "yearly" }])).toEqual([
      {
        pointer: "/tiles/0/expiry",
        message: "tile 'eofy' repeats yearly but has no expiry",
        hint: "give both the start and the expiry of its first year, e.g. 2026-06-01 and 2026-07-01",
      },
    ]);
    expect(check([{ id: "eofy", title: "EOFY", expiry: "2026-07-01", repeat: "yearly" }])[0]?.pointer).toBe("/tiles/0/start");
    expect(check([{ id: "long", title: "Long", start: "2026-12-01", expiry: "2027-12-02", repeat: "yearly" }])).toEqual([
      {
        pointer: "/tiles/0/expiry",
        message: "tile 'long' repeats yearly but runs more than a year (2026-12-01 to 2027-12-02)",
        hint: "end it within a year of its start; a summer sale from December to February ends in the year after it starts",
      },
    ]);
  });

  it("checks the announcement bar block's own window", () => {
    const bar = (props: Record<string, unknown>) =>
      tileDates.check(ruleContext(schemaValidManifest((m) => (m.routes["/"]!.blocks = [{ type: "announcement-bar", props: { text: "Sale", ...props } }]))));
    expect(bar({ start: "2026-12-01", expiry: "2027-03-01", repeat: "yearly" })).toEqual([]);
    expect(bar({ start: "2026-12-01", repeat: "yearly" })).toEqual([
      {
        pointer: "/routes/~1/blocks/0/props/expiry",
        message: "the announcement bar repeats yearly but has no expiry",
        hint: "give both the start and the expiry of its first year, e.g. 2026-06-01 and 2026-07-01",
      },
    ]);
  });
});
