"use client";

import { useEffect, useRef, useState } from "react";
import { useConfigure, useInstantSearch } from "react-instantsearch";
import { displayedTotal } from "@/blocks/shared/search/domain/facets";
import { searchHeading } from "@/blocks/shared/search/domain/landing";
import { recordSearch } from "@/blocks/shared/search/domain/search-history";
import { uiStateToState, type IndexUiState } from "@/blocks/shared/search/domain/ui-state";
import { FinanceDisclaimerNote } from "@/blocks/shared/vehicle-card/FinanceDisclaimerNote";
import { vehicleCount, vehicleNoun } from "@/runtime/wording";
import type { SearchAppProps } from "./SearchApp";
import { resultKinds, widgetPlan } from "./widgets";
import { hiddenFields } from "@/blocks/shared/search/domain/form-query";
import { buildSearchUrl } from "@/blocks/shared/search/domain/url-state";
import { FILTERS_PANEL_ID, PRE_HYDRATION_SCRIPT, SEARCH_FORM_ID } from "./form";
import { useSearchLive } from "./use-search-live";
import { Filters } from "./Filters";
import { SearchBoxField } from "./SearchBoxField";
import { SortControl } from "./SortControl";
import { ResultsGrid } from "./ResultsGrid";
import { PaginationNav, PastLastPage } from "./PaginationNav";
import { EmptyState } from "./EmptyState";
import styles from "./search.module.css";

function ConfigureWidget({ params }: { params: Record<string, unknown> }) {
  useConfigure(params);
  return null;
}

/** Records each settled search (keyed by `settledKey`, null while one is under way) in the shopper's local history. */
function useSearchHistory(settledKey: string | null, title: string) {
  useEffect(() => {
    if (!settledKey) return;
    try {
      recordSearch(window.localStorage, { url: `${window.location.pathname}${window.location.search}`, label: title, at: Date.now() });
    } catch {
      /* storage unavailable */
    }
  }, [settledKey, title]);
}

/**
 * Whether the address names the filters panel: before the app was live, the Filters link opened the
 * panel as its target (CSS :target). On a phone that link's tap is also the touch that makes the app
 * live, and the live markup replaces the panel with a new element that is not the target, so the
 * panel the tap opened must start open rather than close again under the shopper's finger.
 */
function panelIsTarget(panelId: string): boolean {
  return typeof window !== "undefined" && window.location.hash === `#${panelId}`;
}

/** Opens the filters panel: a button once the app is live, before that a link to the panel. */
function FiltersToggle({
  live,
  panelId,
  open,
  refinedCount,
  onToggle,
}: {
  live: boolean;
  panelId: string;
  open: boolean;
  refinedCount: number;
  onToggle: () => void;
}) {
  return live ? (
    <button type="button" className={styles.filterToggle} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
      Filters{refinedCount ? ` (${refinedCount})` : ""}
    </button>
  ) : (
    // Before the app is live the panel opens as the link's target (CSS :target).
    <a className={styles.filterToggle} href={`#${panelId}`}>
      Filters{refinedCount ? ` (${refinedCount})` : ""}
    </a>
  );
}

