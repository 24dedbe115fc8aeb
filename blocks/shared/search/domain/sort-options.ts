/**
 * Sort control options (document 2 §9: most relevant, latest, highest price, lowest price), as
 * sort replicas of the stock index: {index}:{attribute}:{asc|desc}. Pure: no React.
 */

export const SORT_KEYS = ["relevance", "latest", "price-desc", "price-asc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

const SORTS: Record<SortKey, { label: string; suffix: string | null }> = {
  relevance: { label: "Most relevant", suffix: null },
  latest: { label: "Latest", suffix: "created_at_timestamp:desc" },
  "price-desc": { label: "Highest price", suffix: "price:desc" },
  "price-asc": { label: "Lowest price", suffix: "price:asc" },
};

export interface SortOption {
  key: SortKey;
  label: string;
  /** Index to query. */
  value: string;
}

/** The site's sort options in order; relevance (the base index) is always first. */
export function sortOptions(indexName: string, keys?: readonly string[] | null): SortOption[] {
  const chosen = (keys && keys.length ? keys : SORT_KEYS).filter((k): k is SortKey => k in SORTS);
  const ordered: SortKey[] = ["relevance", ...chosen.filter((k) => k !== "relevance")];
  return [...new Set(ordered)].map((key) => ({ key, label: SORTS[key].label, value: SORTS[key].suffix ? `${indexName}:${SORTS[key].suffix}` : indexName }));
}
