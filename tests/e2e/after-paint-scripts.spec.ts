import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { getWithHost } from "../helpers/http";

// The production server (scripts/server.mjs) compresses with brotli and, on vehicle pages (marked
// by proxy.ts), loads the framework's scripts after the first paint: their HTML has no framework
// <script async> or script preload left, no script request starts before the first contentful
// paint, and the page still comes to life (the gallery pages by keyboard).

const rawGet = (host: string, path: string, encoding: string) => getWithHost(E2E_PORT, host, path, { accept: "text/html", "accept-encoding": encoding });

async function firstCarPath(host: string): Promise<string> {
  const html = (await rawGet(host, "/search/new-used-and-demo-cars", "identity")).body;
  const slug = /href="(\/cars\/[a-z0-9-]+)"/.exec(html)?.[1];
  expect(slug, "a car link on the search page").toBeTruthy();
  return slug!;
}

const HOST = `sunshine-chery.localhost:${E2E_PORT}`;

test("vehicle, search, home and content pages come with the framework scripts handed to the after-paint loader, pages with a live form without; all brotli-compressed", async () => {
  const car = await firstCarPath(HOST);
  // The search page works before its JavaScript (links and a GET form), so it paints first too; so
  // does the home page, whose slider is to be looked at, the model page, whose form comes after its
  // first screen, and the form pages whose forms post without their code.
  for (const path of [
    car,
    `${car}?utm_source=e2e`,
    "/search/new-used-and-demo-cars",
    "/",
    "/about-us",
    "/dealerships",
    "/models/tiggo-7-pro",
    "/contact",
    "/finance",
    "/book-test-drive",
    "/sign-in",
    // The checkout is a plain post with the test gateway.
    `${car}/checkout`,
  ]) {
    const br = await rawGet(HOST, path, "br, gzip");
    expect(br.headers["content-encoding"], path).toBe("br");
    expect(br.headers["x-paint-first"], path).toBeUndefined();
    expect(br.body, path).toContain("self.__afterPaint(");
    expect(br.body, path).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
    expect(br.body, path).not.toMatch(/<link rel="preload"[^>]*as="script"/);
    const gzip = await rawGet(HOST, path, "gzip");
    expect(gzip.headers["content-encoding"], path).toBe("gzip");
    expect(gzip.body, path).toContain("self.__afterPaint(");
  }
  // A page whose first screen holds a form that comes to life only with the page (the trade-in
  // estimate) keeps the scripts in the head.
  for (const path of ["/trade-in"]) {
    const br = await rawGet(HOST, path, "br, gzip");
    expect(br.headers["content-encoding"], path).toBe("br");
    expect(br.body, path).not.toContain("__afterPaint");
    expect(br.body, path).toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
  }
});

test("no framework script is requested before the first contentful paint, and the page still hydrates", async ({ page }) => {
  await page.goto("/");
  // Hydrated: the home page's slider is live and answers its Pause button.
  await expect(page.locator("[data-ready]").filter({ has: page.getByRole("button", { name: "Pause slideshow" }) })).toHaveAttribute("data-ready", "true");
  await page.getByRole("button", { name: "Pause slideshow" }).click();
  await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  const homeTiming = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((r) => r.name.includes("/_next/static/") && r.name.endsWith(".js"))
      .map((r) => r.startTime),
  }));
  expect(Math.min(...homeTiming.scripts), "first script request vs first contentful paint on the home page").toBeGreaterThanOrEqual(homeTiming.fcp);
  const carPath = await firstCarPath(HOST);
  for (const path of [carPath, `${carPath}?utm_source=e2e`]) {
    await page.goto(path);
    // Hydrated: the gallery answers the keyboard.
    await expect(page.getByTestId("gallery-stage")).toHaveAttribute("data-ready", "true");
    await page.getByTestId("gallery-stage").focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("gallery-counter")).toHaveText(/^2 \//);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((r) => r.name.includes("/_next/static/") && r.name.endsWith(".js"))
        .map((r) => r.startTime),
    }));
    expect(timing.scripts.length, path).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts), `first script request vs first contentful paint on ${path}`).toBeGreaterThanOrEqual(timing.fcp);
  }
});

test("before the framework's scripts arrive, the header's dropdowns and menu already open, and their links work", async ({ page }) => {
  // The framework never arrives here: only the page's own inline scripts run.
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: /main/i });
  const models = nav.getByRole("button", { name: "Models" });
  await models.click();
  await expect(models).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("header[data-dropdown-open]")).toHaveCount(1);
  await models.click();
  await expect(models).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Tiggo 7 Pro" })).toBeHidden();
  // A phone's menu button, then a dropdown inside it, then one of its links.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
  await models.click();
  await nav.getByRole("link", { name: "Tiggo 7 Pro" }).click();
  await expect(page).toHaveURL(/\/models\/tiggo-7-pro$/);
});
