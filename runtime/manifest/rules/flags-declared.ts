import { isDefaultHeader } from "../default-menu";
import type { ManifestRule, RuleProblem } from "./types";
import { walkJson } from "./types";

/** Every flag a block, route, menu item, tile or block prop (such as a vehicle sidebar button) refers to is declared in /features. */
export const flagsDeclared: ManifestRule = {
  id: "flags-declared",
  description: "Every feature flag referenced is declared in features.",
  check({ manifest }) {
    const declared = new Set(Object.keys(manifest.features ?? {}));
    const problems: RuleProblem[] = [];
    // The default navigation is not the dealer's writing: its links to pages this site lacks are left out when it renders.
    const skipHeader = isDefaultHeader(manifest.menus?.header);
    walkJson(manifest, (value, pointer, key) => {
      if (skipHeader && pointer.startsWith("/menus/header/")) return;
      if (key === "flag" && typeof value === "string" && !declared.has(value) && !pointer.startsWith("/features")) {
        problems.push({ pointer, message: `flag '${value}' is not declared in features`, hint: `add "${value}": true (or false) to /features` });
      }
    });
    return problems;
  },
};
