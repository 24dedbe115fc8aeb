/**
 * The first search of a search page, run on the server, in-process.
 *
 * Choice (documented for the integrator): rather than InstantSearchNext (which renders the
 * widget tree twice on the server and needs its own search client there), the block's loader
 * mounts the very same InstantSearch.js connectors the browser's hooks use (see widgets.ts) on a
 * headless InstantSearch instance whose search client calls the dealer's engine in-process
 * (siteStockSearch: no HTTP hop, base filter always ANDed). `waitForResults` and
 * `getInitialResults` (InstantSearch.js's own SSR helpers, the ones getServerState uses) turn
 * that into `initialResults`. The browser wraps <InstantSearch> in <InstantSearchSSRProvider
 * initialResults>, so its first render (on the server and at hydration) reads those results and
 * InstantSearch skips its first network search. The cards are therefore real HTML on first
 * paint, and the page ships no extra SSR library.
 *
 * Server-only: it imports the engine. Never import it from a client component.
 */
import InstantSearch from "instantsearch.js/es/lib/InstantSearch.js";
import { getInitialResults, waitForResults } from "instantsearch.js/es/lib/server.js";
import connectConfigure from "instantsearch.js/es/connectors/configure/connectConfigure.js";
import connectHits from "instantsearch.js/es/connectors/hits/connectHits.js";
import connectPagination from "instantsearch.js/es/connectors/pagination/connectPagination.js";
import connectRange from "instantsearch.js/es/connectors/range/connectRange.js";
import connectRefinementList from "instantsearch.js/es/connectors/refinement-list/connectRefinementList.js";
import connectSearchBox from "instantsearch.js/es/connectors/search-box/connectSearchBox.js";
import connectSortBy from "instantsearch.js/es/connectors/sort-by/connectSortBy.js";
import type { DealerManifest } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { siteSearchConfig, siteStockSearch } from "@/runtime/inventory/site-search";
import { resolveSearchSettings } from "@/runtime/inventory/search-settings";
import type { SearchRequestInput } from "@/runtime/search/service";
import { placePromoCards, seedFrom, type PlacedPromo } from "@/blocks/shared/search/domain/promo-cards";
import { landingFor, type Landing } from "@/blocks/shared/search/domain/landing";
import { stateToUiState } from "@/blocks/shared/search/domain/ui-state";
import { buildSearchUrl, parseSearchUrl, type SearchState, type SearchVocabulary } from "@/blocks/shared/search/domain/url-state";
import { withFlagsOn } from "@/runtime/flags";
import { formRanges, onlySearchParams, rangeFromForm, requestSearchUrl, sameSearchUrl } from "@/blocks/shared/search/domain/form-query";
import { searchPageConfig, type OffersOverrides, type SearchPageConfig } from "./config";
import { KIND_ATTRIBUTE, widgetPlan } from "./widgets";
import { localDate, siteTimeZone } from "@/runtime/time";

export interface SearchPageData {
  config: SearchPageConfig;
  state: SearchState;
  /** The canonical URL of the state as the server read it (path and query). */
  url: string;
  landing: Landing;
  vocabulary: SearchVocabulary;
  /** Every car the dealer lists (for the 'above 1999 hits' count rule). */
  stockCount: number | null;
  /** The kinds of vehicle (item_type) the dealer lists: what a search with no results calls them. */
  stockKinds: string[];
  /** InstantSearch's initial results, keyed by index id (JSON). */
  initialResults: Record<string, unknown> | null;
  promos: PlacedPromo[];
  /** How the browser's lite client reaches the engine. */
  client: { engine: "embedded" | "algolia"; appId: string; searchKey: string; host: string | null };
  nowMs: number;
  /**
   * Set when the request was the search form's GET submission (or another spelling of a search
   * URL with only search parameters): the canonical URL to redirect to, the one the
   * InstantSearch router writes for the same state.
   */
  redirectTo: string | null;
}

const noop = () => {};

/** Browser-safe search client over the in-process engine. */
function inProcessClient(manifest: DealerManifest) {
  const { search, ctx } = siteStockSearch(manifest);
  return {
    search(requests: SearchRequestInput[] | { requests: SearchRequestInput[] }) {
      const list = Array.isArray(requests) ? requests : requests.requests;
      return search.multiSearch(list, ctx);
    },
  };
}

async function vocabularyFor(
  manifest: DealerManifest,
  indexName: string,
): Promise<{ vocabulary: SearchVocabulary; stockCount: number | null; stockKinds: string[] }> {
  const dealershipSlugs = manifest.dealerships.map((d) => d.slug).filter((s): s is string => typeof s === "string");
  try {
    const { search, ctx } = siteStockSearch(manifest);
    const { results } = await search.multiSearch(
      [{ indexName, query: "", hitsPerPage: 0, facets: ["make", "make_model", KIND_ATTRIBUTE], maxValuesPerFacet: 1000, attributesToHighlight: [] }],
      ctx,
    );
    const r = results[0] as { nbHits?: number; facets?: Record<string, Record<string, number>> };
    return {
      vocabulary: { makes: Object.keys(r.facets?.make ?? {}), makeModels: Object.keys(r.facets?.make_model ?? {}), dealershipSlugs },
      stockCount: typeof r.nbHits === "number" ? r.nbHits : null,
      stockKinds: Object.keys(r.facets?.[KIND_ATTRIBUTE] ?? {}),
    };
  } catch {
    return { vocabulary: { makes: [], makeModels: [], dealershipSlugs }, stockCount: null, stockKinds: [] };
  }
}

