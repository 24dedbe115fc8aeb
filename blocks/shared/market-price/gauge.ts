/**
 * The market comparison of a car's price: the price gauge, its label and the market-price badge,
 * all from one computation, so they can never disagree (a 'Good Deal' over a bar filled 7%, or a
 * badge saying 'below average' for a car its comparables put above the whole range).
 *
 * The range comes from market comparables (cars of the same make and model, a similar year, in
 * the whole market index), else from the feed's stored market data. The gauge shows only when
 * every value is present, confidence is above 0.2 and the market maximum is not below the listing
 * price. Used cars only, in stock, not sold or reserved, priced above $200, where the site's
 * Autogauge plugin and autogauge flag are on.
 */
import { formatCurrency } from "@/runtime/finance/format";

export const GAUGE_MIN_CONFIDENCE = 0.2;
export const GAUGE_ANIMATION_MS = 2500;
/** At least this many comparables give a market range of our own; fewer fall back to the feed's autograb data. */
export const MIN_COMPARABLES = 3;
/** Comparables at which confidence reaches 1. */
export const FULL_CONFIDENCE_COMPARABLES = 30;
export const NO_DATA = "No data returned";
/** The market-price badge: the price at least this far below the average market price. */
export const MARKET_BADGE_MIN_SAVING = 500;
/** Autograb eligibility: a price above this. */
export const GAUGE_MIN_PRICE = 200;

export interface AutogaugeData {
  /** 0..100: how far the listing price sits below the market maximum, across the range (higher is a better deal). */
  fill: number;
  listing_price: number;
  market_range_min: number;
  market_range_max: number;
  /** 0..1 */
  confidence: number;
  description: string;
  /** The average asking price of the comparables (or the feed's state, else national, average). */
  average_market_price: number;
  /** What the gauge says of the price; null in the upper third of the range (no deal to claim). */
  label: GaugeLabel | null;
  /** How far the price is below the average, when the badge shows (at least $500, and within the range); else null. */
  below_average: number | null;
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

/**
 * 'Great Deal' in the lower third of the range (or below it), 'Good Deal' in the middle third;
 * none in the upper third, where the bar is mostly empty and no deal is there to claim.
 */
export function gaugeLabel(data: Pick<AutogaugeData, "fill">): GaugeLabel | null {
  if (data.fill >= 200 / 3) return "Great Deal";
  return data.fill >= 100 / 3 ? "Good Deal" : null;
}

/** What the eligibility rule reads of a car. */
export interface GaugeCar {
  car_type: string;
  status?: string | null;
  sold?: boolean | null;
  reserved?: boolean | null;
  price?: number | null;
}

/** Whether the site and car get a gauge at all: a used car in stock, not sold or reserved, priced above $200, on a site with the plugin and flag. */
export function gaugeEligible(manifest: { plugins?: readonly string[]; features?: object }, car: GaugeCar): boolean {
  const site = (manifest.plugins ?? []).includes("Autogauge") && (manifest.features as Record<string, unknown> | undefined)?.autogauge === true;
  return (
    site &&
    car.car_type === "used" &&
    car.status === "in_stock" &&
    car.sold !== true &&
    car.reserved !== true &&
    typeof car.price === "number" &&
    car.price > GAUGE_MIN_PRICE
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

function comparison(listing: number, min: number, max: number, confidence: number, average: number): AutogaugeData {
  const fill = fillFor(listing, min, max);
  const saving = Math.round(average - listing);
  return {
    fill,
    listing_price: listing,
    market_range_min: min,
    market_range_max: max,
    confidence,
    description: describe(listing, min, max),
    average_market_price: average,
    label: gaugeLabel({ fill }),
    below_average: saving >= MARKET_BADGE_MIN_SAVING && listing <= max ? saving : null,
  };
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
  const average = Math.round(sorted.reduce((sum, p) => sum + p, 0) / sorted.length / 100) * 100;
  return comparison(listing, min, max, confidence, average);
}

/** What the feed says of a car's market (its autograb data). */
export interface FeedMarket {
  market_range_min?: number;
  market_range_max?: number;
  confidence?: number;
  state_average_market_price?: number;
  average_market_price?: number;
}

/** The feed's average: the state's preferred, else the national one; null when it has neither. */
function feedAverage(feed: FeedMarket): number | null {
  if (num(feed.state_average_market_price) && feed.state_average_market_price > 0) return feed.state_average_market_price;
  return num(feed.average_market_price) && feed.average_market_price > 0 ? feed.average_market_price : null;
}

/** The gauge from the feed's stored market data (when there are too few comparables of our own). */
export function autogaugeFromFeed(listing: number, feed: FeedMarket | null | undefined): AutogaugeData | null {
  if (!feed || !num(listing) || listing <= 10 || !num(feed.market_range_min) || !num(feed.market_range_max) || !num(feed.confidence)) return null;
  const { market_range_min: min, market_range_max: max } = feed;
  return comparison(listing, min, max, feed.confidence, feedAverage(feed) ?? Math.round((min + max) / 2));
}

/**
 * A car's market comparison: from its comparables' prices when there are enough (null: none were
 * looked up), else from the feed's market data. The gauge's data and the badge's saving come
 * from it; with no market range at all, the badge reads the feed's average alone.
 */
export function marketComparison(
  listing: number,
  comparables: readonly number[] | null,
  feed: FeedMarket | null | undefined,
): { gauge: AutogaugeData | null; belowAverage: number | null } {
  const gauge = (comparables ? autogaugeFromComparables(listing, comparables) : null) ?? autogaugeFromFeed(listing, feed);
  if (gauge) return { gauge, belowAverage: gauge.below_average };
  const average = feed ? feedAverage(feed) : null;
  const saving = average !== null && num(listing) && listing > 10 ? Math.round(average - listing) : 0;
  return { gauge: null, belowAverage: saving >= MARKET_BADGE_MIN_SAVING ? saving : null };
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
