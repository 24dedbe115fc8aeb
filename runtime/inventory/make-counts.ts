import type { DealerManifest } from "../generated/types";
import { siteStockSearch } from "./site-search";

/** Cars per make (facet values as stored) at the site's dealerships, from the in-process engine: one query, no hits. */
export async function siteMakeCounts(manifest: DealerManifest): Promise<Record<string, number>> {
  const { search, ctx, indexName } = siteStockSearch(manifest);
  const { results } = await search.multiSearch(
    [{ indexName, query: "", hitsPerPage: 0, facets: ["make"], maxValuesPerFacet: 1000, attributesToHighlight: [] }],
    ctx,
  );
  const r = results[0] as { facets?: Record<string, Record<string, number>> };
  return r.facets?.make ?? {};
}
