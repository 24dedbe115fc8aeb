/**
 * The vehicle page's finance calculator's current figures, shared with the links that carry them
 * into the checkout journey ('Buy Online': `&term=&rate=&deposit=&residual=&frequency=`, the names
 * the journey reads). A tiny external store: the calculator (a hydrateLater island) publishes as
 * the shopper changes a figure, the link (its own small island) reads it, and neither block imports
 * the other. Before JavaScript, or before the shopper touches the calculator, the link is plain.
 */
import type { CalculatorValues } from "@/runtime/finance/settings";

export type CarriedFigures = Pick<CalculatorValues, "termYears" | "rate" | "deposit" | "residual" | "frequency">;

let current: CarriedFigures | null = null;
const listeners = new Set<() => void>();

export function publishCalculatorFigures(values: CarriedFigures): void {
  const next = { termYears: values.termYears, rate: values.rate, deposit: values.deposit, residual: values.residual, frequency: values.frequency };
  if (current && (Object.keys(next) as (keyof CarriedFigures)[]).every((k) => current![k] === next[k])) return;
  current = next;
  for (const l of listeners) l();
}

export function subscribeCalculatorFigures(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const calculatorFiguresSnapshot = (): CarriedFigures | null => current;
export const serverFiguresSnapshot = (): CarriedFigures | null => null;

/** The link with the figures added (any of the same names already on it replaced); the link unchanged without figures. */
export function withCarriedFigures(href: string, figures: CarriedFigures | null): string {
  if (!figures) return href;
  const [path, query = ""] = href.split("?", 2);
  const params = new URLSearchParams(query);
  params.set("term", String(figures.termYears));
  params.set("rate", String(figures.rate));
  params.set("deposit", String(figures.deposit));
  params.set("residual", String(figures.residual));
  params.set("frequency", figures.frequency);
  return `${path}?${params.toString()}`;
}
