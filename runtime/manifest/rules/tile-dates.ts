import { parseBrisbaneInstant } from "../../tiles";
import type { ManifestRule, RuleProblem } from "./types";

/** A dated tile must start before it expires, or it would never show. */
export const tileDates: ManifestRule = {
  id: "tile-dates",
  description: "Tiles have start before expiry.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    (manifest.tiles ?? []).forEach((tile, i) => {
      if (!tile.start || !tile.expiry) return;
      const start = parseBrisbaneInstant(tile.start);
      const expiry = parseBrisbaneInstant(tile.expiry);
      if (start >= expiry)
        problems.push({
          pointer: `/tiles/${i}/expiry`,
          message: `tile '${tile.id}' expires (${tile.expiry}) before or when it starts (${tile.start})`,
          hint: "swap the dates or fix the expiry",
        });
    });
    return problems;
  },
};
