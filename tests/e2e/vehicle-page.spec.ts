import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { findCars as searchCars, type CarHit } from "../helpers/cars";
import { getWithHost } from "../helpers/http";
import { holdOnDemandCode, pageHydrated, type HeldCode } from "../helpers/held-code";
import { vehicleSectionOrder } from "../helpers/sites";
import { axeClean } from "../helpers/axe";

// The vehicle detail page (/cars/[slug]) on the production server: gallery and fullscreen by
// keyboard, phone reveal, specs, both calculators with their messages, similar cars, the sold
// state, another dealer's car as a 404, the section order of the manifest's block tree, and axe.

const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${E2E_PORT}${path}`;

/** Cars of a dealer through its own search API (so the dealer's base filter applies). */
const findCars = (site: string, filters: string, hitsPerPage = 5) => searchCars(E2E_PORT, site, filters, hitsPerPage);

async function oneCar(site: string, filters: string): Promise<CarHit> {
  const [car] = await findCars(site, filters, 1);
  expect(car, `a car of ${site} matching ${filters}`).toBeDefined();
  return car;
}

const USED_WITH_PHOTOS = "car_type:used AND status:in_stock AND photos_count > 5 AND NOT simple_fuel:Electric AND price > 10";

test("a used car: gallery by keyboard, fullscreen, phone reveal, specs, calculators and a similar car", async ({ page }) => {
  test.setTimeout(90_000);
  const car = await oneCar("sunshine-chery", USED_WITH_PHOTOS);
  const response = await page.goto(siteUrl("sunshine-chery", `/cars/${car.slug}`));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("h1")).toHaveCount(1);

  // The page's interactive parts load on demand: wait until they have arrived and hydrated.
  await page.waitForLoadState("networkidle");
  // Gallery: page with the arrow keys.
  const stage = page.getByTestId("gallery-stage");
  const counter = page.getByTestId("gallery-counter");
  await expect(stage).toHaveAttribute("data-ready", "true");
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  await stage.focus();
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(/^2 \/ \d+$/);
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(/^1 \/ \d+$/);

  // Fullscreen: opens as a dialog, pages with the arrow keys, closes with Escape and gives focus back.
  await page.getByRole("button", { name: "View fullscreen" }).click();
  const dialog = page.getByTestId("fullscreen-gallery");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByText(/^2 \/ \d+$/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "View fullscreen" })).toBeFocused();
  await expect(counter).toHaveText(/^2 \/ \d+$/);

  // Phone: masked until pressed; pressing records the reveal.
  const reveal = page.getByTestId("phone-reveal");
  await expect(reveal).toContainText("*");
  const recorded = page.waitForResponse((r) => r.url().includes(`/api/cars/${car.slug}/phone-reveal`) && r.request().method() === "POST");
  await reveal.click();
  expect((await recorded).status()).toBe(201);
  await expect(page.getByTestId("phone-number")).toHaveAttribute("href", /^tel:\d+/);
  await expect(page.getByTestId("phone-number")).not.toContainText("*");

  // All specifications: 4 rows, then all.
  const specs = page.locator('[data-section="vdp-all-specifications"]');
  const showAll = specs.getByRole("button", { name: "Show All Specs" });
  await showAll.click();
  await expect(specs.getByRole("button", { name: "Hide Specs" })).toHaveAttribute("aria-expanded", "true");
  await expect(specs.getByText("Stock No.")).toBeVisible();

  // Fuel calculator: error for an unreadable value, '$', ',' and 'kms' ignored.
  const fuel = page.locator('[data-section="vdp-fuel-calculator"]');
  await fuel.getByLabel("Distance (kms)").fill("far");
  await expect(fuel.getByText("Please enter a valid distance.")).toBeVisible();
  await fuel.getByLabel("Fuel price ($ per litre)").fill("$2.00");
  await fuel.getByLabel("Distance (kms)").fill("1,000 kms");
  await fuel.getByLabel("Fuel consumption (L/100km)").fill("10");
  await expect(fuel.getByTestId("fuel-result")).toContainText("$200.00");

  // Delivery calculator: postcode required, a known region, an unknown area.
  const delivery = page.locator('[data-section="vdp-delivery-calculator"]');
  await delivery.getByRole("button", { name: "Calculate delivery" }).click();
  await expect(delivery.getByTestId("delivery-result")).toHaveText("Please enter a postcode.");
  await delivery.getByLabel("Your postcode").fill("4000");
  await delivery.getByRole("button", { name: "Calculate delivery" }).click();
  await expect(delivery.getByTestId("delivery-result")).toContainText("Brisbane Metro");
  await delivery.getByLabel("Your postcode").fill("0800");
  await delivery.getByRole("button", { name: "Calculate delivery" }).click();
  await expect(delivery.getByTestId("delivery-result")).toHaveText(/^Sorry, we can't provide an estimate for that location\./);

  // Similar cars: open one.
  const similar = page.locator('[data-section="similar-cars"]');
  await expect(similar.getByRole("heading", { level: 2 })).toHaveText("Similar Cars In-Stock");
  const link = similar.getByRole("link", { name: "View Details" }).first();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/cars\//);
  expect(href).not.toBe(`/cars/${car.slug}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

