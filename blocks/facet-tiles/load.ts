import type { ResolvedFacetTilesProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { siteStockSearch } from "@/runtime/inventory/site-search";
import type { TileCounts } from "./domain";

/** The stock's kind of vehicle (car, motorcycle, truck, caravan): what a tile's count calls its vehicles. */
const KIND = "item_type";

type Facets = Record<string, Record<string, number>>;

/**
 * Live counts per make or body type at the site's dealerships, with the kinds of vehicle behind
 * each value (so a Yamaha tile counts motorcycles): one query with no hits, and one more per kind
 * when the stock has several kinds.
 */
export async function loadFacetTiles(props: ResolvedFacetTilesProps, site: SiteContext): Promise<TileCounts> {
  const attribute = props.facet === "body" ? "simple_body" : "make";
  const { search, ctx, indexName } = siteStockSearch(site.manifest);
  const query = (facetFilters?: string[][]) => ({
    indexName,
    query: "",
    hitsPerPage: 0,
    facets: [attribute, KIND],
    maxValuesPerFacet: 1000,
    attributesToHighlight: [],
    ...(facetFilters ? { facetFilters } : {}),
  });
  const [all] = (await search.multiSearch([query()], ctx)).results as Array<{ facets?: Facets }>;
  const counts = all.facets?.[attribute] ?? {};
  const stockKinds = Object.keys(all.facets?.[KIND] ?? {});
  const kinds: Record<string, string[]> = {};
  if (stockKinds.length === 1) for (const value of Object.keys(counts)) kinds[value] = stockKinds;
  else if (stockKinds.length > 1) {
    const perKind = (
      await search.multiSearch(
        stockKinds.map((k) => query([[`${KIND}:${k}`]])),
        ctx,
      )
    ).results as Array<{ facets?: Facets }>;
    perKind.forEach((r, i) => {
      for (const [value, n] of Object.entries(r.facets?.[attribute] ?? {})) if (n > 0) (kinds[value] ??= []).push(stockKinds[i]);
    });
  }
  return { counts, kinds };
}
