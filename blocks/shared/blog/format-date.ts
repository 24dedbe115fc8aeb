import { parseBrisbaneInstant } from "@/runtime/tiles";

const BLOG_DATE_FORMAT = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Australia/Brisbane",
});

/**
 * A manifest date ("2026-03-05", or a date-time) as the blog card shows it: day, month name,
 * year in Australia/Brisbane ("5 March 2026"). A date or time without an offset is read as
 * Brisbane time, so a plain date never slips to the day before. Returns null when unparseable.
 */
export function formatBlogDate(value: string): string | null {
  const instant = parseBrisbaneInstant(value.trim());
  if (Number.isNaN(instant)) return null;
  return BLOG_DATE_FORMAT.format(instant);
}

/** Milliseconds since the epoch for sorting (unparseable dates sort last). */
export function blogDateValue(value: string): number {
  const instant = parseBrisbaneInstant(value.trim());
  return Number.isNaN(instant) ? Number.NEGATIVE_INFINITY : instant;
}
