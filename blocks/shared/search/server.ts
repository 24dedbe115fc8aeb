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
import { searchPageConfig, type OffersOverrides, type SearchPageConfig } from "./config";
import { widgetPlan } from "./widgets";

export interface SearchPageData {
  config: SearchPageConfig;
  state: SearchState;
  /** The canonical URL of the state as the server read it (path and query). */
  url: string;
  landing: Landing;
  vocabulary: SearchVocabulary;
  /** Every car the dealer lists (for the 'above 1999 hits' count rule). */
  stockCount: number | null;
  /** InstantSearch's initial results, keyed by index id (JSON). */
  initialResults: Record<string, unknown> | null;
  promos: PlacedPromo[];
  /** How the browser's lite client reaches the engine. */
  client: { engine: "embedded" | "algolia"; appId: string; searchKey: string; host: string | null };
  nowMs: number;
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

async function vocabularyFor(manifest: DealerManifest, indexName: string): Promise<{ vocabulary: SearchVocabulary; stockCount: number | null }> {
  const dealershipSlugs = manifest.dealerships.map((d) => d.slug).filter((s): s is string => typeof s === "string");
  try {
    const { search, ctx } = siteStockSearch(manifest);
    const { results } = await search.multiSearch(
      [{ indexName, query: "", hitsPerPage: 0, facets: ["make", "make_model"], maxValuesPerFacet: 1000, attributesToHighlight: [] }],
      ctx,
    );
    const r = results[0] as { nbHits?: number; facets?: Record<string, Record<string, number>> };
    return {
      vocabulary: { makes: Object.keys(r.facets?.make ?? {}), makeModels: Object.keys(r.facets?.make_model ?? {}), dealershipSlugs },
      stockCount: typeof r.nbHits === "number" ? r.nbHits : null,
    };
  } catch {
    return { vocabulary: { makes: [], makeModels: [], dealershipSlugs }, stockCount: null };
  }
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
  const { vocabulary, stockCount } = await vocabularyFor(manifest, config.indexName);
  const state = parseSearchUrl(variant === "stock" ? segmentsOf(site) : [], site.searchParams, vocabulary, config.urlOptions);
  if (state.sortBy && !config.sortItems.some((s) => s.value === state.sortBy)) state.sortBy = null;
  let initialResults: Record<string, unknown> | null = null;
  try {
    initialResults = await firstSearch(manifest, config, state);
  } catch (error) {
    // The page still renders: the browser searches on hydration instead.
    console.error(`[search] site=${manifest.slug} first search failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const nowMs = site.now.getTime();
  const day = new Date(nowMs + 10 * 3600_000).toISOString().slice(0, 10);
  const promos =
    variant === "stock" ? placePromoCards(search.promoCards, withFlagsOn(manifest, manifest.tiles), site.now, seedFrom(`${manifest.slug}:${day}`)) : [];
  return {
    config,
    state,
    url: buildSearchUrl(state, config.urlOptions),
    landing: landingFor(state, config.urlOptions),
    vocabulary,
    stockCount,
    initialResults,
    promos,
    client: { engine: searchConfig.engine, ...searchConfig.client },
    nowMs,
  };
}
