/**
 * Shopper accounts on the production server: sign-in by a code read from the local inbox
 * (AUTH_LOCAL_OUTBOX=on in playwright.config.ts; the directory host lists it at /inbox), a gated route's round trip,
 * the watchlist (save and remove with the toasts; a shopper without a mobile sent to sign-in),
 * compare by keyboard, and axe (any impact) on the account pages.
 */
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { findCars as searchCars } from "../helpers/cars";
import { searchAppLive } from "../helpers/search-live";
import { axeClean } from "../helpers/axe";
import { signInWithCode } from "../helpers/sign-in";

const SITE = "sunshine-chery";
const siteUrl = (p = "/") => `http://${SITE}.localhost:${E2E_PORT}${p}`;

/** Signs in on the sign-in page already open, by mobile or email. */
const signIn = (page: Page, channel: "sms" | "email", recipient: string, normalised = recipient) => signInWithCode(page, SITE, channel, recipient, normalised);

const findCars = (filters: string, hitsPerPage = 3, site = SITE) => searchCars(E2E_PORT, site, filters, hitsPerPage);

test("a gated route: signed out goes to sign-in, signs in with a code from the local inbox, and comes back", async ({ page, context }) => {
  await page.goto(siteUrl("/my-garage"));
  await expect(page).toHaveURL(/\/sign-in\?type=my-garage&redirect=%2Fmy-garage&back=%2F$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your garage");
  await axeClean(page);

  await signIn(page, "email", "Shopper@Example.com", "shopper@example.com");
  await expect(page).toHaveURL(siteUrl("/my-garage"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Garage");
  await expect(page.getByText("Signed in as s•••@example.com")).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === "dp_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });
  await axeClean(page);

  // The session is this dealer's only: the same browser is signed out on another dealer's site.
  await page.goto(`http://harbour-motor-group.localhost:${E2E_PORT}/my-garage`);
  await expect(page).toHaveURL(/\/sign-in\?type=my-garage/);

  // Signing out ends the session.
  await page.goto(siteUrl("/my-garage"));
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(siteUrl("/"));
  await page.goto(siteUrl("/my-garage"));
  await expect(page).toHaveURL(/\/sign-in/);
});

test("the sign-in form works without JavaScript and refuses another site as redirect", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(siteUrl("/sign-in?type=finance&redirect=https%3A%2F%2Fevil.example%2F&back=%2F%2Fevil.example"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in for finance");
  await expect(page.locator('input[name="redirect"]').first()).toHaveValue("/my-garage");
  await expect(page.getByRole("link", { name: "Cancel and go back" })).toHaveAttribute("href", "/");
  await signIn(page, "sms", "0412 000 111", "0412000111");
  await expect(page).toHaveURL(siteUrl("/my-garage"));
  await expect(page.getByText("Signed in as 04•• ••• 111")).toBeVisible();
  await context.close();
});

test("watchlist: no mobile sends to sign-in; save and remove with the toasts; a failure alerts; the watchlist page", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // A new account for each attempt (a retry or --repeat-each runs against the same server and database).
  const mobile = `04331234${testInfo.repeatEachIndex % 10}${testInfo.retry % 10}`;
  const [car] = await findCars("status:in_stock AND price > 10", 1);
  expect(car).toBeDefined();
  const carPath = `/cars/${car!.slug}`;
  await page.goto(siteUrl(carPath));
  await expect(page.locator("button[data-watchlist][data-ready]")).toHaveCount(1); // live: a click counts
  await page.getByRole("button", { name: "Save to Watchlist" }).click();
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?type=watchlist&redirect=${encodeURIComponent(carPath)}&back=${encodeURIComponent(carPath)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to save cars to your watchlist");
  await expect(page.getByLabel("Email")).toHaveCount(0); // the watchlist needs a mobile
  await signIn(page, "sms", mobile, mobile);
  await expect(page).toHaveURL(siteUrl(carPath));
  await expect(page.locator("button[data-watchlist][data-ready]")).toHaveCount(1);

  const toast = page.getByTestId("watchlist-toast");
  await page.getByRole("button", { name: "Save to Watchlist" }).click();
  await expect(toast).toContainText("Car Saved In Watchlist");
  await expect(toast.getByRole("link", { name: "View List" })).toHaveAttribute("href", "/watchlist");
  // The toast and the sidebar's new controls pass axe (any impact).
  for (const part of ['[data-testid="watchlist-toast"]', "button[data-watchlist]"]) {
    await axeClean(page, { include: part, tags: "all" });
  }
  const saved = page.getByRole("button", { name: "Saved In Watchlist" });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  await saved.click();
  await expect(toast).toContainText("Car Removed");
  await expect(toast).toHaveCount(1); // one toast at a time

  // A failed call: the change is undone, the message is alerted, and no toast shows.
  await page.getByRole("button", { name: "Close message" }).click();
  await page.route("**/api/watchlist/save-car", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"Watchlist is down"}' }),
  );
  // Dismissed as it opens: an open alert stalls any action still in progress (the click itself, on a busy machine).
  const alerts: string[] = [];
  page.once("dialog", (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  await page.getByRole("button", { name: "Save to Watchlist" }).click();
  await expect.poll(() => alerts).toEqual(["Watchlist is down"]);
  await expect(page.getByRole("button", { name: "Save to Watchlist" })).toHaveAttribute("aria-pressed", "false");
  await expect(toast).toHaveCount(0);
  await page.unroute("**/api/watchlist/save-car");

  await page.getByRole("button", { name: "Save to Watchlist" }).click();
  await expect(toast).toContainText("Car Saved In Watchlist");
  // The API takes the signed-in shopper's own mobile only, and answers a success flag (called from the page: Node cannot resolve *.localhost).
  const call = (body: object, credentials: RequestCredentials) =>
    page.evaluate(
      async ([b, c]) => {
        const r = await fetch("/api/watchlist/save-car", {
          method: "POST",
          credentials: c,
          headers: { "content-type": "application/json" },
          body: JSON.stringify(b),
        });
        return { status: r.status, body: (await r.json()) as unknown };
      },
      [body, credentials] as const,
    );
  expect(await call({ phone_number: "0499 000 000", car_id: car!.id }, "same-origin")).toMatchObject({ status: 403, body: { success: false } });
  expect(await call({ phone_number: mobile, car_id: car!.id }, "omit")).toMatchObject({ status: 401, body: { success: false } });
  await toast.getByRole("link", { name: "View List" }).click();
  await expect(page).toHaveURL(siteUrl("/watchlist"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Watchlist");
  await expect(page.locator(`a[href="${carPath}"]`)).toHaveCount(1);
  await axeClean(page);
});

const HARBOUR = "harbour-motor-group";
const harbourUrl = (p: string) => `http://${HARBOUR}.localhost:${E2E_PORT}${p}`;

test("favourites: a card's old stored format reads as saved on the car's page, event 39, the favourites page; recently viewed", async ({ page }) => {
  const [a, b] = await findCars("status:in_stock AND price > 10 AND photos_count > 3", 2, HARBOUR);
  expect(b).toBeDefined();
  // What cards stored before: a list of ids as strings.
  await page.goto(harbourUrl("/about-us"));
  await page.evaluate((id) => localStorage.setItem("favourites", JSON.stringify([String(id)])), a!.id);

  await page.goto(harbourUrl(`/cars/${a!.slug}`));
  await expect(page.locator(`button[data-favourite="${a!.id}"][data-ready]`)).toHaveCount(1);
  const saved = page.getByRole("button", { name: "Saved to Favourites" });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  // Migrated in the browser to the one format, with the car's details filled in.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("favourites") ?? "[]")))
    .toEqual([expect.objectContaining({ id: a!.id, slug: a!.slug, make: a!.make, model: a!.model })]);
  // A mouse press on the button, which sits just above the sticky bottom bar: the bar must not
  // scroll the page under the pointer (the click would then land elsewhere).
  await saved.click();
  await expect(page.getByRole("button", { name: "Save to Favourites" })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Save to Favourites" }).click();
  const events = await page.evaluate(() =>
    (window as unknown as { dataLayer: { event_id?: number; saved?: boolean }[] }).dataLayer.filter((e) => e.event_id === 39),
  );
  expect(events.map((e) => e.saved)).toEqual([false, true]);

  // Recently viewed: the next car's page lists the one before.
  await page.goto(harbourUrl(`/cars/${b!.slug}`));
  const recent = page.getByTestId("recently-viewed");
  await expect(recent.locator(`a[href="/cars/${a!.slug}"]`)).toHaveCount(1);

  await page.goto(harbourUrl("/favourites"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Favourites");
  await expect(page.getByTestId("favourites-list").locator(`a[href="/cars/${a!.slug}"]`)).toHaveCount(1);
  await axeClean(page);
});

test("compare two cars by keyboard; the compare page marks differences and is a shareable address", async ({ page }) => {
  await page.goto(harbourUrl("/search/new-used-and-demo-cars"));
  await searchAppLive(page); // the cards' toggles go live with the search app
  await expect(page.locator("button[data-compare][data-ready]").nth(1)).toBeVisible();
  const first = page.locator("button[data-compare]").nth(0);
  const second = page.locator("button[data-compare]").nth(1);
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await second.focus();
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Tab");
  const link = page.getByRole("link", { name: "Compare 2 cars" }).last();
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/compare\?cars=[a-z0-9-]+,[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare Cars");
  await expect(page.getByRole("columnheader")).toHaveCount(2);
  await expect(page.locator("tr[data-differs]").first()).toContainText("Differs");
  const shared = page.url();
  await axeClean(page);

  // The address alone shows the same comparison (another browser, nothing stored).
  const other = await page.context().browser()!.newContext();
  const fresh = await other.newPage();
  await fresh.goto(shared);
  await expect(fresh.getByRole("columnheader")).toHaveCount(2);
  await other.close();
});

test("personalised finance is gated and comes back with the shopper's details filled in", async ({ page }) => {
  const [car] = await findCars("status:in_stock", 1);
  await page.goto(siteUrl(`/personalised/finance?car_id=${car!.id}`));
  await expect(page).toHaveURL(/\/sign-in\?type=car-finance&redirect=%2Fpersonalised%2Ffinance%3Fcar_id%3D\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in for personalised finance");
  await signIn(page, "email", "finance@example.com");
  await expect(page).toHaveURL(siteUrl(`/personalised/finance?car_id=${car!.id}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Personalised finance");
  await expect(page.getByLabel("Email", { exact: false }).first()).toHaveValue("finance@example.com");
});

test("favourites made before signing in join the account", async ({ page }) => {
  const [car] = await findCars("status:in_stock AND price > 10", 1);
  const entry = { id: car!.id, name: "Saved before sign-in", slug: car!.slug, make: car!.make, model: car!.model, primary_image_url: null };
  await page.goto(siteUrl("/favourites"));
  await page.evaluate((f) => localStorage.setItem("favourites", JSON.stringify([f])), entry);
  await page.goto(siteUrl("/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2F"));
  // The first page after signing in sends the browser's list to the account.
  const synced = page.waitForResponse((r) => r.url().endsWith("/api/account/favourites") && r.request().method() === "POST");
  await signIn(page, "email", "joiner@example.com");
  await expect(page).toHaveURL(siteUrl("/my-garage"));
  expect((await synced).status()).toBe(200);
  const link = page.getByTestId("favourites-list").getByRole("link", { name: "Saved before sign-in" });
  await expect(link).toHaveAttribute("href", `/cars/${car!.slug}`);
  // Kept on the account: a browser with nothing stored gets it back once signed in.
  await page.evaluate(() => localStorage.removeItem("favourites"));
  await page.reload();
  await expect(link).toBeVisible();
});
