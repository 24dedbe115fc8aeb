/**
 * A new dealer's draft made ready before it goes live, by keyboard: its stock feed connected on the
 * draft's own feed screen (upload, dry run, the mapping saved into the draft, the cars imported onto
 * its preview), then its logo and favicon uploaded in the theme and saved with the draft. Its own
 * server (DRAFT_FEED_E2E_PORT, default 3483) over temporary copies of manifests/ and an empty stock
 * folder, so no other spec's dealers or stock are touched.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { axeClean } from "../helpers/axe";
import { getWithHost } from "../helpers/http";
import { ownServer, signInWithSecret } from "../helpers/own-server";

const PORT = Number(process.env.DRAFT_FEED_E2E_PORT ?? 3483);
const SECRET = "draft-feed-e2e-secret-draft-feed";
const STUDIO = `http://localhost:${PORT}/studio`;
const DRAFT = "peel-valley";
const SAMPLE = path.join(process.cwd(), "tests/fixtures/feeds/harbour-dms-export.csv");

test.describe.configure({ mode: "serial" });

// A draft of a new dealer as on the day staff prepare it: no feed yet, its own slug, hosts and dealership ids.
const server = ownServer("draft-feed-e2e", PORT, {
  prepare: (s) => {
    const value = JSON.parse(readFileSync(path.join(s.manifests, "harbour-motor-group.json"), "utf8")) as Record<string, unknown> & {
      dealerships: { id: number }[];
      locations: { dealership_id: number }[];
    };
    delete value.stockFeed;
    Object.assign(value, { $schema: "../../schemas/manifest.schema.json", slug: DRAFT, name: "Peel Valley Motors" });
    Object.assign(value, { hosts: ["www.peelvalleymotors.com.au"], redirectHosts: ["peelvalleymotors.com.au"] });
    value.dealerships = value.dealerships.map((d) => ({ ...d, id: d.id + 7000 }));
    value.locations = value.locations.map((l) => ({ ...l, dealership_id: l.dealership_id + 7000 }));
    writeFileSync(path.join(s.manifests, "drafts", `${DRAFT}.json`), JSON.stringify(value, null, 2) + "\n");
    mkdirSync(path.join(s.root, "stock"), { recursive: true });
  },
  // FEED_PHOTOS=link: the sample's photo hosts are not reached from a test machine (mirroring has unit tests).
  env: (s) => ({ STOCK_DIR: path.join(s.root, "stock"), STUDIO_SECRET: SECRET, FEED_SCHEDULER: "off", FEED_PHOTOS: "link" }),
});

const signIn = (page: Page) => signInWithSecret(page, server, SECRET);
const draftFile = () => JSON.parse(readFileSync(path.join(server.manifests, "drafts", `${DRAFT}.json`), "utf8"));

/** Moves the keyboard focus to `target` with Tab, or Shift+Tab (back), at most 200 presses, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab") {
  await expect(target).toBeEnabled();
  for (let i = 0; i < 200 && !(await target.evaluate((el) => el === document.activeElement).catch(() => false)); i++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/** Presses a button the way a keyboard user does: focus on it, then Enter. */
async function press(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).focus();
  await page.keyboard.press("Enter");
}

