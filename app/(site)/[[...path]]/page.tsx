import { blockRegistry } from "@/blocks";
import { renderSitePage, siteMetadata } from "@/runtime/render/site-page";

// Every dealer, every path: the host picks the manifest and the path picks the block tree.
type Props = { params: Promise<{ path?: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props) {
  return siteMetadata(blockRegistry, (await params).path, await searchParams);
}

export default async function Page({ params, searchParams }: Props) {
  return renderSitePage(blockRegistry, (await params).path, await searchParams);
}
