/**
 * Optional page-metadata hook for the integrator (the runtime's siteMetadata does not read
 * query strings today). For a search URL it gives the canonical path and whether the page may be
 * indexed: condition, make and make+model landing pages are canonical to themselves; any other
 * combination is noindex with its canonical parent. No engine call: slugs map back to slugs.
 *
 *   const seo = searchPageMetadata(manifest, pathname, searchParams);
 *   // alternates.canonical = origin + seo.canonicalPath; robots = seo.indexable ? undefined : { index: false, follow: true }
 */
import type { DealerManifest } from "@/runtime/generated/types";
import { landingFor, type Landing } from "@/runtime/search-ui/landing";
import { parseSearchUrl, splitSearchUrl, type UrlOptions } from "@/runtime/search-ui/url-state";

export function searchPageMetadata(
  manifest: Pick<DealerManifest, "dealerships">,
  pathname: string,
  searchParams: Record<string, string | string[] | undefined> | URLSearchParams,
  urlOptions: UrlOptions = { basePath: "/search", pathFacets: true },
): Landing & { canonicalPath: string } {
  const { segments } = splitSearchUrl(pathname, urlOptions);
  const vocabulary = { makes: [], makeModels: [], dealershipSlugs: manifest.dealerships.map((d) => d.slug).filter((s): s is string => typeof s === "string") };
  const state = parseSearchUrl(urlOptions.pathFacets === false ? [] : segments, searchParams, vocabulary, urlOptions);
  const landing = landingFor(state, urlOptions);
  return { ...landing, canonicalPath: landing.canonical };
}
