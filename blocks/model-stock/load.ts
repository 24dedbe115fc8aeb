import type { ResolvedModelStockProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { siteStockSearch } from "@/runtime/inventory/site-search";
import { quoteFilterToken } from "@/runtime/search/filter-grammar";
import { modelForPage } from "@/blocks/shared/models/catalogue";

/** The stock filter of a catalogue model: its make and model name as stock writes them. */
export function modelStockFilter(model: { make: string; name: string }): string {
  return `make:${quoteFilterToken(model.make)} AND model:${quoteFilterToken(model.name)}`;
}

/** The model's cars at the site's dealerships (the site's base filter is always ANDed by siteStockSearch). */
export async function loadModelStock(props: ResolvedModelStockProps, site: SiteContext): Promise<Car[]> {
  const model = modelForPage(site, props.model);
  if (!model) return [];
  const s = siteStockSearch(site.manifest);
  const result = await s.search.search(s.indexName, { filters: modelStockFilter(model), hitsPerPage: props.limit }, s.ctx);
  return result.hits as unknown as Car[];
}
