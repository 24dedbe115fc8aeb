import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";

// The search page before and without its JavaScript: make cards and page links are links, the
// filters, sort and search box one GET form on the same URLs the InstantSearch router writes;
// and a filter clicked before hydration on a slow phone navigates instead of being lost.
const HARBOUR = `http://harbour-motor-group.localhost:${E2E_PORT}`;

test("with JavaScript off: filter by make and condition, sort, a price range, change page and reach a vehicle page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/cars for sale/);

    await page
      .locator('[data-facet="make"]')
      .getByRole("button", { name: /^Toyota/ })
      .click();
    await expect(page).toHaveURL(/\/search\/toyota$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toyota for sale");
    for (const title of await page.locator('[data-testid="vehicle-card"] h3').allTextContents()) expect(title).toMatch(/Toyota/);

    // Condition and sort through the form: its Apply button, then the canonical URL.
    await page
      .locator('[data-facet="car_type"]')
      .getByRole("checkbox", { name: /^(Used|Pre-owned)/ })
      .check();
    await page.getByTestId("sort-by").selectOption({ label: "Lowest price" });
    await page.getByTestId("apply-filters").click();
    await expect(page).toHaveURL(/\/search\/toyota\?car_type=used&sortBy=Car_production:price:asc$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^(Used|Pre-owned) Toyota for sale/);
    const prices = (await page.getByTestId("vehicle-card").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-price"))))).filter((p) => p > 10);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices.every((p, i) => i === 0 || p >= prices[i - 1])).toBe(true);

    // A minimum price: the untouched maximum stays out of the URL.
    const min = prices[Math.floor(prices.length / 2)];
    await page.locator('[data-facet="price"]').getByRole("spinbutton", { name: "Min" }).fill(String(min));
    await page.getByTestId("apply-filters").click();
    await expect(page).toHaveURL(new RegExp(`range\\[price\\]=${min}:&sortBy=`));

    // Back to all cars, then the second page through its link.
    await page.goto(`${HARBOUR}/search/used-cars`);
    const first = await page.getByTestId("vehicle-card").first().getAttribute("data-car-id");
    await page.getByTestId("pagination").getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/search\/used-cars\?page=2$/);
    await expect(page.getByTestId("pagination").locator('[aria-current="page"]')).toHaveText("2");
    expect(await page.getByTestId("vehicle-card").first().getAttribute("data-car-id")).not.toBe(first);

    // The search box submits too.
    await page.getByRole("searchbox", { name: "Search stock" }).fill("RAV4");
    await page.getByRole("searchbox", { name: "Search stock" }).press("Enter");
    await expect(page).toHaveURL(/query=RAV4/);

    const card = page.getByTestId("vehicle-card").first();
    await card.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/cars\//);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("on a slow phone a filter clicked as soon as it shows is applied", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  try {
    await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`, { waitUntil: "commit" });
    await page
      .locator('[data-facet="car_type"]')
      .getByRole("checkbox", { name: /^(Used|Pre-owned)/ })
      .click();
    await expect(page).toHaveURL(/\/search\/used-cars$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^(Used|Pre-owned) .*for sale/);

    await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`, { waitUntil: "commit" });
    await page
      .locator('[data-facet="make"]')
      .getByRole("button", { name: /^Toyota/ })
      .click();
    await expect(page).toHaveURL(/\/search\/toyota$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toyota for sale");
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  }
});

test("while the search app is still a static island, a filter click and a sort change are applied", async ({ page }) => {
  await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`);
  await page.waitForLoadState("networkidle");
  const island = page.locator("[data-hydrate-later]:has(#search-form)");
  await expect(island).toHaveAttribute("data-hydrate-later", "pending");
  await page.getByTestId("sort-by").selectOption({ label: "Lowest price" });
  await expect(page).toHaveURL(/sortBy=Car_production:price:asc/);

  await page.goto(`${HARBOUR}/search/new-used-and-demo-cars`);
  await page.waitForLoadState("networkidle");
  await expect(island).toHaveAttribute("data-hydrate-later", "pending");
  await page
    .locator('[data-facet="car_type"]')
    .getByRole("checkbox", { name: /^(Used|Pre-owned)/ })
    .click();
  await expect(page).toHaveURL(/\/search\/used-cars$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^(Used|Pre-owned) .*for sale/);
});
