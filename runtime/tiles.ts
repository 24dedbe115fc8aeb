/**
 * Dated tiles and promotions. Dates in manifests are ISO 8601; a date-time without an offset is
 * wall-clock time in the dealer's time zone (the manifest's timeZone, Australia/Brisbane by
 * default; daylight saving included, see runtime/time.ts).
 *
 * A window with `repeat: "yearly"` comes back every year on the same calendar dates, from its
 * first start on: an EOFY sale of 1 to 30 June, or a summer sale from 1 December to 1 March (a
 * window may cross the new year, its expiry then being in the following year). In a year without
 * 29 February, a date of 29 February is read as 1 March, so a window ending on it covers all of
 * February and one starting on it starts the day after 28 February.
 */
import { DEFAULT_TIME_ZONE, localYear, parseLocalInstant } from "./time";

/** A manifest date read in Australia/Brisbane (the default zone); kept for callers with no dealer at hand. */
export function parseBrisbaneInstant(value: string): number {
  return parseLocalInstant(value, DEFAULT_TIME_ZONE);
}

export interface DatedItem {
  start?: string;
  expiry?: string;
  /** "yearly": the start-to-expiry window recurs every year from its first start. */
  repeat?: "yearly" | "";
  position?: number;
  display?: string[];
  strictDisplay?: boolean;
}

/** Inside the window: start inclusive, expiry exclusive; dates without an offset are read in `timeZone`. */
export function isLive(item: DatedItem, now: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  const t = now.getTime();
  if (item.repeat === "yearly" && item.start && item.expiry) return inYearlyWindow(item.start, item.expiry, t, timeZone);
  if (item.start && t < parseLocalInstant(item.start, timeZone)) return false;
  if (item.expiry && t >= parseLocalInstant(item.expiry, timeZone)) return false;
  return true;
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** A manifest date moved to `year`, its month, day, time and offset kept; 29 February is 1 March in a common year. */
export function dateInYear(value: string, year: number): string {
  const v = value.trim();
  const y = String(year).padStart(4, "0");
  if (v.slice(4, 10) === "-02-29" && !isLeapYear(year)) return `${y}-03-01${v.slice(10)}`;
  return `${y}${v.slice(4)}`;
}

/** The number of whole years from a window's start to its expiry, as written (0 within a year, 1 across the new year). */
export function yearsSpanned(start: string, expiry: string): number {
  return Number(expiry.trim().slice(0, 4)) - Number(start.trim().slice(0, 4));
}

/**
 * Inside a yearly window: its occurrence that began in year Y runs from the start moved to Y to the
 * expiry moved to Y plus the years it spans; none begins before the first start.
 */
function inYearlyWindow(start: string, expiry: string, t: number, timeZone: string): boolean {
  const first = Number(start.trim().slice(0, 4));
  const span = yearsSpanned(start, expiry);
  if (!Number.isInteger(first) || !(span >= 0)) return false;
  const year = localYear(t, timeZone);
  // The occurrence live now began this year or, across the new year, in one of the years it spans back.
  for (let y = year - span - 1; y <= year + 1; y++) {
    if (y < first) continue;
    const from = parseLocalInstant(dateInYear(start, y), timeZone);
    const until = parseLocalInstant(dateInYear(expiry, y + span), timeZone);
    if (t >= from && t < until) return true;
  }
  return false;
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
