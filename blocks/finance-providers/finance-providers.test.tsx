import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { FinanceProvidersProps } from "@/runtime/generated/types";
import {
  COMPARISON_RATE_WARNING,
  repaymentFor,
  feeScheduleFor,
  formatCurrencyCents,
  resolveFinanceSettings,
  SAMPLE_PROVIDERS,
  type FinanceSettingsSource,
} from "@/runtime/finance";
import { FinanceProviders } from "./FinanceProviders";
import { feeLines, providerSummary } from "./provider-summary";
import { blockProps } from "@/tests/helpers/block-props";
import { blockSite } from "@/tests/helpers/block-site";

const finance: FinanceSettingsSource = { providers: [SAMPLE_PROVIDERS.prime, SAMPLE_PROVIDERS.broker, SAMPLE_PROVIDERS.brand, SAMPLE_PROVIDERS.standard] };
function html(props: FinanceProvidersProps = {}, manifest: Record<string, unknown> = { features: { finance: true }, finance }) {
  const site = blockSite(manifest);
  return renderToStaticMarkup(<>{FinanceProviders({ props: blockProps("finance-providers", props), data: undefined, dataFailed: false, site, slots: {} })}</>);
}

describe("provider summary", () => {
  const settings = resolveFinanceSettings(finance);
  it("computes the weekly example on $30,000 over 5 years with the provider's fees, timing and rounding", () => {
    for (const p of settings.providers) {
      const s = providerSummary(settings, p);
      const expected = repaymentFor({
        price: 30000,
        annualRate: p.defaultRate,
        termYears: 5,
        frequency: "weekly",
        fees: feeScheduleFor(p.fees),
        timing: p.paymentTiming,
        rounding: p.rounding,
      });
      expect(s.example.paymentText).toBe(formatCurrencyCents(expected.payment));
      expect(s.exampleText).toBe("$30,000 over 5 years");
      expect(s.advertised?.text).toMatch(/\(comparison rate \d+\.\d\d% p\.a\.\*\)$/);
    }
  });
  it("lists fees in words", () => {
    expect(feeLines(settings.providers[0])).toEqual(["Establishment fee $1,300"]);
    expect(feeLines(settings.providers[1])).toEqual(["Establishment fee $1,360.50 (paid at settlement)"]);
    expect(feeLines(settings.providers[2])).toEqual([
      "Establishment fee $395",
      "Security registration $6",
      "Monthly account fee $8",
      "Dealer agency fee $912.25",
    ]);
    expect(feeLines(settings.providers[3])).toEqual([]);
  });
  it("a fee-free provider's comparison rate equals its rate", () => {
    const s = providerSummary(settings, settings.providers[3]);
    expect(s.advertised?.text).toBe("10.00% p.a. (comparison rate 10.00% p.a.*)");
  });
});

describe("finance-providers block", () => {
  it("renders a card per provider, each rate with its comparison rate and the warning", () => {
    const out = html();
    expect(out.match(/<li[^>]*aria-labelledby="finance-provider-/g)).toHaveLength(4);
    for (const name of ["Prime Motor Finance", "Broker Plus", "Brand Financial Services", "Standard Finance"]) expect(out).toContain(name);
    const rates = out.match(/Interest rate [^<]*/g)!;
    expect(rates).toHaveLength(4);
    for (const r of rates) expect(r).toMatch(/comparison rate \d+\.\d\d% p\.a\.\*/);
    expect(out.split(COMPARISON_RATE_WARNING).length - 1).toBe(4);
    expect(out).toContain("Repayments in advance");
    expect(out).toContain("No establishment or account fees");
  });

  it("shows only the listed providers, in order", () => {
    const out = html({ providerIds: ["broker", "missing", "prime"] });
    expect(out.indexOf("Broker Plus")).toBeLessThan(out.indexOf("Prime Motor Finance"));
    expect(out).not.toContain("Standard Finance");
  });

  it("renders nothing without finance settings or with the flag off", () => {
    expect(html({}, { features: { finance: true } })).toBe("");
    expect(html({}, { features: { finance: false }, finance })).toBe("");
    expect(html({ providerIds: ["missing"] })).toBe("");
  });
});
