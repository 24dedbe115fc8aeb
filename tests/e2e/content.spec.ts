import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { axeClean } from "../helpers/axe";

// Content pages on the production server: the warranty carousel (buttons and arrow keys, no dragging), promo cards,
// the blog promo list leading to a blog post, the vehicle reviews list and TWG's /news, every sample dealer's posts,
// reviews, owners and brands pages, and the special offers' links to offer pages, with axe (any impact) on each.

const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${E2E_PORT}${path}`;

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
  await axeClean(page, { tags: "all" });
});

test("promo cards link on from the capped price servicing page", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/pages/capped-price-service"));
  const cards = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Keep your cover running" }) });
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(["Roadside assistance", "Book a service"]);
  await cards.getByRole("link", { name: "Roadside cover" }).click();
  await expect(page).toHaveURL(/\/pages\/roadside-assistance$/);
  await expect(page.getByRole("heading", { level: 2, name: "More Chery ownership benefits" })).toBeVisible();
  // The client-side navigation sets the new page's title after its content (axe's document-title otherwise).
  await expect(page).toHaveTitle(/Roadside assistance/);
  await axeClean(page, { tags: "all" });
});

test("the EOFY page's blog promo list opens a blog post", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/pages/eofy-sale"));
  await expect(page.getByRole("heading", { level: 2, name: "Make the most of EOFY" })).toBeVisible();
  const list = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Latest from Sunshine Chery" }) });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.locator("time").first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await axeClean(page, { tags: "all" });
  await list.getByRole("link", { name: "Omoda E5 electric SUV arrives in Springwood" }).click();
  await expect(page).toHaveURL(/\/news\/omoda-e5-arrives-in-springwood$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Omoda E5 electric SUV arrives in Springwood");
  await expect(page).toHaveTitle(/Omoda E5/);
  await expect(page.getByRole("heading", { level: 2, name: "More news" })).toBeVisible();
  await axeClean(page, { tags: "all" });
});

test("the vehicle reviews page lists only reviews", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/vehicle-reviews"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vehicle reviews");
  const cards = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole("link")).toHaveAttribute("href", "/news/tiggo-7-pro-best-value-family-suv");
  await axeClean(page, { tags: "all" });
});

test("TWG's group portal lists its latest posts and links to every post on /news", async ({ page }) => {
  await page.goto(siteUrl("twg-group"));
  const latest = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Latest from TWG" }) });
  await latest.scrollIntoViewIfNeeded();
  await expect(latest.getByRole("listitem")).toHaveCount(3);
  await expect(latest.getByRole("link", { name: "Touring-ready: fitting out a HiLux for the Cape" })).toHaveAttribute("href", "/news/touring-ready-hilux");
  // The home page is not a new page type and has a finding of its own (landmark-unique: the locations carousel's 'Our
  // Locations' and the footer's 'Our locations'), so axe here covers the new section only.
  await axeClean(page, { include: "[aria-labelledby='blog-promo-list-heading']", tags: "all" });
  await latest.getByRole("link", { name: "All TWG news" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("News");
  await axeClean(page, { tags: "all" });
});

test("every blog site's posts are pages of their own, and its reviews list only reviews", async ({ page }) => {
  // Harbour: /news lists its posts; a post opens as its own page with more news under it.
  await page.goto(siteUrl("harbour-motor-group", "/news"));
  await page.getByRole("main").getByRole("link", { name: "Harbour Kia Penrith opens its doors" }).click();
  await expect(page).toHaveURL(/\/news\/harbour-kia-penrith-opens$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Harbour Kia Penrith opens its doors");
  await expect(page.getByRole("heading", { level: 2, name: "More news" })).toBeVisible();
  await axeClean(page, { tags: "all" });
  // TWG: a post links on to the business it is about; its reviews page lists the one review.
  await page.goto(siteUrl("twg-group", "/news/touring-ready-hilux"));
  await expect(page.getByRole("main").getByRole("link", { name: "TWG 4x4 Outdoor" })).toHaveAttribute("href", "/4x4-outdoor/overview");
  await page.goto(siteUrl("twg-group", "/vehicle-reviews"));
  const reviews = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(reviews).toHaveCount(1);
  await expect(reviews.getByRole("link")).toHaveAttribute("href", "/news/ford-ranger-review");
  // Outback Caravans now has a blog: its buying guide is a page.
  await page.goto(siteUrl("outback-caravans", "/news/first-caravan-buying-guide"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buying your first caravan: weights, towing and what to ask");
  await axeClean(page, { tags: "all" });
});

test("owners pages are linked from the footer", async ({ page }) => {
  for (const site of ["outback-caravans", "harbour-motor-group"]) {
    await page.goto(siteUrl(site));
    await page.getByRole("contentinfo").getByRole("link", { name: "Owners", exact: true }).click();
    await expect(page).toHaveURL(/\/pages\/owners$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Owners");
    await expect(page.getByRole("main").getByRole("link", { name: "Book a service" })).toHaveAttribute("href", "/service");
  }
  await axeClean(page, { tags: "all" });
});

test("/brands on a multi-franchise and a single-brand site", async ({ page }) => {
  await page.goto(siteUrl("harbour-motor-group", "/brands"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our brands");
  const sold = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Brands we sell" }) });
  await expect(sold.getByRole("link", { name: "Kia" })).toHaveAttribute("href", "/search/kia");
  await axeClean(page, { tags: "all" });
  // One brand: no brand list of its own, the stock by make still shows.
  await page.goto(siteUrl("sunshine-chery", "/brands"));
  const makes = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Shop by make" }) }).getByRole("link");
  await expect(makes.first()).toHaveText(/^Chery\s*\d+ cars$/);
  await expect(makes.first()).toHaveAttribute("href", "/search/chery");
});

test("each offer on /special-offers links to its own offer page", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/special-offers"));
  // The cars on offer are listed (an undeclared offer_price once matched nothing on the server).
  await expect(page.getByText("There appears to be no offers")).toHaveCount(0);
  await expect(page.locator('main a[href^="/cars/"]').first()).toBeVisible();
  await page.getByRole("link", { name: /^Offer details\s*: Omoda 5 runout$/ }).click();
  await expect(page).toHaveURL(/\/offers\/omoda-runout$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Omoda 5 runout");
  await expect(page.getByRole("link", { name: "See the Omoda 5" })).toHaveAttribute("href", "/models/omoda-5");
});

test("the home page's promotions slider goes live: Pause stops it and a dot chooses a slide", async ({ page }) => {
  // Its code is a chunk of its own (next/dynamic), loaded only by pages that show a slider.
  await page.goto(siteUrl("sunshine-chery"));
  // The home page paints before its scripts load: the controls answer once the slider is live.
  await expect(page.locator("[data-ready]").filter({ has: page.getByRole("button", { name: "Pause slideshow" }) })).toHaveAttribute("data-ready", "true");
  await page.getByRole("button", { name: "Pause slideshow" }).click();
  await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  const dots = page.getByRole("group", { name: "Choose a slide" }).getByRole("button");
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(dots.nth(0)).not.toHaveAttribute("aria-current", "true");
});
