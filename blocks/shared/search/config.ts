/**
 * The search page's configuration, worked out on the server from the manifest's search section
 * and wording (their defaults are the schema's, filled when the manifest loads) and handed to the
 * client as plain JSON. Pure: no React. Shared by the search-grid and offers-search blocks.
 */
import { accountSettings } from "@/runtime/accounts/settings";
import type { DealerManifest, ResolvedOffersSearchProps, ResolvedSearchSettings } from "@/runtime/generated/types";
import { searchSettingsDefaults } from "@/runtime/generated/defaults";
import { resolvedWording } from "@/runtime/wording";
import { isEnabled } from "@/runtime/flags";
import { resolveFacets, DEALERSHIP_ATTRIBUTE, LOCATION_ID_ATTRIBUTE, type FacetDefinition } from "@/blocks/shared/search/domain/facets";
import { sortOptions, type SortOption } from "@/blocks/shared/search/domain/sort-options";
import { DEFAULT_SEARCH_PATH, type UrlOptions } from "@/blocks/shared/search/domain/url-state";
import { CARD_ATTRIBUTES, type CardOptions } from "@/blocks/shared/vehicle-card/card-model";

/** Where the offers search lives (its results never use path facets). */
export const OFFERS_PATH = "/special-offers";

export interface SearchPageConfig {
  variant: "stock" | "offers";
  indexName: string;
  facets: FacetDefinition[];
  /** Refinement attributes with no visible filter that must still round-trip (the dealership path). */
  virtualAttributes: string[];
  /** What a refined virtual value reads as, per attribute (a location id reads as the location's name). */
  virtualLabels: Record<string, Record<string, string>>;
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
  attributesToRetrieve: string[];
}

/** Each location's name by its id: the chip a location's stock link refines reads as the place, not a number. */
function locationNames(manifest: Pick<DealerManifest, "locations">): Record<string, string> {
  return Object.fromEntries((manifest.locations ?? []).map((l) => [String(l.id), l.name]));
}

/** Quote a value for the filter grammar. */
const quote = (v: string | number) => (typeof v === "number" ? String(v) : `"${v.replace(/["\\]/g, "\\$&")}"`);

/** What the offers search block's props decide (the stock search has none of these). */
export type OffersOverrides = Pick<ResolvedOffersSearchProps, "facets" | "offerFilter">;

/**
 * The search page's configuration. `search` is the site's search section with its defaults
 * (resolveSearchSettings, on the server: this module stays browser-safe); the offers search also
 * takes its block's facets and offer rule.
 */
export function searchPageConfig(
  manifest: Pick<DealerManifest, "dealerships" | "wording" | "features" | "accounts" | "locations">,
  search: ResolvedSearchSettings,
  variant: "stock" | "offers",
  offers?: OffersOverrides,
): SearchPageConfig {
  const w = resolvedWording(manifest.wording);
  const indexName = search.indexName;
  let filters: string | null = null;
  if (variant === "offers") {
    if (!offers) throw new Error("the offers search needs its block's facets and offer rule");
    const dealers = manifest.dealerships.map((d) => `dealership_id=${quote(d.id)}`);
    const own = dealers.length ? `(${dealers.join(" OR ")})` : "dealership_id=-1";
    filters = `${own} AND (${offers.offerFilter})`;
  }
  return {
    variant,
    indexName,
    facets: resolveFacets(variant === "offers" ? offers!.facets : search.facets),
    virtualAttributes: variant === "stock" ? [DEALERSHIP_ATTRIBUTE, LOCATION_ID_ATTRIBUTE] : [],
    virtualLabels: variant === "stock" ? { [LOCATION_ID_ATTRIBUTE]: locationNames(manifest) } : {},
    // The offers page keeps the standard page size whatever the stock search's.
    hitsPerPage: variant === "offers" ? searchSettingsDefaults.hitsPerPage : search.hitsPerPage,
    sortItems: sortOptions(indexName, search.sortOptions),
    filters,
    urlOptions: variant === "offers" ? { basePath: OFFERS_PATH, pathFacets: false } : { basePath: "/search", pathFacets: true },
    makeFilter: search.makeFilter,
    // Left out of the search section, the certifiedOnly feature flag decides.
    certifiedOnly: search.certifiedOnly ?? isEnabled(manifest, "certifiedOnly"),
    card: {
      wording: w,
      chips: search.cardAttributes,
      finance: manifest.features?.finance !== false,
      fuelTags: isEnabled(manifest, "fuelTags"),
      certifiedMakes: search.certifiedMakes,
      justArrivedDays: search.justArrivedDays,
      showViews: search.showViews,
      favourites: isEnabled(manifest, "favourites"),
      compare: isEnabled(manifest, "compare"),
      watchlist: isEnabled(manifest, "watchlist"),
      favouritesUsedOnly: accountSettings(manifest).favouritesUsedOnly,
      disclaimerHref: "#finance-disclaimer",
      quoteRequests: isEnabled(manifest, "youxQuote"),
      subscription: isEnabled(manifest, "subscription"),
    },
    emptyTitle: w.emptySearchTitle,
    emptyMessage: variant === "offers" ? w.emptyOffersMessage : w.emptySearchMessage,
    clearHref: variant === "offers" ? OFFERS_PATH : DEFAULT_SEARCH_PATH,
    usedKeyword: w.usedKeyword,
    attributesToRetrieve: [...CARD_ATTRIBUTES],
  };
}