/** Scrolls through the page so every part meets the viewport, then waits until all are live. */
async function bringAllPartsToLife(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    // Two animation frames after each scroll: the intersection observers have run by then.
    await page.evaluate((top) => {
      window.scrollTo(0, top);
      return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, y);
  }
  await expect(page.locator('[data-hydrate-later="pending"]')).toHaveCount(0, { timeout: 15_000 });
  // Back to the top, where nothing sits under the fixed bottom bar.
  await page.evaluate(() => window.scrollTo(0, 0));
}

test("below-the-fold parts come as HTML without their code, go live when reached, and keep what the visitor did meanwhile", async ({ page }) => {
  test.setTimeout(60_000);
  const car = await oneCar("sunshine-chery", USED_WITH_PHOTOS);
  const url = siteUrl("sunshine-chery", `/cars/${car.slug}`);
  // Hold every script the HTML does not name (on-demand code) until released.
  const code = await holdOnDemandCode(page, E2E_PORT, "sunshine-chery.localhost", `/cars/${car.slug}`);
  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) (window as unknown as { __shift: number }).__shift += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url, { waitUntil: "load" });
  // The page has hydrated (React marks the document it listens on) and the browser has been idle
  // since: whatever the page would bring to life merely by loading has had its chance.
  await pageHydrated(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));

  const fuel = page.locator('[data-section="vdp-fuel-calculator"]');
  const delivery = page.locator('[data-section="vdp-delivery-calculator"]');
  // Loading the page does not bring the parts below the fold to life: the server's markup is there, not their code.
  await expect(fuel.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "pending");
  await expect(delivery.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "pending");
  await expect(page.locator('[data-section="similar-cars"]').getByRole("link", { name: "View Details" }).first()).toBeAttached();

  // The visitor types and presses a button before the code has arrived (it is held back).
  await fuel.getByLabel("Distance (kms)").fill("far");
  await delivery.getByRole("button", { name: "Calculate delivery" }).click();
  await expect(page).toHaveURL(url); // the static form did not submit as a page load
  expect(code.held()).toBeGreaterThan(0);
  await code.release();

  // Once live: the typed value was carried over and the press replayed (the calculator then
  // moves focus to the missing postcode, as it does for any press).
  await expect(fuel.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "done");
  await expect(delivery.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "done");
  await expect(fuel.getByText("Please enter a valid distance.")).toBeVisible();
  await expect(delivery.getByTestId("delivery-result")).toHaveText("Please enter a postcode.");
  await expect(delivery.getByLabel("Your postcode")).toBeFocused();

  await bringAllPartsToLife(page);
  // Bringing the parts to life adds next to no shift; the brand font swapping in over its
  // size-adjusted fallback (app/fonts.ts) accounts for about 0.02 of what remains.
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.05);
});

