import type { DealerManifest } from "@/runtime/generated/types";
import { replicaIndexName, STOCK_INDEX_SETTINGS } from "@/runtime/search/index-settings";
import { siteStockSearch } from "./site-search";

/** What a list of a dealer's car pages needs of each car. */
export interface CarPageEntry {
  slug: string;
  /** Unix seconds. */
  created_at_timestamp?: number;
  sold_date_timestamp?: number | null;
}

const FIELDS = ["slug", "created_at_timestamp", "sold_date_timestamp"];
/** One query's reach: the engines (ours and Algolia) page no further than this. */
const PAGE = STOCK_INDEX_SETTINGS.paginationLimitedTo;
const NEWEST_FIRST = { attribute: "created_at_timestamp", direction: "desc" } as const;

/**
 * Every car of this dealer that has a page: the same base filter carBySlug applies (the dealer's
 * dealerships, shown on its website, in stock or sold within soldCarPageDays, enough photos,
 * not excluded), newest first, at most `limit`. A query reaches only the first 1,000 hits, so a
 * larger stock is read in windows of listing time: newest-first from the sort replica, each window
 * below the oldest listing time of the one before, with every car of that boundary second read
 * together so none is skipped or read twice. `log` hears of cars left out because more than
 * 1,000 share one listing second.
 */
export async function dealerCarPages(manifest: DealerManifest, limit: number, log: (m: string) => void = console.error): Promise<CarPageEntry[]> {
  if (limit <= 0) return [];
  const { search, ctx, indexName } = siteStockSearch(manifest, "car-page");
  const query = async (index: string, filters?: string) => {
    const res = await search.search(index, { hitsPerPage: PAGE, attributesToRetrieve: FIELDS, ...(filters ? { filters } : {}) }, ctx);
    return { hits: res.hits as unknown as CarPageEntry[], total: res.nbHits };
  };
  const first = await query(indexName);
  if (first.total <= first.hits.length) return first.hits.slice(0, limit);

  const replica = replicaIndexName(indexName, NEWEST_FIRST);
  const out: CarPageEntry[] = [];
  let below: number | null = null;
  while (out.length < limit) {
    const window = await query(replica, below === null ? undefined : `created_at_timestamp < ${below}`);
    if (window.total <= window.hits.length) {
      out.push(...window.hits);
      break;
    }
    const edge = window.hits[window.hits.length - 1].created_at_timestamp ?? 0;
    out.push(...window.hits.filter((c) => (c.created_at_timestamp ?? 0) > edge));
    const tied = await query(replica, `created_at_timestamp = ${edge}`);
    if (tied.total > tied.hits.length)
      log(`[stock] site=${manifest.slug}: ${tied.total - tied.hits.length} cars listed in the same second as 1,000 others left out of the car list`);
    out.push(...tied.hits);
    below = edge;
  }
  return out.slice(0, limit);
}
