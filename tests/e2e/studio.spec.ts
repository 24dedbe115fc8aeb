/**
 * The dealer studio on the production server, over a temporary copy of manifests/
 * (its own server on port STUDIO_E2E_PORT, default 3352, so other specs' dealers are untouched), behind a STUDIO_SECRET.
 */
import { expect, test, type Page } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import { scaffoldManifest } from "../../runtime/manifest/scaffold";
import { SAMPLE_DEALER_DETAILS } from "../helpers/manifest-fixture";
import { getWithHost } from "../helpers/http";
import { axeClean } from "../helpers/axe";
import { ownServer, signInWithSecret } from "../helpers/own-server";

const PORT = Number(process.env.STUDIO_E2E_PORT ?? 3352);
const SECRET = "studio-e2e-secret";
const STUDIO = `http://localhost:${PORT}/studio`;

test.describe.configure({ mode: "serial" });

const server = ownServer("studio-e2e", PORT, { env: () => ({ STUDIO_SECRET: SECRET }) });
const manifests = () => server.manifests;

const signIn = (page: Page) => signInWithSecret(page, server, SECRET);

const preview = (page: Page) => page.frameLocator("iframe[title^='Preview of']");

test("the studio needs its secret, lives on the directory host only, and its internal route is closed", async ({ page }) => {
  const res = await page.goto(STUDIO);
  expect(res?.status()).toBe(401);
  // A wrong secret: the form again, saying so; a cookie shaped like a session but unknown: the form.
  await page.getByLabel("Studio secret").fill("not-the-studio-secret");
  await page.getByRole("button", { name: "Open the studio" }).click();
  await expect(page.getByRole("alert")).toHaveText("That is not the studio secret.");
  const forged = await getWithHost(PORT, `localhost:${PORT}`, "/studio", { cookie: `studio-session=${"A".repeat(43)}` });
  expect(forged.status).toBe(307);
  expect(forged.headers.location).toBe("/studio/sign-in");
  await page.getByLabel("Studio secret").fill(SECRET);
  await page.getByRole("button", { name: "Open the studio" }).click();
  await expect(page.getByRole("heading", { name: "Studio", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "sunshine-chery", exact: true })).toBeVisible();

  // The cookie holds a random session id, never the secret.
  const session = (await page.context().cookies()).find((c) => c.name === "studio-session");
  expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect((await page.context().cookies()).map((c) => c.value)).not.toContain(SECRET);
  const signedIn = { cookie: `studio-session=${session?.value}` };

  // Never on a dealer's host, with or without a session; the internal path is 404 everywhere.
  const onDealer = await getWithHost(PORT, `sunshine-chery.localhost:${PORT}`, "/studio", signedIn);
  expect(onDealer.status).toBe(404);
  expect(onDealer.body).not.toContain("Studio secret");
  expect((await getWithHost(PORT, `localhost:${PORT}`, "/_studio", signedIn)).status).toBe(404);
  expect((await getWithHost(PORT, `localhost:${PORT}`, "/%5Fstudio/site/sunshine-chery", signedIn)).status).toBe(404);
  // A save from another site is refused by the same-origin check.
  const cross = await page.request.post(`${STUDIO}/sunshine-chery/save`, {
    headers: { origin: "https://evil.example", "content-type": "application/json" },
    data: { baseText: "", value: {} },
  });
  expect(cross.status()).toBe(403);

  // Each dealer's stock feed screen is linked from the studio's index and from the dealer's editor.
  await page.goto(STUDIO);
  await page.getByRole("link", { name: "Stock feed of harbour-motor-group" }).click();
  await expect(page).toHaveURL(`${STUDIO}/harbour-motor-group/feed`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Stock feed: ");
  await page.goto(`${STUDIO}/sunshine-chery`);
  await page.locator(".studio-bar").getByRole("link", { name: "Stock feed" }).click();
  await expect(page).toHaveURL(`${STUDIO}/sunshine-chery/feed`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Stock feed: ");
});

test("build a page with a hero and tiles from nothing, hold back an invalid value, save, see the diff and the live site change", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery`);
  await page.getByText("Add a page").click();
  await page.getByLabel("Path", { exact: true }).fill("/studio-demo");
  await page.getByLabel("Title", { exact: true }).fill("Studio demo");
  await page.getByRole("button", { name: "Add page" }).click();
  await expect(page.getByRole("heading", { name: "Blocks on /studio-demo" })).toBeVisible();
  await expect(page.getByText("This page has no blocks yet.")).toBeVisible();

  await page.getByLabel(/Block to add/).selectOption("hero");
  await page.getByRole("button", { name: "Add block" }).click();
  await expect(page.getByRole("button", { name: "hero", pressed: true })).toBeVisible();
  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("Queensland's home of new and used cars");
  // Tiles after the hero (the chosen block), from the tiles-grid schema's example: the dealer's home tiles.
  await page.getByLabel(/Block to add/).selectOption("tiles-grid");
  await page.getByRole("button", { name: "Add block" }).click();
  await expect(page.locator(".studio-tree > li")).toHaveCount(2);
  await expect(preview(page).getByRole("heading", { level: 2, name: "Current offers" })).toBeVisible();
  await page.getByRole("button", { name: "hero", exact: true }).click();

  // An empty heading fails the schema: the working copy keeps it as a to-do at the field, with the message; the preview keeps the last good one.
  const heading = page.getByLabel(/^Hero heading/);
  await heading.fill("");
  await heading.press("Tab");
  await expect(heading).toHaveAttribute("aria-invalid", "true");
  // In plain words, with where it is.
  await expect(page.locator(".studio-error")).toContainText("Enter at least 1 character: this cannot be empty.");
  await expect(page.locator(".studio-error")).toContainText("routes › /studio-demo › blocks › block 1 › props › heading");
  await expect(page.getByRole("status")).toContainText("Still to fill before the preview and saving");
  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("Queensland's home of new and used cars");

  await heading.fill("Made in the studio");
  await heading.press("Enter");
  await expect(heading).not.toHaveAttribute("aria-invalid", "true");
  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("Made in the studio");
  // The live site does not have it yet.
  expect((await getWithHost(PORT, `sunshine-chery.localhost:${PORT}`, "/studio-demo")).status).toBe(404);

  const before = readFileSync(path.join(manifests(), "sunshine-chery.json"), "utf8");
  // A dealer's save publishes a version (tests/e2e/studio-publish.spec.ts has the rest); the diff is one step away.
  await page.getByRole("button", { name: "Publish…" }).click();
  await page.getByRole("button", { name: "Review changes" }).click();
  const diff = page.getByRole("region", { name: "Differences" });
  await expect(diff).toContainText("+ ");
  await expect(diff).toContainText('"/studio-demo"');
  await expect(diff).toContainText('"heading": "Made in the studio"');
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status")).toContainText("Saved sunshine-chery.json");

  // Published as a version in the database: the repository's file is as it was.
  expect(readFileSync(path.join(manifests(), "sunshine-chery.json"), "utf8")).toBe(before);

  await expect
    .poll(async () => (await getWithHost(PORT, `sunshine-chery.localhost:${PORT}`, "/studio-demo")).body, { timeout: 15_000 })
    .toContain("Made in the studio");
  await page.goto(`http://sunshine-chery.localhost:${PORT}/studio-demo`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Made in the studio");
});

test("the studio by keyboard: choose, duplicate, move, undo and redo", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/studio-demo")}`);
  const blocks = page.locator(".studio-tree > li");
  await expect(blocks).toHaveCount(2); // the hero and the tiles saved above

  // Tab from the page's start reaches the block; Enter chooses it.
  const pick = page.getByRole("button", { name: "hero", exact: true });
  for (let i = 0; i < 100 && !(await pick.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(pick).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(pick).toHaveAttribute("aria-pressed", "true");

  await page.keyboard.press("Tab"); // Move up is disabled (first block), so Tab reaches Move down, then Duplicate
  await expect(page.getByRole("button", { name: "Move hero 1 down" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Duplicate hero 1" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(blocks).toHaveCount(3);
  // The copy is chosen and focused; Alt+ArrowUp moves it up.
  await expect(page.locator(".studio-tree > li").nth(1).getByRole("button", { name: "hero", exact: true })).toBeFocused();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(page.locator(".studio-tree > li").nth(0).getByRole("button", { name: "hero", exact: true })).toBeFocused();
  await expect(page.getByRole("status")).toContainText("Moved hero up");

  await page.keyboard.press("Control+z");
  await expect(page.getByRole("status")).toContainText("Undone");
  await page.keyboard.press("Control+z");
  await expect(blocks).toHaveCount(2);
  await page.keyboard.press("Control+y");
  await expect(blocks).toHaveCount(3);
  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveCount(2);
});

test("the theme: a colour under 4.5:1 contrast is held back with the rule's message; a good one reaches the preview", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/studio-demo")}`);
  await page.getByRole("link", { name: "Edit the theme" }).click();
  const primary = page.getByLabel(/^Primary( \(required\))?$/);
  await expect(primary).toHaveValue("#9b1c1f");
  const previewPrimary = () =>
    page
      .frameLocator("iframe[title^='Preview of']")
      .locator("html")
      .evaluate((el) => getComputedStyle(el).getPropertyValue("--color-primary").trim())
      // The frame reloads after each checked change: a read during the reload is asked again.
      .catch(() => null);

  await primary.fill("#f0f0f0");
  await primary.press("Enter");
  await expect(primary).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".studio-error").first()).toContainText("at least 4.5:1 is needed");
  await expect.poll(previewPrimary).toBe("#9b1c1f");

  await primary.fill("#123456");
  await primary.press("Enter");
  await expect(page.getByRole("status")).toContainText("Primary changed");
  await expect.poll(previewPrimary).toBe("#123456");

  // A union (the logo: a picture or a text): choose the variant, then its own fields.
  const logoLink = preview(page).locator("header a[href='/']").first();
  await expect(logoLink.locator("img")).toHaveCount(1);
  await page.getByLabel("Kind of logo").selectOption({ label: "Text logo" });
  await expect(page.getByRole("status")).toContainText("Logo: Text logo");
  const text = page.getByLabel(/^Text logo/);
  await text.fill("Sunshine Chery Springwood");
  await text.press("Enter");
  await expect(logoLink).toHaveText("Sunshine Chery Springwood");
  await expect(logoLink.locator("img")).toHaveCount(0);
});

test("reorder the vehicle page's sections and see the preview follow (one of the dealer's cars)", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/cars/[slug]")}`);
  const order = () =>
    page
      .frameLocator("iframe[title^='Preview of']")
      .locator("[data-section]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-section")).filter((s) => s === "vdp-features" || s === "vdp-all-specifications"))
      .catch(() => null);
  await expect.poll(order).toEqual(["vdp-features", "vdp-all-specifications"]);
  await page.getByRole("button", { name: "Move vehicle-all-specifications 8 up" }).click();
  await expect(page.getByRole("status")).toContainText("Moved vehicle-all-specifications up");
  await expect.poll(order).toEqual(["vdp-all-specifications", "vdp-features"]);
  await expect(page.getByRole("button", { name: "Move vehicle-all-specifications 7 up" })).toBeFocused();
});

