import { holidayLocationId } from "../holiday-hours";
import type { ManifestRule, RuleProblem } from "./types";

/**
 * A holiday entry that names its location (location_id or location.id) sits under that location,
 * and one written in both hour shapes says the same in each: otherwise a shopper could be told the
 * wrong branch's or the wrong shape's hours.
 */
export const holidayHours: ManifestRule = {
  id: "holiday-hours",
  description: "Holiday hours name their own location and give one set of hours.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    (manifest.locations ?? []).forEach((location, i) => {
      (location.special_hours ?? []).forEach((entry, j) => {
        const at = `/locations/${i}/special_hours/${j}`;
        if (entry.location_id !== undefined && entry.location?.id !== undefined && entry.location_id !== entry.location.id)
          problems.push({
            pointer: `${at}/location/id`,
            message: `location.id ${entry.location.id} differs from location_id ${entry.location_id}`,
            hint: "give one of them",
          });
        const named = holidayLocationId(entry);
        if (named !== undefined && named !== location.id)
          problems.push({
            pointer: `${at}/${entry.location_id !== undefined ? "location_id" : "location/id"}`,
            message: `holiday hours for ${entry.date} name location ${named} but are listed under location ${location.id} (${location.name})`,
            hint: `move the entry to location ${named}'s special_hours, or fix the id`,
          });
        const pairs = [
          ["start_hour", entry.start_hour, "begin", entry.hours?.begin],
          ["end_hour", entry.end_hour, "end", entry.hours?.end],
        ] as const;
        for (const [flat, flatValue, nested, nestedValue] of pairs)
          if (flatValue !== undefined && nestedValue !== undefined && flatValue !== nestedValue)
            problems.push({
              pointer: `${at}/hours/${nested}`,
              message: `hours.${nested} (${nestedValue}) differs from ${flat} (${flatValue}) on ${entry.date}`,
              hint: `give the time once: ${flat} or hours.${nested}`,
            });
      });
    });
    return problems;
  },
};
