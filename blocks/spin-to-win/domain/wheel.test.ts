import { afterEach, describe, expect, it, vi } from "vitest";
import { campaignOpen, drawPrize, landingTurn, periodOf, segmentsOf, WheelError, type Campaign, type Prize } from "./wheel";

const prizes: Prize[] = [
  { id: "wash", label: "A free hand car wash", chance: 25 },
  { id: "mug", label: "A travel mug", chance: 15 },
  { id: "service", label: "$50 off your next service", chance: 10 },
];
const SYDNEY = "Australia/Sydney";

describe("the odds", () => {
  it("each prize is drawn by as many of the 100 rolls as its chance; the rest draw no prize", () => {
    const counts = new Map<string, number>();
    for (let roll = 0; roll < 100; roll++) {
      const won = drawPrize(prizes, roll)?.id ?? "none";
      counts.set(won, (counts.get(won) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ wash: 25, mug: 15, service: 10, none: 50 });
  });

  it("a wheel whose chances total 100 always wins something", () => {
    const full = [
      { id: "a", label: "A", chance: 60 },
      { id: "b", label: "B", chance: 40 },
    ];
    for (let roll = 0; roll < 100; roll++) expect(drawPrize(full, roll)).not.toBeNull();
    expect(segmentsOf(full).map((s) => s.prize?.id ?? null)).toEqual(["a", "b"]);
  });

  it("refuses a wheel with no prize, chances over 100%, or a roll out of range", () => {
    expect(() => drawPrize([], 0)).toThrow(WheelError);
    expect(() =>
      drawPrize(
        [
          { id: "a", label: "A", chance: 70 },
          { id: "b", label: "B", chance: 40 },
        ],
        0,
      ),
    ).toThrow(/add up to 110%/);
    expect(() => drawPrize(prizes, 100)).toThrow(WheelError);
    expect(() => drawPrize(prizes, -1)).toThrow(WheelError);
    expect(() => drawPrize(prizes, 1.5)).toThrow(WheelError);
  });

  it("the segments share the wheel by chance, and the wheel turns the drawn segment's middle to the pointer", () => {
    const segments = segmentsOf(prizes);
    expect(segments.map((s) => [s.prize?.id ?? null, s.from, s.to])).toEqual([
      ["wash", 0, 90],
      ["mug", 90, 144],
      ["service", 144, 180],
      [null, 180, 360],
    ]);
    // The wash's middle is at 45°: turned 315° (after four whole turns) it is at the top.
    expect(landingTurn(segments, "wash")).toBe(4 * 360 + 315);
    expect(landingTurn(segments, null)).toBe(4 * 360 + 90);
  });
});

describe("the campaign window and period", () => {
  afterEach(() => vi.useRealTimers());
  const campaign: Campaign = { id: "summer", name: "Summer spin", period: "month", start: "2026-12-01", expiry: "2027-03-01" };

  it("is open from its start (inclusive) to its expiry (exclusive), in the dealer's time zone", () => {
    vi.useFakeTimers();
    // Midnight on 1 December in Sydney is 13:00 UTC on 30 November (daylight saving).
    vi.setSystemTime(new Date("2026-11-30T12:59:59Z"));
    expect(campaignOpen(campaign, new Date(), SYDNEY)).toBe(false);
    vi.setSystemTime(new Date("2026-11-30T13:00:00Z"));
    expect(campaignOpen(campaign, new Date(), SYDNEY)).toBe(true);
    vi.setSystemTime(new Date("2027-02-28T12:59:59Z"));
    expect(campaignOpen(campaign, new Date(), SYDNEY)).toBe(true);
    vi.setSystemTime(new Date("2027-02-28T13:00:00Z"));
    expect(campaignOpen(campaign, new Date(), SYDNEY)).toBe(false);
  });

  it("a yearly campaign opens again each summer, across the new year and in a leap year's February", () => {
    vi.useFakeTimers();
    const yearly: Campaign = { ...campaign, repeat: "yearly" };
    const open = (iso: string) => (vi.setSystemTime(new Date(iso)), campaignOpen(yearly, new Date(), SYDNEY));
    expect(open("2027-06-15T02:00:00Z")).toBe(false);
    expect(open("2027-11-30T12:59:59Z")).toBe(false);
    expect(open("2027-11-30T13:00:00Z")).toBe(true); // midnight on 1 December in Sydney
    expect(open("2028-01-10T02:00:00Z")).toBe(true);
    expect(open("2028-02-29T02:00:00Z")).toBe(true); // 29 February 2028 is before the 1 March expiry
    expect(open("2028-02-29T13:00:00Z")).toBe(false); // 1 March in Sydney
  });

  it("an undated campaign is open on any day", () => {
    vi.useFakeTimers();
    for (const t of ["2020-01-01T00:00:00Z", "2031-07-15T09:00:00Z"]) {
      vi.setSystemTime(new Date(t));
      expect(campaignOpen({ id: "x", name: "X", period: "once" }, new Date(), SYDNEY)).toBe(true);
    }
  });

  it("a spin counts in the dealer's calendar month or week, or once for the whole campaign", () => {
    vi.useFakeTimers();
    // 13:30 UTC on 30 November is already 1 December in Sydney: a new month there.
    vi.setSystemTime(new Date("2026-11-30T13:30:00Z"));
    expect(periodOf("month", new Date(), SYDNEY)).toBe("2026-12");
    expect(periodOf("month", new Date(), "Australia/Perth")).toBe("2026-11");
    // Tuesday 1 December 2026: the week began on Monday 30 November.
    expect(periodOf("week", new Date(), SYDNEY)).toBe("2026-11-30");
    vi.setSystemTime(new Date("2026-12-06T12:00:00Z")); // Sunday 6 December, 11 pm in Sydney
    expect(periodOf("week", new Date(), SYDNEY)).toBe("2026-11-30");
    vi.setSystemTime(new Date("2026-12-06T13:00:00Z")); // Monday 7 December, midnight in Sydney
    expect(periodOf("week", new Date(), SYDNEY)).toBe("2026-12-07");
    expect(periodOf("once", new Date(), SYDNEY)).toBe("once");
  });
});
