"use client";

import { useState, type ReactNode } from "react";
import { InstantSearch, InstantSearchSSRProvider } from "react-instantsearch";
import type { PlacedPromo } from "@/blocks/shared/search/domain/promo-cards";
import { buildSearchUrl, type SearchVocabulary } from "@/blocks/shared/search/domain/url-state";
import type { SearchPageConfig } from "./config";
import { createSearchRouting } from "./router";
import { createBrowserSearchClient, serverRenderClient, type BrowserClientConfig } from "./search-client";
import { SearchLayout } from "./SearchLayout";

/** What the server hands the browser (plain JSON). */
export interface SearchAppData {
  config: SearchPageConfig;
  url: string;
  vocabulary: SearchVocabulary;
  stockCount: number | null;
  stockKinds: string[];
  initialResults: Record<string, unknown> | null;
  promos: PlacedPromo[];
  client: BrowserClientConfig;
  nowMs: number;
}

export interface SearchAppProps {
  data: SearchAppData;
  /** A fixed h1 (offers); without it the h1 is read from the filters. */
  heading?: string;
  showHeading: boolean;
  intro?: string;
  searchPlaceholder: string;
  children?: ReactNode;
}

/**
 * The search experience. It starts from the server's first results (InstantSearchSSRProvider
 * initialResults), so neither the server render nor hydration searches; the browser searches
 * only when a filter changes. See ./server.ts for how those results are made.
 */
export function SearchApp({ data, ...rest }: SearchAppProps) {
  const { config } = data;
  const [routing] = useState(() =>
    createSearchRouting({ indexName: config.indexName, urlOptions: config.urlOptions, vocabulary: data.vocabulary, initialUrl: data.url }),
  );
  const [searchClient] = useState(() => (typeof window === "undefined" ? serverRenderClient : createBrowserSearchClient(data.client)));
  // The server's results describe data.url. When this component mounts again for another URL
  // (client-side back navigation restoring a cached page whose URL was changed in place), they
  // would show another search's results: start without them and search instead.
  const [initialResults] = useState(() => {
    if (typeof window === "undefined") return data.initialResults;
    const here = buildSearchUrl(routing.parse(`${window.location.pathname}${window.location.search}`), config.urlOptions);
    return here === data.url ? data.initialResults : null;
  });
  return (
    <InstantSearchSSRProvider initialResults={(initialResults ?? undefined) as never}>
      <InstantSearch
        indexName={config.indexName}
        searchClient={searchClient as never}
        routing={routing as never}
        future={{ preserveSharedStateOnUnmount: true }}
        insights={false}
      >
        <SearchLayout data={data} {...rest} />
      </InstantSearch>
    </InstantSearchSSRProvider>
  );
}
