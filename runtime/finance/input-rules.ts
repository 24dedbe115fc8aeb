/**
 * Calculator input rules as data. Rules resolve in three layers: built-in defaults,
 * then the provider's `inputs`, then the site's `calculator.inputs` (the dealer's own setting is
 * the most specific, so it wins). Only types come from settings.ts, keeping the module graph acyclic.
 */
import type { FinanceProvider, FinanceSettings, InputRules, InputRulesOverride } from "./settings";
import { formatCurrency } from "./format";

export type InputField = keyof InputRules;

export const DEFAULT_INPUT_RULES: InputRules = {
  price: { min: 1000, max: 100000, step: 500 },
  term: { min: 1, max: 7, step: 0.5 },
  rate: { min: 0.5, max: 15, step: 0.5, locked: false, hidden: false },
  // The spec gives no step for deposit and residual; 500 matches the price slider.
  deposit: { min: 0, max: 250000, step: 500, hidden: false },
  residual: { min: 0, max: 250000, step: 500, hidden: false },
};

export const HELP_TEXT_TEMPLATE = "Cannot be less than {min} or more than {max}";

/** Plain numbers (no grouping, at most 2 decimals), for the years and percentages of the other inputs. */
function plain(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The spec's help text with each bound written by `format` (plain numbers unless told otherwise). */
export function helpText(min: number, max: number, format: (n: number) => string = plain): string {
  return HELP_TEXT_TEMPLATE.replace("{min}", format(min)).replace("{max}", format(max));
}

function mergeRules(base: InputRules, o: InputRulesOverride | undefined): InputRules {
  if (!o) return base;
  return {
    price: { ...base.price, ...o.price },
    term: { ...base.term, ...o.term },
    rate: { ...base.rate, ...o.rate },
    deposit: { ...base.deposit, ...o.deposit },
    residual: { ...base.residual, ...o.residual },
  };
}

/** Defaults, then provider, then site. */
export function resolveInputRules(provider?: Pick<FinanceProvider, "inputs">, site?: InputRulesOverride): InputRules {
  return mergeRules(mergeRules(DEFAULT_INPUT_RULES, provider?.inputs), site);
}

/** The provider (by id, or the site default) together with its resolved rules. */
export function inputRulesFor(settings: FinanceSettings, providerId?: string): { provider: FinanceProvider; rules: InputRules } {
  const id = providerId ?? settings.defaultProvider;
  const provider = settings.providers.find((p) => p.id === id);
  if (!provider) throw new Error(`Unknown finance provider "${id}"`);
  return { provider, rules: resolveInputRules(provider, settings.calculator.inputs) };
}

export interface InputRange {
  field: InputField;
  min: number;
  max: number;
  step: number;
  /** Term only: the custom list of allowed years. */
  options?: number[];
  locked: boolean;
  hidden: boolean;
}

/**
 * The range an input accepts. For price, a `carPriceMax` rule lifts the maximum to
 * percent × car price (whole dollars) when the car costs more than its threshold, and the range
 * always reaches the car's own price.
 */
export function rangeFor(field: InputField, rules: InputRules, carPrice?: number | null): InputRange {
  switch (field) {
    case "price": {
      const r = rules.price;
      const car = carPrice != null && Number.isFinite(carPrice) && carPrice > 0 ? carPrice : null;
      let { min, max } = r;
      if (r.carPriceMax && car != null && car > r.carPriceMax.above) {
        max = Math.round((car * r.carPriceMax.percent) / 100);
      }
      // The calculator opens at the car's price, the price the page advertises next to its weekly
      // figure: refusing it would greet every shopper with an error for a car the dealer sells.
      // So the range stretches, in whole dollars, to take in a car dearer or cheaper than the
      // configured bounds; any other typed amount is still held to them.
      if (car != null) {
        min = Math.min(min, Math.floor(car));
        max = Math.max(max, Math.ceil(car));
      }
      return { field, min, max, step: r.step, locked: false, hidden: false };
    }
    case "term": {
      const r = rules.term;
      const options = r.options?.filter((o) => Number.isFinite(o) && o > 0).sort((a, b) => a - b);
      if (options && options.length > 0) {
        return { field, min: options[0], max: options[options.length - 1], step: r.step, options, locked: false, hidden: false };
      }
      return { field, min: r.min, max: r.max, step: r.step, locked: false, hidden: false };
    }
    case "rate":
      return { field, min: rules.rate.min, max: rules.rate.max, step: rules.rate.step, locked: rules.rate.locked, hidden: rules.rate.hidden };
    case "deposit":
    case "residual": {
      const r = rules[field];
      return { field, min: r.min, max: r.max, step: r.step, locked: false, hidden: r.hidden };
    }
  }
}

/**
 * Slider attributes: a range input with min >= max cannot move, so min stays at least 1 below max.
 * The fallback is a whole number (floor(max) − 1) because max − 1 can round to just under 1 away.
 */
export function sliderBounds(range: Pick<InputRange, "min" | "max" | "step">): { min: number; max: number; step: number } {
  const min = range.max - range.min >= 1 ? range.min : Math.min(range.min, Math.floor(range.max) - 1);
  return { min, max: range.max, step: range.step };
}

/** A typed price: 0 or less (or nothing readable) becomes 0. It is not clamped: the help text explains the limits instead. */
export function normalisePrice(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Clamps into [min, max]; a term with a custom list snaps to the nearest listed value; NaN becomes min. */
export function clampInput(value: number, range: Pick<InputRange, "min" | "max" | "options">): number {
  if (range.options && range.options.length > 0) {
    const v = Number.isFinite(value) ? value : range.options[0];
    return range.options.reduce((best, o) => (Math.abs(o - v) < Math.abs(best - v) ? o : best), range.options[0]);
  }
  if (!Number.isFinite(value)) return range.min;
  return Math.min(range.max, Math.max(range.min, value));
}

/** The inputs that hold dollars: their help text reads "$1,000", as every price on the site does. */
const MONEY_FIELDS: ReadonlySet<InputField> = new Set<InputField>(["price", "deposit", "residual"]);

/** The help text when a value is outside its range, else null. */
export function validateInput(value: number, range: Pick<InputRange, "min" | "max"> & { field?: InputField }): string | null {
  if (!Number.isFinite(value) || value < range.min || value > range.max) {
    return helpText(range.min, range.max, range.field && MONEY_FIELDS.has(range.field) ? formatCurrency : undefined);
  }
  return null;
}

/**
 * What the calculator does with a typed value: price is normalised (≤0 → 0) and kept as typed,
 * with the help text when outside its range; every other field is clamped, so it never errors.
 * A locked field keeps its current value.
 */
export function applyInput(range: InputRange, raw: number, current?: number): { value: number; error: string | null } {
  if (range.locked) return { value: current ?? clampInput(raw, range), error: null };
  if (range.field === "price") {
    const value = normalisePrice(raw);
    return { value, error: validateInput(value, range) };
  }
  return { value: clampInput(raw, range), error: null };
}
