/**
 * What a shopper sees, checked as pictures: every page type of every sample dealer, full page, at
 * a phone (390 px) and a desktop (1280 px) width, compared with the baselines committed beside
 * this file (visual.spec.ts-snapshots/). On each page, before the picture: no horizontal overflow,
 * no clipped text, and axe with every impact level (minor and moderate too).
 *
 * Deterministic by construction:
 *  - the server's clock is frozen by playwright.config.ts (TEST_NOW_ISO, noon Brisbane on the day
 *    the demo stock is anchored to) and the browser's clock is set to the same instant;
 *  - animations are disabled, the caret hidden, lazy pictures loaded and deferred parts made live
 *    before the picture (the page is scrolled through once);
 *  - what other specs change or what moves on its own is masked: views counts, vehicle cards
 *    (another spec reserves a car; leads and favourites are posted elsewhere), the sales counter;
 *  - the vehicle page shows a car far down the stock list, which no other spec picks.
 *
 * Regenerate the baselines on purpose only (after a deliberate visual change or a new stock day):
 *   npx next build && E2E_PORT=… E2E_WEBHOOK_PORT=… npx playwright test tests/e2e/visual.spec.ts --update-snapshots
 */
import { expect, test, type Page } from "@playwright/test";
import { E2E_NOW_ISO, E2E_PORT } from "../../playwright.config";
import { requestWithHost } from "../helpers/http";
import { SAMPLE_SLUGS } from "../helpers/sites";
import { axeViolations } from "../helpers/axe";

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
] as const;

/** The page types every dealer has, by the path that shows them ("{car}" is filled per dealer). */
const PAGE_TYPES: Record<string, string> = {
  home: "/",
  search: "/search/new-used-and-demo-cars",
  vehicle: "/cars/{car}",
  finance: "/finance",
  contact: "/contact",
  about: "/about-us",
};

/** A car no other spec picks: far down the in-stock list (other specs take the first few). */
const CAR_OFFSET = 37;

async function carSlug(slug: string): Promise<string> {
  const res = await requestWithHost(E2E_PORT, `${slug}.localhost`, {
    method: "POST",
    path: "/api/search/1/indexes/Car_production/query",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({ params: `filters=status%3Ain_stock&hitsPerPage=1&page=${CAR_OFFSET}` }),
    idempotent: true,
  });
  const found = JSON.parse(res.body).hits?.[0]?.slug as string | undefined;
  expect(found, `an in-stock car of ${slug}`).toBeDefined();
  return found!;
}

/** Scrolls through the page so lazy pictures load and deferred parts go live, then back to the top. */
async function settle(page: Page): Promise<void> {
  // Most pages paint before their scripts load, and a deferred part goes live on a scroll or when
  // it comes into view only once its wrapper has hydrated: scroll through the page until no part
  // is left as the server's markup, so what is photographed never depends on which came first.
  await expect(async () => {
    await page.evaluate(async () => {
      // Pictures that are lazy (thumbnail strips scrolled sideways, cards further down) load now.
      for (const img of document.querySelectorAll<HTMLImageElement>("img[loading=lazy]")) img.loading = "eager";
      const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
      for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
      window.scrollTo(0, 0);
    });
    await expect(page.locator('[data-hydrate-later="pending"]')).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  // Parts that went live re-render their pictures lazily: load those too, and wait (bounded) for every laid-out picture.
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll<HTMLImageElement>("img[loading=lazy]")) img.loading = "eager";
    const pending = [...document.images].filter((i) => !i.complete && i.getClientRects().length > 0);
    const loaded = Promise.all(
      pending.map(
        (i) =>
          new Promise((r) => {
            i.addEventListener("load", r, { once: true });
            i.addEventListener("error", r, { once: true });
          }),
      ),
    );
    await Promise.race([loaded, new Promise((r) => setTimeout(r, 8000))]);
  });
  await page.waitForLoadState("networkidle");
  // A dealer page asks for its brand fonts once it has painted (runtime/http/after-paint-scripts.mjs):
  // wait for that, then for the fonts, so the picture is always in the brand fonts.
  await page.waitForFunction(
    () => document.documentElement.hasAttribute("data-brand-fonts") || ![...document.scripts].some((s) => s.text.includes("data-brand-fonts")),
  );
  await page.evaluate(() => document.fonts.ready);
}

