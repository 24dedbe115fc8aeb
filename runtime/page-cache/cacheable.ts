import type { DealerManifest } from "@/runtime/generated/types";
import type { resolvePage } from "@/runtime/render/resolve-page";
import { everyBlockHasTrait, treeHasTrait } from "@/runtime/block-traits";
import { internalPath, keyHost, keyProto } from "./internal-path";
import { pageVersion } from "./version";
import { reservedOverlay } from "@/runtime/search/overlay";

/**
 * Which pages are served from the rendered-page cache, and where proxy.ts sends them.
 *
 * A route is cacheable when every block at the top of its page declares the pageCache trait: the
 * page then shows the same thing to every visitor of a host. The vehicle page (its slots' blocks
 * included: views count, phone reveal, favourites and lead attribution run in the browser), the
 * search pages without a query string (the dealer's holds are in their key: holdPart), home and
 * content pages built of sliders, tiles, banners, text and location sections; the layout blocks
 * around them (announcement bar, header, footer) read no cookie either. A page with any other
 * block (a form that prefills, accounts) stays rendered per request, and so does a page a dealer
 * adds such a block to.
 */
export function isCacheableRoute(route: { blocks?: unknown[] }): boolean {
  return everyBlockHasTrait(route, "pageCache");
}

export interface CacheableRequest {
  method: string;
  pathname: string;
  search: string;
  host: string | null;
  forwardedProto: string | null;
}

/**
 * Only a request without a query string (Next's own `_rsc` aside) and with its path in canonical
 * form is served from the cache; anything else is rendered per request as before.
 *
 * Why: Next writes the URL of the request that rendered the page, query string included, into
 * the page's payload (the router's initial URL, "c"), so a first visitor's
 * `?utm_campaign=…&email=…` would be cached and served to everyone after them, and their
 * browsers would show it in the address bar. Putting the query into the key instead would let
 * anyone grow the cache without bound. A non-canonical spelling of the path (`%2D` for `-`, a
 * trailing slash) would likewise be written into the cached page, so it is not cached either.
 */
export function isCacheableUrl(pathname: string, search: string): boolean {
  for (const name of new URLSearchParams(search).keys()) if (name !== "_rsc") return false;
  if (pathname !== "/" && pathname.endsWith("/")) return false;
  return pathname.split("/").every((segment) => {
    try {
      return encodeURIComponent(decodeURIComponent(segment)) === segment;
    } catch {
      return false;
    }
  });
}

/**
 * `_rsc` is the only parameter the internal path keeps: the cache-busting parameter of Next's
 * client router, checked by Next against the router headers (it redirects when it is missing or
 * wrong, and a redirect to the internal path would be a 404).
 */
export function keptQuery(search: string): string {
  const rsc = new URLSearchParams(search).getAll("_rsc");
  return rsc.length ? "?" + new URLSearchParams(rsc.map((v) => ["_rsc", v])).toString() : "";
}

/**
 * The internal path to rewrite a dealer's request to, or null to render it per request as before.
 * `page` is the request's resolved page (resolvePage), which proxy.ts also needs for itself.
 */
export function cachedPageTarget(manifest: DealerManifest, req: CacheableRequest, page: ReturnType<typeof resolvePage>): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (!isCacheableUrl(req.pathname, req.search)) return null;
  const host = keyHost(req.host);
  if (!host) return null;
  if (!page || !isCacheableRoute(page.route)) return null;
  return (
    internalPath({
      proto: keyProto(req.forwardedProto),
      host,
      version: pageVersion(manifest) + holdPart(manifest.slug, page.params, treeHasTrait(page.route, "listsStock")),
      pathname: req.pathname,
    }) + keptQuery(req.search)
  );
}

/**
 * The holds in the key: on a car's page the car's own hold (runtime/reservations/overlay.ts
 * holdKey), on a page that lists the dealer's cars (a block with the listsStock trait: the search
 * pages) every hold on them (dealerHoldsKey), on any other page none (a home or content page
 * shows no car's state, so a hold does not make it render again). A page rendered while a car was
 * held is never served once the hold lapses, at its expires_at, nor a page rendered with the car
 * free once a hold starts (from any process: the overlay re-reads the database every 2 s).
 */
export function holdPart(dealerSlug: string, params: Record<string, string | string[]>, listsStock: boolean): string {
  const slug = params.slug;
  const overlay = reservedOverlay();
  let key = "";
  if (typeof slug === "string") key = overlay?.holdKey?.(dealerSlug, slug) ?? "";
  else if (listsStock) key = overlay?.dealerHoldsKey?.(dealerSlug) ?? "";
  return key ? `-${key}` : "";
}