test("a draft's stock feed by keyboard: upload, dry run, the mapping saved into the draft, the cars imported onto its preview", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto(STUDIO);
  await tabTo(page, page.getByRole("link", { name: `Stock feed of the draft ${DRAFT}` }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${STUDIO}/drafts/${DRAFT}/feed`);
  await expect(page.getByRole("heading", { level: 1, name: "Stock feed: Peel Valley Motors (draft)" })).toBeVisible();
  await expect(page.getByText("This dealer has no stock feed yet")).toBeVisible();
  await axeClean(page, { tags: "all", label: "draft feed screen, empty" });

  const fileField = page.getByLabel("Export file");
  await fileField.setInputFiles(SAMPLE);
  await fileField.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Upload and read the columns" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(/^Read harbour-dms-export\.csv: 12 rows, 17 columns/);
  const blurb = page.getByLabel("Web Blurb");
  await blurb.focus();
  await page.keyboard.type("Dealer comments");
  await expect(blurb).toHaveValue("dealercomments");
  await page.getByLabel("Photo addresses are separated by").focus();
  await page.keyboard.type("A bar");

  // The dry run needs nothing live: the draft's own manifest is used.
  await press(page, "Dry run");
  await expect(page.getByRole("status")).toHaveText("Dry run done: nothing on the site changed.");
  const report = page.getByRole("region", { name: "3. The report" });
  await expect(report.getByText("Rows accepted: 11")).toBeVisible();
  await expect(report.getByRole("row", { name: /^T5101 2022 Toyota RAV4 GXL Hybrid AWD/ })).toContainText("$46,990 DAP");
  await axeClean(page, { tags: "all", label: "draft feed screen, dry run" });

  await press(page, "Save the mapping");
  await expect(page.getByRole("status")).toHaveText(/^The column mapping is saved in the draft/);
  expect(draftFile().stockFeed).toMatchObject({ source: { inboxFile: "harbour-dms-export.csv" }, columns: { "Web Blurb": "dealercomments" } });
  await expect(
    page.getByText(
      /^the file harbour-dms-export\.csv \(the export last imported here, or a newer one the dealer's system drops into its inbox folder\), 17 columns mapped/,
    ),
  ).toBeVisible();
  await axeClean(page, { tags: "all", label: "draft feed screen, saved" });

  await press(page, "Save and import now");
  await expect(page.getByRole("status")).toHaveText(
    /^Imported: 10 cars are on the draft's preview; 1 car more is hidden .* They stay when the draft goes live/,
    {
      timeout: 90_000,
    },
  );
  await expect(page.getByRole("region", { name: "Run history" }).getByRole("row").nth(1)).toContainText("published: 12 rows, 11 accepted");

  // The draft's preview (opened from the studio, as staff open it) lists the dealer's own car before it goes live.
  await page.goto(`${STUDIO}/preview/${DRAFT}/search/used-cars?query=Kluger%20Grande`);
  await expect(page.getByTestId("vehicle-card").filter({ hasText: "2021 Toyota Kluger Grande AWD" })).toBeVisible({ timeout: 30_000 });

  // The draft's editor links its feed screen too.
  await page.goto(`${STUDIO}/drafts/${DRAFT}`);
  await expect(page.getByRole("link", { name: "Stock feed", exact: true })).toHaveAttribute("href", `/studio/drafts/${DRAFT}/feed`);
});

test("a draft's logo and favicon uploaded in the theme, saved with the draft, served on its preview", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto(`${STUDIO}/drafts/${DRAFT}`);
  await tabTo(page, page.getByRole("link", { name: "Edit the theme" }));
  await page.keyboard.press("Enter");
  const statuses = page.locator(".studio-upload-status");

  const logo = page.getByLabel("Upload a logo picture");
  await logo.setInputFiles({
    name: "bad.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 140"><script>alert(1)</script></svg>'),
  });
  await expect(statuses.first()).toContainText("Not uploaded: This SVG contains a script");
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 140"><rect width="600" height="140" fill="#c00"/></svg>';
  await logo.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
  await expect(statuses.first()).toContainText("Uploaded logo.svg (600×140); the header draws it at 206×48.");

  const favicon = page.getByLabel("Upload a favicon");
  await favicon.setInputFiles({ name: "wide.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
  await expect(statuses.nth(1)).toContainText("Not uploaded: The picture is 600×140: a favicon must be square.");
  const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#c00"/></svg>';
  await favicon.setInputFiles({ name: "icon.svg", mimeType: "image/svg+xml", buffer: Buffer.from(icon) });
  await expect(statuses.nth(1)).toContainText("Uploaded icon.svg (64×64); it is the site's favicon.");
  await axeClean(page, { exclude: "iframe", tags: "all", label: "draft theme, pictures uploaded" });

  // Saved as every edit of a draft is: reviewed, then written to the draft.
  await tabTo(page, page.getByRole("button", { name: "Review and save" }), "Shift+Tab");
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: `Save to drafts/${DRAFT}.json` }));
  await page.keyboard.press("Enter");
  await expect(page.locator(".studio-status")).toContainText(`Saved drafts/${DRAFT}.json`);
  const theme = draftFile().theme as { logo: { src: string; width: number; height: number }; favicon: string };
  expect(theme.logo).toMatchObject({ src: expect.stringMatching(/^\/api\/media\/dealers\/peel-valley\/logo-[0-9a-f]{12}\.svg$/), width: 206, height: 48 });
  expect(theme.favicon).toMatch(/^\/api\/media\/dealers\/peel-valley\/favicon-[0-9a-f]{12}\.svg$/);

  // The draft's own preview shows both pictures, kept under the slug it goes live with.
  await page.goto(`${STUDIO}/preview/${DRAFT}/`);
  const header = page.locator(`header img[src="${theme.logo.src}"]`);
  await expect(header).toHaveAttribute("width", "206");
  await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator(`link[rel="icon"][href="${theme.favicon}"]`)).toHaveCount(1);
  // Fetched by the page itself: the preview host's name resolves in the browser only.
  const servedIcon = await page.evaluate(async (src) => {
    const res = await fetch(src);
    return { status: res.status, type: res.headers.get("content-type") };
  }, theme.favicon);
  expect(servedIcon).toEqual({ status: 200, type: "image/svg+xml" });
  // Another dealer's host does not serve it.
  expect((await getWithHost(PORT, `sunshine-chery.localhost:${PORT}`, theme.favicon)).status).toBe(404);
});
