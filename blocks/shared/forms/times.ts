/** Test-drive time choices from a location's opening hours (pure). */
import type { HolidayHours, OpeningHours } from "./config";

export const SLOT_MINUTES = 30;

const toMinutes = (hhmm: string) => {
  const m = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const toHhmm = (mins: number) => `${String(Math.floor(mins / 60)).padStart(2, "0")}:${String(mins % 60).padStart(2, "0")}`;

/** Weekday (0 Sunday) of a yyyy-mm-dd date, read as a calendar date (no time zone shift); null when invalid. */
export function weekdayOf(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCMonth() !== Number(m[2]) - 1) return null;
  return d.getUTCDay();
}

/** Christmas Day never has test-drive times, whatever a location's hours say. */
export const NO_SLOT_DAYS = ["12-25"] as const;

/**
 * Times (HH:MM, every 30 minutes) from opening until 30 minutes before closing on the date: the
 * location's holiday hours for that date when it has them, else its weekday's hours. [] when the
 * location is closed that day (Christmas Day always), or its hours are unknown.
 */
export function timeSlots(hours: readonly OpeningHours[] | undefined, date: string | undefined, holidays: readonly HolidayHours[] = []): string[] {
  if (!hours?.length || !date) return [];
  if ((NO_SLOT_DAYS as readonly string[]).includes(date.slice(5))) return [];
  const weekday = weekdayOf(date);
  const holiday = holidays.find((h) => h.date === date);
  const day = holiday ?? hours.find((h) => h.weekday === weekday);
  if (!day || day.status !== "Open" || !day.open || !day.close) return [];
  const open = toMinutes(day.open);
  const close = toMinutes(day.close);
  if (open === null || close === null || close <= open) return [];
  const out: string[] = [];
  for (let t = Math.ceil(open / SLOT_MINUTES) * SLOT_MINUTES; t <= close - SLOT_MINUTES; t += SLOT_MINUTES) out.push(toHhmm(t));
  return out;
}

/** "9:30 am" for "09:30". */
export function formatTime(hhmm: string): string {
  const mins = toMinutes(hhmm);
  if (mins === null) return hhmm;
  const h = Math.floor(mins / 60);
  const m = mins % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
}

/** Today's date (local) as yyyy-mm-dd, the earliest choice. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
