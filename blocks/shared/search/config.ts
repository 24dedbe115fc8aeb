/**
 * The search page's configuration, worked out on the server from the manifest's search section
 * (documented built-in defaults live here, not in the schema) and handed to the client as plain
 * JSON. Pure: no React. Shared by the search-grid and offers-search blocks.
 */
import type { DealerManifest } from "@/runtime/generated/types";
import { resolveFacets, DEALERSHIP_ATTRIBUTE, type FacetDefinition } from "@/blocks/shared/search/domain/facets";
import { sortOptions, type SortOption } from "@/blocks/shared/search/domain/sort-options";
import type { UrlOptions } from "@/blocks/shared/search/domain/url-state";
import { CARD_ATTRIBUTES, DEFAULT_CARD_CHIPS, type CardOptions } from "@/blocks/shared/vehicle-card/card-model";

export const DEFAULT_HITS_PER_PAGE = 21;
export const MAKE_CARDS_SHOWN = 7;
export const POPULAR_MAKES = 20;
export const MODEL_LIMIT = 30;
/** Enough facet values for 'Show all makes' and 'All Makes'. */
export const MAKE_LIMIT = 200;
export const LIST_LIMIT = 50;

export interface SearchPageConfig {
  variant: "stock" | "offers";
  indexName: string;
  facets: FacetDefinition[];
  /** Refinement attributes with no visible filter that must still round-trip (the dealership path). */
  virtualAttributes: string[];
  hitsPerPage: number;
  sortItems: SortOption[];
  /** Extra filter string for every search (offers: the site's dealerships and the offer rule). */
  filters: string | null;
  urlOptions: UrlOptions;
  makeFilter: "cards" | "dropdown";
  certifiedOnly: boolean;
  card: Omit<CardOptions, "nowMs">;
  emptyTitle: string;
  emptyMessage: string;
  clearHref: string;
  usedKeyword: string;
  vehicleType: string;
  attributesToRetrieve: string[];
}

/** Quote a value for the filter grammar. */
const quote = (v: string | number) => (typeof v === "number" ? String(v) : `"${v.replace(/["\\]/g, "\\$&")}"`);

/** `indexName` comes from siteSearchConfig(manifest) on the server (this module stays browser-safe). */
export function searchPageConfig(manifest: DealerManifest, variant: "stock" | "offers", indexName: string, overrides: { facets?: readonly string[]; offerFilter?: string } = {}): SearchPageConfig {
  const s = manifest.search ?? {};
  const w = manifest.wording ?? {};
  const f = manifest.features ?? {};
  const facets = resolveFacets(variant === "offers" ? (overrides.facets ?? ["categories", "make", "price"]) : s.facets);
  let filters: string | null = null;
  if (variant === "offers") {
    const dealers = manifest.dealerships.map((d) => `dealership_id=${quote(d.id)}`);
    const own = dealers.length ? `(${dealers.join(" OR ")})` : "dealership_id=-1";
    filters = `${own} AND (${overrides.offerFilter ?? "offer_price > 0 OR before_price > 0"})`;
  }
  return {
    variant,
    indexName,
    facets,
    virtualAttributes: variant === "stock" ? [DEALERSHIP_ATTRIBUTE] : [],
    hitsPerPage: variant === "offers" ? DEFAULT_HITS_PER_PAGE : (s.hitsPerPage ?? DEFAULT_HITS_PER_PAGE),
    sortItems: sortOptions(indexName, s.sortOptions),
    filters,
    urlOptions: variant === "offers" ? { basePath: "/special-offers", pathFacets: false } : { basePath: "/search", pathFacets: true },
    makeFilter: s.makeFilter ?? "cards",
    certifiedOnly: s.certifiedOnly ?? f.certifiedOnly ?? false,
    card: {
      wording: w,
      chips: s.cardAttributes ?? [...DEFAULT_CARD_CHIPS],
      finance: f.finance !== false,
      fuelTags: f.fuelTags ?? false,
      certifiedMakes: s.certifiedMakes ?? [],
      justArrivedDays: s.justArrivedDays,
      showViews: s.showViews ?? true,
      favourites: f.favourites ?? false,
      compare: f.compare ?? false,
      disclaimerHref: "#finance-disclaimer",
    },
    emptyTitle: w.emptySearchTitle ?? "No Results Available",
    emptyMessage:
      variant === "offers"
        ? (w.emptyOffersMessage ?? "There appears to be no offers currently available that meet the conditions of your search")
        : (w.emptySearchMessage ?? "No results found for your search at this time. Please try adjusting the filters for more results."),
    clearHref: variant === "offers" ? "/special-offers" : "/search/new-used-and-demo-cars",
    usedKeyword: w.usedKeyword ?? "Used",
    vehicleType: w.vehicleType ?? "Car",
    attributesToRetrieve: [...CARD_ATTRIBUTES],
  };
}
