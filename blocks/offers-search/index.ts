import { defineBlock } from "@/runtime/render/types";
import type { ResolvedOffersSearchProps } from "@/runtime/generated/types";
import { loadSearchPage, type SearchPageData } from "@/blocks/shared/search/server";
import { OffersSearch } from "./OffersSearch";
import { searchBlockMetadata } from "@/blocks/shared/search/search-metadata";

export default defineBlock<ResolvedOffersSearchProps, SearchPageData>({
  component: OffersSearch,
  load: (props, site) => loadSearchPage(site, "offers", { facets: props.facets, offerFilter: props.offerFilter }),
  loaderTimeoutMs: 4000,
  metadata: (_props, data) => searchBlockMetadata(data),
});
