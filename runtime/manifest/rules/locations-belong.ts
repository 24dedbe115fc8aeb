import type { ManifestRule, RuleProblem } from "./types";

/** Each location belongs to one of the site's dealerships, and location ids and slugs are unique. */
export const locationsBelong: ManifestRule = {
  id: "locations-belong",
  description: "Locations belong to a listed dealership; ids and slugs are unique; at most one primary.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    const dealershipIds = new Set(manifest.dealerships.map((d) => d.id));
    const ids = new Set<number>();
    const slugs = new Set<string>();
    let primaries = 0;
    manifest.locations.forEach((loc, i) => {
      if (!dealershipIds.has(loc.dealership_id))
        problems.push({
          pointer: `/locations/${i}/dealership_id`,
          message: `dealership ${loc.dealership_id} is not one of this site's dealerships`,
          hint: `listed: ${[...dealershipIds].join(", ")}`,
        });
      if (ids.has(loc.id)) problems.push({ pointer: `/locations/${i}/id`, message: `location id ${loc.id} is used twice` });
      if (slugs.has(loc.slug)) problems.push({ pointer: `/locations/${i}/slug`, message: `location slug '${loc.slug}' is used twice` });
      ids.add(loc.id);
      slugs.add(loc.slug);
      if (loc.primary) primaries++;
    });
    if (primaries > 1) problems.push({ pointer: "/locations", message: `${primaries} locations are marked primary; at most one may be` });
    return problems;
  },
};
