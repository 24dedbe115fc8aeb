import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { FinanceCalculatorProps } from "@/runtime/generated/types";
import { COMPARISON_RATE_WARNING, SAMPLE_PROVIDERS, type FinanceSettingsSource } from "@/runtime/finance";
import { FinanceCalculator } from "@/blocks/shared/finance/calculator/FinanceCalculator";
import { blockSite } from "@/tests/helpers/block-site";

const finance: FinanceSettingsSource = { defaultProvider: "prime", providers: [SAMPLE_PROVIDERS.prime, SAMPLE_PROVIDERS.broker] };
function html(props: FinanceCalculatorProps = {}, manifest: Record<string, unknown> = { features: { finance: true }, finance }) {
  const site = blockSite(manifest, { pattern: "/finance", pathname: "/finance" });
  return renderToStaticMarkup(<>{FinanceCalculator({ props, data: undefined, dataFailed: false, site, slots: {} })}</>);
}

describe("finance-calculator block (server render)", () => {
  it("renders the panel at #finance-calculator with its heading and the default provider's name", () => {
    const out = html();
    expect(out).toContain('<section id="finance-calculator"');
    expect(out).toMatch(/<h2 id="finance-calculator-heading"[^>]*>Finance Calculator<\/h2>/);
    expect(out).toContain("Prime Motor Finance");
    expect(out).not.toContain("Broker Plus");
  });

  it("uses the named provider and heading level", () => {
    const out = html({ providerId: "broker", heading: "Estimate your repayments", headingLevel: 3 });
    expect(out).toMatch(/<h3[^>]*>Estimate your repayments<\/h3>/);
    expect(out).toContain("Broker Plus");
    expect(out).toMatch(/min="9.95"/);
  });

  it("server-renders the figures, the rate with its comparison rate and the warning", () => {
    const out = html();
    expect(out).toMatch(/data-testid="finance-repayment">\$\d+\.\d\d</);
    expect(out).toMatch(/Interest rate 8\.50% p\.a\. \(comparison rate \d+\.\d\d% p\.a\.\*\)/);
    expect(out).toContain(COMPARISON_RATE_WARNING);
    expect(out).toContain("Show More");
  });

  it("opens at the price a car's finance link carries, not the site's starting amount", () => {
    const manifest = { features: { finance: true }, finance };
    const at = (searchParams: Record<string, string>) =>
      renderToStaticMarkup(
        <>
          {FinanceCalculator({
            props: {},
            data: undefined,
            dataFailed: false,
            site: blockSite(manifest, { pattern: "/finance", pathname: "/finance", searchParams }),
            slots: {},
          })}
        </>,
      );
    expect(at({})).toMatch(/id="[^"]*price"[^>]*value="30,000"/);
    expect(at({ vehiclePriceBudget: "42990", car_id: "7" })).toMatch(/id="[^"]*price"[^>]*value="42,990"/);
    expect(at({ vehiclePriceBudget: "-5" })).toMatch(/id="[^"]*price"[^>]*value="30,000"/);
  });

  it("renders nothing without finance settings or with the finance flag off", () => {
    expect(html({}, { features: { finance: true } })).toBe("");
    expect(html({}, { features: { finance: false }, finance })).toBe("");
    expect(html({}, { finance })).toBe("");
  });

  it("throws for an unknown provider, so the page logs it and leaves the block out", () => {
    expect(() => html({ providerId: "nope" })).toThrow(/Unknown finance provider "nope"/);
  });
});
