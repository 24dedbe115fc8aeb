import { describe, expect, it } from "vitest";
import { BLOG_DESCRIPTION_LIMIT, BLOG_TITLE_LIMIT, truncate } from "./truncate";

describe("truncate", () => {
  it("returns text within the limit unchanged", () => {
    expect(truncate("Short", 80)).toBe("Short");
    expect(truncate("", 80)).toBe("");
    const exact = "x".repeat(80);
    expect(truncate(exact, 80)).toBe(exact);
  });

  it("cuts at the limit and appends an ellipsis", () => {
    expect(truncate("x".repeat(81), 80)).toBe("x".repeat(80) + "…");
    expect(truncate("abcdefghij", 4)).toBe("abcd…");
  });

  it("drops whitespace left at the cut", () => {
    expect(truncate("Hello world", 6)).toBe("Hello…");
  });

  it("counts code points, never splitting an emoji", () => {
    expect(truncate("🚗🚙🚕", 2)).toBe("🚗🚙…");
    expect(truncate("🚗🚙", 2)).toBe("🚗🚙");
  });

  it("uses the spec's limits: titles 80, descriptions 100", () => {
    expect(BLOG_TITLE_LIMIT).toBe(80);
    expect(BLOG_DESCRIPTION_LIMIT).toBe(100);
    const long = "x".repeat(79) + "yz and more";
    const cut = truncate(long, BLOG_TITLE_LIMIT);
    expect(cut).toBe("x".repeat(79) + "y…");
    expect(Array.from(truncate("d".repeat(150), BLOG_DESCRIPTION_LIMIT))).toHaveLength(101);
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });
});
