/**
 * The rendered-page cache's server side: app/%5Fcached/[proto]/[host]/[version]/… renders
 * through these. proxy.ts rewrites cacheable pages (runtime/page-cache/cacheable.ts) to that
 * route; Next renders it as ISR (revalidate 60 s, stale-while-revalidate) and keeps the HTML and
 * RSC payload per internal path, i.e. per host, version and dealer path.
 *
 * Nothing here may read the request (headers(), cookies(), searchParams): the page is rendered
 * once for every visitor of that host, and a request-time API in an ISR route is an error at run
 * time. The tenant comes from the route's host param, checked again here.
 */
import "server-only";
import { cache } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { keyFromParams, originOf, rootKeyFromParams, type CachedPageKey } from "@/runtime/page-cache/internal-path";
import { isCacheableRoute } from "@/runtime/page-cache/cacheable";
import { resolveTenant, type Tenant } from "@/runtime/tenant";
import { pageMetadata, renderDealerPage } from "./site-page";
import { resolvePage } from "./resolve-page";
import { notFoundAnswer, renderNotFoundFor } from "./not-found-page";
import { notFoundShown } from "./page-outcome";
import { NotFoundStandIn } from "./not-found-stand-in";
import type { BlockRegistry } from "./types";

export interface CachedRouteParams {
  proto?: string;
  host?: string;
  version?: string;
  path?: string[];
}

/**
 * The tenant of a cached route's host (the key's host and version), once per render: the
 * layout, the metadata, the page and the 404 each ask. The manifest store and the stock index
 * are the ones proxy.ts reads (one each per process), so the page is rendered from the version
 * its key was made from or a newer one.
 */
// Strings, not the key object: React's cache() matches arguments by identity.
const cachedRouteTenant = cache((host: CachedPageKey["host"]): Tenant => resolveTenant(host));

/** The key and site behind the route's params; notFound() for anything proxy.ts would not have written. */
function cachedSite(params: CachedRouteParams) {
  const key = keyFromParams(params);
  if (!key) notFound();
  const tenant = cachedRouteTenant(key.host);
  if (tenant.kind !== "site") notFound();
  const page = resolvePage(tenant.manifest, key.pathname);
  // Only cacheable pages (the proxy sends no others here): anything else must not be cached for every visitor.
  if (!page || !isCacheableRoute(page.route)) notFound();
  return { key, manifest: tenant.manifest };
}

export async function renderCachedPage(registry: BlockRegistry, params: CachedRouteParams) {
  const { key, manifest } = cachedSite(params);
  return renderDealerPage(registry, manifest, key.pathname, {}, originOf(key));
}

export async function cachedPageMetadata(registry: BlockRegistry, params: CachedRouteParams): Promise<Metadata> {
  const key = keyFromParams(params);
  if (!key) return { title: "Page not found" };
  const tenant = cachedRouteTenant(key.host);
  if (tenant.kind !== "site") return { title: "Site not found" };
  return pageMetadata(registry, tenant.manifest, key.pathname, {}, originOf(key));
}

/** What the cached page answers with when it is not found: the dealer's 404, marked for status 404. */
export async function renderCachedPageNotFound(registry: BlockRegistry, params: CachedRouteParams) {
  const key = keyFromParams(params);
  const tenant: Tenant = key ? cachedRouteTenant(key.host) : { kind: "unknown", host: "" };
  return notFoundAnswer(await renderNotFoundFor(registry, tenant, key ? originOf(key) : ""));
}

/**
 * The layout's 404 element of the cached route (not-found.tsx has no params: the host comes from
 * next/root-params); a small stand-in when the page rendered (page-outcome.ts).
 */
export async function renderCachedNotFound(registry: BlockRegistry, root: { proto?: string; host?: string; version?: string }) {
  if (!(await notFoundShown())) return <NotFoundStandIn />;
  const key = rootKeyFromParams(root);
  if (!key) return renderNotFoundFor(registry, { kind: "unknown", host: "" }, "");
  return renderNotFoundFor(registry, cachedRouteTenant(key.host), originOf(key));
}

/** The tenant for the cached route's root layout (its theme). */
export function cachedLayoutTenant(root: { proto?: string; host?: string; version?: string }): Tenant {
  const key = rootKeyFromParams(root);
  return key ? cachedRouteTenant(key.host) : { kind: "unknown", host: "" };
}