function queryOf(site: SiteContext): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(site.searchParams)) {
    if (Array.isArray(v)) for (const x of v) q.append(k, x);
    else if (typeof v === "string") q.append(k, v);
  }
  return q;
}

/** Facet stats of the range attributes for a state's other filters (what the form's sliders showed as their bounds). */
async function rangeStats(manifest: DealerManifest, config: SearchPageConfig, state: SearchState, attributes: string[]) {
  const plan = widgetPlan(config);
  const { search, ctx } = siteStockSearch(manifest);
  const facetFilters = Object.entries(state.refinements)
    .filter(([, values]) => values.length)
    .map(([attribute, values]) => values.map((v) => `${attribute}:${v}`));
  const { results } = await search.multiSearch(
    [
      {
        indexName: config.indexName,
        query: state.query,
        hitsPerPage: 0,
        facets: attributes,
        facetFilters,
        ...(plan.configure.filters ? { filters: plan.configure.filters as string } : {}),
        attributesToHighlight: [],
      } as SearchRequestInput,
    ],
    ctx,
  );
  return ((results[0] as { facets_stats?: Record<string, { min?: number; max?: number }> }).facets_stats ?? {}) as Record<
    string,
    { min?: number; max?: number }
  >;
}

function segmentsOf(site: SiteContext): string[] {
  const raw = site.params.facets;
  return Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
}

/** Runs the search page's first search in-process, with the same widgets the browser mounts. */
export async function firstSearch(manifest: DealerManifest, config: SearchPageConfig, state: SearchState): Promise<Record<string, unknown>> {
  const plan = widgetPlan(config);
  const search = new InstantSearch({
    indexName: config.indexName,
    searchClient: inProcessClient(manifest) as never,
    initialUiState: { [config.indexName]: stateToUiState(state, config.indexName) } as never,
    future: { preserveSharedStateOnUnmount: true },
    insights: false,
  });
  // Same as react-instantsearch's server render: no scheduled search, waitForResults sends one.
  (search as unknown as { _initialResults: unknown })._initialResults = {};
  search.addWidgets([
    connectConfigure(noop)({ searchParameters: plan.configure }),
    connectSearchBox(noop)({}),
    connectSortBy(noop)({ items: plan.sortItems }),
    ...plan.lists.map((l) => connectRefinementList(noop)(l)),
    ...plan.ranges.map((r) => connectRange(noop)(r)),
    connectHits(noop)({}),
    connectPagination(noop)({}),
  ] as never);
  search.start();
  try {
    const requestParams = await waitForResults(search);
    // JSON round trip: plain data for the client component's props.
    return JSON.parse(JSON.stringify(getInitialResults(search.mainIndex, requestParams))) as Record<string, unknown>;
  } finally {
    search.dispose();
  }
}

export async function loadSearchPage(site: SiteContext, variant: "stock" | "offers", offers?: OffersOverrides): Promise<SearchPageData> {
  const manifest = site.manifest;
  const searchConfig = siteSearchConfig(manifest);
  const search = resolveSearchSettings(manifest.search);
  const config = searchPageConfig(manifest, search, variant, offers);
  const { vocabulary, stockCount, stockKinds } = await vocabularyFor(manifest, config.indexName);
  const segments = variant === "stock" ? segmentsOf(site) : [];
  const state = parseSearchUrl(segments, site.searchParams, vocabulary, config.urlOptions);
  if (state.sortBy && (state.sortBy === config.indexName || !config.sortItems.some((s) => s.value === state.sortBy))) state.sortBy = null;
  // The search form's range fields (range[price][min], range[price][max]): sides left at the
  // slider's bounds are no refinement.
  const query = queryOf(site);
  const submitted = formRanges(query);
  const submittedAttributes = Object.keys(submitted).filter((a) => !state.ranges[a]);
  if (submittedAttributes.length) {
    try {
      const stats = await rangeStats(manifest, config, { ...state, ranges: {} }, submittedAttributes);
      for (const attribute of submittedAttributes) {
        const r = rangeFromForm(attribute, submitted[attribute], stats[attribute]);
        if (r) state.ranges[attribute] = r;
      }
    } catch {
      /* the search below still runs without the submitted ranges */
    }
  }
  let initialResults: Record<string, unknown> | null = null;
  try {
    initialResults = await firstSearch(manifest, config, state);
  } catch (error) {
    // The page still renders: the browser searches on hydration instead.
    console.error(`[search] site=${manifest.slug} first search failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const nowMs = site.now.getTime();
  // Promo cards move once a day, at the dealer's midnight.
  const day = localDate(nowMs, siteTimeZone(manifest));
  const promos =
    variant === "stock"
      ? placePromoCards(search.promoCards, withFlagsOn(manifest, manifest.tiles), site.now, seedFrom(`${manifest.slug}:${day}`), siteTimeZone(manifest))
      : [];
  const url = buildSearchUrl(state, config.urlOptions);
  // Only a request with a query string, and only search parameters in it, is redirected: a
  // path alone renders as it is, and a link with tracking parameters keeps them.
  const requested = requestSearchUrl(config.urlOptions.basePath ?? "/search", segments, query);
  const redirectTo = query.size > 0 && onlySearchParams(query) && !sameSearchUrl(requested, url) ? url : null;
  return {
    config,
    state,
    url,
    redirectTo,
    landing: landingFor(state, config.urlOptions),
    vocabulary,
    stockCount,
    stockKinds,
    initialResults,
    promos,
    client: { engine: searchConfig.engine, ...searchConfig.client },
    nowMs,
  };
}
