"use client";

import { useInstantSearch, useRefinementList } from "react-instantsearch";
import type { FacetDefinition } from "@/blocks/shared/search/domain/facets";
import type { SearchPageConfig } from "./config";
import type { WidgetPlan } from "./widgets";
import { ListFacet } from "./ListFacet";
import { RangeFacet } from "./RangeFacet";
import { MakeFacet } from "./MakeFacet";
import styles from "./search.module.css";

/** A refinement with no visible filter (the dealership path): mounted so it round-trips, shown as a removable chip. */
function VirtualRefinement({ attribute, limit }: { attribute: string; limit: number }) {
  const { items, refine } = useRefinementList({ attribute, limit });
  const { indexUiState } = useInstantSearch();
  const refined = indexUiState.refinementList?.[attribute] ?? items.filter((i) => i.isRefined).map((i) => i.value);
  if (refined.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Other filters">
      {refined.map((v) => (
        <li key={v}>
          <button type="button" className={styles.chip} onClick={() => refine(v)}>
            {v.replace(/-/g, " ")} <span aria-hidden="true">×</span>
            <span className="visually-hidden"> (remove filter)</span>
          </button>
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
}: {
  config: SearchPageConfig;
  plan: WidgetPlan;
  refinedCount: number;
  onClearAll: () => void;
}) {
  const hasMake = config.facets.some((f) => f.kind === "make");
  const shown = (f: FacetDefinition) => !(f.kind === "model" && hasMake);
  const virtual = plan.lists.filter((l) => config.virtualAttributes.includes(l.attribute));
  return (
    <div className={styles.filters}>
      <div className={styles.filtersHead}>
        <h2 className={styles.filtersTitle}>Filters</h2>
        {refinedCount > 0 ? (
          <button type="button" className={styles.linkButton} onClick={onClearAll}>
            Clear all
          </button>
        ) : null}
      </div>
      {virtual.map((v) => (
        <VirtualRefinement key={v.attribute} attribute={v.attribute} limit={v.limit} />
      ))}
      {config.facets.filter(shown).map((f) => {
        if (f.kind === "range") return <RangeFacet key={f.key} attribute={f.attribute} label={f.label} />;
        if (f.kind === "make") return <MakeFacet key={f.key} variant={config.makeFilter} label={f.label} modelLabel="Model" />;
        return <ListFacet key={f.key} facet={f} certifiedOnly={config.certifiedOnly} usedKeyword={config.usedKeyword} />;
      })}
    </div>
  );
}
