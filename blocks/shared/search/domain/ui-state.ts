/**
 * SearchState (our URL model) ⇄ InstantSearch's index UI state, so the history router and the
 * server's first search read the same URL the same way. Pure: no React.
 */
import type { SearchState } from "./url-state";
import { emptyState, formatRange, parseRange } from "./url-state";

/** InstantSearch's UI state for one index (the parts we use). */
export interface IndexUiState {
  query?: string;
  refinementList?: Record<string, string[]>;
  range?: Record<string, string>;
  page?: number;
  sortBy?: string;
  configure?: Record<string, unknown>;
}

export function stateToUiState(state: SearchState, indexName: string): IndexUiState {
  const ui: IndexUiState = {};
  if (state.query) ui.query = state.query;
  const refinementList: Record<string, string[]> = {};
  for (const [attr, values] of Object.entries(state.refinements)) if (values.length) refinementList[attr] = [...values];
  if (Object.keys(refinementList).length) ui.refinementList = refinementList;
  const range: Record<string, string> = {};
  for (const [attr, r] of Object.entries(state.ranges)) if (r.min !== undefined || r.max !== undefined) range[attr] = formatRange(r);
  if (Object.keys(range).length) ui.range = range;
  if (state.page > 1) ui.page = state.page;
  if (state.sortBy && state.sortBy !== indexName) ui.sortBy = state.sortBy;
  return ui;
}

export function uiStateToState(ui: IndexUiState | undefined, indexName: string): SearchState {
  const state = emptyState();
  if (!ui) return state;
  state.query = (ui.query ?? "").trim();
  for (const [attr, values] of Object.entries(ui.refinementList ?? {})) if (values?.length) state.refinements[attr] = [...values];
  for (const [attr, text] of Object.entries(ui.range ?? {})) {
    const r = text ? parseRange(text) : null;
    if (r) state.ranges[attr] = r;
  }
  state.page = ui.page && ui.page > 1 ? ui.page : 1;
  state.sortBy = ui.sortBy && ui.sortBy !== indexName ? ui.sortBy : null;
  return state;
}
