import { blockRegistry } from "@/blocks";
import { renderSitePage, siteMetadata } from "@/runtime/render/site-page";
import { trackPage } from "@/runtime/render/page-outcome";

// Every dealer, every path: the host picks the manifest and the path picks the block tree.
type Props = { params: Promise<{ path?: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props) {
  return siteMetadata(blockRegistry, (await params).path, await searchParams);
}

// trackPage: the 404 of this render is drawn in full only if the page ends in notFound().
export default function Page({ params, searchParams }: Props) {
  return trackPage(async () => renderSitePage(blockRegistry, (await params).path, await searchParams));
}
