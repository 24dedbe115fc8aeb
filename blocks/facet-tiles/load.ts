import type { ResolvedFacetTilesProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { siteStockSearch } from "@/runtime/inventory/site-search";

/** Live counts per make or body type at the site's dealerships: one query, no hits. */
export async function loadFacetTiles(props: ResolvedFacetTilesProps, site: SiteContext): Promise<Record<string, number>> {
  const attribute = props.facet === "body" ? "simple_body" : "make";
  const { search, ctx, indexName } = siteStockSearch(site.manifest);
  const { results } = await search.multiSearch(
    [{ indexName, query: "", hitsPerPage: 0, facets: [attribute], maxValuesPerFacet: 1000, attributesToHighlight: [] }],
    ctx,
  );
  const r = results[0] as { facets?: Record<string, Record<string, number>> };
  return r.facets?.[attribute] ?? {};
}