/** Elements wider than the viewport, and text cut off by its own box (overflow hidden or clip, no ellipsis meant). */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page scrolls sideways: ${doc.scrollWidth}px wide in a ${doc.clientWidth}px viewport`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const hidden = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if (e.classList.contains("visually-hidden") || cs.display === "none" || cs.visibility === "hidden" || e.getAttribute("aria-hidden") === "true")
          return true;
        if (e.closest("dialog:not([open]), [inert], [hidden]")) return true;
      }
      return false;
    };
    // Inside a box that scrolls or clips sideways (a carousel, a swipe list) off-screen is by design;
    // the page itself scrolling sideways is caught above.
    const inScroller = (el: Element) => {
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement)
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(e).overflowX)) return true;
      return false;
    };
    for (const el of document.body.querySelectorAll("*")) {
      const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim());
      if (!hasText || hidden(el)) continue;
      const cs = getComputedStyle(el);
      // A 1 px box is the visually-hidden pattern (text for screen readers only), not a cut label.
      if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;
      const clips = /hidden|clip/.test(cs.overflowX) && cs.textOverflow !== "ellipsis";
      if (clips && el.scrollWidth > el.clientWidth + 1) out.push(`clipped text: ${name(el)} (${el.scrollWidth}px in ${el.clientWidth}px)`);
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > doc.clientWidth + 1 || r.left < -1) && !inScroller(el))
        out.push(`text off screen: ${name(el)} (${Math.round(r.left)}..${Math.round(r.right)}px)`);
    }
    return out;
  });
}

const MASKS = ['[data-testid="views-count"]', '[data-testid="vehicle-card"]', "[data-sales-counter]"];

for (const slug of SAMPLE_SLUGS) {
  test(`${slug}: every page type looks as it did, fits its width, hides no text and passes axe at every impact`, async ({ browser }) => {
    test.setTimeout(240_000);
    const car = await carSlug(slug);
    const problems: string[] = [];
    for (const size of WIDTHS) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: "reduce" });
      const page = await context.newPage();
      if (E2E_NOW_ISO) await page.clock.setFixedTime(new Date(E2E_NOW_ISO));
      for (const [type, pattern] of Object.entries(PAGE_TYPES)) {
        const path = pattern.replace("{car}", car);
        const response = await page.goto(`http://${slug}.localhost:${E2E_PORT}${path}`);
        expect(response?.status(), `${slug} ${path}`).toBe(200);
        await settle(page);
        for (const p of await layoutProblems(page)) problems.push(`${size.name} ${type} ${path}: ${p}`);
        if (size.name === "desktop") {
          problems.push(...(await axeViolations(page, { label: `axe ${type} ${path}` })));
        }
        await expect(page, `${slug} ${type} at ${size.width}px`).toHaveScreenshot(`${slug}-${type}-${size.name}.png`, {
          fullPage: true,
          animations: "disabled",
          caret: "hide",
          mask: MASKS.map((m) => page.locator(m)),
          maxDiffPixelRatio: 0.002,
          timeout: 20_000,
        });
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
}

test("the layout defects found by reading the sample sites stay fixed", async ({ browser }) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  const url = (slug: string, p: string) => `http://${slug}.localhost:${E2E_PORT}${p}`;
  for (const slug of SAMPLE_SLUGS) {
    // The header's phone shows its number, on the logo's row (it wrapped under the logo, or showed a bare icon).
    await page.goto(url(slug, "/"));
    const logo = await page.locator("header a[href='/']").first().boundingBox();
    const call = page.locator("header a[href^='tel:']").first();
    if (await call.count()) {
      const number = await call.locator("span").last().boundingBox();
      const box = await call.boundingBox();
      expect(number!.width, `${slug}: the header phone number is visible`).toBeGreaterThan(40);
      expect(box!.y, `${slug}: the phone is on the logo's row`).toBeLessThan(logo!.y + logo!.height);
      expect(box!.x + box!.width, `${slug}: the phone fits the width`).toBeLessThanOrEqual(390);
    }
  }
  // Harbour's vehicle page: no blank band under the header; the bottom bar fits once scrolled; the sticky title is whole.
  const car = await carSlug("harbour-motor-group");
  await page.goto(url("harbour-motor-group", `/cars/${car}`));
  const headerBottom = (await page.locator("header").first().boundingBox())!;
  // The first thing under the header: the car's location note when it has one, else the breadcrumbs.
  const crumbs = (await page.locator('main [role="note"], main nav[aria-label="Breadcrumb"]').first().boundingBox())!;
  expect(crumbs.y - (headerBottom.y + headerBottom.height), "no blank band under the header").toBeLessThan(24);
  const bar = page.getByTestId("sticky-bar");
  // The bars go live on the first scroll; scroll again until the live bar has seen the 900 px mark.
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(bar).toHaveAttribute("data-scrolled", "true", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  for (const el of await bar.locator("a, span").all()) {
    const b = (await el.boundingBox())!;
    expect(b.x, `${await el.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${await el.textContent()} ends on screen`).toBeLessThanOrEqual(390);
  }
  const title = page.locator('[data-shown="true"] p').first();
  await expect(title).toBeVisible();
  expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1), "the sticky title is not cut").toBe(
    true,
  );
  await phone.close();

  // /contact: the intro and the form line up (they sat in misaligned columns).
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const wide = await desktop.newPage();
  await wide.goto(url("sunshine-chery", "/contact"));
  const intro = (await wide.getByRole("heading", { level: 1 }).boundingBox())!;
  const form = (await wide.getByRole("heading", { name: "Send us a message" }).boundingBox())!;
  expect(Math.abs(intro.x - form.x), "the intro and the form share a left edge").toBeLessThanOrEqual(2);
  await desktop.close();
});
