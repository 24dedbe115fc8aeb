import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { layoutProblems } from "../helpers/layout";
import { dealerPages } from "../helpers/page-types";
import { SAMPLE_SLUGS } from "../helpers/sites";

// Every sample dealer's pages fit a phone: none is wider than a 390 px screen, and no link, button
// or field lies over another, on one page of every kind (tests/helpers/page-types.ts).

test.describe.configure({ timeout: 240_000 });

const PHONE = { width: 390, height: 844 };
const origin = (slug: string) => `http://${slug}.localhost:${E2E_PORT}`;

for (const slug of SAMPLE_SLUGS) {
  test(`${slug}: every kind of page fits a 390 px phone with no overlapping controls`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { listed: pages, extra } = await dealerPages(slug);
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