/** A used car's page on sunshine-chery, hydrated, with the code of its parts that go live later held back. */
async function openCarPageWithItsPartsCodeHeld(page: Page): Promise<HeldCode> {
  const car = await oneCar("sunshine-chery", USED_WITH_PHOTOS);
  const code = await holdOnDemandCode(page, E2E_PORT, "sunshine-chery.localhost", `/cars/${car.slug}`);
  await page.goto(siteUrl("sunshine-chery", `/cars/${car.slug}`), { waitUntil: "load" });
  await pageHydrated(page);
  return code;
}

test("a field typed in before its part's code arrives keeps the focus when the part goes live, and typing goes on in it", async ({ page }) => {
  const code = await openCarPageWithItsPartsCodeHeld(page);
  const fuel = page.locator('[data-section="vdp-fuel-calculator"]');
  const distance = fuel.getByLabel("Distance (kms)");
  await distance.fill("12");
  await expect.poll(() => code.held()).toBeGreaterThan(0);
  await expect(fuel.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "pending");
  await code.release();
  // The live field replaced the static one (Chromium blurs a focused element as it is removed):
  // the focus is in the live field, and what the visitor types next lands there.
  await expect(fuel.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "done");
  await expect(distance).toBeFocused();
  await page.keyboard.type("3");
  await expect(distance).toHaveValue("123");
});

test("a button pressed as its part's code arrives still acts: the part goes live once the press ends in its click", async ({ page }) => {
  const code = await openCarPageWithItsPartsCodeHeld(page);
  const delivery = page.locator('[data-section="vdp-delivery-calculator"]');
  const button = delivery.getByRole("button", { name: "Calculate delivery" });
  await button.scrollIntoViewIfNeeded();
  await button.hover();
  // The part's code was asked for as the button came near the viewport, and is held back. The
  // pointer goes down on the static button; the code arrives and runs while it is still down.
  await page.mouse.down();
  await expect.poll(() => code.held()).toBeGreaterThan(0);
  await code.release();
  // The code is here and the part waits for the press to end: swapped now, the button under the
  // pointer would be a new one and the release would click nothing.
  await expect(delivery.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "arrived");
  await page.mouse.up();
  await expect(delivery.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "done");
  // The press acted, as any press of it does: the calculator asks for the missing postcode.
  await expect(delivery.getByTestId("delivery-result")).toHaveText("Please enter a postcode.");
  await expect(delivery.getByLabel("Your postcode")).toBeFocused();
});

