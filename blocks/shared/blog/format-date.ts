import { DEFAULT_TIME_ZONE, parseLocalInstant } from "@/runtime/time";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * A manifest date ("2026-03-05", or a date-time) as the blog card shows it: day, month name,
 * year in the dealer's time zone ("5 March 2026"). A date or time without an offset is read in
 * that zone, so a plain date never slips to the day before. Returns null when unparseable.
 */
export function formatBlogDate(value: string, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  const instant = parseLocalInstant(value.trim(), timeZone);
  if (Number.isNaN(instant)) return null;
  return formatter(timeZone).format(instant);
}

/** Milliseconds since the epoch for sorting (unparseable dates sort last). */
export function blogDateValue(value: string, timeZone: string = DEFAULT_TIME_ZONE): number {
  const instant = parseLocalInstant(value.trim(), timeZone);
  return Number.isNaN(instant) ? Number.NEGATIVE_INFINITY : instant;
}
