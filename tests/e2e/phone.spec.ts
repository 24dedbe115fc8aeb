import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";

// What a shopper does on a phone with a finger: the controls answer the first touch.
const HARBOUR = `http://harbour-motor-group.localhost:${E2E_PORT}`;

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("the first tap on Filters opens the panel, and it stays open once the search app is live", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`);
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
