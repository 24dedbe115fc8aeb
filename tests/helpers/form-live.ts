import { expect, type Locator, type Page } from "@playwright/test";

/**
 * A lead form stays the server's markup (it posts without its code) until the first scroll or touch
 * (hydrateLater "scroll"); tests of what it does once live make it live the way a visitor would:
 * scroll events until `liveForm` (a locator of the live form, e.g. `form[data-ready="true"]`) shows.
 * The framework's scripts may arrive after the first event, so it is repeated until one is heard.
 */
export async function formLive(page: Page, liveForm: Locator, timeout = 30_000): Promise<Locator> {
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event("scroll")));
    await expect(liveForm.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout });
  return liveForm;
}
