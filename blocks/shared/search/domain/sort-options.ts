/**
 * Sort control options (most relevant, latest, highest price, lowest price), each the base index
 * or one of the stock index's sort replicas (runtime/search/index-settings.ts), named
 * {index}:{attribute}:{asc|desc}. Pure: no React.
 */
import { replicaIndexName, STOCK_SORT_REPLICAS, type SortReplica } from "@/runtime/search/index-settings";

export const SORT_KEYS = ["relevance", "latest", "price-desc", "price-asc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** The index's replica for a sort; a sort option can only use a replica the index has. */
function replica(attribute: string, direction: SortReplica["direction"]): SortReplica {
  const found = STOCK_SORT_REPLICAS.find((r) => r.attribute === attribute && r.direction === direction);
  if (!found) throw new Error(`the stock index has no ${attribute}:${direction} replica`);
  return found;
}

const SORTS: Record<SortKey, { label: string; sort: SortReplica | null }> = {
  relevance: { label: "Most relevant", sort: null },
  latest: { label: "Latest", sort: replica("created_at_timestamp", "desc") },
  "price-desc": { label: "Highest price", sort: replica("price", "desc") },
  "price-asc": { label: "Lowest price", sort: replica("price", "asc") },
};

export interface SortOption {
  key: SortKey;
  label: string;
  /** Index to query. */
  value: string;
}

/** The site's sort options (its search.sortOptions) in order; relevance (the base index) is always first. */
export function sortOptions(indexName: string, keys: readonly string[]): SortOption[] {
  const chosen = keys.filter((k): k is SortKey => k in SORTS);
  const ordered: SortKey[] = ["relevance", ...chosen.filter((k) => k !== "relevance")];
  return [...new Set(ordered)].map((key) => {
    const sort = SORTS[key].sort;
    return { key, label: SORTS[key].label, value: sort ? replicaIndexName(indexName, sort) : indexName };
  });
}
