import type { ManifestRule, RuleProblem } from "./types";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const TIMES = [
  ["open", "opening", "08:00"],
  ["close", "closing", "17:30"],
] as const;

/**
 * An open day has both its times, and closes after it opens. Without a time the site can say
 * neither its hours nor "open now", nor offer test-drive times that day; a closed day needs none
 * (times left on it are ignored). Times are 24-hour HH:MM in the location's own time, so a
 * string comparison orders them; "17:30" to "08:00" is a typing slip, not a night shift.
 */
export const hoursOrder: ManifestRule = {
  id: "hours-order",
  description: "An open weekday has its opening and closing times; opening hours and holiday hours close after they open.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    (manifest.locations ?? []).forEach((location, i) => {
      (location.contact_detail?.opening_hours ?? []).forEach((day, j) => {
        if (day.status !== "Open") return;
        const weekday = WEEKDAYS[day.weekday] ?? `weekday ${day.weekday}`;
        for (const [key, words, example] of TIMES)
          if (!day[key])
            problems.push({
              pointer: `/locations/${i}/contact_detail/opening_hours/${j}/${key}`,
              message: `${location.name} is open on ${weekday} but has no ${words} time`,
              hint: `enter it as a 24-hour time like ${example}, or set the day to Closed`,
            });
        if (!day.open || !day.close || day.close > day.open) return;
        problems.push({
          pointer: `/locations/${i}/contact_detail/opening_hours/${j}/close`,
          message: `${location.name} closes at ${day.close} on ${weekday}, which is not after it opens (${day.open})`,
          hint: "times are 24-hour: 5:30pm is 17:30",
        });
      });
      (location.special_hours ?? []).forEach((day, j) => {
        if (day.status !== "Open" || !day.start_hour || !day.end_hour || day.end_hour > day.start_hour) return;
        problems.push({
          pointer: `/locations/${i}/special_hours/${j}/end_hour`,
          message: `${location.name} closes at ${day.end_hour} on ${day.date}${day.name ? ` (${day.name})` : ""}, which is not after it opens (${day.start_hour})`,
          hint: "times are 24-hour: 1pm is 13:00",
        });
      });
    });
    return problems;
  },
};
