import type { DealerManifest } from "../generated/types";

type HolidayEntry = NonNullable<NonNullable<DealerManifest["locations"]>[number]["special_hours"]>[number];

/**
 * Dealer systems send a holiday's hours in two shapes: start_hour and end_hour, or hours.begin and
 * hours.end. After the schema has accepted either, the loader copies the second into the first, so
 * every reader (opening hours, structured data, the forms' holiday list) reads one shape. Where
 * both are written and disagree, the written start_hour/end_hour stay and the holidayHours rule
 * reports the clash.
 */
export function normaliseHolidayHours(manifest: DealerManifest): void {
  for (const location of manifest.locations ?? []) {
    for (const entry of location.special_hours ?? []) {
      if (!entry.hours) continue;
      if (entry.start_hour === undefined && entry.hours.begin !== undefined) entry.start_hour = entry.hours.begin;
      if (entry.end_hour === undefined && entry.hours.end !== undefined) entry.end_hour = entry.hours.end;
    }
  }
}

/** The location id an entry names (location_id, or location.id), if any. */
export function holidayLocationId(entry: HolidayEntry): number | undefined {
  return entry.location_id ?? entry.location?.id;
}
