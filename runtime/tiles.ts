/**
 * Dated tiles and promotions. Dates in manifests are ISO 8601; a date-time without an offset
 * is read as Australia/Brisbane time (UTC+10 all year: Queensland has no daylight saving).
 */
const BRISBANE_OFFSET = "+10:00";

export function parseBrisbaneInstant(value: string): number {
  const hasOffset = /([zZ]|[+-]\d{2}:?\d{2})$/.test(value);
  const withTime = /T/.test(value) ? value : `${value}T00:00:00`;
  return Date.parse(hasOffset ? withTime : `${withTime}${BRISBANE_OFFSET}`);
}

export interface DatedItem {
  start?: string;
  expiry?: string;
  position?: number;
  display?: string[];
  strictDisplay?: boolean;
}

/** Inside the window: start inclusive, expiry exclusive. */
export function isLive(item: DatedItem, now: Date): boolean {
  const t = now.getTime();
  if (item.start && t < parseBrisbaneInstant(item.start)) return false;
  if (item.expiry && t >= parseBrisbaneInstant(item.expiry)) return false;
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
export function liveTiles<T extends DatedItem>(items: T[] | undefined, place: string, now: Date): T[] {
  return (items ?? [])
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => isLive(item, now) && showsIn(item, place))
    .sort((a, b) => (a.item.position ?? Infinity) - (b.item.position ?? Infinity) || a.index - b.index)
    .map(({ item }) => item);
}
