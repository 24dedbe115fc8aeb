/**
 * The stock index's configuration, written once in Algolia's own terms: the embedded engine is
 * built from it (runtime/inventory/stock-index.ts) and the Algolia push sends it
 * (scripts/stock/import.ts), so a dealer who switches engine gets the same searchable fields,
 * facets, ranking and sort replicas. Pure data and small helpers, safe in the browser.
 *
 * Modifiers mean what they mean to Algolia: `unordered(x)` matches anywhere in x (the embedded
 * engine never ranks by word position, so every attribute behaves so there), `searchable(x)` is a
 * facet whose values can be searched, `filterOnly(x)` can be filtered on but is not counted.
 */

export interface SortReplica {
  attribute: string;
  direction: "asc" | "desc";
}

export interface IndexSettings {
  /** In ranking order: a match in an earlier attribute ranks higher. */
  searchableAttributes: readonly string[];
  attributesForFaceting: readonly string[];
  /** Algolia's ranking criteria, in order; a sort replica puts its sort first. */
  ranking: readonly string[];
  /** The tie-break after text relevance: `desc(attribute)` or `asc(attribute)`. */
  customRanking: readonly string[];
  /** Facet values returned per facet unless a request asks for another number. */
  maxValuesPerFacet: number;
  /** Hits reachable through pagination. */
  paginationLimitedTo: number;
}

export const STOCK_INDEX_SETTINGS: IndexSettings = {
  searchableAttributes: [
    "unordered(name)",
    "unordered(make)",
    "unordered(model)",
    "unordered(badge)",
    "unordered(series)",
    "stocknum",
    "vin",
    "regplate",
    "unordered(simple_body)",
    "unordered(body)",
    "unordered(colour)",
    "unordered(simple_fuel)",
    "unordered(fuel)",
    "unordered(location_name)",
    "unordered(city)",
    "year",
  ],
  attributesForFaceting: [
    "searchable(make)",
    "searchable(model)",
    "searchable(badge)",
    "series",
    "make_model",
    "car_type",
    "status",
    "item_type",
    "simple_body",
    "body",
    "colour",
    "simple_fuel",
    "fuel",
    "simple_transmission",
    "drive",
    "seats",
    "doors",
    "year",
    "price",
    "km",
    "subscription_price",
    "tag",
    "tags",
    "certified",
    "reserved",
    "searchable(city)",
    "state",
    "location_name",
    "dealership_name",
    "price_range",
    "weekly_price_range",
    "categories",
    "filtered_features",
    "axle_type",
    "sleeps",
    "filterOnly(id)",
    "filterOnly(dealership_id)",
    "filterOnly(dealership_slug)",
    "filterOnly(location_id)",
    "filterOnly(show_on_dealer_website)",
    "filterOnly(stocknum)",
    "filterOnly(photos_count)",
    "filterOnly(created_at_timestamp)",
    "filterOnly(sold_date_timestamp)",
    "filterOnly(slug)",
    // The offers search's default filter (offer_price > 0 OR before_price > 0).
    "filterOnly(offer_price)",
    "filterOnly(before_price)",
  ],
  ranking: ["typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"],
  customRanking: ["desc(custom_rank)"],
  maxValuesPerFacet: 100,
  paginationLimitedTo: 1000,
};

/** The sort options' replicas: {index}:{attribute}:{direction}. */
export const STOCK_SORT_REPLICAS: readonly SortReplica[] = [
  { attribute: "price", direction: "desc" },
  { attribute: "price", direction: "asc" },
  { attribute: "created_at_timestamp", direction: "desc" },
];

/** `Car_production` + price desc → `Car_production:price:desc`. */
export function replicaIndexName(base: string, sort: SortReplica): string {
  return `${base}:${sort.attribute}:${sort.direction}`;
}

/** `Car_production:price:desc` → base `Car_production` sorted by price descending. */
export function parseIndexName(name: string): { base: string; sort: SortReplica | null } {
  const m = /^(.+):([^:]+):(asc|desc)$/.exec(name);
  if (!m) return { base: name, sort: null };
  return { base: m[1], sort: { attribute: m[2], direction: m[3] as "asc" | "desc" } };
}

/** A replica's ranking: its sort first, then the index's criteria. */
export function replicaRanking(settings: IndexSettings, sort: SortReplica): string[] {
  return [`${sort.direction}(${sort.attribute})`, ...settings.ranking];
}

export type FacetModifier = "plain" | "searchable" | "filterOnly";

/** `searchable(make)` → make, searchable; a bare name is a plain facet. */
export function parseFacetAttribute(entry: string): { attribute: string; modifier: FacetModifier } {
  const m = /^(searchable|filterOnly)\((.+)\)$/.exec(entry);
  return m ? { attribute: m[2], modifier: m[1] as FacetModifier } : { attribute: entry, modifier: "plain" };
}

/** `unordered(name)` → name (the engine ranks by attribute, never by position within one). */
export function parseSearchableAttribute(entry: string): string {
  const m = /^(?:unordered|ordered)\((.+)\)$/.exec(entry);
  return m ? m[1] : entry;
}

/** `desc(custom_rank)` → custom_rank descending. */
export function parseRankingCriterion(entry: string): SortReplica {
  const m = /^(asc|desc)\((.+)\)$/.exec(entry);
  if (!m) throw new Error(`not a sort criterion: ${entry}`);
  return { attribute: m[2], direction: m[1] as "asc" | "desc" };
}

/**
 * The top-level record keys the index reads: every dot-prefix of each searchable, facet, custom
 * ranking and replica sort path (a key may itself contain dots, record-path.ts). A record cut down
 * to these keys indexes exactly as the whole record does; the stock reader sends only these to the
 * build, and hits are read whole from the stock files (runtime/inventory/stock-read-worker.mjs).
 */
export function indexedKeys(settings: IndexSettings, replicas: readonly SortReplica[]): string[] {
  const paths = [
    ...settings.searchableAttributes.map(parseSearchableAttribute),
    ...settings.attributesForFaceting.map((a) => parseFacetAttribute(a).attribute),
    ...settings.customRanking.map((c) => parseRankingCriterion(c).attribute),
    ...replicas.map((r) => r.attribute),
  ];
  const keys = new Set<string>();
  for (const p of paths) {
    const parts = p.split(".");
    for (let i = 1; i <= parts.length; i++) keys.add(parts.slice(0, i).join("."));
  }
  return [...keys];
}
