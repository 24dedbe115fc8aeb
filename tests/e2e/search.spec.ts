import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { SAMPLE_SLUGS, sampleManifest } from "../helpers/sites";
import { getWithHost } from "../helpers/http";
import { searchAppLive } from "../helpers/search-live";
import { axeClean } from "../helpers/axe";

// The stock search page against the production server: filters, URL state, empty state, sort,
// pagination, a failing search request, accessibility, and each dealer seeing only its stock.
const HARBOUR = `http://harbour-motor-group.localhost:${E2E_PORT}`;

async function count(page: Page): Promise<number> {
  const text = (await page.getByTestId("result-count").textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}
const cards = (page: Page) => page.getByTestId("vehicle-card");

const live = searchAppLive;

async function settled(page: Page) {
  await expect(page.getByTestId("results-grid")).toHaveAttribute("data-dimmed", "false");
}

test("filter by make then model: the URL changes and the count drops; a reload gives the same state", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/cars for sale/);
  await expect(cards(page).first()).toBeVisible();
  const all = await count(page);
  expect(all).toBeGreaterThan(100);

  await page
    .locator('[data-facet="make"]')
    .getByRole("button", { name: /^Toyota/ })
    .click();
  await expect(page).toHaveURL(/\/search\/toyota$/);
  await settled(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toyota for sale");
  await expect.poll(() => count(page)).toBeLessThan(all);
  const toyota = await count(page);

  await live(page);
  await page.getByTestId("models-toggle").click();
  await expect(page.getByTestId("models-toggle")).toHaveText("Hide models");
  await page.getByRole("checkbox", { name: /^RAV4/ }).check();
  await expect(page).toHaveURL(/\/search\/toyota\/rav4$/);
  await settled(page);
  await expect.poll(() => count(page)).toBeLessThan(toyota);
  const rav4 = await count(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toyota RAV4 for sale");

  await page.reload();
  await expect(page).toHaveURL(/\/search\/toyota\/rav4$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toyota RAV4 for sale");
  expect(await count(page)).toBe(rav4);
  for (const title of await page.locator('[data-testid="vehicle-card"] h3').allTextContents()) expect(title).toMatch(/Toyota RAV4/);

  // Back restores the previous state.
  await page.goto(`${HARBOUR}/search/toyota`);
  await live(page);
  await page.locator('[data-facet="car_type"]').getByRole("checkbox").first().check();
  await expect(page).toHaveURL(/\/search\/toyota\?car_type=/);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\/toyota$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toyota for sale");
});

test("the first page is server-rendered HTML and hydrates without a search request", async ({ page }) => {
  const searches: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/search/")) searches.push(r.url());
  });
  // Node cannot resolve *.localhost: fetch the raw HTML through loopback with the Host header.
  const html = (await getWithHost(E2E_PORT, "harbour-motor-group.localhost", "/search/used-cars")).body;
  expect(html).toContain('data-testid="vehicle-card"');
  await page.goto(`${HARBOUR}/search/used-cars`);
  await expect(cards(page).first()).toBeVisible();
  await live(page);
  await page.waitForLoadState("networkidle");
  expect(searches).toEqual([]);
});

test("empty state with the site's message, and Clear Filters", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/used-cars?query=zzzz-no-such-car`);
  const empty = page.getByTestId("empty-state");
  await expect(empty).toContainText("No Results Available");
  await expect(empty).toContainText("No results found for your search at this time. Please try adjusting the filters for more results.");
  await empty.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars$/);
  await expect(cards(page).first()).toBeVisible();
});

test("sort by price", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/used-cars`);
  await live(page);
  await page.getByTestId("sort-by").selectOption({ label: "Lowest price" });
  await expect(page).toHaveURL(/sortBy=Car_production:price:asc/);
  await settled(page);
  await expect
    .poll(async () => {
      const prices = (await cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-price"))))).filter((p) => p > 10);
      return prices.length > 3 && prices.every((p, i) => i === 0 || p >= prices[i - 1]);
    })
    .toBe(true);
  await live(page);
  await page.getByTestId("sort-by").selectOption({ label: "Highest price" });
  await expect(page).toHaveURL(/sortBy=Car_production:price:desc/);
  await settled(page);
  await expect
    .poll(async () => {
      const prices = await cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-price"))));
      return prices.length > 3 && prices.every((p, i) => i === 0 || p <= prices[i - 1]);
    })
    .toBe(true);
});

test("paginate, and changing a filter clears the page", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`);
  const firstIds = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-car-id")));
  await page.getByTestId("pagination").getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect.poll(async () => (await cards(page).first().getAttribute("data-car-id")) ?? "").not.toBe(firstIds[0]);
  await expect(page.getByTestId("pagination").locator('[aria-current="page"]')).toHaveText("2");
  await live(page);
  await page.locator('[data-facet="car_type"]').getByRole("checkbox").first().check();
  await expect(page).not.toHaveURL(/page=/);
});

test("a failing search request keeps the previous results with a notice", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`);
  await expect(cards(page).first()).toBeVisible();
  const before = await count(page);
  const firstId = await cards(page).first().getAttribute("data-car-id");
  await live(page);
  await page.route("**/api/search/**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down","status":500}' }));
  await page.locator('[data-facet="car_type"]').getByRole("checkbox").first().check();
  await expect(page.getByTestId("search-error")).toBeVisible();
  await expect(page.getByTestId("search-error")).toContainText("previous search");
  await expect(cards(page).first()).toHaveAttribute("data-car-id", firstId ?? "");
  expect(await count(page)).toBe(before);
  await page.unroute("**/api/search/**");
  await page.getByTestId("search-error").getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("search-error")).toHaveCount(0);
  await expect.poll(() => count(page)).toBeLessThan(before);
});

