import { expect } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { matchRoute } from "../../runtime/routing";
import { getWithHost } from "./http";
import { sampleManifest } from "./sites";

/**
 * One page of every kind a sample dealer has: the dealer's own sitemap, one path per route pattern
 * (the pages of a pattern share a layout and markup, so a dealer with hundreds of cars is checked
 * on one car page), plus the pages no sitemap lists but a shopper reaches (search, compare, print).
 */
export interface DealerPages {
  /** One sitemap path per route pattern: each must answer. */
  listed: string[];
  /** Pages outside the sitemap; one the dealer has switched off may answer 404. */
  extra: string[];
}

/** Every path the dealer's sitemap lists. */
export async function sitemapPaths(slug: string): Promise<string[]> {
  const res = await getWithHost(E2E_PORT, `${slug}.localhost`, "/sitemap.xml");
  expect(res.status, `${slug}: /sitemap.xml`).toBe(200);
  const paths = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, "&")).pathname);
  expect(paths.length, `${slug}: sitemap entries`).toBeGreaterThan(0);
  return paths;
}

/** One path per route pattern of the dealer's manifest (or of the template it extends). */
function onePerPattern(slug: string, paths: string[]): string[] {
  const manifest = sampleManifest(slug);
  const template = manifest.extends ? sampleManifest(`templates/${manifest.extends}`) : { routes: {} };
  const patterns = [...Object.keys(manifest.routes ?? {}), ...Object.keys(template.routes ?? {})];
  const byPattern = new Map<string, string>();
  for (const path of paths) {
    const key = matchRoute(patterns, path)?.pattern ?? path;
    if (!byPattern.has(key)) byPattern.set(key, path);
  }
  return [...byPattern.values()];
}

/** Cars of the dealer's sitemap, for the pages that take one (compare, print). */
const carSlugs = (paths: string[]) =>
  paths.filter((p) => /^\/cars\/[^/]+$/.test(p) && p !== "/cars/trade-in").map((p) => decodeURIComponent(p.slice("/cars/".length)));

export async function dealerPages(slug: string): Promise<DealerPages> {
  const all = await sitemapPaths(slug);
  const cars = carSlugs(all).slice(0, 3);
  return {
    listed: onePerPattern(slug, all),
    extra: ["/search", ...(cars.length ? [`/compare?cars=${cars.join(",")}`, `/print?car_id=${cars[0]}`] : [])],
  };
}
