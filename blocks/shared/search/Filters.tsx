"use client";

import { useInstantSearch, useRefinementList } from "react-instantsearch";
import type { IndexUiState } from "@/blocks/shared/search/domain/ui-state";
import type { FacetDefinition } from "@/blocks/shared/search/domain/facets";
import type { SearchPageConfig } from "./config";
import type { WidgetPlan } from "./widgets";
import { ListFacet } from "./ListFacet";
import { RangeFacet } from "./RangeFacet";
import { MakeFacet } from "./MakeFacet";
import { inPlace } from "./form";
import styles from "./search.module.css";

/** A refinement with no visible filter (the dealership path): mounted so it round-trips, shown as a removable chip. */
function VirtualRefinement({
  attribute,
  limit,
  labels,
  hrefFor,
}: {
  attribute: string;
  limit: number;
  labels: Record<string, string>;
  hrefFor: (ui: IndexUiState) => string;
}) {
  const { items, refine } = useRefinementList({ attribute, limit });
  const { indexUiState } = useInstantSearch();
  const without = (v: string): IndexUiState => {
    const ui = indexUiState as IndexUiState;
    return { ...ui, page: undefined, refinementList: { ...ui.refinementList, [attribute]: (ui.refinementList?.[attribute] ?? []).filter((x) => x !== v) } };
  };
  const refined = indexUiState.refinementList?.[attribute] ?? items.filter((i) => i.isRefined).map((i) => i.value);
  if (refined.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Other filters">
      {refined.map((v) => (
        <li key={v}>
          <a
            className={styles.chip}
            href={hrefFor(without(v))}
            onClick={(e) => {
              if (!inPlace(e)) return;
              e.preventDefault();
              refine(v);
            }}
          >
            {labels[v] ?? v.replace(/-/g, " ")} <span aria-hidden="true">×</span>
            <span className="visually-hidden"> (remove filter)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Filters({
  config,
  plan,
  refinedCount,
  onClearAll,
  hrefFor,
}: {
  config: SearchPageConfig;
  plan: WidgetPlan;
  refinedCount: number;
  onClearAll: () => void;
  /** The search URL of a UI state (links that work before hydration). */
  hrefFor: (ui: IndexUiState) => string;
}) {
  const { indexUiState } = useInstantSearch();
  const hasMake = config.facets.some((f) => f.kind === "make");
  const shown = (f: FacetDefinition) => !(f.kind === "model" && hasMake);
  const virtual = plan.lists.filter((l) => config.virtualAttributes.includes(l.attribute));
  return (
    <div className={styles.filters}>
      <div className={styles.filtersHead}>
        <h2 className={styles.filtersTitle}>Filters</h2>
        {refinedCount > 0 ? (
          <a
            className={styles.linkButton}
            href={hrefFor({ sortBy: (indexUiState as IndexUiState).sortBy })}
            onClick={(e) => {
              if (!inPlace(e)) return;
              e.preventDefault();
              onClearAll();
            }}
          >
            Clear all
          </a>
        ) : null}
      </div>
      {virtual.map((v) => (
        <VirtualRefinement key={v.attribute} attribute={v.attribute} limit={v.limit} labels={config.virtualLabels[v.attribute] ?? {}} hrefFor={hrefFor} />
      ))}
      {config.facets.filter(shown).map((f) => {
        if (f.kind === "range") return <RangeFacet key={f.key} attribute={f.attribute} label={f.label} urlKey={f.urlKey} />;
        if (f.kind === "make") return <MakeFacet key={f.key} variant={config.makeFilter} label={f.label} modelLabel="Model" hrefFor={hrefFor} />;
        return <ListFacet key={f.key} facet={f} certifiedOnly={config.certifiedOnly} usedKeyword={config.usedKeyword} />;
      })}
    </div>
  );
}
