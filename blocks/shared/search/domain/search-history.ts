/**
 * The local search history: at most 5 entries, newest first, the oldest
 * dropped; the same search again moves to the front. Stored in localStorage. Pure apart from
 * the storage helpers, which take the Storage to use.
 */

export const SEARCH_HISTORY_SIZE = 5;
export const SEARCH_HISTORY_KEY = "search-history";

export interface SearchHistoryEntry {
  /** The search URL (path and query). */
  url: string;
  /** What the shopper sees, e.g. "Used Toyota RAV4 for sale". */
  label: string;
  /** Unix ms. */
  at: number;
}

export function addToHistory(history: readonly SearchHistoryEntry[], entry: SearchHistoryEntry, max = SEARCH_HISTORY_SIZE): SearchHistoryEntry[] {
  return [entry, ...history.filter((h) => h.url !== entry.url)].slice(0, max);
}

function isEntry(v: unknown): v is SearchHistoryEntry {
  const e = v as SearchHistoryEntry;
  return !!e && typeof e.url === "string" && e.url.startsWith("/") && typeof e.label === "string" && typeof e.at === "number";
}

export function readHistory(storage: Pick<Storage, "getItem"> | null | undefined): SearchHistoryEntry[] {
  try {
    const parsed = JSON.parse(storage?.getItem(SEARCH_HISTORY_KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, SEARCH_HISTORY_SIZE) : [];
  } catch {
    return [];
  }
}

/** Records a search; storage failures (private mode, quota) are ignored. */
export function recordSearch(storage: Pick<Storage, "getItem" | "setItem"> | null | undefined, entry: SearchHistoryEntry): SearchHistoryEntry[] {
  const next = addToHistory(readHistory(storage), entry);
  try {
    storage?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  } catch {
    /* ignored */
  }
  return next;
}
