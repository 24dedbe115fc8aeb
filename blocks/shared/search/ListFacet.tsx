"use client";

import { useRefinementList } from "react-instantsearch";
import { facetValueLabel, sortFacetValues, visibleFacetValues, type FacetDefinition } from "@/blocks/shared/search/domain/facets";
import { listLimit } from "./widgets";
import { SEARCH_FORM_ID } from "./form";
import styles from "./search.module.css";

const OPEN_BY_DEFAULT = new Set(["car_type", "price", "make"]);

/** A checkbox list facet (OR within the facet), values in the spec's order. */
export function ListFacet({ facet, certifiedOnly, usedKeyword }: { facet: FacetDefinition; certifiedOnly: boolean; usedKeyword: string }) {
  const { items, refine } = useRefinementList({ attribute: facet.attribute, limit: listLimit(facet.kind) });
  const values = visibleFacetValues(
    facet.attribute,
    sortFacetValues(
      facet.attribute,
      items.map((i) => ({ value: i.value, label: facetValueLabel(facet.attribute, i.value, { usedKeyword }), count: i.count, isRefined: i.isRefined })),
    ),
    { certifiedOnly },
  );
  if (values.length === 0) return null;
  const refined = values.some((v) => v.isRefined);
  return (
    <details className={styles.facet} open={refined || OPEN_BY_DEFAULT.has(facet.attribute)} data-facet={facet.attribute}>
      <summary className={styles.facetSummary}>{facet.label}</summary>
      <fieldset className={styles.fieldset}>
        <legend className="visually-hidden">{facet.label}</legend>
        <ul className={styles.options}>
          {values.map((v) => (
            <li key={v.value}>
              <label className={styles.option}>
                <input type="checkbox" name={facet.urlKey} value={v.value} form={SEARCH_FORM_ID} checked={v.isRefined} onChange={() => refine(v.value)} />
                <span className={styles.optionLabel}>{v.label}</span>
                <span className={styles.optionCount}>
                  {v.count}
                  <span className="visually-hidden"> results</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
  );
}
