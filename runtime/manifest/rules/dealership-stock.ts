import type { ManifestRule, RuleProblem } from "./types";

/**
 * A dealership id with no cars in stock is usually a mistyped id, or stock not imported yet: the
 * site would show '0 cars found' without a word. A warning, since stock changes by the hour.
 */
export const dealershipStock: ManifestRule = {
  id: "dealership-stock",
  description: "Each dealership id has cars in stock (warning).",
  check({ manifest, stock }) {
    if (!stock) return [];
    const problems: RuleProblem[] = [];
    manifest.dealerships.forEach((d, i) => {
      if ((stock.countByDealership.get(d.id) ?? 0) > 0) return;
      problems.push({
        pointer: `/dealerships/${i}/id`,
        severity: "warning",
        message: `no cars in stock for dealership ${d.id} (${d.name}): its searches will show '0 cars found'`,
        hint: "check the id against the stock feed, or connect the dealer's stock feed: its stock feed screen in the studio (or npm run stock:import; docs/authoring.md)",
      });
    });
    return problems;
  },
};
