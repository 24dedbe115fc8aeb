/**
 * Dated tiles and promotions. Dates in manifests are ISO 8601; a date-time without an offset is
 * wall-clock time in the dealer's time zone (the manifest's timeZone, Australia/Brisbane by
 * default; daylight saving included, see runtime/time.ts).
 */
import { DEFAULT_TIME_ZONE, parseLocalInstant } from "./time";

/** A manifest date read in Australia/Brisbane (the default zone); kept for callers with no dealer at hand. */
export function parseBrisbaneInstant(value: string): number {
  return parseLocalInstant(value, DEFAULT_TIME_ZONE);
}

export interface DatedItem {
  start?: string;
  expiry?: string;
  position?: number;
  display?: string[];
  strictDisplay?: boolean;
}

/** Inside the window: start inclusive, expiry exclusive; dates without an offset are read in `timeZone`. */
export function isLive(item: DatedItem, now: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  const t = now.getTime();
  if (item.start && t < parseLocalInstant(item.start, timeZone)) return false;
  if (item.expiry && t >= parseLocalInstant(item.expiry, timeZone)) return false;
  return true;
}

/**
 * Whether an item may show in `place` (home, search, slider...). Without strictDisplay an
 * item with no display list shows everywhere; with strictDisplay it shows only where listed.
 */
export function showsIn(item: DatedItem, place: string): boolean {
  if (!item.display || item.display.length === 0) return !item.strictDisplay;
  return item.display.includes(place);
}

/** The live items for a place, ordered by position (unpositioned items keep manifest order, last). */
export function liveTiles<T extends DatedItem>(items: T[] | undefined, place: string, now: Date, timeZone: string = DEFAULT_TIME_ZONE): T[] {
  return (items ?? [])
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => isLive(item, now, timeZone) && showsIn(item, place))
    .sort((a, b) => (a.item.position ?? Infinity) - (b.item.position ?? Infinity) || a.index - b.index)
    .map(({ item }) => item);
}
