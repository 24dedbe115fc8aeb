import { expect, type Page } from "@playwright/test";

/**
 * The search app stays the server's static markup until the first scroll or touch (hydrateLater
 * "scroll"); updating in place, and the toggles on its cards, need it live. Scroll events until it
 * is (the framework's scripts arrive after the first paint, so the first one may come before
 * anything listens).
 */
export async function searchAppLive(page: Page) {
  const island = page.locator("[data-hydrate-later]:has(#search-form)");
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event("scroll")));
    await expect(island).toHaveAttribute("data-hydrate-later", "done", { timeout: 1000 });
  }).toPass();
}
