"use client";

import { useId } from "react";
import { useSortBy } from "react-instantsearch";
import { SEARCH_FORM_ID } from "./form";
import styles from "./search.module.css";

/** Most relevant, latest, highest price, lowest price (sort replicas). */
export function SortControl({ items }: { items: Array<{ label: string; value: string }> }) {
  const { options, currentRefinement, refine } = useSortBy({ items });
  const id = useId();
  if (options.length < 2) return null;
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Sort by</label>
      <select id={id} name="sortBy" form={SEARCH_FORM_ID} value={currentRefinement} onChange={(e) => refine(e.target.value)} data-testid="sort-by">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
