import { slugify } from "../../slug";
import type { ManifestRule, RuleProblem, StockFacts } from "./types";
import { walkJson } from "./types";

/** Keys that hold a link in menus, tiles, brands and block props. */
const LINK_KEYS = new Set(["href", "link", "url", "ctaHref"]);

/**
 * What a /search path asks for, read the way the search page reads it
 * (blocks/shared/search/domain/url-state.ts: car types, a dealership, a make and a model; the
 * runtime may not import a block, so the few path rules are restated here). Query parameters
 * are not checked: they refine, and a refinement with no match is the shopper's to change.
 */
export function searchLinkMatches(href: string, stock: StockFacts): { matches: number; wanted: string } | null {
  const [pathPart] = href.split(/[?#]/);
  if (!/^\/search(\/|$)/.test(pathPart)) return null;
  const segs = pathPart
    .split("/")
    .slice(2)
    .map((s) => decodeURIComponent(s).trim().toLowerCase())
    .filter(Boolean);
  if (segs.length === 0) return null;
  const first = segs[0];
  const typeMatch = /^([a-z-]+)-cars$/.exec(first);
  const types: string[] | null = typeMatch ? typeMatch[1].split(/-and-|-/).filter(Boolean) : null;
  let test: (c: StockFacts["cars"][number]) => boolean;
  let wanted: string;
  if (types && types.every((t) => t === "new" || t === "used" || t === "demo")) {
    const set = new Set<string>(types);
    test = (c) => set.has(c.carType);
    wanted = `${types.join(", ")} cars`;
  } else if (segs.length === 1 && stock.cars.some((c) => c.dealership === first)) {
    return { matches: 1, wanted: first };
  } else {
    const model = segs[1];
    test = (c) => c.make === first && (!model || c.model === model);
    wanted = model ? `make '${first}', model '${model}'` : `make '${first}'`;
  }
  return { matches: stock.cars.filter(test).length, wanted };
}

/** A link into the search that finds nothing is usually a misspelt make or model (warning: stock changes by the hour). */
export const searchLinksStock: ManifestRule = {
  id: "search-links-stock",
  description: "Links into /search find some stock (warning).",
  check({ manifest, stock }) {
    if (!stock || stock.cars.length === 0) return [];
    const problems: RuleProblem[] = [];
    walkJson(manifest, (value, pointer, key) => {
      if (typeof key !== "string" || !LINK_KEYS.has(key) || typeof value !== "string") return;
      const found = searchLinkMatches(value, stock);
      if (!found || found.matches > 0) return;
      const makes = [...new Set(stock.cars.map((c) => c.make))].sort();
      const close = makes.filter((m) => m.startsWith(slugify(value.split("/")[2] ?? "").slice(0, 3))).slice(0, 5);
      problems.push({
        pointer,
        severity: "warning",
        message: `the link '${value}' finds no cars in this dealer's stock (${found.wanted})`,
        hint: close.length
          ? `makes in stock that look alike: ${close.join(", ")}; search links use lower-case slugs, e.g. /search/toyota/rav4`
          : `search links use lower-case slugs, e.g. /search/used-cars or /search/toyota/rav4`,
      });
    });
    return problems;
  },
};
