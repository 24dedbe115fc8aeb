import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { getWithHost } from "../helpers/http";
import { SAMPLE_SLUGS } from "../helpers/sites";
import { axeViolations } from "../helpers/axe";

/** A parent path with more pages than this (the cars: hundreds) is sampled; every other page is checked. */
const MANY = 40;
/** Pages checked under such a parent: the first few, in sitemap order. */
const SAMPLE = 6;

/** The sitemap's paths, every one except under a parent path with more than MANY pages, of which the first SAMPLE. */
function samplePerParent(paths: string[]): string[] {
  const parentOf = (p: string) => p.slice(0, p.lastIndexOf("/"));
  const total = new Map<string, number>();
  for (const p of paths) total.set(parentOf(p), (total.get(parentOf(p)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return paths.filter((p) => {
    const parent = parentOf(p);
    seen.set(parent, (seen.get(parent) ?? 0) + 1);
    return parent === "" || total.get(parent)! <= MANY || seen.get(parent)! <= SAMPLE;
  });
}

/**
 * Each dealer's pages are checked in this many parts (every PARTS-th page), so one test's time
 * budget covers a share of a sitemap rather than a whole one that grows with the dealer.
 */
const PARTS = 4;

// Every indexable page of every sample dealer (taken from its own sitemap.xml; of a kind with
// hundreds of pages, the cars, the first few): it answers 200, has exactly one h1, and axe finds
// no violation of any impact.
for (const slug of SAMPLE_SLUGS) {
  for (let part = 0; part < PARTS; part++) {
    test(`${slug}: the pages in the sitemap render accessibly (part ${part + 1} of ${PARTS})`, async ({ page }) => {
      test.setTimeout(240_000);
      const sitemap = await getWithHost(E2E_PORT, `${slug}.localhost`, "/sitemap.xml");
      const all = samplePerParent([...sitemap.body.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]));
      expect(all.length).toBeGreaterThan(5);
      const paths = all.filter((_, i) => i % PARTS === part);
      const problems: string[] = [];
      for (const p of paths) {
        const response = await page.goto(`http://${slug}.localhost:${E2E_PORT}${p}`);
        if (response?.status() !== 200) problems.push(`${p}: status ${response?.status()}`);
        const h1 = await page.locator("h1").count();
        if (h1 !== 1) problems.push(`${p}: ${h1} h1 elements`);
        problems.push(...(await axeViolations(page, { label: p })));
      }
      expect(problems).toEqual([]);
    });
  }
}

test("the success page is not indexed and thanks the shopper", async ({ page }) => {
  await page.goto(`http://sunshine-chery.localhost:${E2E_PORT}/success`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});
