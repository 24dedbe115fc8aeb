import { describe, expect, it } from "vitest";
import { formatCurrency, formatCurrencyCents, formatNumber, formatPercent, truncateDisclaimer } from "./format";

describe("format", () => {
  it("currency has a dollar sign, comma grouping and no decimals", () => {
    expect(formatCurrency(30000)).toBe("$30,000");
    expect(formatCurrency(1234567.6)).toBe("$1,234,568");
    expect(formatCurrency(999)).toBe("$999");
    expect(formatCurrency(0)).toBe("$0");
    expect(formatCurrency(-1500)).toBe("-$1,500");
    expect(formatCurrency(-0.2)).toBe("$0");
    expect(formatCurrency(Number.NaN)).toBe("");
  });
  it("repayments show cents", () => {
    expect(formatCurrencyCents(579.98)).toBe("$579.98");
    expect(formatCurrencyCents(34798.8)).toBe("$34,798.80");
    expect(formatCurrencyCents(1.005)).toBe("$1.01");
    expect(formatCurrencyCents(1000000)).toBe("$1,000,000.00");
    expect(formatCurrencyCents(-0.001)).toBe("$0.00");
  });
  it("percent has two decimals", () => {
    expect(formatPercent(6)).toBe("6.00%");
    expect(formatPercent(7.778504)).toBe("7.78%");
    expect(formatPercent(19.95)).toBe("19.95%");
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe("");
  });
  it("numbers group thousands for typed inputs and read back", () => {
    expect(formatNumber(125000)).toBe("125,000");
  });
  it("truncates disclaimers at 197 characters", () => {
    const long = "x".repeat(250);
    const t = truncateDisclaimer(long);
    expect(t.truncated).toBe(true);
    expect(t.short).toBe(`${"x".repeat(197)}...`);
    expect(t.full).toBe(long);
    expect(truncateDisclaimer("x".repeat(197))).toEqual({ short: "x".repeat(197), full: "x".repeat(197), truncated: false });
    expect(truncateDisclaimer("abcdef", 3).short).toBe("abc...");
  });
});
