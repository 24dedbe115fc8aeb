import { describe, expect, it } from "vitest";
import { DEALER_COMMENTS_LIMIT, truncateComments } from "./comments";

describe("dealer comments", () => {
  it("is null when empty (the page shows the pending message)", () => {
    expect(truncateComments("")).toBeNull();
    expect(truncateComments("   ")).toBeNull();
    expect(truncateComments(undefined)).toBeNull();
  });
  it("keeps text of 400 characters or less whole", () => {
    const text = "a".repeat(DEALER_COMMENTS_LIMIT);
    expect(truncateComments(text)).toEqual({ full: text, short: text, truncated: false });
  });
  it("cuts longer text at 400 characters, on a word boundary when one is near", () => {
    const words = "word ".repeat(120).trim();
    const t = truncateComments(words)!;
    expect(t.truncated).toBe(true);
    expect(t.short.endsWith("…")).toBe(true);
    expect(t.short.length).toBeLessThanOrEqual(DEALER_COMMENTS_LIMIT + 1);
    expect(t.short).toMatch(/word…$/);
    expect(t.full).toBe(words);
  });
  it("cuts a long unbroken text at exactly 400", () => {
    const t = truncateComments("x".repeat(500))!;
    expect(t.short).toBe("x".repeat(400) + "…");
  });
  it("keeps markup as text (the page escapes it)", () => {
    expect(truncateComments("<script>alert(1)</script>")!.full).toBe("<script>alert(1)</script>");
  });
});
