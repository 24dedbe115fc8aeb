import type { DealerManifest } from "@/runtime/generated/types";
import { isEnabled } from "@/runtime/flags";
import { matchRoute } from "@/runtime/routing";
import { safeHref } from "@/runtime/safe-href";
import { locationBySlug } from "@/blocks/shared/locations/domain/lookup";

export interface Crumb {
  label: string;
  href?: string;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** "new-used-and-demo-cars" -> "New used and demo cars". */
export function humanise(segment: string): string {
  const words = decode(segment).replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The crumbs after Home for a path: each parent path that is a page of the site links to it,
 * labelled with its route title when the route is that exact static path (otherwise the
 * segment in words); the last crumb is the current page's route title. Empty for the home
 * page and for paths no route matched (the 404 page).
 */
export function trailFromPath(manifest: DealerManifest, pathname: string, pattern: string | null): Crumb[] {
  if (!pattern || !manifest.routes[pattern]) return [];
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return [];
  const patterns = Object.keys(manifest.routes);
  const crumbs: Crumb[] = [];
  for (let i = 0; i < segments.length - 1; i++) {
    const path = "/" + segments.slice(0, i + 1).join("/");
    const match = matchRoute(patterns, path);
    const isPage = match !== null && isEnabled(manifest, manifest.routes[match.pattern].flag);
    const exact = isPage && match!.pattern === path;
    crumbs.push({ label: exact ? manifest.routes[match!.pattern].title : humanise(segments[i]), ...(isPage ? { href: path } : {}) });
  }
  // A location's page ends with the location's name rather than the route's generic title.
  const location = pattern === `${manifest.locationPagePath}/[slug]` ? locationBySlug(manifest, decode(segments[segments.length - 1])) : null;
  crumbs.push({ label: location?.name ?? manifest.routes[pattern].title });
  return crumbs;
}

/** Author-given crumbs with unsafe hrefs dropped (the crumb stays, as text). */
export function cleanItems(items: { label: string; href?: string }[]): Crumb[] {
  return items.map((item) => {
    const href = safeHref(item.href);
    return href ? { label: item.label, href } : { label: item.label };
  });
}

/** schema.org BreadcrumbList; the current crumb's item is the current URL. */
export function breadcrumbJsonLd(trail: Crumb[], origin: string, pathname: string): object {
  const absolute = (href: string) => {
    try {
      return new URL(href, origin).href;
    } catch {
      return undefined;
    }
  };
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => {
      const href = crumb.href ?? (i === trail.length - 1 && pathname ? pathname : undefined);
      const item = href ? absolute(href) : undefined;
      return { "@type": "ListItem", position: i + 1, name: crumb.label, ...(item ? { item } : {}) };
    }),
  };
}

/** JSON for a <script> element: `<` escaped so dealer text can never close the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
