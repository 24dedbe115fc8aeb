import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { findCars } from "../helpers/cars";
import { signInWithCode } from "../helpers/sign-in";

// What a shopper meets on a phone (a finger, 390 px) and on a desktop: controls answer the first
// touch, nothing sits on a row of its own or under another bar, and keys keep working.
const siteUrl = (site: string, path: string) => `http://${site}.localhost:${E2E_PORT}${path}`;
const HARBOUR = "harbour-motor-group";
const SUNSHINE = "sunshine-chery";

async function oneCar(site: string, filters: string) {
  const [car] = await findCars(E2E_PORT, site, filters, 1);
  expect(car, `${site}: a car with ${filters}`).toBeDefined();
  return car!;
}

/** Scrolls in steps (each a real scroll event) until the vehicle page's sticky header shows. */
async function scrollUntilStickyHeader(page: Page) {
  const header = page.locator("div[data-shown]");
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute("data-shown", "true", { timeout: 1000 });
  }).toPass();
  // Its slide-in (and the site header's slide-out) have ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

test.describe("on a phone, with a finger", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the first tap on Filters opens the panel, and it stays open once the search app is live", async ({ page }) => {
    await page.goto(siteUrl(HARBOUR, "/search/new-used-and-demo-cars"));
    await page.waitForLoadState("networkidle");
    const island = page.locator("[data-hydrate-later]:has(#search-form)");
    await expect(island).toHaveAttribute("data-hydrate-later", "pending");
    const panel = page.getByRole("region", { name: "Filters" });
    await expect(panel).toBeHidden();
    // The tap is the first touch: it is also what makes the search app go live.
    await page
      .getByText(/^Filters/)
      .first()
      .tap();
    await expect(island).toHaveAttribute("data-hydrate-later", "done");
    await expect(page.getByRole("button", { name: /^Filters/ })).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    // And the next tap closes it.
    await page.getByRole("button", { name: /^Filters/ }).tap();
    await expect(panel).toBeHidden();
  });

  test("a page past the last one says so and links to the last page", async ({ page }) => {
    await page.goto(siteUrl(HARBOUR, "/search/new-used-and-demo-cars?page=49"));
    const notice = page.getByTestId("past-last-page");
    await expect(notice.getByRole("heading", { name: "No results on this page" })).toBeVisible();
    const last = notice.getByRole("link", { name: "Go to the last page" });
    const href = (await last.getAttribute("href")) ?? "";
    const lastPage = Number(new URL(href, page.url()).searchParams.get("page"));
    expect(lastPage).toBeGreaterThan(1);
    expect(lastPage).toBeLessThan(49);
    await page.goto(new URL(href, page.url()).toString());
    await expect(page.getByTestId("vehicle-card").first()).toBeVisible();
    await expect(page.getByTestId("past-last-page")).toHaveCount(0);
  });

  test("Print and Download PDF sit on one baseline", async ({ page }) => {
    const car = await oneCar("sunshine-chery", "status:in_stock AND price > 10");
    await page.goto(siteUrl("sunshine-chery", `/cars/${car.slug}`));
    const print = page.getByRole("link", { name: /^Print/ });
    const pdf = page.getByRole("button", { name: "Download PDF" });
    await expect(pdf).toBeVisible();
    // The bottom of each one's text: the same line.
    const textBottom = (name: string) =>
      page.evaluate((name) => {
        const el = [...document.querySelectorAll("a, button")].find((e) => e.textContent?.trim().startsWith(name));
        const text = el ? [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()) : null;
        if (!text) return null;
        const range = document.createRange();
        range.selectNodeContents(text);
        return range.getBoundingClientRect().bottom;
      }, name);
    const [a, b] = [await textBottom("Print"), await textBottom("Download PDF")];
    expect(a).not.toBeNull();
    expect(Math.abs(a! - b!)).toBeLessThanOrEqual(1);
    expect(await print.isVisible()).toBe(true);
  });

  test("the watchlist toast stays above the sticky bar's buttons", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const mobile = `04341234${testInfo.repeatEachIndex % 10}${testInfo.retry % 10}`;
    const car = await oneCar(SUNSHINE, "status:in_stock AND price > 10");
    const carPath = `/cars/${car.slug}`;
    await page.goto(siteUrl(SUNSHINE, `/sign-in?type=watchlist&redirect=${encodeURIComponent(carPath)}&back=${encodeURIComponent(carPath)}`));
    await signInWithCode(page, SUNSHINE, "sms", mobile, mobile);
    await expect(page).toHaveURL(siteUrl(SUNSHINE, carPath));
    await expect(page.locator("button[data-watchlist][data-ready]")).toHaveCount(1);
    await page.getByRole("button", { name: "Save to Watchlist" }).click();
    const toast = page.getByTestId("watchlist-toast");
    await expect(toast).toContainText("Car Saved In Watchlist");
    const bar = page.getByTestId("sticky-bar");
    await expect(bar).toBeVisible();
    const [t, b] = [await toast.boundingBox(), await bar.boundingBox()];
    expect(t!.y + t!.height).toBeLessThanOrEqual(b!.y);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the header's phone button stays on the logo's row, down to the narrowest desktop", async ({ page }) => {
    for (const width of [1280, 1100, 960]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(siteUrl("outback-caravans", "/"));
      const logo = await page.locator("header a[href='/']").first().boundingBox();
      const phone = await page.locator("header a[href^='tel:']").first().boundingBox();
      expect(phone, `${width} px: the phone button`).not.toBeNull();
      // Its middle is within the logo's height: the same row.
      const middle = phone!.y + phone!.height / 2;
      expect(middle, `${width} px`).toBeGreaterThan(logo!.y);
      expect(middle, `${width} px`).toBeLessThan(logo!.y + logo!.height);
    }
  });

  test("the vehicle page's sticky header covers the site header: no strip of it shows", async ({ page }) => {
    const car = await oneCar("outback-caravans", "status:in_stock AND price > 10");
    await page.goto(siteUrl("outback-caravans", `/cars/${car.slug}`));
    await page.waitForLoadState("networkidle");
    await scrollUntilStickyHeader(page);
    const sticky = await page.locator("div[data-shown]").boundingBox();
    const site = await page.locator("header").first().boundingBox();
    // Whatever of the site header is still on screen lies under the sticky header.
    expect(Math.max(site!.y + site!.height, 0)).toBeLessThanOrEqual(sticky!.y + sticky!.height + 0.5);
  });

  test("fullscreen gallery: the arrow keys keep moving when a video is the first slide", async ({ page }) => {
    const cars = (await findCars(E2E_PORT, "twg-group", "status:in_stock", 60)) as (Awaited<ReturnType<typeof findCars>>[number] & { video_url?: string })[];
    const car = cars.find((c) => c.video_url);
    expect(car, "a TWG car with a video").toBeDefined();
    await page.goto(siteUrl("twg-group", `/cars/${car!.slug}`));
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "View fullscreen" }).click();
    const dialog = page.getByTestId("fullscreen-gallery");
    await expect(dialog.getByText(/^1 \/ \d+$/)).toBeVisible();
    // The first slide is the video (a play button for a video site's player, else a video element).
    await expect(dialog.locator('[data-testid="video-facade"], video')).toBeVisible();
    for (const n of [2, 3, 4]) {
      await page.keyboard.press("ArrowRight");
      await expect(dialog.getByText(new RegExp(`^${n} / \\d+$`))).toBeVisible();
    }
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByText(/^3 \/ \d+$/)).toBeVisible();
  });
});
