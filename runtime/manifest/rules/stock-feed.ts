import type { ManifestRule, RuleProblem } from "./types";

/**
 * The stock feed names one of the site's own dealerships and that dealership's locations (the default one and one per kind of car),
 * and no two of the dealer's columns claim a field that holds one value (two price columns would
 * leave it to chance which one the site shows).
 */
export const stockFeed: ManifestRule = {
  id: "stock-feed",
  description: "The stock feed's dealership and location are the site's own; one column per field.",
  check({ manifest }) {
    const feed = manifest.stockFeed;
    if (!feed) return [];
    const problems: RuleProblem[] = [];
    const dealershipId = feed.dealershipId ?? manifest.dealerships[0].id;
    if (feed.dealershipId !== undefined && !manifest.dealerships.some((d) => d.id === feed.dealershipId))
      problems.push({
        pointer: "/stockFeed/dealershipId",
        message: `dealership ${feed.dealershipId} is not one of this site's dealerships`,
        hint: `listed: ${manifest.dealerships.map((d) => d.id).join(", ")}`,
      });
    const ownLocation = (id: number | undefined, pointer: string) => {
      if (id === undefined) return;
      const location = manifest.locations.find((l) => l.id === id);
      if (!location) problems.push({ pointer, message: `location ${id} is not one of this site's locations` });
      else if (location.dealership_id !== dealershipId)
        problems.push({ pointer, message: `location ${id} belongs to dealership ${location.dealership_id}, not ${dealershipId}` });
    };
    ownLocation(feed.locationId, "/stockFeed/locationId");
    for (const [kind, id] of Object.entries(feed.locationByType ?? {})) ownLocation(id, `/stockFeed/locationByType/${kind}`);
    const byField = new Map<string, string>();
    for (const [column, field] of Object.entries(feed.columns ?? {})) {
      if (field === "ignore") continue;
      const other = byField.get(field);
      if (other !== undefined)
        problems.push({
          pointer: `/stockFeed/columns/${column.replace(/~/g, "~0").replace(/\//g, "~1")}`,
          message: `columns '${other}' and '${column}' are both mapped to ${field}`,
          hint: "map one of them to ignore",
        });
      else byField.set(field, column);
    }
    return problems;
  },
};
