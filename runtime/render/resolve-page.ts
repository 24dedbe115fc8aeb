import type { DealerManifest } from "../generated/types";
import { isEnabled } from "../flags";
import { matchRoute } from "../routing";

/**
 * Finds the page for a path on a dealer's site, or null (the themed 404). Its own small module
 * (no block registry) because proxy.ts uses it too, to decide which pages are served from the
 * rendered-page cache (runtime/page-cache/cacheable.ts) and which paint first.
 */
export function resolvePage(manifest: DealerManifest, pathname: string) {
  const match = matchRoute(Object.keys(manifest.routes), pathname);
  if (!match) return null;
  const route = manifest.routes[match.pattern];
  if (!isEnabled(manifest, route.flag)) return null;
  return { ...match, route };
}
