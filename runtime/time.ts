/**
 * Time on the dealer's sites. Each dealer has a time zone (the manifest's `timeZone`, Australia/
 * Brisbane by default) and each location its own (`time_zone`); dated tiles, blog dates and the
 * year are read in the dealer's, opening hours in the location's. A date-time written without an
 * offset in a manifest is wall-clock time in that zone, daylight saving included: the Sydney
 * group's sale that starts "2025-10-10" starts at midnight AEDT (UTC+11), not at midnight +10.
 *
 * Wall-clock → instant goes through @date-fns/tz (TZDate), a well-kept library on the
 * platform's IANA data, rather than hand-kept offset tables; formatting uses Intl with the zone.
 *
 * `requestNow()` is the one place the server reads the clock for a page, so the browser tests can
 * freeze it (TEST_NOW_ISO, honoured only outside production or with E2E_CLOCK=on) and render dated
 * tiles, hours and years the same on every run.
 */
import { TZDate } from "@date-fns/tz";

export const DEFAULT_TIME_ZONE = "Australia/Brisbane";

/** How a shopper reads a zone's name beside a time: "Australia/Sydney" is "Sydney time". */
export function zoneName(timeZone: string): string {
  return `${(timeZone.split("/").pop() ?? timeZone).replace(/_/g, " ")} time`;
}

/** The dealer's zone: the manifest's timeZone (filled with the schema's default when it loads). */
export function siteTimeZone(manifest: { timeZone?: string | null } | null | undefined): string {
  return manifest?.timeZone || DEFAULT_TIME_ZONE;
}

const OFFSET = /([zZ]|[+-]\d{2}:?\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * Milliseconds since the epoch for an ISO 8601 date or date-time from a manifest. With an offset
 * (or Z) it is that instant; without one it is wall-clock time in `timeZone`. NaN when unreadable.
 */
export function parseLocalInstant(value: string, timeZone: string = DEFAULT_TIME_ZONE): number {
  const v = value.trim();
  if (OFFSET.test(v)) return Date.parse(/T/.test(v) ? v : `${v}T00:00:00`);
  const m = LOCAL.exec(v);
  if (!m) return Number.NaN;
  const [y, mo, d, h = "0", mi = "0", s = "0", ms = "0"] = m.slice(1);
  const month = Number(mo) - 1;
  // Reject dates JavaScript would roll over (2025-02-30 is not 2 March).
  const check = new Date(Date.UTC(Number(y), month, Number(d)));
  if (check.getUTCMonth() !== month || check.getUTCDate() !== Number(d)) return Number.NaN;
  return new TZDate(Number(y), month, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, "0")), timeZone).getTime();
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, f);
  }
  return f;
}

/** The calendar date ("2025-10-10") at `now` in `timeZone`. */
export function localDate(now: Date | number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayFormatter(timeZone).format(now);
}

/** The calendar year at `now` in `timeZone`. */
export function localYear(now: Date | number, timeZone: string = DEFAULT_TIME_ZONE): number {
  return Number(localDate(now, timeZone).slice(0, 4));
}

/** Test clock: an ISO instant the server reads instead of the real clock (browser tests only). */
export const TEST_NOW_ENV = "TEST_NOW_ISO";

/**
 * The time a page is rendered at. The real clock, unless TEST_NOW_ISO is set and the process is
 * not a production deployment (NODE_ENV production needs E2E_CLOCK=on as well, which only
 * playwright.config.ts sets), so no live site can be put on a fixed clock by accident.
 */
export function requestNow(env: Record<string, string | undefined> = process.env): Date {
  const fixed = env[TEST_NOW_ENV];
  if (fixed && (env.NODE_ENV !== "production" || env.E2E_CLOCK === "on")) {
    const t = Date.parse(fixed);
    if (!Number.isNaN(t)) return new Date(t);
  }
  return new Date();
}

/**
 * An instant as staff read a clock in a zone: short words with the zone's abbreviation ("Sat 28 Nov 2026, 4:30 pm
 * AEDT"), never a UTC timestamp. For a hold's end, a lead's arrival and the like.
 */
export function shortInZone(iso: string | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-AU", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZoneName: "short",
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")} ${part("dayPeriod").toLowerCase()} ${part("timeZoneName")}`;
}
