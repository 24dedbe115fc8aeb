import type { ManifestRule, RuleProblem } from "./types";

/** Vehicle page sections and sidebar buttons each appear once (the schema checks that they exist). */
export const vehiclePageSections: ManifestRule = {
  id: "vehicle-page-sections",
  description: "Vehicle page section order entries exist and appear once.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    const once = (list: string[] | undefined, base: string, what: string) => {
      const seen = new Map<string, number>();
      (list ?? []).forEach((entry, i) => {
        if (seen.has(entry)) problems.push({ pointer: `${base}/${i}`, message: `${what} '${entry}' is listed twice (first at index ${seen.get(entry)})`, hint: "each entry may appear once; remove one" });
        else seen.set(entry, i);
      });
    };
    once(manifest.vehiclePage?.sections, "/vehiclePage/sections", "section");
    once(manifest.vehiclePage?.sidebarButtons?.map((b) => b.action), "/vehiclePage/sidebarButtons", "sidebar button");
    return problems;
  },
};
