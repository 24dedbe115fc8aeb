import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { matchRoute } from "../../runtime/routing";
import { getWithHost } from "../helpers/http";
import { layoutProblems } from "../helpers/layout";
import { SAMPLE_SLUGS, sampleManifest } from "../helpers/sites";

// Every sample dealer's pages fit a phone: none is wider than a 390 px screen, and no link, button
// or field lies over another. The pages are the dealer's own sitemap (one per route pattern, so a
// dealer with hundreds of cars is checked on one car page: the pages of a pattern share a layout),
// plus the pages no sitemap lists but a shopper reaches (search, compare, print).

test.describe.configure({ timeout: 240_000 });

const PHONE = { width: 390, height: 844 };
const origin = (slug: string) => `http://${slug}.localhost:${E2E_PORT}`;

/** Every path the dealer's sitemap lists. */
async function sitemapPaths(slug: string): Promise<string[]> {
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

/** A car of the dealer's sitemap, for the pages that take one (compare, print). */
const carSlugs = (paths: string[]) =>
  paths.filter((p) => /^\/cars\/[^/]+$/.test(p) && p !== "/cars/trade-in").map((p) => decodeURIComponent(p.slice("/cars/".length)));

for (const slug of SAMPLE_SLUGS) {
  test(`${slug}: every kind of page fits a 390 px phone with no overlapping controls`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    const all = await sitemapPaths(slug);
    const pages = onePerPattern(slug, all);
    const cars = carSlugs(all).slice(0, 3);
    const extra = ["/search", ...(cars.length ? [`/compare?cars=${cars.join(",")}`, `/print?car_id=${cars[0]}`] : [])];
    const problems: string[] = [];
    for (const path of [...pages, ...extra]) {
      const res = await page.goto(`${origin(slug)}${path}`);
      if (!res || res.status() >= 400) {
        // A page the sitemap lists must answer; an extra one the dealer has switched off may not.
        if (pages.includes(path)) problems.push(`${path}: HTTP ${res?.status()}`);
        continue;
      }
      await page.waitForLoadState("load");
      const found = await layoutProblems(page);
      if (found.overflow)
        problems.push(`${path}: ${found.overflow.scrollWidth} px wide in a ${found.overflow.viewport} px viewport (${found.overflow.widest.join("; ")})`);
      for (const overlap of found.overlaps) problems.push(`${path}: ${overlap}`);
    }
    expect(problems, `${slug} at 390 px`).toEqual([]);
  });
}
