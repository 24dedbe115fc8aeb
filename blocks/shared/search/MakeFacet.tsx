"use client";

import { useId, useState } from "react";
import { useInstantSearch, useRefinementList } from "react-instantsearch";
import type { IndexUiState } from "@/blocks/shared/search/domain/ui-state";
import { makesByCount, toggledMakes, visibleMakeCards, withMakes, type MakeItem } from "@/blocks/shared/search/domain/makes";
import { inPlace, SEARCH_FORM_ID } from "./form";
import { MAKE_CARDS_SHOWN, MAKE_LIMIT, MODEL_LIMIT, POPULAR_MAKES } from "./limits";
import styles from "./search.module.css";

type UiState = Parameters<typeof withMakes>[0];

/** The models of the chosen makes, as checkboxes (at most `MODEL_LIMIT`), behind the models toggle. */
function ModelPanel({ id, open, modelLabel, models }: { id: string; open: boolean; modelLabel: string; models: ReturnType<typeof useRefinementList> }) {
  return (
    <div id={id} className={styles.models} hidden={!open}>
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
}

function ModelsToggle({ controls, open, onToggle }: { controls: string; open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className={styles.linkButton} aria-expanded={open} aria-controls={controls} onClick={onToggle} data-testid="models-toggle">
      {open ? "Hide models" : "Select models"}
    </button>
  );
}

/** The dropdown variant: 'Popular Makes' (the first by count) and, when there are more, 'All Makes'. */
function MakeSelect({
  id,
  label,
  byCount,
  selected,
  setMakes,
}: {
  id: string;
  label: string;
  byCount: MakeItem[];
  selected: string;
  setMakes: (next: string[]) => void;
}) {
  const popular = byCount.slice(0, POPULAR_MAKES);
  const all = [...byCount].sort((a, b) => a.label.localeCompare(b.label));
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        name="make"
        form={SEARCH_FORM_ID}
        className={styles.select}
        value={selected}
        onChange={(e) => setMakes(e.target.value ? [e.target.value] : [])}
      >
        <option value="">All makes</option>
        <optgroup label="Popular Makes">
          {popular.map((m) => (
            <option key={`p-${m.value}`} value={m.value}>
              {m.label} ({m.count})
            </option>
          ))}
        </optgroup>
        {all.length > POPULAR_MAKES ? (
          <optgroup label="All Makes">
            {all.map((m) => (
              <option key={`a-${m.value}`} value={m.value}>
                {m.label} ({m.count})
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
    </>
  );
}

/**
 * One make card: a link to the filtered search (it works before hydration and without
 * JavaScript), a toggle button once live.
 */
function MakeCardLink({ make, href, onToggle }: { make: MakeItem; href: string; onToggle: () => void }) {
  return (
    <a
      href={href}
      role="button"
      className={styles.makeButton}
      aria-pressed={make.isRefined}
      onClick={(e) => {
        if (!inPlace(e)) return;
        e.preventDefault();
        onToggle();
      }}
      onKeyDown={(e) => {
        // A button answers Space as well as Enter.
        if (e.key !== " ") return;
        e.preventDefault();
        onToggle();
      }}
    >
      <span className={styles.makeName}>{make.label}</span>
      <span className={styles.optionCount}>
        {make.count}
        <span className="visually-hidden"> results</span>
      </span>
    </a>
  );
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
  // The model widget stays mounted while the panel is closed, so chosen models stay in the search.
  const models = useRefinementList({ attribute: "model", limit: MODEL_LIMIT });
  const { setIndexUiState, indexUiState } = useInstantSearch();
  const [showAll, setShowAll] = useState(false);
  const [modelsOpen, setModelsOpen] = useState(false);
  const id = useId();

  const setMakes = (next: string[]) => setIndexUiState((prev: UiState) => withMakes(prev, next) as never);
  const byCount = makesByCount(makes.items);
  const refinedMakes = byCount.filter((i) => i.isRefined);
  if (byCount.length === 0) return null;

  const modelPanel = <ModelPanel id={`${id}-models`} open={modelsOpen} modelLabel={modelLabel} models={models} />;
  const modelsToggle = <ModelsToggle controls={`${id}-models`} open={modelsOpen} onToggle={() => setModelsOpen((o) => !o)} />;

  if (variant === "dropdown") {
    const selected = refinedMakes[0]?.value ?? "";
    return (
      <details className={styles.facet} open data-facet="make">
        <summary className={styles.facetSummary}>{label}</summary>
        <MakeSelect id={`${id}-select`} label={label} byCount={byCount} selected={selected} setMakes={setMakes} />
        {selected ? modelsToggle : null}
        {selected ? modelPanel : null}
      </details>
    );
  }

  const visible = visibleMakeCards(byCount, showAll, MAKE_CARDS_SHOWN);
  const firstRefined = refinedMakes[0]?.value;
  return (
    <details className={styles.facet} open data-facet="make">
      <summary className={styles.facetSummary}>{label}</summary>
      <ul className={styles.makeCards} aria-label={label}>
        {visible.map((m) => (
          <li key={m.value} className={styles.makeCard} data-refined={m.isRefined ? "true" : "false"}>
            <MakeCardLink
              make={m}
              href={hrefFor(withMakes(indexUiState as IndexUiState, toggledMakes(makes.items, m.value)))}
              onToggle={() => setMakes(toggledMakes(makes.items, m.value))}
            />
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
