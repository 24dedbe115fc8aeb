/**
 * The widgets a search page mounts and their parameters, in one place: the browser mounts them
 * as react-instantsearch hooks and the server mounts the same connectors to run the first
 * search, so both build identical search parameters (and the browser can hydrate from the
 * server's results without searching again). Pure: no React.
 */
import type { SearchPageConfig } from "./config";
import { LIST_LIMIT, MAKE_LIMIT, MODEL_LIMIT } from "./limits";

export interface WidgetPlan {
  configure: Record<string, unknown>;
  lists: Array<{ attribute: string; limit: number }>;
  ranges: Array<{ attribute: string }>;
  sortItems: Array<{ label: string; value: string }>;
}

/** The stock's kind of vehicle (car, motorcycle, truck, caravan): its counts name what a search found. */
export const KIND_ATTRIBUTE = "item_type";

/** The kinds of vehicle among a search's results (its main query's counts of KIND_ATTRIBUTE under every refinement). */
export function resultKinds(results: unknown): string[] {
  const raw = (results as { _rawResults?: Array<{ facets?: Record<string, Record<string, number>> }> } | null | undefined)?._rawResults?.[0];
  return Object.entries(raw?.facets?.[KIND_ATTRIBUTE] ?? {})
    .filter(([, n]) => n > 0)
    .map(([kind]) => kind);
}

export function listLimit(kind: string): number {
  return kind === "make" ? MAKE_LIMIT : kind === "model" ? MODEL_LIMIT : LIST_LIMIT;
}

export function widgetPlan(config: SearchPageConfig): WidgetPlan {
  const configure: Record<string, unknown> = {
    hitsPerPage: config.hitsPerPage,
    attributesToRetrieve: config.attributesToRetrieve,
    attributesToHighlight: [],
    // Counted under every refinement, so the page calls what it found by its kind ('12 motorcycles found').
    facets: [KIND_ATTRIBUTE],
  };
  if (config.filters) configure.filters = config.filters;
  const lists = config.facets.filter((f) => f.kind !== "range").map((f) => ({ attribute: f.attribute, limit: listLimit(f.kind) }));
  for (const attribute of config.virtualAttributes) if (!lists.some((l) => l.attribute === attribute)) lists.push({ attribute, limit: 1 });
  // The make cards reveal models: the model widget is mounted whenever make is, even when 'model' is not in the list.
  if (lists.some((l) => l.attribute === "make") && !lists.some((l) => l.attribute === "model")) lists.push({ attribute: "model", limit: MODEL_LIMIT });
  return {
    configure,
    lists,
    ranges: config.facets.filter((f) => f.kind === "range").map((f) => ({ attribute: f.attribute })),
    sortItems: config.sortItems.map(({ label, value }) => ({ label, value })),
  };
}
