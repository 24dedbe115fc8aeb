import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { getWithHost } from "../helpers/http";
import { SAMPLE_SLUGS, sampleManifest } from "../helpers/sites";
import { axeClean } from "../helpers/axe";

const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${E2E_PORT}${path}`;

for (const slug of SAMPLE_SLUGS) {
  test(`${slug}: home page renders with its own name and theme`, async ({ page }) => {
    const manifest = sampleManifest(slug);
    const response = await page.goto(siteUrl(slug));
    expect(response?.status()).toBe(200);
    await expect(page.locator("header").first()).toContainText(manifest.contact.phones.sales);
    await expect(page.getByRole("img", { name: manifest.theme.logo.alt }).first()).toBeVisible();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());
    expect(primary.toLowerCase()).toBe(manifest.theme.colors.primary.toLowerCase());
    await expect(page).toHaveTitle(new RegExp(manifest.name.split(" ")[0]));
    await expect(page.locator("footer").first()).toContainText(manifest.name);
  });

  test(`${slug}: home page has no axe violations (any impact)`, async ({ page }) => {
    await page.goto(siteUrl(slug));
    await axeClean(page);
  });
}

test("navigation: a header link leads to its page", async ({ page }) => {
  await page.goto(siteUrl("harbour-motor-group"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Offers", exact: true }).click();
  await expect(page).toHaveURL(/\/special-offers$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("navigation: a dropdown opens by keyboard, marks the header and leads to its page", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery"));
  const company = page.getByRole("button", { name: "Company" });
  await company.focus();
  await page.keyboard.press("Enter");
  await expect(company).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("header[data-dropdown-open]")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(company).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("header[data-dropdown-open]")).toHaveCount(0);
  await company.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole("heading", { level: 1, name: "About us" })).toBeVisible();
});

test("an unknown host gets 404 'site not found', never another dealer's site", async () => {
  const res = await getWithHost(E2E_PORT, `www.not-a-dealer.example:${E2E_PORT}`);
  expect(res.status).toBe(404);
  expect(res.body).toContain("Site not found");
  for (const slug of SAMPLE_SLUGS) expect(res.body).not.toContain(sampleManifest(slug).name);
});

test("a custom domain listed in a manifest picks that dealer", async () => {
  const res = await getWithHost(E2E_PORT, "www.outbackcaravans.com.au");
  expect(res.status).toBe(200);
  expect(res.body).toContain("Outback Caravans Toowoomba");
});

test("an unmatched path renders the dealer's own themed 404", async ({ page }) => {
  const response = await page.goto(siteUrl("twg-group", "/no-such-page"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.locator("footer").first()).toContainText("TWG Group");
});

test("a page's payload carries neither the unseen 404 nor a second copy of the header's script", async ({ page }) => {
  const response = await page.goto(siteUrl("twg-group", "/"));
  const html = await response!.text();
  expect(html).not.toContain("Page not found");
  expect(html.match(/function idle\(h\)/g)).toHaveLength(1);
  // A path found missing after a navigation inside the app is still the dealer's own 404 in full.
  // Next sets `window.next.router` before the app has hydrated, and a push made before its router
  // is running can be dropped (seen once on a loaded machine): push again until the navigation
  // takes (pushing the same path twice is harmless).
  await page.waitForFunction(() => Boolean((window as { next?: { router?: unknown } }).next?.router));
  await expect(async () => {
    await page.evaluate(() => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push("/no-such-page"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found", { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.locator("footer").first()).toContainText("TWG Group");
  expect(new URL(page.url()).pathname).toBe("/no-such-page");
});

test("localhost lists every dealer with a link", async ({ page }) => {
  await page.goto(`http://localhost:${E2E_PORT}/`);
  for (const slug of SAMPLE_SLUGS) await expect(page.locator(`a[href="http://${slug}.localhost:${E2E_PORT}/"]`)).toHaveCount(1);
});

test("robots.txt and sitemap.xml are per host", async () => {
  const robots = await getWithHost(E2E_PORT, "sunshine-chery.localhost");
  expect(robots.status).toBe(200);
  const r = await getWithHost(E2E_PORT, "sunshine-chery.localhost", "/robots.txt");
  expect(r.body).toContain("Sitemap: https://www.sunshinechery.com.au/sitemap.xml");
  const s = await getWithHost(E2E_PORT, "twg-group.localhost", "/sitemap.xml");
  expect(s.status).toBe(200);
  expect(s.body).toContain("<loc>https://www.twggroup.com.au/neotek/overview</loc>");
  expect(s.body).not.toContain("sunshinechery");
});

test("the sitemap lists the dealer's cars, and a listed car's page answers 200", async () => {
  const s = await getWithHost(E2E_PORT, "sunshine-chery.localhost", "/sitemap.xml");
  const cars = [...s.body.matchAll(/<url><loc>https:\/\/www\.sunshinechery\.com\.au(\/cars\/[^<]+)<\/loc><lastmod>[0-9T:-]+Z<\/lastmod><\/url>/g)].map(
    (m) => m[1],
  );
  expect(cars.length).toBeGreaterThan(100);
  const car = await getWithHost(E2E_PORT, "sunshine-chery.localhost", cars[cars.length - 1]);
  expect(car.status).toBe(200);
  expect(s.body).not.toContain("/success<");
});
