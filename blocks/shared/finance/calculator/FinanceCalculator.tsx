import type { FinanceCalculatorProps } from "@/runtime/generated/types";
import { blockPropsDefaults } from "@/runtime/generated/block-defaults";
import type { BlockComponentProps } from "@/runtime/render/types";
import type { ReactNode } from "react";
import { calculatorDefaults } from "@/runtime/finance/defaults";
import { clampInput, inputRulesFor, rangeFor } from "@/runtime/finance/input-rules";
import type { CalculatorValues, FinanceSettings } from "@/runtime/finance/settings";
import { settingsForProvider, siteFinanceSettings } from "@/runtime/finance/site-finance";
import { linkedCarPrice } from "@/runtime/finance/finance-link";
import { CalculatorPanel } from "./CalculatorPanel.lazy";
import styles from "./finance-calculator.module.css";
// The panel's inputs are styled by the shared inputs stylesheet. Imported here, by the server
// component, so it is linked in the page's head: the panel's code comes later (hydrateLater), and
// its server markup must not wait for that code to be styled.
import "@/blocks/shared/inputs/inputs.module.css";

/**
 * Server component: resolves the dealer's finance settings and the starting values, then hands
 * the one provider it uses to the client panel (the engine runs in the browser; it is small and
 * pure). Renders nothing when the site has no finance settings or its finance flag is off; an
 * unknown providerId throws, so the page logs it and leaves the block out.
 *
 * The panel is a static island (CalculatorPanel.lazy.tsx): its code comes when it nears the
 * viewport, so no page waits for it to paint, wherever the calculator sits. A block that
 * embeds the calculator passes props of its own, so the schema's defaults are filled in here as
 * the manifest validator fills them for a placed block.
 */
export function FinanceCalculator(
  { props: written, site }: BlockComponentProps<FinanceCalculatorProps>,
  { rate, start, children }: { rate?: number | null; start?: Partial<CalculatorValues> | null; children?: ReactNode } = {},
) {
  const props = { ...blockPropsDefaults["finance-calculator"]!, ...written };
  const all = siteFinanceSettings(site.manifest);
  if (!all) return null;
  const { settings, provider } = settingsForProvider(all, props.providerId);
  // A car's own price (the vehicle page), else the price a car's finance link carries, else the site's starting amount.
  const carPrice = props.carPrice ?? linkedCarPrice(site.searchParams) ?? null;
  const defaults = calculatorDefaults(settings, { carPrice });
  // A car's own quoted rate (the vehicle page) is where its calculator starts, kept inside the provider's range.
  // Or, for a car with no quote, the values of the estimate its page shows (one figure on the page), kept inside the ranges.
  const initial = start ? startFrom(settings, defaults, start) : rate != null ? { ...defaults, rate: startRate(settings, rate) } : defaults;
  const Heading = `h${props.headingLevel}` as "h2" | "h3";
  return (
    <section id="finance-calculator" className={styles.section} aria-labelledby="finance-calculator-heading">
      <div className={styles.header}>
        <Heading id="finance-calculator-heading" className={styles.heading}>
          {props.heading}
        </Heading>
        <p className={styles.provider} data-testid="finance-provider">
          Rates and fees from <strong>{provider.name}</strong>
        </p>
      </div>
      {children}
      <CalculatorPanel settings={settings} initial={initial} carPrice={carPrice} />
    </section>
  );
}

function startFrom(settings: FinanceSettings, defaults: CalculatorValues, start: Partial<CalculatorValues>): CalculatorValues {
  const { rules } = inputRulesFor(settings);
  const v = { ...defaults, ...start };
  return {
    ...v,
    termYears: clampInput(v.termYears, rangeFor("term", rules)),
    rate: start.rate != null ? startRate(settings, start.rate) : defaults.rate,
    deposit: clampInput(v.deposit, rangeFor("deposit", rules)),
    residual: rules.residual.hidden ? 0 : clampInput(v.residual, rangeFor("residual", rules)),
  };
}

function startRate(settings: FinanceSettings, rate: number): number {
  const { rules } = inputRulesFor(settings);
  return rules.rate.locked ? calculatorDefaults(settings).rate : clampInput(rate, rangeFor("rate", rules));
}
