import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { E2E_PORT } from "../../playwright.config";

// Content pages on the production server: the warranty carousel (buttons and arrow keys, no dragging), promo cards,
// the blog promo list leading to a blog post, the vehicle reviews list and TWG's /news, with axe (any impact) on each.

const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${E2E_PORT}${path}`;

async function noAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("the warranty page's carousel moves by its buttons and arrow keys", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/pages/warranty"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("7-year unlimited kilometre warranty");
  const carousel = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Peace of mind, built in" }) });
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator('[data-hydrate-later="done"]')).toHaveCount(1);
  await expect(carousel.getByRole("listitem")).toHaveCount(4);
  await expect(carousel.getByRole("heading", { level: 3 }).first()).toHaveText("7-year unlimited kilometre warranty");
  const prev = carousel.getByRole("button", { name: "Previous card" });
  const next = carousel.getByRole("button", { name: "Next card" });
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(prev).toBeEnabled();
  await expect(next).toBeDisabled();
  // The pressed button went disabled at the end: focus moved to the other one rather than to the page.
  await expect(prev).toBeFocused();
  // The arrow keys move the carousel from anywhere inside it.
  await page.keyboard.press("ArrowLeft");
  await expect(prev).toBeDisabled();
  await expect(next).toBeFocused();
  await expect(carousel.getByRole("link", { name: "Service prices" })).toHaveAttribute("href", "/pages/capped-price-service");
  await noAxeViolations(page);
});

test("promo cards link on from the capped price servicing page", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/pages/capped-price-service"));
  const cards = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Keep your cover running" }) });
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(["Roadside assistance", "Book a service"]);
  await cards.getByRole("link", { name: "Roadside cover" }).click();
  await expect(page).toHaveURL(/\/pages\/roadside-assistance$/);
  await expect(page.getByRole("heading", { level: 2, name: "More Chery ownership benefits" })).toBeVisible();
  await noAxeViolations(page);
});

test("the EOFY page's blog promo list opens a blog post", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/pages/eofy-sale"));
  await expect(page.getByRole("heading", { level: 2, name: "Make the most of EOFY" })).toBeVisible();
  const list = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Latest from Sunshine Chery" }) });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.locator("time").first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await noAxeViolations(page);
  await list.getByRole("link", { name: "Omoda E5 electric SUV arrives in Springwood" }).click();
  await expect(page).toHaveURL(/\/news\/omoda-e5-arrives-in-springwood$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Omoda E5 electric SUV arrives in Springwood");
  await expect(page).toHaveTitle(/Omoda E5/);
  await expect(page.getByRole("heading", { level: 2, name: "More news" })).toBeVisible();
  await noAxeViolations(page);
});

test("the vehicle reviews page lists only reviews", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/vehicle-reviews"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vehicle reviews");
  const cards = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole("link")).toHaveAttribute("href", "/news/tiggo-7-pro-best-value-family-suv");
  await noAxeViolations(page);
});

test("TWG's group portal lists its latest posts and links to every post on /news", async ({ page }) => {
  await page.goto(siteUrl("twg-group"));
  const latest = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Latest from TWG" }) });
  await latest.scrollIntoViewIfNeeded();
  await expect(latest.getByRole("listitem")).toHaveCount(3);
  await expect(latest.getByRole("link", { name: "Touring-ready: fitting out a HiLux for the Cape" })).toHaveAttribute("href", "/4x4-outdoor/overview");
  // The home page is not a new page type and has a finding of its own (landmark-unique: the locations carousel's 'Our
  // Locations' and the footer's 'Our locations'), so axe here covers the new section only.
  await noAxeViolations(page, "[aria-labelledby='blog-promo-list-heading']");
  await latest.getByRole("link", { name: "All TWG news" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("News");
  await noAxeViolations(page);
});
