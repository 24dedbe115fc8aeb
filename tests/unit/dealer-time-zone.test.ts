import { afterEach, describe, expect, it, vi } from "vitest";
import { localDate, localYear } from "@/runtime/time";
import { formatBlogDate } from "@/blocks/shared/blog/format-date";
import { copyrightYear } from "@/blocks/site-footer/footer-content";

const SYDNEY = "Australia/Sydney";

afterEach(() => {
  vi.useRealTimers();
});

describe("blocks read dates in the dealer's time zone", () => {
  it("dates blog posts and the footer year in the dealer's zone", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2025-12-31T13:30:00Z")); // 00:30 on 1 January 2026 in Sydney, 23:30 on the 31st in Brisbane
    expect(localDate(new Date(), SYDNEY)).toBe("2026-01-01");
    expect(localDate(new Date(), "Australia/Brisbane")).toBe("2025-12-31");
    expect(localYear(new Date(), SYDNEY)).toBe(2026);
    expect(copyrightYear(new Date(), SYDNEY)).toBe("2026");
    expect(copyrightYear(new Date(), "Australia/Brisbane")).toBe("2025");
    expect(formatBlogDate("2026-01-01T00:15:00+11:00", SYDNEY)).toBe("1 January 2026");
    expect(formatBlogDate("2026-01-01T00:15:00+11:00", "Australia/Brisbane")).toBe("31 December 2025");
    expect(formatBlogDate("2025-10-10", SYDNEY)).toBe("10 October 2025");
  });
});
