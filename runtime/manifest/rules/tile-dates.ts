import { parseLocalInstant, siteTimeZone } from "../../time";
import type { ManifestRule, RuleProblem } from "./types";

/** A dated tile or announcement must start before it expires, or it would never show. */
export const tileDates: ManifestRule = {
  id: "tile-dates",
  description: "Tiles and the announcement have start before expiry.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    (manifest.tiles ?? []).forEach((tile, i) => {
      if (!tile.start || !tile.expiry) return;
      const start = parseLocalInstant(tile.start, siteTimeZone(manifest));
      const expiry = parseLocalInstant(tile.expiry, siteTimeZone(manifest));
      if (start >= expiry)
        problems.push({
          pointer: `/tiles/${i}/expiry`,
          message: `tile '${tile.id}' expires (${tile.expiry}) before or when it starts (${tile.start})`,
          hint: "swap the dates or fix the expiry",
        });
    });
    const a = manifest.announcement;
    if (a?.start && a.expiry && parseLocalInstant(a.start, siteTimeZone(manifest)) >= parseLocalInstant(a.expiry, siteTimeZone(manifest)))
      problems.push({
        pointer: "/announcement/expiry",
        message: `the announcement expires (${a.expiry}) before or when it starts (${a.start})`,
        hint: "swap the dates or fix the expiry",
      });
    return problems;
  },
};
