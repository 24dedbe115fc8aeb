import type { ResolvedBrandOverviewProps } from "@/runtime/generated/types";
import { routePath, type PageUrl, type PageUrls } from "@/runtime/render/sitemap";
import { pageBrand } from "./domain";

/** One page per brand of the site's brand lists that has a page of its own (pageBrand: not skipPage), at the route's `brand` parameter. */
export const pageUrls: PageUrls<ResolvedBrandOverviewProps> = (_props, site, pattern) =>
  Object.values(site.manifest.brands ?? {})
    .flatMap((list) => list ?? [])
    .flatMap((brand): PageUrl[] => {
      const path = pageBrand(site.manifest, brand.slug) ? routePath(pattern, { brand: brand.slug }) : null;
      return path ? [{ path }] : [];
    });
