import type { ResolvedLocationPageProps } from "@/runtime/generated/types";
import { visibleLocations } from "@/blocks/shared/locations/domain/lookup";
import { routePath, type PageUrl, type PageUrls } from "@/runtime/render/sitemap";
import { pageLocation } from "./domain";

/**
 * One page per visible location at the route's `slug` parameter, on the route the page answers
 * (pageLocation: the one under the site's locationPagePath; the others are 404s and list none).
 */
export const pageUrls: PageUrls<ResolvedLocationPageProps> = (_props, site, pattern) =>
  visibleLocations(site.manifest).flatMap((l): PageUrl[] => {
    const path = pageLocation(site.manifest, pattern, l.slug) ? routePath(pattern, { slug: l.slug }) : null;
    return path ? [{ path }] : [];
  });
