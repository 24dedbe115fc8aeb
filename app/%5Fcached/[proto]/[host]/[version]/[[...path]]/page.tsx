import { blockRegistry } from "@/blocks";
import { cachedPageMetadata, renderCachedPage, renderCachedPageNotFound, type CachedRouteParams } from "@/runtime/render/cached-page";
import { trackPage } from "@/runtime/render/page-outcome";

// A cached dealer page (ISR): rendered on its first request, then served from Next's cache per
// internal path (host, version, dealer path) and refreshed in the background after 60 s.
// See runtime/page-cache/internal-path.ts and runtime/render/cached-page.tsx.
export const revalidate = 60; // a literal (Next reads it at build time); the same as REVALIDATE_SECONDS in blocks/shared/vehicle-page/domain/cache.ts (a unit test checks)

// No page is rendered at build time: every path is rendered on its first request (on-demand ISR;
// dynamicParams is true by default).
export function generateStaticParams(): CachedRouteParams[] {
  return [];
}

type Props = { params: Promise<Required<CachedRouteParams>> };

export async function generateMetadata({ params }: Props) {
  return cachedPageMetadata(blockRegistry, await params);
}

// trackPage: a notFound() from the page answers with the dealer's 404 as the page's own HTML (status 404).
export default function CachedPage({ params }: Props) {
  return trackPage(
    async () => renderCachedPage(blockRegistry, await params),
    async () => renderCachedPageNotFound(blockRegistry, await params),
  );
}
