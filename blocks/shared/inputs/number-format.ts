/**
 * Pure formatting, parsing and stepping helpers for the shared form inputs (price, kilometres,
 * numbers, sliders). Formatting is done by hand, not with Intl, so the server render and the
 * browser always produce the same text (no hydration mismatch from differing ICU data).
 */

function group(intDigits: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Whole number with a thousands separator: 30000 -> "30,000"; non-finite -> "". */
export function formatThousands(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return "";
  const rounded = Math.round(value);
  const text = group(Math.abs(rounded).toString());
  return rounded < 0 ? `-${text}` : text;
}

/** Dollars, whole: 30000 -> "$30,000". */
export function formatDollars(value: number | null | undefined): string {
  const text = formatThousands(value);
  if (!text) return "";
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}

export const KMS_SUFFIX = " kms";

/** Kilometres: 12500 -> "12,500 kms". */
export function formatKms(value: number | null | undefined): string {
  const text = formatThousands(value);
  return text ? `${text}${KMS_SUFFIX}` : "";
}

/**
 * Reads a typed whole amount ("$30,000", "12 500 kms", "30000") back to a number: digits only,
 * a leading minus kept, anything after a decimal point dropped. null when there are no digits.
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  const negative = /^[^0-9]*-/.test(trimmed);
  const intPart = trimmed.split(".")[0];
  const digits = intPart.replace(/[^0-9]/g, "");
  if (!digits) return null;
  const n = Number.parseInt(digits, 10);
  return negative ? -n : n;
}

/** Reads a typed decimal ("7.5", "7,5", " 10 % ") to a number; null when unreadable. */
export function parseDecimal(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/,/g, ".")
    .replace(/[^0-9.-]/g, "");
  if (!/\d/.test(cleaned)) return null;
  const n = Number.parseFloat(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** Number of decimals a step implies: 500 -> 0, 0.5 -> 1, 0.25 -> 2. */
export function decimalsOf(step: number): number {
  if (!Number.isFinite(step)) return 0;
  const text = String(step);
  const exp = /e-(\d+)$/.exec(text);
  if (exp) return Number(exp[1]);
  const dot = text.indexOf(".");
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Rounds away floating-point noise (0.1 + 0.2 -> 0.3) to at most `decimals` places. */
export function tidy(value: number, decimals = 6): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, value));
}

export interface StepRange {
  min: number;
  max: number;
  step: number;
}

/** Moves a value by `count` steps (negative to go down), snapping to the step grid from min, clamped. */
export function stepBy(value: number, count: number, range: StepRange): number {
  const { min, max, step } = range;
  if (!(step > 0)) return clamp(value, min, max);
  const base = Number.isFinite(value) ? clamp(value, min, max) : min;
  const index = (base - min) / step;
  // Off the grid: the first step lands on the next grid point in that direction.
  const snapped = count > 0 ? Math.floor(index + 1e-9) : Math.ceil(index - 1e-9);
  const next = min + (snapped + count) * step;
  return tidy(clamp(next, min, max), Math.max(decimalsOf(step), decimalsOf(min)) + 2);
}

/** Shows a number with no more decimals than it has (10 -> "10", 7.5 -> "7.5", 9.95 -> "9.95"). */
export function formatDecimal(value: number | null | undefined, maxDecimals = 2): string {
  if (value == null || !Number.isFinite(value)) return "";
  return String(tidy(value, maxDecimals));
}

/**
 * Slider attributes: a range whose min is not below its max cannot move, so min is kept at
 * least 1 below max (the engine's sliderBounds rule, for any slider).
 */
export function sliderBounds(min: number, max: number): { min: number; max: number } {
  return { min: max - min >= 1 ? min : Math.min(min, Math.floor(max) - 1), max };
}

/**
 * Two thumbs on one track: the low thumb stays at least `gap` (one step, and never less than 1)
 * below the high one. Returns the pair put in order and inside [min, max].
 */
export function orderedPair(low: number, high: number, range: StepRange, moved: "low" | "high"): { low: number; high: number } {
  const gap = Math.max(1, range.step);
  let lo = clamp(low, range.min, range.max);
  let hi = clamp(high, range.min, range.max);
  if (hi - lo < gap) {
    if (moved === "low") {
      lo = Math.max(range.min, hi - gap);
      if (hi - lo < gap) hi = Math.min(range.max, lo + gap);
    } else {
      hi = Math.min(range.max, lo + gap);
      if (hi - lo < gap) lo = Math.max(range.min, hi - gap);
    }
  }
  return { low: lo, high: hi };
}
