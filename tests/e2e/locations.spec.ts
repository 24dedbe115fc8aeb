import { expect, test, type Page } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { E2E_PORT } from "../../playwright.config";
import { startNextServer, stopAndWait, waitForServer } from "../../scripts/lib/next-server";
import { findCars } from "../helpers/cars";
import { getWithHost } from "../helpers/http";
import { holdAllCode, holdOnDemandCode, pageHydrated } from "../helpers/held-code";
import { axeClean } from "../helpers/axe";

// Dealership locations on the production server: the locator (a GET form, before JavaScript),
// a location page by keyboard, the holiday hours dialog, maps only with a key (never a script or a
// console error without one), vehicle pages showing the dealer's own phone, and axe (any impact)
// on each new page type.

const siteUrl = (slug: string, path = "/", port = E2E_PORT) => `http://${slug}.localhost:${port}${path}`;
const MAPS_SCRIPT = /^https:\/\/maps\.googleapis\.com\//;

/** Console errors and Maps script requests of a page, recorded from before its first navigation. */
function watch(page: Page) {
  const errors: string[] = [];
  const mapRequests: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => MAPS_SCRIPT.test(r.url()) && mapRequests.push(r.url()));
  return { errors, mapRequests };
}

test("the dealer locator finds the nearest dealership by postcode, as a GET form without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(siteUrl("harbour-motor-group", "/dealerships"));
  await expect(page.getByRole("heading", { level: 1, name: "Find a dealership" })).toBeVisible();
  await page.getByLabel("Postcode, suburb or dealership name").fill("2750");
  await page.getByLabel("Within").selectOption("100");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/dealerships\?q=2750&radius=100$/);
  await expect(page.locator("[data-locator-summary]")).toContainText("within 100 km of 2750, nearest first");
  const results = page.locator("[data-locator-result]");
  // Penrith is in 2750; Liverpool, Parramatta and Artarmon follow by distance.
  await expect(results.first()).toHaveAttribute("data-locator-result", "penrith");
  const distances = await page.locator("[data-distance-km]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-distance-km"))));
  expect(distances.length).toBeGreaterThan(1);
  expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  // A suburb: Blacktown is nearest to Parramatta.
  await page.goto(siteUrl("harbour-motor-group", "/dealer-locator?q=Blacktown"));
  await expect(page.locator("[data-locator-summary]")).toContainText("within 50 km of Blacktown NSW 2148, nearest first");
  await expect(results.first()).toHaveAttribute("data-locator-result", "parramatta");
  // The default radius is 50 km; an unknown postcode says so.
  // A capital's name is the capital: 'Perth' is Perth WA, never the Tasmanian town nearer a Queensland dealer.
  await page.goto(siteUrl("twg-group", "/dealer-locator?q=Perth&radius=1000"));
  await expect(page.locator("[data-locator-summary]")).toContainText("of Perth WA 6");
  await page.goto(siteUrl("twg-group", "/dealer-locator?q=Perth+TAS&radius=1000"));
  await expect(page.locator("[data-locator-summary]")).toContainText("of Perth TAS 7300");
  await page.goto(siteUrl("harbour-motor-group", "/dealer-locator?q=4999"));
  await expect(page.locator("[data-locator-summary]")).toHaveText("Invalid postcode");
  await expect(page.getByLabel("Within")).toHaveValue("50");
  await context.close();
});

