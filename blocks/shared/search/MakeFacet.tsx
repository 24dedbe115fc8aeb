"use client";

import { useId, useState } from "react";
import { useInstantSearch, useRefinementList } from "react-instantsearch";
import type { IndexUiState } from "@/blocks/shared/search/domain/ui-state";
import { inPlace, SEARCH_FORM_ID } from "./form";
import { MAKE_CARDS_SHOWN, MAKE_LIMIT, MODEL_LIMIT, POPULAR_MAKES } from "./limits";
import styles from "./search.module.css";

type Item = { value: string; label: string; count: number; isRefined: boolean };
type UiState = { refinementList?: Record<string, string[]>; page?: number };

/** The UI state with these makes: back to the first page, and the models cleared when a make goes. */
export function withMakes<T extends UiState>(prev: T, next: string[]): T {
  const before = prev.refinementList?.make ?? [];
  const removed = before.some((m) => !next.includes(m));
  const refinementList = { ...prev.refinementList, make: next, ...(removed || next.length === 0 ? { model: [] } : {}) };
  return { ...prev, refinementList, page: undefined };
}

/**
 * Make filter: make cards, 7 before 'Show all makes'; or the dropdown variant with
 * 'Popular Makes' (the first 20 by count) and 'All Makes'. A refined make reveals a
 * 'Select models' / 'Hide models' toggle; the model list is limited to 30. Removing a make
 * clears the models chosen under it.
 */
export function MakeFacet({
  variant,
  label,
  modelLabel,
  hrefFor,
}: {
  variant: "cards" | "dropdown";
  label: string;
  modelLabel: string;
  hrefFor: (ui: IndexUiState) => string;
}) {
  const makes = useRefinementList({ attribute: "make", limit: MAKE_LIMIT });
  const models = useRefinementList({ attribute: "model", limit: MODEL_LIMIT });
  const { setIndexUiState, indexUiState } = useInstantSearch();
  const [showAll, setShowAll] = useState(false);
  const [modelsOpen, setModelsOpen] = useState(false);
  const id = useId();

  const setMakes = (next: string[]) => setIndexUiState((prev: UiState) => withMakes(prev, next) as never);
  const toggled = (value: string) => {
    const current = makes.items.filter((i) => i.isRefined).map((i) => i.value);
    return current.includes(value) ? current.filter((m) => m !== value) : [...current, value];
  };

  const byCount = [...makes.items].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const refinedMakes = byCount.filter((i) => i.isRefined);
  if (byCount.length === 0) return null;

  const modelPanel = (
    <div id={`${id}-models`} className={styles.models} hidden={!modelsOpen}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.modelsLegend}>{modelLabel}</legend>
        <ul className={styles.options}>
          {models.items.slice(0, MODEL_LIMIT).map((m) => (
            <li key={m.value}>
              <label className={styles.option}>
                <input type="checkbox" name="model" value={m.value} form={SEARCH_FORM_ID} checked={m.isRefined} onChange={() => models.refine(m.value)} />
                <span className={styles.optionLabel}>{m.label}</span>
                <span className={styles.optionCount}>{m.count}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
  const modelsToggle = (
    <button
      type="button"
      className={styles.linkButton}
      aria-expanded={modelsOpen}
      aria-controls={`${id}-models`}
      onClick={() => setModelsOpen((o) => !o)}
      data-testid="models-toggle"
    >
      {modelsOpen ? "Hide models" : "Select models"}
    </button>
  );

  if (variant === "dropdown") {
    const popular = byCount.slice(0, POPULAR_MAKES);
    const all = [...byCount].sort((a, b) => a.label.localeCompare(b.label));
    const selected = refinedMakes[0]?.value ?? "";
    return (
      <details className={styles.facet} open data-facet="make">
        <summary className={styles.facetSummary}>{label}</summary>
        <label htmlFor={`${id}-select`} className="visually-hidden">
          {label}
        </label>
        <select
          id={`${id}-select`}
          name="make"
          form={SEARCH_FORM_ID}
          className={styles.select}
          value={selected}
          onChange={(e) => setMakes(e.target.value ? [e.target.value] : [])}
        >
          <option value="">All makes</option>
          <optgroup label="Popular Makes">
            {popular.map((m: Item) => (
              <option key={`p-${m.value}`} value={m.value}>
                {m.label} ({m.count})
              </option>
            ))}
          </optgroup>
          {all.length > POPULAR_MAKES ? (
            <optgroup label="All Makes">
              {all.map((m: Item) => (
                <option key={`a-${m.value}`} value={m.value}>
                  {m.label} ({m.count})
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        {selected ? modelsToggle : null}
        {selected ? modelPanel : null}
      </details>
    );
  }

  const visible = showAll ? byCount : [...byCount.slice(0, MAKE_CARDS_SHOWN), ...byCount.slice(MAKE_CARDS_SHOWN).filter((i) => i.isRefined)];
  const firstRefined = refinedMakes[0]?.value;
  return (
    <details className={styles.facet} open data-facet="make">
      <summary className={styles.facetSummary}>{label}</summary>
      <ul className={styles.makeCards} aria-label={label}>
        {visible.map((m: Item) => (
          <li key={m.value} className={styles.makeCard} data-refined={m.isRefined ? "true" : "false"}>
            {/* A link to the filtered search (it works before hydration and without JavaScript),
                a toggle button once live. */}
            <a
              href={hrefFor(withMakes(indexUiState as IndexUiState, toggled(m.value)))}
              role="button"
              className={styles.makeButton}
              aria-pressed={m.isRefined}
              onClick={(e) => {
                if (!inPlace(e)) return;
                e.preventDefault();
                setMakes(toggled(m.value));
              }}
              onKeyDown={(e) => {
                // A button answers Space as well as Enter.
                if (e.key !== " ") return;
                e.preventDefault();
                setMakes(toggled(m.value));
              }}
            >
              <span className={styles.makeName}>{m.label}</span>
              <span className={styles.optionCount}>
                {m.count}
                <span className="visually-hidden"> results</span>
              </span>
            </a>
            {m.value === firstRefined ? modelsToggle : null}
          </li>
        ))}
      </ul>
      {firstRefined ? modelPanel : null}
      {byCount.length > MAKE_CARDS_SHOWN ? (
        <button type="button" className={styles.linkButton} aria-expanded={showAll} onClick={() => setShowAll((s) => !s)}>
          {showAll ? "Show fewer makes" : "Show all makes"}
        </button>
      ) : null}
    </details>
  );
}
