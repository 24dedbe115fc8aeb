import { blockRegistry } from "@/blocks";
import { renderSitePage, siteMetadata } from "@/runtime/render/site-page";
import { trackPage } from "@/runtime/render/page-outcome";
import { renderRequestNotFound } from "@/runtime/render/not-found-page";

// Every dealer, every path: the host picks the manifest and the path picks the block tree.
type Props = { params: Promise<{ path?: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props) {
  return siteMetadata(blockRegistry, (await params).path, await searchParams);
}

// trackPage: a notFound() from the page answers with the dealer's 404 as the page's own HTML (status 404).
export default function Page({ params, searchParams }: Props) {
  return trackPage(
    async () => renderSitePage(blockRegistry, (await params).path, await searchParams),
    () => renderRequestNotFound(blockRegistry),
  );
}
