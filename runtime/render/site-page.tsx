import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { DealerManifest, BlockNode } from "../generated/types";
import { isEnabled } from "../flags";
import { currentRequest } from "../request";
import { placeBlocks, propsOf, runLoaders } from "./loaders";
import { renderBlocks } from "./render-blocks";
import type { BlockMetadata, BlockRegistry, SiteContext } from "./types";
import { SiteDirectory } from "./site-directory";
import { LocalInbox } from "./local-inbox";
import { localInboxOpen } from "../accounts/local-inbox";
import { BlockCatalogueIndex, BlockCataloguePage } from "./block-catalogue";
import { previewContext, type PreviewContext } from "./preview-overlay";
import { resolvePage } from "./resolve-page";
import { canonicalOrigin } from "./seo";
import { resolvedWording } from "../wording";
import { enforceGate } from "../accounts/current";
import { requestNow } from "../time";

type SearchParams = Record<string, string | string[] | undefined>;

export function pathFromSegments(segments: string[] | undefined): string {
  return "/" + (segments ?? []).map(encodeURIComponent).join("/");
}

/** Renders the blocks of the layout and one page of a dealer site, loaders first (in parallel). */
export async function renderSiteBlocks(registry: BlockRegistry, site: SiteContext, pageBlocks: BlockNode[]) {
  const layout = site.manifest.layout ?? {};
  const placed = [...placeBlocks(layout.header ?? [], "header"), ...placeBlocks(pageBlocks, "page"), ...placeBlocks(layout.footer ?? [], "footer")];
  const outcomes = await runLoaders(placed, registry, site);
  const options = { registry, outcomes, site };
  const [header, page, footer] = await Promise.all([
    renderBlocks(layout.header, "header", options),
    renderBlocks(pageBlocks, "page", options),
    renderBlocks(layout.footer, "footer", options),
  ]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {header}
      <main id="main" tabIndex={-1}>
        {page}
      </main>
      {footer}
    </>
  );
}

/** A page rendered per request; `registry` is the block registry the route file hands over (blocks/index.ts). */
export async function renderSitePage(registry: BlockRegistry, segments: string[] | undefined, searchParams: SearchParams) {
  const pathname = pathFromSegments(segments);
  const { tenant, origin } = await currentRequest();
  if (tenant.kind === "directory" && pathname === "/") return <SiteDirectory origin={origin} />;
  if (tenant.kind === "directory" && pathname === "/blocks") return <BlockCatalogueIndex />;
  if (tenant.kind === "directory" && pathname === "/inbox") {
    if (!localInboxOpen()) notFound();
    const to = searchParams.to;
    return <LocalInbox to={typeof to === "string" ? to.trim() : undefined} />;
  }
  if (tenant.kind === "directory" && pathname.startsWith("/blocks/")) {
    const page = await BlockCataloguePage({ registry, type: pathname.slice("/blocks/".length), origin });
    if (!page) notFound();
    return page;
  }
  // Unknown hosts and invalid manifests are answered by proxy.ts (404 / 503) before this point.
  if (tenant.kind !== "site") notFound();
  // Gated routes of this site send a signed-out visitor to sign-in (never on the cached route: gated
  // pages read a cookie); a path the site has no page for stays a plain 404.
  if (resolvePage(tenant.manifest, pathname)) await enforceGate(tenant.manifest, pathname, searchParams);
  return renderDealerPage(registry, tenant.manifest, pathname, searchParams, origin, previewContext(tenant.preview));
}

/** One page of a dealer site, or notFound() (shared by the per-request and the cached page). */
export function renderDealerPage(
  registry: BlockRegistry,
  manifest: DealerManifest,
  pathname: string,
  searchParams: SearchParams,
  origin: string,
  preview?: PreviewContext,
) {
  const page = resolvePage(manifest, pathname);
  if (!page) notFound();
  const site: SiteContext = { manifest, pattern: page.pattern, params: page.params, pathname, searchParams, origin, now: requestNow(), preview };
  return renderSiteBlocks(registry, site, page.route.blocks as BlockNode[]);
}

/** Metadata the page's own blocks give (loaders shared with the render), last block wins per field. */
async function blockMetadata(registry: BlockRegistry, site: SiteContext, pageBlocks: BlockNode[]): Promise<BlockMetadata> {
  const all = placeBlocks(pageBlocks, "page");
  const placed = all.filter((b) => registry[b.node.type]?.metadata && isEnabled(site.manifest, b.node.flag));
  if (placed.length === 0) return {};
  const withMetadata = new Set(placed);
  const outcomes = await runLoaders(all, registry, site, (b) => withMetadata.has(b));
  const merged: BlockMetadata = {};
  for (const b of placed) {
    const outcome = outcomes.get(b.key);
    try {
      Object.assign(merged, registry[b.node.type]!.metadata!(propsOf(b.node), outcome?.ok ? outcome.data : undefined, site) ?? {});
    } catch (error) {
      console.error(`[block] site=${site.manifest.slug} block=${b.node.type} metadata failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return merged;
}

export async function siteMetadata(registry: BlockRegistry, segments: string[] | undefined, searchParams: SearchParams = {}): Promise<Metadata> {
  const pathname = pathFromSegments(segments);
  const { tenant, origin } = await currentRequest();
  if (tenant.kind === "directory")
    return {
      title: pathname.startsWith("/blocks")
        ? pathname === "/blocks"
          ? "Blocks"
          : `Block ${pathname.slice(8)}`
        : pathname === "/inbox"
          ? "Local inbox"
          : "Dealer sites",
      robots: { index: false },
    };
  if (tenant.kind !== "site") return { title: "Site not found" };
  return pageMetadata(registry, tenant.manifest, pathname, searchParams, origin);
}

/** A dealer page's metadata, given the tenant's manifest and origin (shared by the per-request and the cached page). */
export async function pageMetadata(
  registry: BlockRegistry,
  m: DealerManifest,
  pathname: string,
  searchParams: SearchParams,
  origin: string,
): Promise<Metadata> {
  const page = resolvePage(m, pathname);
  const fromBlocks = page
    ? await blockMetadata(
        registry,
        { manifest: m, pattern: page.pattern, params: page.params, pathname, searchParams, origin, now: requestNow() },
        page.route.blocks as BlockNode[],
      )
    : {};
  const template = m.seo?.titleTemplate ?? `%s | ${m.name}`;
  const pageTitle = fromBlocks.title ?? page?.route.title;
  const title = page
    ? pathname === "/" && !fromBlocks.title
      ? page.route.title
      : template.replace("%s", pageTitle!)
    : template.replace("%s", resolvedWording(m.wording).notFoundTitle);
  const description = fromBlocks.description ?? page?.route.description ?? m.seo?.description;
  const canonicalPath = fromBlocks.canonicalPath ?? pathname;
  const canonical = `${canonicalOrigin(m, origin)}${canonicalPath === "/" ? "" : canonicalPath}`;
  const noindex = page?.route.noindex || fromBlocks.noindex;
  const ogImage = fromBlocks.image ?? m.seo?.ogImage;
  return {
    title,
    description,
    alternates: { canonical },
    robots: noindex ? { index: false, follow: true } : undefined,
    icons: m.theme.favicon ? { icon: m.theme.favicon } : undefined,
    openGraph: {
      title,
      description,
      url: canonical,
      siteName: m.name,
      locale: "en_AU",
      type: "website",
      images: ogImage ? [{ url: ogImage.startsWith("/") ? `${origin}${ogImage}` : ogImage }] : undefined,
    },
  };
}
