/**
 * The make filter's rules, apart from its markup: which makes a toggle leaves chosen, the
 * order makes are offered in, which make cards show, and what choosing makes does to the
 * rest of the search state.
 */

export interface MakeItem {
  value: string;
  label: string;
  count: number;
  isRefined: boolean;
}

type UiState = { refinementList?: Record<string, string[]>; page?: number };

/** The UI state with these makes: back to the first page, and the models cleared when a make goes. */
export function withMakes<T extends UiState>(prev: T, next: string[]): T {
  const before = prev.refinementList?.make ?? [];
  const removed = before.some((m) => !next.includes(m));
  const refinementList = { ...prev.refinementList, make: next, ...(removed || next.length === 0 ? { model: [] } : {}) };
  return { ...prev, refinementList, page: undefined };
}

/** The chosen makes after toggling `value`: removed when it was chosen, added at the end when not. */
export function toggledMakes(items: readonly MakeItem[], value: string): string[] {
  const current = items.filter((i) => i.isRefined).map((i) => i.value);
  return current.includes(value) ? current.filter((m) => m !== value) : [...current, value];
}

/** Makes by count, most first; equal counts by label. */
export function makesByCount<T extends MakeItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** The make cards shown: all of them, or the first `shown` by count plus any chosen make beyond them. */
export function visibleMakeCards<T extends MakeItem>(byCount: readonly T[], showAll: boolean, shown: number): T[] {
  return showAll ? [...byCount] : [...byCount.slice(0, shown), ...byCount.slice(shown).filter((i) => i.isRefined)];
}
