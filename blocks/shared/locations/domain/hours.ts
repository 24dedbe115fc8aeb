/**
 * Opening and holiday hours of a location, read in the location's own time zone.
 *
 * Local dates and times come from Intl.DateTimeFormat with `timeZone` (the runtime's IANA time
 * zone data, kept current with Node and the browsers), so daylight saving in Sydney or Melbourne
 * is right without a library or a hand-written offset table.
 */
import type { ResolvedLocation } from "@/runtime/generated/types";

export type OpeningHoursEntry = NonNullable<NonNullable<ResolvedLocation["contact_detail"]["opening_hours"]>[number]>;
export type SpecialHoursEntry = NonNullable<ResolvedLocation["special_hours"]>[number];
export type HoursLocation = Pick<ResolvedLocation, "contact_detail" | "special_hours" | "time_zone">;

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** "08:00" -> "8:00am", "13:00" -> "1:00pm", "12:00" -> "12:00pm", "00:00" -> "12:00am". */
export function formatTime12(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "am" : "pm";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")}${suffix}`;
}

/** A range as 12-hour am/pm text: "8:00am - 5:30pm". */
export function formatRange(open: string, close: string): string {
  return `${formatTime12(open)} - ${formatTime12(close)}`;
}

/** The text of one weekday's entry: the manifest's own formated_hours when it has one, else built from open and close. */
export function entryText(entry: OpeningHoursEntry | undefined): string {
  if (!entry || entry.status === "Closed") return "Closed";
  if (entry.formated_hours) return entry.formated_hours;
  if (entry.open && entry.close) return formatRange(entry.open, entry.close);
  return "Open";
}

export interface HoursRow {
  /** "Mon - Fri", "Monday", "Saturday"… */
  label: string;
  /** Long form for screen readers and JSON-LD ("Monday to Friday"). */
  longLabel: string;
  weekdays: number[];
  text: string;
}

/**
 * The rows of an opening-hours table: Monday to Friday as one row when all five read the same,
 * else one row each; Saturday and Sunday always apart.
 */
export function groupOpeningHours(entries: readonly OpeningHoursEntry[] | undefined): HoursRow[] {
  const byDay = new Map<number, OpeningHoursEntry>();
  for (const e of entries ?? []) byDay.set(e.weekday, e);
  if (byDay.size === 0) return [];
  const row = (d: number): HoursRow => ({ label: WEEKDAY_NAMES[d], longLabel: WEEKDAY_NAMES[d], weekdays: [d], text: entryText(byDay.get(d)) });
  const weekdays = [1, 2, 3, 4, 5].map(row);
  const rows = weekdays.every((r) => r.text === weekdays[0].text)
    ? [{ label: `${WEEKDAY_SHORT[1]} - ${WEEKDAY_SHORT[5]}`, longLabel: "Monday to Friday", weekdays: [1, 2, 3, 4, 5], text: weekdays[0].text }]
    : weekdays;
  return [...rows, row(6), row(0)];
}

export interface LocalTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-AU", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local date, weekday and time of an instant in a time zone. */
export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const weekday = WEEKDAY_SHORT.indexOf(parts.weekday as (typeof WEEKDAY_SHORT)[number]);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

export interface DayHours {
  open: string;
  close: string;
}

/** Weekday (0 Sunday) of a YYYY-MM-DD calendar date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/**
 * The hours of a location on a local calendar date: a holiday entry for that date wins over the
 * weekday's hours; null when closed (or when the open day has no times).
 */
export function hoursOn(location: HoursLocation, date: string): DayHours | null {
  const special = (location.special_hours ?? []).find((s) => s.date === date);
  if (special) return special.status === "Open" && special.start_hour && special.end_hour ? { open: special.start_hour, close: special.end_hour } : null;
  const entry = (location.contact_detail.opening_hours ?? []).find((e) => e.weekday === weekdayOf(date));
  return entry && entry.status === "Open" && entry.open && entry.close ? { open: entry.open, close: entry.close } : null;
}

export interface OpenNow {
  open: boolean;
  /** Today's weekday where the location is (0 Sunday), to mark today's row. */
  weekday: number;
  /** The holiday in force today, if any. */
  holiday: SpecialHoursEntry | null;
  /** "Open now until 5:30pm" / "Closed now". */
  text: string;
}

/** Whether the location is open at `now`, in its own time zone, holiday hours included. */
export function openNow(location: HoursLocation, now: Date): OpenNow {
  const local = localTime(now, location.time_zone);
  const holiday = (location.special_hours ?? []).find((s) => s.date === local.date) ?? null;
  const hours = hoursOn(location, local.date);
  const open = !!hours && local.minutes >= toMinutes(hours.open) && local.minutes < toMinutes(hours.close);
  return { open, weekday: local.weekday, holiday, text: open && hours ? `Open now until ${formatTime12(hours.close)}` : "Closed now" };
}

export interface HolidayRow {
  date: string;
  /** "Friday 25 December 2026". */
  dateLabel: string;
  name: string;
  /** "Closed" or "8:00am - 1:00pm". */
  text: string;
}

/** Holiday hours from today on (today included, in the location's time zone), soonest first. */
export function upcomingHolidays(location: HoursLocation, now: Date): HolidayRow[] {
  const today = localTime(now, location.time_zone).date;
  return (location.special_hours ?? [])
    .filter((s) => s.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((s) => ({
      date: s.date,
      dateLabel: formatDateLabel(s.date),
      name: s.name ?? "",
      text: s.status === "Open" && s.start_hour && s.end_hour ? formatRange(s.start_hour, s.end_hour) : "Closed",
    }));
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-12-25" -> "Friday 25 December 2026" (a calendar date: no time zone involved). */
export function formatDateLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${WEEKDAY_NAMES[weekdayOf(date)]} ${d} ${MONTHS[m - 1]} ${y}`;
}
