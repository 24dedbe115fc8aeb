import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_TIME_ZONE, parseLocalInstant, requestNow, shortInZone, siteTimeZone } from "./time";
import { isLive, liveTiles } from "./tiles";

// Sydney's daylight saving in 2025: starts Sunday 5 October at 02:00 AEST (16:00Z on the 4th),
// ends Sunday 5 April 2026 at 03:00 AEDT (16:00Z on the 4th). Brisbane stays UTC+10 all year.
const SYDNEY = "Australia/Sydney";

afterEach(() => {
  vi.useRealTimers();
});

describe("dealer time zones", () => {
  it("defaults to Australia/Brisbane", () => {
    expect(DEFAULT_TIME_ZONE).toBe("Australia/Brisbane");
    expect(siteTimeZone({})).toBe("Australia/Brisbane");
    expect(siteTimeZone({ timeZone: SYDNEY })).toBe(SYDNEY);
  });

  it("reads a manifest date without an offset as wall-clock time in the zone, daylight saving included", () => {
    // Before the change Sydney is +10 like Brisbane; after it, +11.
    expect(new Date(parseLocalInstant("2025-10-01", SYDNEY)).toISOString()).toBe("2025-09-30T14:00:00.000Z");
    expect(new Date(parseLocalInstant("2025-10-10", SYDNEY)).toISOString()).toBe("2025-10-09T13:00:00.000Z");
    expect(new Date(parseLocalInstant("2025-10-10", "Australia/Brisbane")).toISOString()).toBe("2025-10-09T14:00:00.000Z");
    expect(new Date(parseLocalInstant("2025-10-10T09:30", SYDNEY)).toISOString()).toBe("2025-10-09T22:30:00.000Z");
    // An explicit offset is that instant whatever the zone.
    expect(new Date(parseLocalInstant("2025-10-10T00:00:00+10:00", SYDNEY)).toISOString()).toBe("2025-10-09T14:00:00.000Z");
    expect(parseLocalInstant("2025-02-30", SYDNEY)).toBeNaN();
    expect(parseLocalInstant("soon", SYDNEY)).toBeNaN();
  });

  it("starts a Sydney promotion at Sydney midnight across the daylight-saving change (fake clock)", () => {
    vi.useFakeTimers();
    const sale = { id: "spring-sale", start: "2025-10-10", expiry: "2025-10-13" };
    // 23:30 AEDT on the 9th: not yet (a fixed +10 reading would have started it at 23:00).
    vi.setSystemTime(new Date("2025-10-09T12:30:00Z"));
    expect(isLive(sale, new Date(), SYDNEY)).toBe(false);
    expect(isLive(sale, new Date(), "Australia/Brisbane")).toBe(false);
    // 00:30 AEDT on the 10th (23:30 in Brisbane): live in Sydney only.
    vi.setSystemTime(new Date("2025-10-09T13:30:00Z"));
    expect(liveTiles([sale], "home", new Date(), SYDNEY)).toEqual([sale]);
    expect(liveTiles([sale], "home", new Date(), "Australia/Brisbane")).toEqual([]);
    // It ends at Sydney midnight on the 13th.
    vi.setSystemTime(new Date("2025-10-12T12:59:59Z"));
    expect(isLive(sale, new Date(), SYDNEY)).toBe(true);
    vi.setSystemTime(new Date("2025-10-12T13:00:00Z"));
    expect(isLive(sale, new Date(), SYDNEY)).toBe(false);
  });

  it("ends daylight saving: a tile from 5 April 2026 starts at 00:00 AEDT (+11), one from the 6th at 00:00 AEST (+10)", () => {
    expect(new Date(parseLocalInstant("2026-04-05", SYDNEY)).toISOString()).toBe("2026-04-04T13:00:00.000Z");
    expect(new Date(parseLocalInstant("2026-04-06", SYDNEY)).toISOString()).toBe("2026-04-05T14:00:00.000Z");
  });
});

describe("shortInZone: a moment as a dealer's staff read it", () => {
  it("short words in the zone, with its abbreviation, never UTC", () => {
    const end = "2026-11-28T05:30:00.000Z";
    expect(shortInZone(end, "Australia/Sydney")).toBe("Sat 28 Nov 2026, 4:30 pm AEDT");
    expect(shortInZone(end, "Australia/Brisbane")).toBe("Sat 28 Nov 2026, 3:30 pm AEST");
    expect(shortInZone(new Date(end), "Australia/Perth")).toBe("Sat 28 Nov 2026, 1:30 pm AWST");
  });
});

describe("requestNow: the one clock pages are rendered by", () => {
  it("is the real clock unless a test clock is set outside production", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-24T00:00:00Z"));
    expect(requestNow({}).toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(requestNow({ TEST_NOW_ISO: "2025-07-10T02:00:00Z", NODE_ENV: "test" }).toISOString()).toBe("2025-07-10T02:00:00.000Z");
    // A production server ignores it unless the browser tests also say E2E_CLOCK=on.
    expect(requestNow({ TEST_NOW_ISO: "2025-07-10T02:00:00Z", NODE_ENV: "production" }).toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(requestNow({ TEST_NOW_ISO: "2025-07-10T02:00:00Z", NODE_ENV: "production", E2E_CLOCK: "on" }).toISOString()).toBe("2025-07-10T02:00:00.000Z");
    expect(requestNow({ TEST_NOW_ISO: "nonsense", NODE_ENV: "test" }).toISOString()).toBe("2026-11-24T00:00:00.000Z");
  });
});