/** A list item of a generated form: its <li>, found by its summary's words (the innermost such item); opened. */
async function openItem(page: Page, summary: string) {
  const item = page
    .locator(".studio-items > li")
    .filter({ has: page.locator("summary", { hasText: new RegExp(`^${summary}(,|$)`) }) })
    .last();
  const details = item.locator("details").first();
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await item.locator("summary").first().click();
  return item;
}

test("site settings: edit a menu item and a location's hours, refused times in plain words, and the preview follows", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/")}`);
  await page.getByRole("button", { name: "Menus" }).click();
  await expect(page.getByRole("heading", { name: "Menus", level: 2 })).toBeVisible();
  const stock = await openItem(page, "Header 3: Stock");
  // A link field offers the site's pages (and still takes any address).
  await expect(stock.getByLabel(/^Href/)).toHaveAttribute("list", "studio-links");
  await expect(page.locator("#studio-links option[value='/finance']")).toHaveCount(1);
  const label = stock.getByLabel(/^Label/).first();
  await label.fill("Our stock");
  await label.press("Enter");
  await expect(page.getByRole("status")).toContainText("Label changed");
  await expect(preview(page).getByRole("link", { name: "Our stock" }).first()).toBeVisible();
  // A new item is a to-do (its label still to fill, the preview waiting); moving it is a button.
  await page.getByRole("button", { name: "Add to Header" }).click();
  await expect(page.getByRole("status")).toContainText("Added Header 7");
  const entry = page.locator(".studio-items > li").filter({ has: page.locator("summary", { hasText: /^Header 7$/ }) });
  await entry
    .getByLabel(/^Label/)
    .first()
    .fill("Test drive");
  await entry
    .getByLabel(/^Label/)
    .first()
    .press("Enter");
  await page.getByRole("button", { name: "Move Header 7: Test drive up" }).click();
  await expect(page.getByRole("status")).toContainText("Moved Header 7 up");

  // The location page (a pattern route from the template) previews the dealer's real location.
  await page.getByRole("link", { name: "/contact-us/[slug]", exact: true }).click();
  await expect(page.locator("iframe[title^='Preview of']")).toHaveAttribute("src", /\/contact-us\/springwood$/);
  await page.getByRole("button", { name: "Locations and opening hours" }).click();
  const location = await openItem(page, "Locations 1: Sunshine Chery Springwood");
  const saturday = await openItem(page, "Opening hours 7: Saturday");
  const open = saturday.getByLabel(/^Open$/);
  await open.fill("9am");
  await open.press("Enter");
  await expect(open).toHaveAttribute("aria-invalid", "true");
  await expect(saturday.locator(".studio-error")).toContainText("Use a 24-hour time like 08:00 or 17:30.");
  await expect(saturday.locator(".studio-error")).toContainText("opening_hours › Saturday › open");
  await open.fill("09:00");
  await open.press("Enter");
  await expect(open).not.toHaveAttribute("aria-invalid", "true");
  const text = saturday.getByLabel(/^Hours as shown/);
  await text.fill("9:00am - 1:00pm");
  await text.press("Enter");
  await expect(page.getByRole("status")).toContainText("Hours as shown changed");
  await expect(preview(page).getByRole("cell", { name: "9:00am - 1:00pm" }).first()).toBeVisible();
  await expect(location).toBeVisible();

  // Leaving with changes not saved asks first: the studio's own link, then the browser's question on closing.
  let asked = "";
  page.once("dialog", (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole("link", { name: "Studio", exact: true }).click();
  expect(asked).toContain("Your changes are not saved");
  await expect(page.getByRole("heading", { name: "Edit sunshine-chery" })).toBeVisible();
  const beforeUnload = new Promise<string>((resolve) => page.once("dialog", (d) => (resolve(d.type()), void d.accept())));
  await page.close({ runBeforeUnload: true });
  expect(await beforeUnload).toBe("beforeunload");
});

test("lead destinations: a new destination is an Email, filled in by keyboard, its address checked, and shown in the changes", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/outback-caravans`);
  await page.getByRole("button", { name: "Lead destinations and forms" }).click();
  await expect(page.getByRole("heading", { name: "Lead destinations and forms", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: "Add to Destinations" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Added Destinations 2");
  // The dealer's webhook stays the first item; the new one (the second) starts as the Email kind.
  // It unfolds by itself once the check finds fields in it still to fill (ObjectListField): wait
  // for that rather than click its summary, which would fold it again if the check came back
  // between a look at it and the click (it did, on a busy machine: the typing then went nowhere).
  const item = page.locator(".studio-items > li").nth(1);
  await expect(item.locator("details").first()).toHaveJSProperty("open", true);
  const kind = item.getByLabel("Kind of destination");
  await expect(kind.locator("option:checked")).toHaveText("Email");
  const id = item.getByLabel(/^Id/);
  await id.focus();
  await page.keyboard.type("sales-email");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Id changed");
  const email = item.getByLabel(/^Email address/);
  await expect(email).toHaveAttribute("type", "email");
  await email.focus();
  await page.keyboard.type("sales at outback");
  await page.keyboard.press("Enter");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("sales@outback-caravans.example.com.au");
  await page.keyboard.press("Enter");
  await expect(item.getByLabel(/^Email address/)).not.toHaveAttribute("aria-invalid", "true");
  await expect(item.locator("summary").first()).toHaveText("Destinations 2: sales-email");

  await page.getByRole("button", { name: "Publish…" }).click();
  await page.getByRole("button", { name: "Review changes" }).click();
  const diff = page.getByRole("region", { name: "Differences" });
  await expect(diff).toContainText('"email": "sales@outback-caravans.example.com.au"');
  await expect(diff).toContainText('"id": "sales-email"');
});

test("choose a picture from public/, with the slot's proportions and the proportions warning at the field", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/")}`);
  await page.getByRole("button", { name: "Dated tiles and offers" }).click();
  const tile = await openItem(page, "Tiles 1: Omoda 5 runout");
  const image = tile.getByLabel(/^Image/).first();
  await expect(image).toHaveValue("/promos/sunshine-omoda-runout.svg");
  await expect(tile.getByText(/Shown at 1920 : 540/)).toBeVisible();
  // By keyboard: open the list, filter it, choose; focus comes back to the button that opened it.
  const chooser = tile.getByRole("button", { name: "Choose a picture for Image" });
  await chooser.focus();
  await page.keyboard.press("Enter");
  const list = tile.getByRole("list", { name: "Pictures in public/ for Image" });
  await expect(list.getByRole("button", { name: "/promos/sunshine-omoda-runout.svg" })).toHaveAttribute("aria-pressed", "true");
  // Images only: the brochures (PDF) are not offered.
  await expect(list.getByRole("button", { name: /\.pdf$/ })).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(tile.getByLabel("Filter pictures by name")).toBeFocused();
  await page.keyboard.type("hero-group");
  await expect(list.getByRole("button")).toHaveCount(1);
  await page.keyboard.press("Tab");
  await expect(list.getByRole("button", { name: "/promos/hero-group.svg" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(image).toHaveValue("/promos/hero-group.svg");
  await expect(chooser).toBeFocused();
  await expect(page.getByRole("status")).toContainText("Image changed");
  // 1600 × 700 in a 1920:540 place: the image-proportions rule's warning, at the field (a warning: the change is kept).
  await expect(tile.locator(".studio-warning")).toContainText("1600×700");
  // The preview thumbnail beside the field shows the file (served from public/ on the studio's host).
  const thumb = tile.locator("img.studio-thumb");
  await expect(thumb).toHaveAttribute("src", "/promos/hero-group.svg");
  await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test("an inherited template value: overridden, then reset to the template, as edits to the text", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/")}`);
  await page.getByRole("button", { name: "Menus" }).click();
  const column = page.getByRole("checkbox", { name: "Dealer column" });
  await expect(column).toBeChecked();
  await expect(page.getByText("From template dealer-base")).toBeVisible();
  await page.getByRole("button", { name: "Override Dealer column" }).click();
  await expect(page.getByRole("status")).toContainText("Dealer column: overridden");
  const reset = page.getByRole("button", { name: "Reset Dealer column to template" });
  await expect(reset).toBeFocused();
  await page.getByRole("button", { name: "Publish…" }).click();
  await page.getByRole("button", { name: "Review changes" }).click();
  await expect(page.getByRole("region", { name: "Differences" })).toContainText('"dealerColumn": true');
  await page.getByRole("button", { name: "Keep editing" }).click();
  // Unticked: the dealer's own value now; the preview's footer loses the dealer column.
  // (A checked box follows the value the platform accepted, so it changes once the check answers.)
  await column.click();
  await expect(page.getByRole("status")).toContainText("Dealer column changed");
  await expect(column).not.toBeChecked();
  await reset.click();
  await expect(page.getByRole("status")).toContainText("Dealer column: reset to the template");
  await expect(page.getByRole("button", { name: "Override Dealer column" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Publish…" })).toBeDisabled();

  // A whole page from the template: shown with its blocks, previewed with a real sample, and overridden on request.
  await page.getByRole("link", { name: "/models/[model]", exact: true }).click();
  await expect(page.getByText("This page comes from the template dealer-base")).toBeVisible();
  await expect(page.locator("iframe[title^='Preview of']")).toHaveAttribute("src", /\/models\/omoda-5$/);
  await expect(preview(page).getByRole("heading", { level: 1 })).toContainText("Omoda 5");
  await page.getByRole("link", { name: "/offers/[id]", exact: true }).click();
  await expect(page.locator("iframe[title^='Preview of']")).toHaveAttribute("src", /\/offers\/omoda-runout$/);
  await page.getByRole("button", { name: "Override this page" }).click();
  await expect(page.getByRole("button", { name: "Reset page to template" })).toBeVisible();
  await expect(page.locator(".studio-tree > li").first()).toBeVisible();
});

test("axe finds nothing on the studio pages", async ({ page }) => {
  await signIn(page);
  await page.goto(STUDIO);
  await axeClean(page, { tags: "all" });
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/studio-demo")}`);
  await page.getByRole("button", { name: "hero", exact: true }).click();
  await expect(page.getByLabel(/^Hero heading/)).toBeVisible();
  // The preview frame is the dealer's own page (checked by the site's specs); the studio around it is checked here.
  await axeClean(page, { exclude: "iframe", tags: "all" });
  await page.getByRole("link", { name: "Edit the theme" }).click();
  await expect(page.getByRole("heading", { name: "Theme" })).toBeVisible();
  await axeClean(page, { exclude: "iframe", tags: "all" });
  // The generated forms for the site settings: a list of objects opened, a union, a picture list, a template's value.
  await page.getByRole("button", { name: "Dated tiles and offers" }).click();
  const tile = await openItem(page, "Tiles 1: Omoda 5 runout");
  await tile.getByRole("button", { name: "Choose a picture for Image" }).click();
  await axeClean(page, { exclude: "iframe", tags: "all" });
  await page.getByRole("button", { name: "Locations and opening hours" }).click();
  await openItem(page, "Locations 1: Sunshine Chery Springwood");
  await openItem(page, "Opening hours 2: Monday");
  await axeClean(page, { exclude: "iframe", tags: "all" });
  await page.getByRole("button", { name: "Menus" }).click();
  await openItem(page, "Header 5: Service & Parts");
  await expect(page.getByText("From template dealer-base")).toBeVisible();
  await axeClean(page, { exclude: "iframe", tags: "all" });
  await page.getByRole("link", { name: "/offers/[id]", exact: true }).click();
  await expect(page.getByRole("button", { name: "Override this page" })).toBeVisible();
  await axeClean(page, { exclude: "iframe", tags: "all" });
});

test("a draft: listed under Drafts, edited and previewed like a dealer, saved with the diff and a backup", async ({ page }) => {
  // A draft as `npm run new-dealer` writes it (runtime/manifest/scaffold.ts), in the test's copy of manifests/.
  const draft = scaffoldManifest({
    name: "Coast Chery",
    slug: "coast-chery",
    kind: "franchise",
    brand: "Chery",
    dealershipId: 101,
    ...SAMPLE_DEALER_DETAILS,
  }) as Record<string, unknown>;
  const draftPath = path.join(manifests(), "drafts", "coast-chery.json");
  writeFileSync(draftPath, JSON.stringify({ $schema: "../../schemas/manifest.schema.json", ...draft }, null, 2) + "\n");
  await signIn(page);
  // Names are checked: not a path, not the studio's own working copy, and one that exists.
  expect((await page.goto(`${STUDIO}/drafts/nobody`))?.status()).toBe(404);
  expect((await page.goto(`${STUDIO}/drafts/studio-sunshine-chery`))?.status()).toBe(404);
  expect((await page.goto(`${STUDIO}/templates/nobody`))?.status()).toBe(404);

  await page.goto(STUDIO);
  await expect(page.getByRole("heading", { name: "Drafts", level: 2 })).toBeVisible();
  await page.getByRole("link", { name: "coast-chery", exact: true }).click();
  await expect(page).toHaveURL(/\/studio\/drafts\/coast-chery/);
  await expect(page.getByRole("heading", { name: "Edit draft coast-chery", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "its own preview" })).toHaveAttribute("href", "/studio/preview/coast-chery/");
  await page.getByRole("button", { name: "hero", exact: true }).first().click();
  const heading = page.getByLabel(/^Hero heading/);
  await heading.fill("Coast Chery, made in the studio");
  await heading.press("Enter");
  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("Coast Chery, made in the studio");
  await axeClean(page, { exclude: "iframe", tags: "all" });

  const before = readFileSync(draftPath, "utf8");
  await page.getByRole("button", { name: "Review and save" }).click();
  await expect(page.getByRole("region", { name: "Differences" })).toContainText('"heading": "Coast Chery, made in the studio"');
  await page.getByRole("button", { name: "Save to drafts/coast-chery.json" }).click();
  await expect(page.getByRole("status")).toContainText("Saved drafts/coast-chery.json");
  const after = readFileSync(draftPath, "utf8");
  expect(after).toContain('"heading": "Coast Chery, made in the studio"');
  expect(after.split("\n").length).toBe(before.split("\n").length);
  // The previous text is kept as a backup in the shared database.
  await expect(page.getByRole("status")).toContainText("The previous version is kept as backup ");
  expect(before).not.toBe(readFileSync(path.join(manifests(), "drafts", "coast-chery.json"), "utf8"));
  // The draft's own preview host shows what was saved, to a signed-in editor (the studio's grant, then the preview host's own cookie)...
  await expect(async () => {
    await page.goto(`${STUDIO}/preview/coast-chery/`);
    await expect(page).toHaveURL(`http://coast-chery.preview.localhost:${PORT}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coast Chery, made in the studio", { timeout: 1000 });
  }).toPass();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coast Chery, made in the studio");
  // ...and nothing of it to a request without them, nor to one whose grant is already spent.
  const bare = await getWithHost(PORT, `coast-chery.preview.localhost:${PORT}`, "/");
  expect(bare.status).toBe(401);
  expect(bare.body).not.toContain("Coast Chery");
});

test("a template: who uses it, the preview on one of them follows, a change that breaks a dealer is refused with the dealer named", async ({ page }) => {
  await signIn(page);
  await page.goto(STUDIO);
  await expect(page.getByRole("heading", { name: "Templates", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "coast-chery", exact: true })).toBeVisible();
  // The studio's own working copies (drafts/studio-*) are not drafts.
  await expect(page.getByRole("link", { name: /^studio-/ })).toHaveCount(0);
  await axeClean(page, { tags: "all" });
  await page.getByRole("link", { name: "dealer-base", exact: true }).click();
  await expect(page).toHaveURL(/\/studio\/templates\/dealer-base/);
  await expect(page.getByRole("heading", { name: "Edit template dealer-base", level: 1 })).toBeVisible();
  await expect(page.locator(".studio-used-by")).toHaveText("Used by: harbour-motor-group, outback-caravans, sunshine-chery, twg-group, coast-chery (draft)");
  await expect(page.locator(".studio-used-by").getByRole("link", { name: "coast-chery" })).toHaveAttribute("href", "/studio/drafts/coast-chery");

  await page.getByRole("link", { name: "/about-us", exact: true }).click();
  await expect(page.getByText("Shown on harbour-motor-group")).toBeVisible();
  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("About us");
  await page.getByRole("button", { name: "rich-text", exact: true }).first().click();
  const heading = page.getByRole("textbox", { name: "Heading", exact: true });
  await heading.fill("About our dealerships");
  await heading.press("Enter");
  await expect(page.getByRole("status")).toContainText("Preview updated");
  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("About our dealerships");
  await axeClean(page, { exclude: "iframe", tags: "all" });

  // A hero with an empty heading on the template's page would make every dealer using it invalid: refused, each dealer named.
  await page.getByLabel(/Block to add/).selectOption("hero");
  await page.getByRole("button", { name: "Add block" }).click();
  await expect(page.getByRole("button", { name: "hero", pressed: true })).toBeVisible();
  const hero = page.getByLabel(/^Hero heading/);
  await hero.fill("");
  await hero.press("Tab");
  await expect(hero).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("status")).toContainText("Still to fill before the preview and saving: harbour-motor-group: Enter at least 1 character");
  await expect(page.getByRole("region", { name: "Problems" })).toContainText("coast-chery: ");
  await axeClean(page, { exclude: "iframe", tags: "all" });
  await page.getByRole("button", { name: /^Remove hero/ }).click();
  await expect(page.locator(".studio-tree > li")).toHaveCount(3);

  // Saved: the template's text is edited, and the live dealers that use it change.
  const file = path.join(manifests(), "templates", "dealer-base.json");
  await page.getByRole("button", { name: "Review and save" }).click();
  await expect(page.getByRole("region", { name: "Differences" })).toContainText('"heading": "About our dealerships"');
  await page.getByRole("button", { name: "Save to templates/dealer-base.json" }).click();
  await expect(page.getByRole("status")).toContainText("Saved templates/dealer-base.json. The sites that use it show it within seconds");
  expect(readFileSync(file, "utf8")).toContain('"heading": "About our dealerships"');
  await expect.poll(async () => (await getWithHost(PORT, `twg-group.localhost:${PORT}`, "/about-us")).body).toContain("About our dealerships");

  // A save that would make dealers invalid is refused (422) in plain words, each dealer named; the file is untouched.
  const text = readFileSync(file, "utf8");
  const value = parse(text) as { routes: Record<string, { blocks: unknown[] }> };
  value.routes["/about-us"].blocks.push({ type: "hero", props: { heading: "" } });
  const refused = await page.request.post(`${STUDIO}/templates/dealer-base/save`, {
    headers: { origin: `http://localhost:${PORT}`, "content-type": "application/json" },
    data: { baseText: text, value },
  });
  expect(refused.status()).toBe(422);
  const body = (await refused.json()) as { message: string };
  expect(body.message).toContain(
    "The template dealer-base was not saved: it would make harbour-motor-group, outback-caravans, sunshine-chery, twg-group and the draft coast-chery invalid.",
  );
  expect(body.message).toContain("twg-group: Enter at least 1 character: this cannot be empty. (at routes › /about-us › blocks › block 4 › props › heading)");
  expect(readFileSync(file, "utf8")).toBe(text);
});
