import { defineBlock } from "@/runtime/render/types";
import type { ResolvedSearchGridProps } from "@/runtime/generated/types";
import { loadSearchPage, type SearchPageData } from "@/blocks/shared/search/server";
import { SearchGrid } from "./SearchGrid";
import { searchBlockMetadata } from "@/blocks/shared/search/search-metadata";

export default defineBlock<ResolvedSearchGridProps, SearchPageData>({
  component: SearchGrid,
  // The first search runs here, in-process, so the first page of results is server-rendered.
  load: (_props, site) => loadSearchPage(site, "stock"),
  loaderTimeoutMs: 4000,
  // Condition, make and make+model pages are canonical landing pages; other combinations are
  // noindex with their canonical parent.
  metadata: (_props, data) => searchBlockMetadata(data),
});
