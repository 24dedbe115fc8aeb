import type { GoLiveRule } from "../types";

/**
 * The time zones each state keeps, its usual one first (the one proposed). New South Wales also
 * has Broken Hill (South Australian time) and Lord Howe Island; Queensland's Whitsundays keep
 * Lindeman; Eucla in Western Australia keeps its own quarter-hour zone.
 */
export const STATE_TIME_ZONES: Readonly<Record<string, readonly string[]>> = {
  nsw: ["Australia/Sydney", "Australia/Canberra", "Australia/Broken_Hill", "Australia/Lord_Howe"],
  act: ["Australia/Sydney", "Australia/Canberra"],
  vic: ["Australia/Melbourne"],
  qld: ["Australia/Brisbane", "Australia/Lindeman"],
  sa: ["Australia/Adelaide"],
  wa: ["Australia/Perth", "Australia/Eucla"],
  tas: ["Australia/Hobart"],
  nt: ["Australia/Darwin"],
};

/**
 * A location's opening hours, holidays and "open now" are read in its time zone: a New South
 * Wales showroom kept on Brisbane time would be an hour out all summer.
 */
export const timeZoneState: GoLiveRule = {
  id: "time-zone-state",
  description: "Each location's time zone is one its state keeps.",
  check({ manifest }) {
    return (manifest.locations ?? []).flatMap((location, i) => {
      const state = String(location.address?.state ?? "").toLowerCase();
      const zones = STATE_TIME_ZONES[state];
      const zone = location.time_zone;
      if (!zones || !zone || zones.includes(zone)) return [];
      return [
        {
          pointer: `/locations/${i}/time_zone`,
          severity: "warning" as const,
          message: `${location.name} is in ${state.toUpperCase()} but keeps ${zone} time: its opening hours and "open now" would be wrong whenever the two differ`,
          hint: `set this location's time zone to ${zones[0]}`,
        },
      ];
    });
  },
};
