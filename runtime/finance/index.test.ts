import { describe, expect, it } from "vitest";
import * as finance from "./index";

describe("public API", () => {
  it("exports what the calculator block and the quote route use", () => {
    for (const name of [
      "resolveFinanceSettings",
      "calculatorDefaults",
      "calculate",
      "repaymentFor",
      "monthlyEstimateFromWeekly",
      "comparisonRateFor",
      "benchmarkComparisonRate",
      "advertisedRate",
      "rangeFor",
      "sliderBounds",
      "applyInput",
      "clampInput",
      "validateInput",
      "financeEligibility",
      "financeDisplay",
      "financeEstimate",
      "handleQuoteRequest",
      "remoteQuoteProvider",
      "embeddedQuoteProvider",
      "formatCurrency",
      "formatCurrencyCents",
      "formatPercent",
      "truncateDisclaimer",
    ])
      expect(typeof (finance as Record<string, unknown>)[name], name).toBe("function");
    expect(finance.COMPARISON_RATE_WARNING).toMatch(/^WARNING: This comparison rate is true only/);
    expect(Object.keys(finance.SAMPLE_PROVIDERS)).toEqual(["standard", "prime", "flexi", "broker", "brand"]);
  });
});