test("a location page by keyboard: directions, today's hours, holiday hours dialog, View Our Stock", async ({ page }) => {
  const seen = watch(page);
  await page.goto(siteUrl("sunshine-chery", "/contact-us/springwood"));
  await expect(page.getByRole("heading", { level: 1, name: "Sunshine Chery Springwood" })).toBeVisible();
  await expect(page.locator("[data-open-now]")).toHaveText(/^(Open now until \d{1,2}:\d{2}(am|pm)|Closed now)/);
  await expect(page.locator('tr[aria-current="date"]')).toHaveCount(1);
  await expect(page.locator("[data-location-page] > header").getByRole("img", { name: /^Rated 4\.7 out of 5 from 612 reviews$/ })).toBeVisible();

  // Tab to the holiday hours button, open the dialog with Enter, close it with Escape: focus returns.
  const button = page.getByRole("button", { name: "Holiday hours" });
  for (let i = 0; i < 60 && !(await button.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Holiday hours" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Christmas Day");
  await expect(dialog).toContainText("8:00am - 1:00pm");
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await axeClean(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // Onwards to the stock of this location.
  const stock = page.getByRole("link", { name: "View Our Stock" }).first();
  await stock.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search(\/new-used-and-demo-cars)?\?location_id=1011$/);

  // No Maps key on a fresh machine: no map script was requested and nothing went wrong.
  expect(seen.mapRequests).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test("a location's stock link lists that location's cars, matched by id whatever the feed calls the branch", async ({ page }) => {
  // The feed names Penrith "Harbour Hyundai Kia Penrith"; the manifest calls it "Harbour Kia Penrith".
  await page.goto(siteUrl("harbour-motor-group", "/locations/penrith"));
  await page.getByRole("link", { name: "View Our Stock" }).first().click();
  await expect(page).toHaveURL(/\?location_id=2032$/);
  await expect(page.getByRole("link", { name: /^Harbour Kia Penrith\s*\(remove filter\)$/ })).toBeVisible();
  await expect(page.getByText(/^[1-9]\d* cars found$/)).toBeVisible();
  // TWG's motorcycle branch lists its motorcycles, not the whole group's stock.
  await page.goto(siteUrl("twg-group", "/our-location/capalaba"));
  await page.getByRole("link", { name: "View Our Stock" }).first().click();
  await expect(page).toHaveURL(/\?location_id=3021$/);
  await expect(page.getByText(/^[1-9]\d* motorcycles found$/)).toBeVisible();
  await axeClean(page);
});

test("location pages answer only under the site's setting; JSON-LD carries the hours and holidays", async ({ page }) => {
  // Node cannot resolve *.localhost: ask through loopback with the dealer's Host header.
  expect((await getWithHost(E2E_PORT, "sunshine-chery.localhost", "/locations/springwood")).status).toBe(404);
  expect((await getWithHost(E2E_PORT, "sunshine-chery.localhost", "/contact-us/nowhere")).status).toBe(404);
  expect((await getWithHost(E2E_PORT, "harbour-motor-group.localhost", "/locations/artarmon")).status).toBe(200);
  await page.goto(siteUrl("twg-group", "/our-location/eagle-farm"));
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const ld = blocks.map((t) => JSON.parse(t)).find((d) => d["@type"] !== "BreadcrumbList");
  expect(ld["@type"]).toBe("AutoDealer");
  expect(ld.geo).toEqual({ "@type": "GeoCoordinates", latitude: -27.43, longitude: 153.08 });
  expect(ld.openingHoursSpecification).toContainEqual({
    "@type": "OpeningHoursSpecification",
    validFrom: "2026-12-25",
    validThrough: "2026-12-25",
    opens: "00:00",
    closes: "00:00",
  });
  // The department selector links the service location at the same address.
  await page.getByRole("navigation", { name: "Departments at this address" }).getByRole("link", { name: "Service" }).click();
  await expect(page).toHaveURL(/\/our-location\/eagle-farm-service$/);
  await expect(page.getByRole("heading", { level: 1, name: "TWG Service Eagle Farm" })).toBeVisible();
});

test("axe finds nothing on the locator, the contact-us page and a location page of each sample", async ({ page }) => {
  test.setTimeout(90_000);
  for (const [slug, path] of [
    ["harbour-motor-group", "/dealerships?q=2000&radius=1000"],
    ["twg-group", "/contact-us"],
    ["outback-caravans", "/locations/toowoomba"],
    ["harbour-motor-group", "/locations/parramatta"],
  ]) {
    await page.goto(siteUrl(slug, path));
    await axeClean(page);
  }
});

/** The first car of a dealer through its own search API, with its location id. */
async function firstCar(site: string, filters: string) {
  const [car] = await findCars(E2E_PORT, site, filters, 1);
  expect(car, `a car of ${site} matching ${filters}`).toBeDefined();
  return car;
}

test("vehicle pages show the phone and address of the dealer's own location, not the stock feed's", async ({ page }) => {
  const car = await firstCar("sunshine-chery", "status:in_stock");
  await page.goto(siteUrl("sunshine-chery", `/cars/${car.slug}`));
  const html = await page.content();
  // The header's number and the car's location agree; the feed's 07 3290 4100 appears nowhere.
  expect(html).toContain("tel:0732094100");
  expect(html).not.toContain("3290 4100");
  expect(html).not.toContain("0732904100");
  await expect(page.locator("#vehicle-map")).toContainText("3360 Pacific Highway, Springwood QLD 4127");

  const away = await firstCar("harbour-motor-group", "location_id:2021");
  await page.goto(siteUrl("harbour-motor-group", `/cars/${away.slug}`));
  await expect(page.getByRole("note")).toContainText("Located at Artarmon");
  await expect(page.locator("#vehicle-map")).toContainText("450 Pacific Highway, Artarmon NSW 2064");
  expect(await page.content()).not.toContain("520 Pacific Highway");
});

test.describe("with a Maps key", () => {
  const port = E2E_PORT + 50;
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = startNextServer(port, { env: { ...process.env, SITE_DIRECTORY: "on", GOOGLE_MAPS_API_KEY: "fake-test-key-0000" } });
    await waitForServer(port, { server, host: "sunshine-chery.localhost", timeoutMs: 60_000 });
  });
  test.afterAll(async () => stopAndWait(server));

  test("the map script loads only when the map is scrolled into view", async ({ page }) => {
    const seen = watch(page);
    // The script is intercepted: a stub that never calls back (no network, no real map).
    await page.route(MAPS_SCRIPT, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "/* stub */" }));
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto(siteUrl("sunshine-chery", "/contact-us/springwood", port));
    await expect(page.locator("[data-map]")).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    expect(seen.mapRequests).toEqual([]);
    const request = page.waitForRequest(MAPS_SCRIPT);
    await page.locator("[data-map]").scrollIntoViewIfNeeded();
    const url = new URL((await request).url());
    expect(url.searchParams.get("key")).toBe("fake-test-key-0000");
  });
});

