/**
 * Range slider rules: values clamp within the bounds, the minimum stays at
 * least 1 below the maximum, price and km round to the nearest 1000 (a bound stays as it is, and
 * a thumb's last position stands for its bound), the step is the range divided by 100, and a
 * value outside the bounds is silently ignored. Pure: no React.
 */

export interface Bounds {
  min: number;
  max: number;
}

export interface SliderRange {
  min: number;
  max: number;
}

/** Price range fallback maximum. */
export const PRICE_FALLBACK_MAX = 100_000;
export const SLIDER_DEBOUNCE_MS = 400;
export const SEARCH_DEBOUNCE_MS = 300;

/** Price and km round to the nearest 1000; anything else (year) to a whole number. */
export function roundingFor(attribute: string): number {
  return attribute === "price" || attribute === "km" ? 1000 : 1;
}

export function roundSliderValue(attribute: string, value: number): number {
  const unit = roundingFor(attribute);
  return Math.round(value / unit) * unit;
}

/** Step of range/100 (at least 1), rounded to the attribute's unit where the range allows it. */
export function sliderStep(attribute: string, bounds: Bounds): number {
  const raw = (bounds.max - bounds.min) / 100;
  if (!(raw > 0)) return 1;
  const unit = roundingFor(attribute);
  if (raw >= unit) return Math.round(raw / unit) * unit;
  return Math.max(1, Math.round(raw));
}

/**
 * What a thumb's range input means. It reaches only bounds.min + k × step, so its last position
 * can fall short of the maximum (a dearest car at $335,390, steps of 3,000 from 6,000: the input
 * stops at 333,000); that last position stands for the maximum itself. Otherwise a shopper who
 * drags the thumb to the end or presses End to take the upper limit off keeps a limit that hides
 * the dearest cars.
 */
export function sliderInputValue(value: number, bounds: Bounds, step: number): number {
  return value < bounds.max && bounds.max - value < step ? bounds.max : value;
}

/** Bounds from facet stats: whole numbers, max at least min + 1; price falls back to 0..100000. */
export function sliderBounds(attribute: string, stats: { min?: number; max?: number } | null | undefined): Bounds {
  let min = stats && Number.isFinite(stats.min) ? Math.floor(stats.min as number) : 0;
  let max = stats && Number.isFinite(stats.max) ? Math.ceil(stats.max as number) : attribute === "price" ? PRICE_FALLBACK_MAX : min + 1;
  if (max <= min) max = min + 1;
  if (min < 0) min = 0;
  return { min, max };
}

/**
 * Moves one thumb. Returns the new range, or the current one unchanged when the value is not a
 * number or lies outside the bounds (silently ignored). The value is rounded (nearest 1000 for
 * price and km) unless it is a bound, clamped to the bounds, and kept at least 1 away from the
 * other thumb.
 */
export function moveThumb(attribute: string, current: SliderRange, thumb: "min" | "max", value: number, bounds: Bounds): SliderRange {
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) return current;
  // A bound stays itself (no limit on that side): rounded, a dearest car's $335,390 would become
  // a limit of $335,000 that leaves that car out.
  let v = value === bounds.min || value === bounds.max ? value : roundSliderValue(attribute, value);
  v = Math.min(bounds.max, Math.max(bounds.min, v));
  if (thumb === "min") {
    const limit = Math.min(current.max, bounds.max) - 1;
    return { min: Math.max(bounds.min, Math.min(v, limit)), max: current.max };
  }
  const limit = Math.max(current.min, bounds.min) + 1;
  return { min: current.min, max: Math.min(bounds.max, Math.max(v, limit)) };
}

/** The refinement for a slider range: a side at its bound is no refinement (undefined). */
export function rangeRefinement(range: SliderRange, bounds: Bounds): { min?: number; max?: number } {
  return {
    ...(range.min > bounds.min ? { min: range.min } : {}),
    ...(range.max < bounds.max ? { max: range.max } : {}),
  };
}

/** The slider position for a refinement (unrefined sides sit at the bounds), clamped. */
export function sliderRangeFor(refined: { min?: number; max?: number } | undefined, bounds: Bounds): SliderRange {
  const min = refined?.min !== undefined && Number.isFinite(refined.min) ? Math.min(Math.max(refined.min, bounds.min), bounds.max - 1) : bounds.min;
  const max = refined?.max !== undefined && Number.isFinite(refined.max) ? Math.max(Math.min(refined.max, bounds.max), min + 1) : bounds.max;
  return { min, max };
}
