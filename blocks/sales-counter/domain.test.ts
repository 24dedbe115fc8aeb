import { afterEach, describe, expect, it, vi } from "vitest";
import { REFRESH_MS, SALES_PER_DAY, salesToday } from "./domain";

describe("sales counter", () => {
  afterEach(() => vi.useRealTimers());
  it("counts one per 450 s since midnight in Brisbane, 192 a day", () => {
    expect(SALES_PER_DAY).toBe(192);
    expect(REFRESH_MS).toBe(150_000);
    expect(salesToday(new Date("2026-11-23T14:00:00Z"))).toBe(0); // 00:00 Brisbane
    expect(salesToday(new Date("2026-11-23T14:07:29Z"))).toBe(0);
    expect(salesToday(new Date("2026-11-23T14:07:30Z"))).toBe(1);
    expect(salesToday(new Date("2026-11-24T02:00:00Z"))).toBe(96); // noon
    expect(salesToday(new Date("2026-11-24T13:59:59Z"))).toBe(191);
  });
  it("follows the clock (fake timers)", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-23T14:00:00Z"));
    expect(salesToday(new Date())).toBe(0);
    vi.advanceTimersByTime(REFRESH_MS * 3);
    expect(salesToday(new Date())).toBe(1);
  });
});