test("/service: the booking form at #service-booking (no booking URL), the banner links there, and axe finds nothing", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/"));
  const banner = page.getByRole("link", { name: "Book now" });
  await expect(banner).toHaveAttribute("href", "/service#service-booking");
  await page.goto(siteUrl("sunshine-chery", "/service#service-booking"));
  const section = page.locator("#service-booking");
  await expect(section.getByRole("heading", { level: 2, name: "Book a service" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Request booking" })).toBeVisible();
  await expect(section.getByLabel("Preferred date")).toBeVisible();
  await axeClean(page);
});

/** Next Tuesday as the date field takes it (never 25 December): Springwood opens 08:00 to 17:30. */
function nextTuesday(): string {
  const d = new Date();
  d.setDate(d.getDate() + ((9 - d.getDay()) % 7 || 7));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

test("the service booking form sends a Service lead with a time from the location's hours", async ({ page }) => {
  await page.goto(siteUrl("sunshine-chery", "/service#service-booking"));
  const form = page.locator("#service-booking form");
  await form.locator('[name="name"]').fill("Jamie");
  await form.locator('[name="email"]').fill(`service-${Date.now()}@example.com`);
  await form.locator('[name="phone"]').fill("0412 345 678");
  await form.locator('[name="postcode"]').fill("4127");
  const date = nextTuesday();
  await form.locator('[name="date"]').fill(date);
  await form.locator('[name="time"]').selectOption("08:30");
  await form.locator('[name="message"]').fill("2022 Tiggo 7 Pro, 30,000 km service");
  // The form is live (its time list follows the date): the click is the live form's submit.
  await expect(page.locator('#service-booking [data-hydrate-later="done"]')).toHaveCount(1);
  const button = form.getByRole("button", { name: "Request booking" });
  await expect(button).toBeEnabled();
  const posted = page.waitForRequest((r) => r.url().endsWith("/api/leads") && r.method() === "POST");
  await button.click();
  // Either the lead is posted or the form says why not: a refusal fails with its words, not a timeout.
  const summary = form.getByTestId("error-warning");
  const outcome = await Promise.race([posted.then(() => "posted"), summary.waitFor().then(async () => `refused: ${await summary.innerText()}`)]);
  expect(outcome).toBe("posted");
  const request = await posted;
  expect(request.postDataJSON()).toMatchObject({ category: "Service", subcategory: "Service Booking", date, time: "08:30" });
  // Posted: what the server answered (a timeout here is the server's, not the form's).
  const response = await request.response();
  expect(response?.status()).toBeLessThan(300);
  await page.waitForURL(/\/success$/);
});

test("the service booking form filled in before the page's code arrives goes live by itself: the focused date's times are offered", async ({ page }) => {
  // Nothing of the page's code arrives until the visitor has typed a date and stayed in the field:
  // no further focus or scroll will come to open the form's gate.
  const code = await holdAllCode(page);
  await page.goto(siteUrl("sunshine-chery", "/service#service-booking"), { waitUntil: "domcontentloaded" });
  const form = page.locator("#service-booking form");
  await form.locator('[name="name"]').fill("Jamie");
  const date = nextTuesday();
  await form.locator('[name="date"]').fill(date);
  await expect.poll(() => code.held()).toBeGreaterThan(0);
  await code.release();
  await pageHydrated(page);
  await expect(page.locator("#service-booking [data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "done");
  await expect(form.locator('[name="time"] option[value="08:30"]')).toBeAttached();
  await expect(form.locator('[name="date"]')).toBeFocused();
  await expect(form.locator('[name="name"]')).toHaveValue("Jamie");
});

test("the service booking form filled in before its code arrives: once live, the typed date's times are offered and every field is kept", async ({ page }) => {
  // The form's code is held back, as on a slow phone.
  const code = await holdOnDemandCode(page, E2E_PORT, "sunshine-chery.localhost", "/service");
  await page.goto(siteUrl("sunshine-chery", "/service#service-booking"), { waitUntil: "load" });
  await pageHydrated(page);
  const form = page.locator("#service-booking form");
  await form.locator('[name="name"]').fill("Jamie");
  await form.locator('[name="phone"]').fill("0412 345 678");
  const date = nextTuesday();
  await form.locator('[name="date"]').fill(date);
  await expect.poll(() => code.held()).toBeGreaterThan(0);
  await expect(page.locator("#service-booking [data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "pending");
  await code.release();
  await expect(page.locator("#service-booking [data-hydrate-later]")).toHaveAttribute("data-hydrate-later", "done");
  // The live form learnt the date it did not set itself: the location's times for that day are offered.
  await expect(form.locator('[name="time"] option[value="08:30"]')).toBeAttached();
  await expect(form.locator('[name="phone"]')).toHaveValue("0412 345 678");
  await expect(form.locator('[name="name"]')).toHaveValue("Jamie");
  await expect(form.locator('[name="date"]')).toBeFocused();
});

test("a phone visitor who swipes the locations carousel before its code arrives stays on the card they reached", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  // The carousel's code is held back, as on a slow phone.
  const code = await holdOnDemandCode(page, E2E_PORT, "harbour-motor-group.localhost", "/");
  await page.goto(siteUrl("harbour-motor-group", "/"), { waitUntil: "load" });
  await pageHydrated(page);
  const carousel = page.locator('section[aria-labelledby="locations-carousel-heading"]');
  await carousel.scrollIntoViewIfNeeded();
  await expect.poll(() => code.held()).toBeGreaterThan(0);
  await expect(carousel.locator('[data-hydrate-later="pending"]')).toHaveCount(1);
  // A swipe of the static row (it scrolls natively) to the third card.
  const viewport = carousel.locator("[data-keep-scroll]");
  const third = carousel.getByRole("listitem").nth(2);
  await viewport.evaluate(
    (row, card) => row.scrollTo({ left: (card as HTMLElement).offsetLeft - (row as HTMLElement).offsetLeft, behavior: "instant" }),
    await third.elementHandle(),
  );
  await expect.poll(() => viewport.evaluate((row) => row.scrollLeft)).toBeGreaterThan(0);
  const left = (await viewport.boundingBox())!.x;
  await expect.poll(async () => Math.abs((await third.boundingBox())!.x - left)).toBeLessThan(24);
  await code.release();
  await expect(carousel.locator('[data-hydrate-later="done"]')).toHaveCount(1);
  await expect(viewport).toHaveAttribute("data-live", "");
  // Live (embla, the row no longer scrolls natively), and the third card is still where it was.
  await expect.poll(async () => Math.abs((await third.boundingBox())!.x - left)).toBeLessThan(24);
  await expect.poll(() => viewport.evaluate((row) => row.scrollLeft)).toBe(0);
});

test("reviews on a location page and the locations carousel, with axe", async ({ page }) => {
  await page.goto(siteUrl("twg-group", "/our-location/eagle-farm"));
  const reviews = page.locator("[data-reviews]");
  await expect(reviews.getByRole("img", { name: "Rated 4.5 out of 5 from 2,538 reviews" })).toBeVisible();
  await expect(reviews.getByRole("listitem")).toHaveCount(4);
  // On a phone one card and a bit shows: the buttons move the row (embla, live once scrolled near).
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(siteUrl("harbour-motor-group", "/"));
  const carousel = page.locator('section[aria-labelledby="locations-carousel-heading"]');
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByRole("link", { name: /View Location/ })).toHaveCount(4);
  await expect(carousel.locator('[data-hydrate-later="done"]')).toHaveCount(1);
  const first = carousel.getByRole("listitem").first();
  const before = (await first.boundingBox())!.x;
  await carousel.getByRole("button", { name: "Next locations" }).click();
  await expect.poll(async () => (await first.boundingBox())!.x).toBeLessThan(before);
  await expect(carousel.getByText("Swipe to see more locations")).toBeVisible();
  await axeClean(page);
});
