/**
 * InstantSearch routing through our URL module (blocks/shared/search/domain/url-state): search state ⇄
 * /search/used-cars?colour=White&range[price]=5000:20000&page=2. Each change pushes a history
 * entry (the search box and sliders are debounced before they refine); back and forward restore
 * the state through popstate. While rendering on the server, `read` returns the request's URL.
 */
import { stateToUiState, uiStateToState, type IndexUiState } from "@/blocks/shared/search/domain/ui-state";
import {
  buildSearchUrl,
  parseSearchUrl,
  splitSearchUrl,
  type SearchState,
  type SearchVocabulary,
  type UrlOptions,
} from "@/blocks/shared/search/domain/url-state";

export interface SearchRoutingOptions {
  indexName: string;
  urlOptions: UrlOptions;
  vocabulary: SearchVocabulary;
  /** The URL the server rendered (path and query). */
  initialUrl: string;
}

function currentUrl(initialUrl: string): string {
  return typeof window === "undefined" ? initialUrl : `${window.location.pathname}${window.location.search}`;
}

export function createSearchRouting({ indexName, urlOptions, vocabulary, initialUrl }: SearchRoutingOptions) {
  const parse = (url: string): SearchState => {
    const { segments, params } = splitSearchUrl(url, urlOptions);
    return parseSearchUrl(segments, params, vocabulary, urlOptions);
  };
  let listener: ((e: PopStateEvent) => void) | null = null;
  const router = {
    $$type: "dealer.searchRouter",
    read: (): SearchState => parse(currentUrl(initialUrl)),
    write: (route: SearchState) => {
      if (typeof window === "undefined") return;
      const url = buildSearchUrl(route, urlOptions);
      if (url === `${window.location.pathname}${window.location.search}`) return;
      // Fresh state object: Next.js's patched pushState then records its own router state for
      // the entry (shallow URL update, no server round trip), and restores it on back/forward.
      window.history.pushState({ search: true }, "", url);
    },
    createURL: (route: SearchState) => buildSearchUrl(route, urlOptions),
    onUpdate: (callback: (route: SearchState) => void) => {
      if (typeof window === "undefined") return;
      listener = () => callback(parse(currentUrl(initialUrl)));
      window.addEventListener("popstate", listener);
    },
    dispose: () => {
      if (listener && typeof window !== "undefined") window.removeEventListener("popstate", listener);
      listener = null;
    },
  };
  const stateMapping = {
    $$type: "dealer.searchStateMapping",
    stateToRoute: (uiState: Record<string, IndexUiState>): SearchState => uiStateToState(uiState[indexName], indexName),
    routeToState: (route: SearchState): Record<string, IndexUiState> => ({ [indexName]: stateToUiState(route, indexName) }),
  };
  return { router, stateMapping, parse };
}
