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

test("until the brand fonts arrive, text shows in a stand-in of the same kind, never the browser's serif default", async ({ page }) => {
  // The fonts never arrive: what shows is what a shopper sees on a slow network until they do.
  await page.route("**/*.woff2", (route) => route.abort());
  await page.goto(`${origin("harbour-motor-group")}/finance`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const platformFonts = async (selector: string) => {
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts.map((f) => f.familyName);
  };
  // Harbour's body font is Inter (a sans) and its heading font Source Serif 4. Which local font
  // stands in depends on the machine (Liberation Sans where Debian's fonts-liberation is
  // installed, else DejaVu Sans); its kind does not.
  const serif = /serif|times|tinos|georgia/i;
  const body = await platformFonts("main p");
  expect(body.length).toBeGreaterThan(0);
  for (const family of body) expect(family).not.toMatch(serif);
  const heading = await platformFonts("main h1");
  for (const family of heading) expect(family).toMatch(serif);
  // And the body's list names the metric-matched stand-ins before the generic family.
  const fontFamily = await page
    .locator("main p")
    .first()
    .evaluate((e) => getComputedStyle(e).fontFamily);
  expect(fontFamily).toMatch(/"inter Fallback: Liberation Sans".*, sans-serif$/);
});

test("pages from the page cache carry the fonts' stand-ins as pages rendered per request do", async ({ page }) => {
  // Cached pages have a root layout of their own (app/%5Fcached/…): it once lacked the stand-ins'
  // @font-face rules, so home, search and vehicle pages painted in the generic font and reflowed
  // when the brand font arrived. Each page is asked twice so the second answer is the cached one.
  for (const path of ["/", "/search/new-used-and-demo-cars", "/finance"]) {
    await page.goto(`${origin("harbour-motor-group")}${path}`);
    const response = await page.goto(`${origin("harbour-motor-group")}${path}`);
    const cached = response?.headers()["x-nextjs-cache"] === "HIT";
    if (path !== "/finance") expect(cached, `${path} answered from the page cache`).toBe(true);
    const standIns = await page.evaluate(() => [...document.fonts].filter((f) => f.family.startsWith("inter Fallback:")).length);
    expect(standIns, `${path}: the body font's stand-in faces`).toBeGreaterThan(0);
  }
});

// Parts that once moved when the brand fonts arrived after the page painted in the metric-matched
// stand-ins. Each is measured without scripts, with the fonts blocked and then loaded, so only the
// fonts differ; a part that keeps its height moves nothing below it.
const FONT_SWAP_PARTS = [
  // The quick picks wrapped at their drawn widths: a pick went to another row, 42 px.
  { slug: "harbour-motor-group", path: "/finance", selector: "#finance-calculator", what: "the finance calculator" },
  // The hero's two buttons fit one row in the brand font and not in the stand-in: 60 px.
  { slug: "sunshine-chery", path: "/models/omoda-5", selector: "section[aria-labelledby='model-heading']", what: "the model hero" },
  // A one-line announcement that is all link (bold) took two lines in the brand font's bold and one
  // in the stand-in's regular face bolded by the browser: 13 px, under every other part of the page.
  { slug: "sunshine-chery", path: "/contact", selector: "section[aria-label='Announcement']", what: "the announcement bar" },
];

for (const part of FONT_SWAP_PARTS) {
  test(`${part.what} keeps its height when the brand fonts arrive (${part.slug}${part.path})`, async ({ browser }) => {
    const height = async (fonts: boolean) => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
      const page = await context.newPage();
      if (!fonts) await page.route("**/*.woff2", (route) => route.abort());
      await page.goto(`${origin(part.slug)}${part.path}`);
      if (fonts) await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const box = await page.locator(part.selector).boundingBox();
      await context.close();
      return box!.height;
    };
    const standIn = await height(false);
    const brand = await height(true);
    expect(Math.abs(brand - standIn), `${part.what}: ${standIn} px tall in the stand-in fonts, ${brand} px in the brand fonts`).toBeLessThanOrEqual(2);
  });
}

test("the brand fonts are asked for once the page has painted, before the paint on the tab's next page, and from the start without scripts", async ({
  page,
  browser,
}) => {
  // Records, from before the page's own scripts run, when the first contentful paint came and
  // when the brand fonts' switch set its attribute on <html>.
  await page.addInitScript(() => {
    const w = window as unknown as { fontTimes: { paint?: number; on?: number } };
    w.fontTimes = {};
    new PerformanceObserver((list) => {
      const fcp = list.getEntriesByName("first-contentful-paint")[0];
      if (fcp) w.fontTimes.paint = fcp.startTime;
    }).observe({ type: "paint", buffered: true });
    new MutationObserver(() => {
      if (document.documentElement?.hasAttribute("data-brand-fonts")) w.fontTimes.on ??= performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-brand-fonts"] });
  });
  const times = async () => {
    await page.waitForFunction(() => {
      const t = (window as unknown as { fontTimes: { paint?: number; on?: number } }).fontTimes;
      return t.paint !== undefined && t.on !== undefined;
    });
    return page.evaluate(() => (window as unknown as { fontTimes: { paint: number; on: number } }).fontTimes);
  };
  // Harbour's locator page has no main picture: the switch waits for the paint alone.
  await page.goto(`${origin("harbour-motor-group")}/dealerships`);
  const first = await times();
  expect(first.on, "the switch waits for the first paint").toBeGreaterThanOrEqual(first.paint);
  // Inter and Source Serif 4 are asked for once the switch is on (at the next style pass).
  await page.waitForFunction(() => performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".woff2")).length >= 2);
  const requested = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((r) => r.name.endsWith(".woff2"))
      .map((r) => r.startTime),
  );
  for (const start of requested) expect(start, "no font file before the first paint").toBeGreaterThanOrEqual(first.paint);

  await page.goto(`${origin("harbour-motor-group")}/contact`);
  const next = await times();
  expect(next.on, "on the tab's next page the fonts are on before its first paint").toBeLessThan(next.paint);

  // Without scripts the noscript rule names the brand font first.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(`${origin("harbour-motor-group")}/dealerships`);
  const family = await plain
    .locator("main p")
    .first()
    .evaluate((e) => getComputedStyle(e).fontFamily);
  await context.close();
  expect(family).not.toMatch(/^"inter Fallback/);
  expect(family).toMatch(/"inter Fallback: Liberation Sans".*, sans-serif$/);
});
