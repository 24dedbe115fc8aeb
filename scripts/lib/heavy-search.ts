/**
 * The heaviest calls the public search API's limits allow (runtime/search/http.ts, HTTP_LIMITS),
 * for the benchmarks that measure how long one of them holds the event loop: every hit the call
 * may ask for, as many facet values as it may ask for, the longest highlight tags, and query
 * words that match in many attributes (highlighting is most of a hit's cost).
 */
import { HTTP_LIMITS, type HttpLimits } from "@/runtime/search/http";
import { MAX_TAG_LENGTH } from "@/runtime/search/request";

const TAGS = { highlightPreTag: "<".repeat(MAX_TAG_LENGTH), highlightPostTag: ">".repeat(MAX_TAG_LENGTH) };

export interface HeavyCall {
  name: string;
  body: { requests: Array<Record<string, unknown>> };
}

/** `facetCount`: the facets `"*"` stands for on the stock index. */
export function heaviestSearchCalls(facetCount: number, limits: HttpLimits = HTTP_LIMITS): HeavyCall[] {
  const q = limits.queriesPerRequest;
  // As many queries counting every facet as the facets bound allows, sharing the facet values bound.
  const starQueries = Math.max(1, Math.min(q, Math.floor(limits.facetsPerRequest / facetCount)));
  const facetsOf = (i: number, queries: number) =>
    i < Math.min(starQueries, queries)
      ? { facets: ["*"], maxValuesPerFacet: Math.floor(limits.facetValuesPerRequest / (facetCount * Math.min(starQueries, queries))) }
      : {};
  // The biggest page first, the rest of the hits spread over the other queries.
  const rest = limits.hitsPerRequest - limits.hitsPerPage;
  const hitsOf = (i: number) => (i === 0 ? limits.hitsPerPage : Math.floor(rest / (q - 1)) + (i - 1 < rest % (q - 1) ? 1 : 0));
  const words = ["toyota", "automatic", "white", "diesel", "sedan", "4x4", "hybrid", "ford", "mazda", "hilux"];
  return [
    {
      name: `${q} queries, ${limits.hitsPerRequest} hits, every facet on ${starQueries} of them`,
      body: {
        requests: Array.from({ length: q }, (_, i) => ({
          indexName: "Car_production",
          query: words[i % words.length],
          hitsPerPage: hitsOf(i),
          ...facetsOf(i, q),
          ...TAGS,
        })),
      },
    },
    {
      name: `one query of ${limits.hitsPerPage} hits, every facet`,
      body: { requests: [{ indexName: "Car_production", query: "toyota", hitsPerPage: limits.hitsPerPage, ...facetsOf(0, 1), ...TAGS }] },
    },
    {
      name: `${q} empty queries of ${Math.floor(limits.hitsPerRequest / q)} hits sorted by price, every facet on ${starQueries}`,
      body: {
        requests: Array.from({ length: q }, (_, i) => ({
          indexName: "Car_production:price:desc",
          page: i,
          hitsPerPage: Math.floor(limits.hitsPerRequest / q),
          ...facetsOf(i, q),
        })),
      },
    },
  ];
}