export function SearchLayout({ data, heading, showHeading, intro, searchPlaceholder }: SearchAppProps) {
  const { config } = data;
  const [plan] = useState(() => widgetPlan(config));
  const { indexUiState, results, status, refresh, setIndexUiState } = useInstantSearch({ catchError: true });
  const state = uiStateToState(indexUiState as IndexUiState, config.indexName);
  // The results' kinds of vehicle name them ('Motorcycles'); with no results, the dealer's stock's kinds.
  const found = resultKinds(results);
  const noun = vehicleNoun(config.card.wording, found.length ? found : data.stockKinds);
  const title = heading ?? searchHeading(state, { usedKeyword: config.usedKeyword, vehicles: noun.plural });
  const refinedCount = Object.values(state.refinements).reduce((n, v) => n + v.length, 0) + Object.keys(state.ranges).length;
  const nbHits = results?.nbHits ?? 0;
  const total = displayedTotal(nbHits, refinedCount === 0 && !state.query ? data.stockCount : null);
  const panelId = FILTERS_PANEL_ID;
  const [panelOpen, setPanelOpen] = useState(() => panelIsTarget(panelId));
  const resultsRef = useRef<HTMLElement>(null);
  const live = useSearchLive();
  // What the GET form's visible controls do not carry goes in hidden fields (the make cards are
  // links; the dealership and filters this page does not show have no control).
  const hasMake = config.facets.some((f) => f.kind === "make");
  const controlled = new Set(config.facets.filter((f) => f.kind !== "make" || config.makeFilter === "dropdown").map((f) => f.attribute));
  if (hasMake && (state.refinements.make ?? []).length > 0) controlled.add("model");
  for (const attribute of config.virtualAttributes) controlled.delete(attribute);
  const hidden = hiddenFields(state, controlled);
  const hrefFor = (ui: IndexUiState) => buildSearchUrl(uiStateToState(ui, config.indexName), config.urlOptions);
  const loading = status === "loading" || status === "stalled";

  // Local search history (5 entries): each settled search the shopper made.
  useSearchHistory(status === "idle" && results ? `${data.config.urlOptions.basePath}|${JSON.stringify(indexUiState)}` : null, title);

  const clearAll = () =>
    setIndexUiState((prev) => ({ ...(prev.configure ? { configure: prev.configure } : {}), ...(prev.sortBy ? { sortBy: prev.sortBy } : {}) }));

  const showResults = () => {
    setPanelOpen(false);
    resultsRef.current?.focus();
    resultsRef.current?.scrollIntoView({ block: "start" });
  };

  return (
    <div className={styles.search} data-testid="search-app">
      {/* First, before any control it serves: its listeners are on the document, and on a slow phone a
          filter shown by the streamed HTML could be clicked before a script after it had run. */}
      <script dangerouslySetInnerHTML={{ __html: PRE_HYDRATION_SCRIPT }} />
      <ConfigureWidget params={plan.configure} />
      <header className={styles.header}>
        {showHeading ? <h1 className={styles.heading}>{title}</h1> : null}
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </header>
      <div className={styles.toolbar}>
        <SearchBoxField placeholder={searchPlaceholder} formId={SEARCH_FORM_ID} action={config.clearHref} live={live} />
        <p className={styles.count} aria-live="polite" aria-atomic="true" data-testid="result-count">
          {results ? `${vehicleCount(total, noun)} found` : ""}
        </p>
        <SortControl items={plan.sortItems} />
        <FiltersToggle live={live} panelId={panelId} open={panelOpen} refinedCount={refinedCount} onToggle={() => setPanelOpen((o) => !o)} />
      </div>
      <div className={styles.layout}>
        <section id={panelId} className={styles.panel} data-open={panelOpen ? "true" : "false"} aria-label="Filters">
          <Filters config={config} plan={plan} refinedCount={refinedCount} onClearAll={clearAll} hrefFor={hrefFor} />
          {hidden.map((h, i) => (
            <input key={`${h.name}-${i}`} type="hidden" name={h.name} value={h.value} form={SEARCH_FORM_ID} />
          ))}
          {live ? (
            <button type="button" className={styles.showMe} onClick={showResults} data-testid="show-me">
              Show me {vehicleCount(total, noun)}
            </button>
          ) : (
            // Without JavaScript the filters apply with this button (before hydration a change submits by itself).
            <button type="submit" className={styles.showMe} form={SEARCH_FORM_ID} data-testid="apply-filters">
              Apply filters
            </button>
          )}
        </section>
        <section className={styles.results} ref={resultsRef} tabIndex={-1} aria-busy={loading} aria-label="Search results">
          {status === "error" ? (
            <div className={styles.notice} role="alert" data-testid="search-error">
              <p>We couldn&apos;t update the results just now. The {noun.plural.toLowerCase()} below are from your previous search.</p>
              <button type="button" className={styles.linkButton} onClick={() => refresh()}>
                Try again
              </button>
            </div>
          ) : null}
          {results && nbHits === 0 ? (
            <EmptyState title={config.emptyTitle} message={config.emptyMessage} clearHref={config.clearHref} onClear={clearAll} />
          ) : results && results.hits.length === 0 && results.page >= results.nbPages ? (
            <PastLastPage onNavigate={() => resultsRef.current?.scrollIntoView({ block: "start" })} />
          ) : (
            <>
              <h2 className="visually-hidden">Results</h2>
              <ResultsGrid config={config} promos={data.promos} nowMs={data.nowMs} dimmed={loading} />
              <PaginationNav onNavigate={() => resultsRef.current?.scrollIntoView({ block: "start" })} />
            </>
          )}
          {config.card.finance !== false ? <FinanceDisclaimerNote className={styles.disclaimer} /> : null}
        </section>
      </div>
    </div>
  );
}
