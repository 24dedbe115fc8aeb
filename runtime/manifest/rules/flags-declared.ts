import type { ManifestRule, RuleProblem } from "./types";
import { walkJson } from "./types";

/** Every flag a block, route, menu item, tile or block prop (such as a vehicle sidebar button) refers to is declared in /features. */
export const flagsDeclared: ManifestRule = {
  id: "flags-declared",
  description: "Every feature flag referenced is declared in features.",
  check({ manifest }) {
    const declared = new Set(Object.keys(manifest.features ?? {}));
    const problems: RuleProblem[] = [];
    walkJson(manifest, (value, pointer, key) => {
      if (key === "flag" && typeof value === "string" && !declared.has(value) && !pointer.startsWith("/features")) {
        problems.push({ pointer, message: `flag '${value}' is not declared in features`, hint: `add "${value}": true (or false) to /features` });
      }
    });
    return problems;
  },
};
