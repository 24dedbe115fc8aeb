/**
 * The internal path of a cached page (the vercel/platforms pattern): proxy.ts rewrites
 * `/cars/{slug}` on host H to
 *
 *   /_cached/{proto}/{host}/{version}/cars/{slug}
 *
 * served by app/%5Fcached/[proto]/[host]/[version]/[[...path]]/page.tsx, an ISR route. Next caches
 * its rendered HTML and RSC payload per path, so the path is the cache key: the host (one dealer
 * is never served another dealer's page, and the port stays because the page prints absolute
 * URLs), the protocol (same reason), the version (the dealer's manifest and the stock files, so a
 * change gets a new entry on the next request) and the dealer's own path.
 *
 * The path must never be reachable from outside: a visitor asking for
 * /_cached/https/other-dealer.com.au/... on this dealer's host would otherwise be shown the
 * other dealer's page. proxy.ts answers 404 to any external request whose first segment is
 * `_cached` in any spelling Next's router might decode to it (see isInternalPath), and the page
 * itself re-checks that the host resolves to a site.
 *
 * Pure functions, no Next.js: unit-tested in internal-path.test.ts.
 */

export const INTERNAL_SEGMENT = "_cached";

export type Proto = "http" | "https";

export interface CachedPageKey {
  proto: Proto;
  /** Lower-cased host with its port, no trailing dot: www.example.com.au or sunshine-chery.localhost:3000 */
  host: string;
  /** Opaque version from runtime/page-cache/version.ts. */
  version: string;
  /** The dealer's path, e.g. /cars/2021-mg-zs-abc123 (segments as they came, still URI-encoded). */
  pathname: string;
}

// A DNS name (labels of letters, digits and hyphens) with an optional port. Anything else (IPv6
// literals, user info, odd characters) is not cached: it is rendered per request as before.
const HOST = /^[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*(?::\d{1,5})?$/;
const VERSION = /^[a-z0-9-]{1,64}$/;

/** The request host as used in the key: lower-cased, trailing dot dropped, port kept; null when not cacheable. */
export function keyHost(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const host = raw
    .trim()
    .toLowerCase()
    .replace(/\.(?=:\d+$|$)/, "");
  return host.length <= 255 && HOST.test(host) ? host : null;
}

/** `x-forwarded-proto` (its first value) as http or https; anything else counts as http, as before. */
export function keyProto(forwarded: string | null | undefined): Proto {
  return forwarded?.split(",")[0].trim().toLowerCase() === "https" ? "https" : "http";
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * True when a request path would reach the internal route: its first non-empty segment is
 * `_cached`, also percent-encoded (`%5Fcached`, `%5fcached`, even twice) or in another case.
 * Next's router is case-sensitive, so the extra spellings are refused only to be safe.
 */
export function isInternalPath(pathname: string): boolean {
  const first = pathname.split("/").find((s) => s !== "");
  if (first === undefined) return false;
  let segment = first;
  for (let i = 0; i < 3; i++) segment = safeDecode(segment);
  return segment.toLowerCase() === INTERNAL_SEGMENT;
}

/** The internal path for a key (the query string is the caller's to add). */
export function internalPath(key: CachedPageKey): string {
  // The home page is the route's root, with no dealer path after the version (an optional catch-all).
  const trimmed = key.pathname.replace(/^\//, "");
  const dealerPath = trimmed === "" ? "" : `/${trimmed}`;
  return `/${INTERNAL_SEGMENT}/${key.proto}/${encodeURIComponent(key.host)}/${key.version}${dealerPath}`;
}

/**
 * The route's params back into a key, checked again (the page does not trust that only the
 * proxy can produce them): null for anything the proxy would never have written.
 */
export function keyFromParams(params: { proto?: string; host?: string; version?: string; path?: string[] }): CachedPageKey | null {
  const root = rootKeyFromParams(params);
  // No dealer path is the home page (the optional catch-all's root).
  return root && { ...root, pathname: "/" + (params.path ?? []).map((s) => encodeURIComponent(safeDecode(s))).join("/") };
}

/** The root params alone (layout and not-found of the cached route, which have no dealer path). */
export function rootKeyFromParams(params: { proto?: string; host?: string; version?: string }): Omit<CachedPageKey, "pathname"> | null {
  const { proto, version } = params;
  if (proto !== "http" && proto !== "https") return null;
  if (params.host === undefined) return null;
  const decoded = safeDecode(params.host);
  const host = keyHost(decoded);
  if (!host || host !== decoded) return null;
  if (!version || !VERSION.test(version)) return null;
  return { proto, host, version };
}

export const originOf = (key: Pick<CachedPageKey, "proto" | "host">) => `${key.proto}://${key.host}`;