test("keyboard: make cards, range step buttons and the search box work without a mouse", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/used-cars`);
  await live(page);
  const before = await count(page);
  await page.getByRole("button", { name: /Increase minimum price/i }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/range\[price\]=\d+:/);
  await settled(page);
  expect(await count(page)).toBeLessThanOrEqual(before);
  const box = page.getByRole("searchbox", { name: "Search stock" });
  await box.fill("RAV4");
  await expect(page).toHaveURL(/query=RAV4/);
});

test("the search app stays static through the load, and goes live on the first scroll without moving anything", async ({ page }) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`);
    await page.waitForLoadState("networkidle");
    const island = page.locator("[data-hydrate-later]:has(#search-form)");
    await expect(island).toHaveAttribute("data-hydrate-later", "pending");
    const boxes = () =>
      page.evaluate(() =>
        [
          "h1",
          "#search-form",
          '[data-testid="sort-by"]',
          '[data-testid="result-count"]',
          '[data-facet="make"]',
          '[data-facet="car_type"] input',
          '[data-testid="vehicle-card"]',
          '[data-testid="pagination"]',
        ].map((selector) => {
          const r = document.querySelector(selector)?.getBoundingClientRect();
          return `${selector} ${r ? [r.x, r.y, r.width, r.height].join(",") : "none"}`;
        }),
      );
    const before = await boxes();
    await page.evaluate(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift" });
    });
    await live(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await boxes()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  }
});

test("axe finds no violation (any impact) on the search and offers pages", async ({ page }) => {
  for (const url of [
    `${HARBOUR}/search/new-used-and-demo-cars`,
    `${HARBOUR}/search/toyota`,
    `${HARBOUR}/special-offers`,
    `${HARBOUR}/search/used-cars?query=zzzz-no-such-car`,
  ]) {
    await page.goto(url);
    await expect(page.getByTestId("search-app")).toBeVisible();
    await axeClean(page, { label: url });
  }
});

for (const slug of SAMPLE_SLUGS) {
  test(`${slug}: the search page and the offers page show only this dealer's stock`, async ({ page }) => {
    const own = new Set<string>((sampleManifest(slug).dealerships ?? []).map((d: { slug: string }) => d.slug));
    for (const path of ["/search/new-used-and-demo-cars", "/special-offers"]) {
      await page.goto(`http://${slug}.localhost:${E2E_PORT}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const dealers = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-dealership")));
      if (path.startsWith("/search")) expect(dealers.length).toBeGreaterThan(0);
      for (const d of dealers) expect(own.has(d ?? "")).toBe(true);
    }
  });
}

test("words follow the vehicle type: make tiles, the result count and the heading name motorcycles, trucks and caravans", async ({ page }) => {
  const twg = (path: string) => `http://twg-group.localhost:${E2E_PORT}${path}`;
  await page.goto(twg("/brands"));
  const makes = page.getByRole("region", { name: "Shop by make" });
  await expect(makes.getByRole("link", { name: /^Yamaha \d+ motorcycles$/ })).toBeVisible();
  await expect(makes.getByRole("link", { name: /^Fuso \d+ trucks$/ })).toBeVisible();
  await expect(makes.getByRole("link", { name: /^Toyota \d+ cars$/ })).toBeVisible();
  await page.goto(twg("/search/yamaha"));
  await expect(page.getByTestId("result-count")).toHaveText(/^[1-9][\d,]* motorcycles found$/);
  await page.goto(twg("/search/new-used-and-demo-cars"));
  await expect(page.getByTestId("result-count")).toHaveText(/^[1-9][\d,]* vehicles found$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New, used and demo vehicles for sale");
  await page.goto(`http://outback-caravans.localhost:${E2E_PORT}/search/new-used-and-demo-cars`);
  await expect(page.getByTestId("result-count")).toHaveText(/^[1-9][\d,]* caravans found$/);
  await axeClean(page);
});

test("the price slider's last position takes the upper limit off, though the dearest car's price lies between two steps", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`);
  await live(page);
  const all = await count(page);
  const high = page.getByRole("slider", { name: "Maximum price slider" });
  await high.focus();
  await high.press("PageDown");
  await expect(page).toHaveURL(/range(%5B|\[)price/);
  await settled(page);
  await expect.poll(() => count(page)).toBeLessThan(all);
  // Its last position, short of the dearest car's price, is no limit: every car is back.
  await high.press("End");
  await expect(page).not.toHaveURL(/range(%5B|\[)price/);
  await settled(page);
  await expect.poll(() => count(page)).toBe(all);
});
