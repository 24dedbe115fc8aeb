/**
 * Price comparison gauge. The autogauge answer is computed from market
 * comparables (cars of the same make and model, a similar year, in the whole market index);
 * the gauge shows only when every value is present, confidence is above 0.2 and the market
 * maximum is not below the listing price. Used cars only, where the site's Autogauge plugin
 * and autogauge flag are on.
 */
import { formatCurrency } from "@/runtime/finance/format";

export const GAUGE_MIN_CONFIDENCE = 0.2;
export const GAUGE_ANIMATION_MS = 2500;
/** At least this many comparables give a market range of our own; fewer fall back to the feed's autograb data. */
export const MIN_COMPARABLES = 3;
/** Comparables at which confidence reaches 1. */
export const FULL_CONFIDENCE_COMPARABLES = 30;
export const NO_DATA = "No data returned";

export interface AutogaugeData {
  /** 0..100: how far the listing price sits below the market maximum, across the range (higher is a better deal). */
  fill: number;
  listing_price: number;
  market_range_min: number;
  market_range_max: number;
  /** 0..1 */
  confidence: number;
  description: string;
}

const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Every value present, confidence above 0.2, market max not below the listing price: a weaker answer would mislead more than it helps. */
export function gaugeVisible(data: Partial<AutogaugeData> | null | undefined): data is AutogaugeData {
  if (!data) return false;
  if (!num(data.fill) || !num(data.listing_price) || !num(data.market_range_min) || !num(data.market_range_max) || !num(data.confidence)) return false;
  if (typeof data.description !== "string" || data.description.trim() === "") return false;
  return data.confidence > GAUGE_MIN_CONFIDENCE && data.market_range_max >= data.listing_price;
}

export type GaugeLabel = "Great Deal" | "Good Deal";

/** 'Great Deal' in the lower third of the range (or below it), otherwise 'Good Deal'. */
export function gaugeLabel(data: Pick<AutogaugeData, "fill">): GaugeLabel {
  return data.fill >= 200 / 3 ? "Great Deal" : "Good Deal";
}

/** Whether the site and car get a gauge at all. */
export function gaugeEligible(manifest: { plugins?: readonly string[]; features?: object }, car: { car_type: string }): boolean {
  return (
    car.car_type === "used" && (manifest.plugins ?? []).includes("Autogauge") && (manifest.features as Record<string, unknown> | undefined)?.autogauge === true
  );
}

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function fillFor(listing: number, min: number, max: number): number {
  if (max <= min) return listing <= min ? 100 : 0;
  return Math.round(Math.min(100, Math.max(0, ((max - listing) / (max - min)) * 100)));
}

function describe(listing: number, min: number, max: number): string {
  const fmt = formatCurrency;
  return `The average market price range for similar vehicles is ${fmt(min)} to ${fmt(max)}; this vehicle is listed at ${fmt(listing)}.`;
}

/**
 * The gauge from comparable prices: the range is the 10th to 90th percentile (rounded to $100),
 * confidence grows with the number of comparables. Null when there are fewer than MIN_COMPARABLES
 * or no listing price.
 */
export function autogaugeFromComparables(listing: number, prices: readonly number[]): AutogaugeData | null {
  if (!num(listing) || listing <= 10) return null;
  const sorted = prices.filter((p) => num(p) && p > 10).sort((a, b) => a - b);
  if (sorted.length < MIN_COMPARABLES) return null;
  const min = Math.round(quantile(sorted, 0.1) / 100) * 100;
  const max = Math.round(quantile(sorted, 0.9) / 100) * 100;
  const confidence = Math.round(Math.min(1, sorted.length / FULL_CONFIDENCE_COMPARABLES) * 100) / 100;
  return {
    fill: fillFor(listing, min, max),
    listing_price: listing,
    market_range_min: min,
    market_range_max: max,
    confidence,
    description: describe(listing, min, max),
  };
}

/** The gauge from the feed's stored market data (when there are too few comparables of our own). */
export function autogaugeFromFeed(
  listing: number,
  feed: { market_range_min?: number; market_range_max?: number; confidence?: number } | null | undefined,
): AutogaugeData | null {
  if (!feed || !num(listing) || listing <= 10 || !num(feed.market_range_min) || !num(feed.market_range_max) || !num(feed.confidence)) return null;
  const { market_range_min: min, market_range_max: max } = feed;
  return {
    fill: fillFor(listing, min, max),
    listing_price: listing,
    market_range_min: min,
    market_range_max: max,
    confidence: feed.confidence,
    description: describe(listing, min, max),
  };
}

/** Filter for the comparables of a car in the market index: same make and model, year within 2, used, with a price. */
export function comparablesFilter(car: { make: string; model: string; year: number; id: number }, quote: (s: string) => string): string {
  return [
    `make:${quote(car.make)}`,
    `model:${quote(car.model)}`,
    `year:${car.year - 2} TO ${car.year + 2}`,
    "car_type:used",
    "price > 10",
    `NOT id=${car.id}`,
  ].join(" AND ");
}
