import type { ResolvedModelStockProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { siteStockSearch } from "@/runtime/inventory/site-search";
import { quoteFilterToken } from "@/runtime/search/filter-grammar";
import { replicaIndexName } from "@/runtime/search/index-settings";
import { modelForPage } from "@/blocks/shared/models/catalogue";

/** The stock filter of a catalogue model: its make and model name as stock writes them. */
export function modelStockFilter(model: { make: string; name: string }): string {
  return `make:${quoteFilterToken(model.make)} AND model:${quoteFilterToken(model.name)}`;
}

/** The 1-based page asked for in ?page=N (1 for anything else). */
export function pageParam(raw: string | string[] | undefined): number {
  const text = Array.isArray(raw) ? raw[0] : raw;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
}

export interface ModelStockData {
  cars: Car[];
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
}

/**
 * The manufacturer-model search: the model's cars at the site's dealerships (siteStockSearch always ANDs the site's
 * base filter), highest price first (the price-descending sort replica), a page at a time.
 */
export async function loadModelStock(props: ResolvedModelStockProps, site: SiteContext): Promise<ModelStockData> {
  const model = modelForPage(site, props.model);
  if (!model) return { cars: [], page: 1, pages: 0, total: 0 };
  const s = siteStockSearch(site.manifest);
  const page = props.paginate ? pageParam(site.searchParams.page) : 1;
  const index = replicaIndexName(s.indexName, { attribute: "price", direction: "desc" });
  const result = await s.search.search(index, { filters: modelStockFilter(model), hitsPerPage: props.limit, page: page - 1 }, s.ctx);
  return { cars: result.hits as unknown as Car[], page, pages: result.nbPages ?? 1, total: result.nbHits };
}
