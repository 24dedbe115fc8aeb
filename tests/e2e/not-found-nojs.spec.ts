/**
 * A dealer's 404 before any script runs: the server's HTML is the dealer's themed not-found page
 * (header, heading, message, a link home, footer) with status 404, for a path the site has no page
 * for (rendered per request) and for a car it does not have (the cached vehicle route). Without
 * JavaScript nothing can draw it later, so the page must arrive whole.
 */
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { getWithHost } from "../helpers/http";
import { sampleManifest } from "../helpers/sites";
import { axeClean } from "../helpers/axe";

const PORT = Number(process.env.E2E_PORT ?? E2E_PORT);
const SLUG = "harbour-motor-group";
const manifest = sampleManifest(SLUG);
const siteUrl = (path: string) => `http://${SLUG}.localhost:${PORT}${path}`;
const MISSING = ["/no-such-page", "/cars/no-such-car"];

test.describe("the dealer's 404 without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of MISSING) {
    test(`${path}: the themed 404 with a working link home, status 404, no axe violation`, async ({ page, browser }) => {
      const response = await page.goto(siteUrl(path));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByText("Sorry, we couldn't find that page.")).toBeVisible();
      await expect(page.locator("header").first()).toContainText(manifest.contact.phones.sales);
      await expect(page.locator("footer").first()).toContainText(manifest.name);
      // axe runs as a script: the same server HTML in a context whose page scripts never load, so nothing hydrates.
      const checker = await browser.newContext({ javaScriptEnabled: true });
      try {
        const markup = await checker.newPage();
        await markup.route(/\.js(\?|$)/, (route) => route.abort());
        expect((await markup.goto(siteUrl(path)))?.status()).toBe(404);
        await expect(markup.getByRole("heading", { level: 1 })).toHaveText("Page not found");
        await axeClean(markup, { label: path });
      } finally {
        await checker.close();
      }
      await page.getByRole("link", { name: "Go to the home page" }).click();
      await expect(page).toHaveURL(siteUrl("/"));
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page not found");
    });
  }

  test("the HTML as sent, never Next's empty error document, and 404 again from the cache", async () => {
    for (const path of [...MISSING, ...MISSING]) {
      const res = await getWithHost(PORT, `${SLUG}.localhost:${PORT}`, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('id="__next_error__"');
      expect(res.body, path).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(res.body, path).toContain('href="/"');
    }
  });

  test("an unknown host keeps its plain 'site not found'", async () => {
    const res = await getWithHost(PORT, `www.not-a-dealer.example:${PORT}`, "/no-such-page");
    expect(res.status).toBe(404);
    expect(res.body).toContain("Site not found");
    expect(res.body).not.toContain(manifest.name);
  });
});
