import type { ResolvedModelHeroProps } from "@/runtime/generated/types";
import { catalogue } from "@/blocks/shared/models/catalogue";
import { routePath, type PageUrl, type PageUrls } from "@/runtime/render/sitemap";

/**
 * The model page (the hero answers 404 for a model not in the catalogue): one page per catalogue
 * model at the route's `model` parameter, or only the hero's own model when its props name one.
 */
export const pageUrls: PageUrls<ResolvedModelHeroProps> = (props, site, pattern) =>
  catalogue(site.manifest)
    .filter((m) => !props.model || m.slug === props.model)
    .flatMap((m): PageUrl[] => {
      const path = routePath(pattern, { model: m.slug });
      return path ? [{ path }] : [];
    });
