import { menusDefaults } from "../generated/defaults";
import type { DealerManifest, MenuItem } from "../generated/types";
import { isEnabled } from "../flags";
import { matchRoute } from "../routing";

/**
 * The built-in header navigation comes from the schema's default for menus.header (the loader
 * fills it into a manifest that writes no header; generated into menusDefaults for code holding a
 * manifest built by hand). Its links name the usual pages, which a given site may not have or may
 * have switched off, so it is checked against the site rather than trusted.
 */
const DEFAULT_HEADER = JSON.stringify(menusDefaults.header);

/** Whether a header menu is the default navigation: none written, or exactly the default. */
export function isDefaultHeader(header: readonly MenuItem[] | undefined): boolean {
  return header === undefined || JSON.stringify(header) === DEFAULT_HEADER;
}

/**
 * The site's header menu: its own as written, or the default navigation keeping only the links
 * to pages the site has and has switched on (a default never links to a missing page).
 */
export function headerMenu(manifest: Pick<DealerManifest, "menus" | "routes" | "features">): MenuItem[] {
  const header = manifest.menus?.header;
  if (!isDefaultHeader(header)) return header ?? [];
  const routes = manifest.routes ?? {};
  const patterns = Object.keys(routes);
  return menusDefaults.header.filter((item) => {
    if (!item.href) return false;
    const match = matchRoute(patterns, item.href);
    return match !== null && isEnabled(manifest, routes[match.pattern].flag) && isEnabled(manifest, item.flag);
  });
}