test("the space bar pressed on a button as its part's code arrives still acts, as a keyboard user expects", async ({ page }) => {
  const code = await openCarPageWithItsPartsCodeHeld(page);
  const delivery = page.locator('[data-section="vdp-delivery-calculator"]');
  const button = delivery.getByRole("button", { name: "Calculate delivery" });
  await button.focus();
  await page.keyboard.down(" ");
  await expect.poll(() => code.held()).toBeGreaterThan(0);
  await code.release();
  await expect(delivery.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "arrived");
  await page.keyboard.up(" ");
  await expect(delivery.locator("[data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "done");
  await expect(delivery.getByTestId("delivery-result")).toHaveText("Please enter a postcode.");
  await expect(delivery.getByLabel("Your postcode")).toBeFocused();
});

test("the 360 spin: shown by default where the dealer says so, turned by keys and buttons, its frames fetched a few at a time", async ({ page }) => {
  test.setTimeout(60_000);
  // harbour-motor-group opens the viewer on the spin (its vehicle-viewer block's defaultView "spinner").
  const car = (await findCars("harbour-motor-group", "car_type:new AND status:in_stock", 40)).find((c) => c.spin_images?.length === 36);
  expect(car, "a harbour new car with a 360 spin").toBeDefined();
  const frameRequests = new Set<string>();
  const framesDone = new Set<string>();
  page.on("request", (r) => {
    if (/\/spin-\d+\./.test(r.url())) frameRequests.add(new URL(r.url()).pathname);
  });
  page.on("requestfinished", (r) => {
    if (/\/spin-\d+\./.test(r.url())) framesDone.add(new URL(r.url()).pathname);
  });
  // Reduced motion: no auto-rotation, so what is fetched follows what the visitor does.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(siteUrl("harbour-motor-group", `/cars/${car!.slug}`));
  const spin = page.getByTestId("spin-stage");
  await expect(spin).toBeVisible({ timeout: 15_000 });
  await expect(spin).toHaveAttribute("aria-valuenow", "1");
  await page.getByRole("button", { name: "Turn right" }).click();
  await expect(spin).toHaveAttribute("aria-valuenow", "2");
  await spin.focus();
  await page.keyboard.press("ArrowRight");
  await expect(spin).toHaveAttribute("aria-valuenow", "3");
  await page.keyboard.press("ArrowLeft");
  await page.getByRole("button", { name: "Turn left" }).click();
  await expect(spin).toHaveAttribute("aria-valuenow", "1");
  // Frame 3 (index 2) was the furthest shown: frames up to 4 ahead of it, not all 36. Wait until
  // what was asked for has arrived, then count.
  await expect.poll(() => frameRequests.size >= 5 && [...frameRequests].every((p) => framesDone.has(p))).toBe(true);
  expect(frameRequests.size).toBeGreaterThanOrEqual(5);
  expect(frameRequests.size).toBeLessThanOrEqual(7);

  // Without reduced motion it turns once by itself (the whole loop, waiting for frames as they
  // arrive), then stops on the first frame.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.reload();
  await expect(spin).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Stop turning" })).toBeVisible();
  await expect.poll(async () => Number(await spin.getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(5);
  await expect(page.getByRole("button", { name: "Turn once" })).toBeVisible({ timeout: 20_000 });
  await expect(spin).toHaveAttribute("aria-valuenow", "1");
  expect(frameRequests.size).toBe(36);
});

test("on a phone the page fits the screen's width (nothing widens it, so the browser never zooms out)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    for (const site of ["sunshine-chery", "harbour-motor-group", "twg-group", "outback-caravans"]) {
      const car = await oneCar(site, "status:in_stock AND photos_count > 5");
      await page.goto(siteUrl(site, `/cars/${car.slug}`), { waitUntil: "load" });
      const { layoutWidth, documentWidth } = await page.evaluate(() => ({
        layoutWidth: window.innerWidth,
        documentWidth: document.documentElement.scrollWidth,
      }));
      expect(layoutWidth, site).toBe(412);
      expect(documentWidth, site).toBeLessThanOrEqual(412);
    }
  } finally {
    await context.close();
  }
});

test("sections follow the order of each dealer's vehicle page block tree", async ({ page }) => {
  for (const site of ["sunshine-chery", "twg-group", "harbour-motor-group", "outback-caravans"]) {
    const car = await oneCar(site, "status:in_stock AND photos_count > 3");
    await page.goto(siteUrl(site, `/cars/${car.slug}`));
    const shown = await page.locator("[data-section]").evaluateAll((els) => els.map((e) => (e.getAttribute("data-section") ?? "").replace(/^vdp-/, "")));
    const order = vehicleSectionOrder(site).filter((s) => shown.includes(s));
    expect(shown, site).toEqual(order);
    expect(shown.length, site).toBeGreaterThan(3);
  }
});

test("views are counted in the database, once per visitor, car and day", async () => {
  const car = await oneCar("harbour-motor-group", "status:in_stock");
  const view = (agent: string) => getWithHost(E2E_PORT, "harbour-motor-group.localhost", `/api/cars/${car.slug}/view.json`, { "user-agent": agent });
  const first = await view("e2e-visitor-a");
  const again = await view("e2e-visitor-a");
  const other = await view("e2e-visitor-b");
  expect(first.status).toBe(200);
  expect(JSON.parse(again.body).views).toBe(JSON.parse(first.body).views);
  expect(JSON.parse(other.body).views).toBe(JSON.parse(first.body).views + 1);
});

test("a sold car shows the sold state instead of price, finance and buy buttons", async ({ page }) => {
  // A sold car that still has its page (soldCarPageDays): one of the stock's sold cars the dealer's
  // sitemap lists. (Search lists sold cars for 3 days of the real clock only, and the sample stock
  // is dated to the start of its week, so a search for one finds none most days.)
  const stock = JSON.parse(readFileSync(path.join(process.cwd(), ".data/stock/harbour-motor-group.json"), "utf8")) as { slug: string; status: string }[];
  const soldSlugs = new Set(stock.filter((car) => car.status === "sold").map((car) => car.slug));
  const sitemap = (await getWithHost(E2E_PORT, "harbour-motor-group.localhost", "/sitemap.xml")).body;
  const slug = [...sitemap.matchAll(/\/cars\/([^<]+)<\/loc>/g)].map((m) => m[1]).find((s) => soldSlugs.has(s));
  expect(slug, "a sold car of the sample stock that still has its page").toBeDefined();
  await page.goto(siteUrl("harbour-motor-group", `/cars/${slug}`));
  await expect(page.getByTestId("sold-notice")).toContainText("SOLD");
  await expect(page.getByTestId("sold-notice").getByRole("link", { name: "Find Me Something Similar" })).toBeVisible();
  await expect(page.getByTestId("price")).toHaveCount(0);
  await expect(page.getByTestId("finance-summary")).toHaveCount(0);
  await expect(page.locator("aside").getByRole("link", { name: /Enquire|Test Drive|Finance/ })).toHaveCount(0);
});

test("a car of another dealer is a 404 on this dealer's site", async () => {
  const other = await oneCar("harbour-motor-group", "status:in_stock");
  const res = await getWithHost(E2E_PORT, "sunshine-chery.localhost", `/cars/${other.slug}`);
  expect(res.status).toBe(404);
  expect(res.body).not.toContain(other.slug.split("-").slice(1, 3).join(" "));
  expect((await getWithHost(E2E_PORT, "sunshine-chery.localhost", "/cars/no-such-car")).status).toBe(404);
  expect((await getWithHost(E2E_PORT, "sunshine-chery.localhost", `/api/cars/${other.slug}/view.json`)).status).toBe(404);
});

test("the printable page opens for this dealer's car", async ({ page }) => {
  const car = await oneCar("sunshine-chery", "status:in_stock");
  const res = await page.goto(siteUrl("sunshine-chery", `/print?car_id=${car.slug}&auto=0`));
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Print this page" })).toBeVisible();
});

test("the enquiry dialog opens from the sidebar and submits a lead with the car's fields", async ({ page }) => {
  test.setTimeout(60_000);
  const car = await oneCar("sunshine-chery", "car_type:used AND status:in_stock AND price > 10");
  await page.goto(siteUrl("sunshine-chery", `/cars/${car.slug}`));
  const trigger = page.locator("aside").getByRole("link", { name: "Enquire Now" });
  // Without JS this is a link to the contact page; with JS it opens the dialog (its code loads on this first open).
  await expect(trigger).toHaveAttribute("href", /^\/contact\?car_id=/);
  // The dialog host hydrates on demand; before it does, the trigger is still the plain link.
  await expect(page.locator('html[data-lead-dialog-host="ready"]')).toHaveCount(1, { timeout: 15_000 });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: /^Enquire – / });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}$`));
  const form = dialog.locator('form[data-form="enquiry"][data-ready="true"]');
  await expect(form).toBeVisible({ timeout: 15_000 });
  await form.locator('[name="name"]').fill("Jamie");
  await form.locator('[name="last_name"]').fill("Citizen");
  await form.locator('[name="email"]').fill(`e2e+vdp${Date.now().toString(36)}@example.com`);
  await form.locator('[name="phone"]').fill("0412 345 678");
  await form.locator('[name="postcode"]').fill("4000");
  await form.locator('[name="message"]').fill("Is this car still available?");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/leads") && r.request().method() === "POST");
  await form.locator('button[type="submit"]').click();
  const response = await answer;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    form: "enquiry",
    category: "Used Car Enquiry",
    stock_number: expect.any(String),
    "Vehicle Make": expect.any(String),
    "Vehicle Model": expect.any(String),
    "Vehicle Year": expect.any(Number),
    car_type: "used",
    vehicle_status: "in_stock",
    car_dealership_id: expect.any(Number),
  });
  await page.waitForURL(/\/success$/, { timeout: 20_000 });
  await expect(page.locator("h1")).toBeVisible();
});

test("the PDF download answers application/pdf named after the car, and 404 for another dealer's car", async () => {
  const car = await oneCar("sunshine-chery", "status:in_stock");
  const res = await getWithHost(E2E_PORT, "sunshine-chery.localhost", `/api/cars/${car.slug}/pdf`);
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.headers["content-disposition"]).toBe(`attachment; filename="${car.slug}.pdf"`);
  expect(res.body.startsWith("%PDF")).toBe(true);
  const other = await oneCar("harbour-motor-group", "status:in_stock");
  expect((await getWithHost(E2E_PORT, "sunshine-chery.localhost", `/api/cars/${other.slug}/pdf`)).status).toBe(404);
});

test("structured data describes the car", async () => {
  const car = await oneCar("sunshine-chery", "status:in_stock AND price > 10");
  const res = await getWithHost(E2E_PORT, "sunshine-chery.localhost", `/cars/${car.slug}`);
  const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(res.body)?.[1];
  expect(JSON.parse(json!)).toMatchObject({ "@type": ["Car", "Product"], offers: { priceCurrency: "AUD", price: car.price } });
});

for (const [site, kind] of [
  ["sunshine-chery", "used"],
  ["sunshine-chery", "new"],
  ["harbour-motor-group", "used"],
  ["outback-caravans", "new"],
] as const) {
  test(`${site}: a ${kind} car page has no axe violations (any impact)`, async ({ page }) => {
    const car = await oneCar(site, `car_type:${kind} AND status:in_stock AND photos_count > 3`);
    await page.goto(siteUrl(site, `/cars/${car.slug}`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // As most visitors first get it (parts below the fold still server markup), then all live.
    await axeClean(page);
    await bringAllPartsToLife(page);
    await axeClean(page);
  });
}

test("what a shopper reads is true: a motorcycle's similar vehicles, one weekly figure, and the finance link opens at the car's price", async ({ page }) => {
  // A motorcycle's similar section names motorcycles.
  const bike = await oneCar("twg-group", "item_type:motorcycle AND status:in_stock AND price > 10");
  await page.goto(siteUrl("twg-group", `/cars/${bike.slug}`));
  await expect(page.locator('[data-section="similar-cars"]').getByRole("heading", { level: 2 })).toHaveText("Similar Motorcycles In-Stock");

  // A car with no quote: the sidebar's estimate is the calculator's starting figure, and the calculator says so.
  let checked = false;
  for (const car of await findCars("harbour-motor-group", "car_type:used AND status:in_stock AND price > 10000", 8)) {
    await page.goto(siteUrl("harbour-motor-group", `/cars/${car.slug}`));
    const summary = page.getByTestId("finance-summary");
    if (!(await summary.getByText(/10\.0% deposit/).count())) continue;
    const sidebarFigure = (await summary.locator("strong").first().textContent())!.trim();
    const calculator = page.locator('[data-section="finance-calculator"]');
    await calculator.scrollIntoViewIfNeeded();
    await expect(calculator.getByTestId("finance-repayment")).toHaveText(sidebarFigure);
    await expect(calculator.getByTestId("quote-basis")).toContainText(`The estimate of ${sidebarFigure} per week is for a 5 year term with a 10.0% deposit`);
    // 'Request a Quote' carries the car's price; the finance page's calculator opens at it, not $30,000.
    await calculator.getByRole("link", { name: "Request a Quote" }).click();
    await expect(page).toHaveURL(/\/finance\?[^#]*vehiclePriceBudget=\d+/);
    const price = Number(new URL(page.url()).searchParams.get("vehiclePriceBudget"));
    await expect(page.locator("#finance-calculator").getByLabel("Purchase price or loan amount", { exact: true })).toHaveValue(price.toLocaleString("en-AU"));
    checked = true;
    break;
  }
  expect(checked, "a Harbour car with an estimate in its sidebar").toBe(true);
});
