import type { BlockMetadata } from "@/runtime/render/types";
import type { SearchPageData } from "./server";

/**
 * Page metadata of a search page from its first (server) search: landing pages (condition, make,
 * make and model) are canonical to themselves; other combinations are noindex, follow, with their
 * canonical parent.
 */
export function searchBlockMetadata(data: Pick<SearchPageData, "landing"> | undefined): BlockMetadata | null {
  if (!data) return null;
  return { canonicalPath: data.landing.canonical, noindex: !data.landing.indexable };
}
