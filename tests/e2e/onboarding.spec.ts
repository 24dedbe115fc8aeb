/**
 * Onboarding a dealer (docs/authoring.md): a draft in manifests/drafts/ is previewed on its own
 * preview host with an overlay of its problems and warnings at file:line:column, blocks marked where
 * they warn or are skipped, never served on a dealer host; a draft with errors lists them instead.
 * A preview answers only a studio editor (runtime/studio/preview-access.ts): these run on a server
 * of their own (its port from ONBOARDING_E2E_PORT, default E2E_PORT + 2) behind a studio secret,
 * with the drafts written into its copy of manifests/ (runtime/manifest/scaffold.ts, as
 * `npm run new-dealer` does). The block catalogue's tests use the shared server.
 */
import { expect, test, type Page } from "@playwright/test";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { scaffoldManifest } from "../../runtime/manifest/scaffold";
import { E2E_PORT } from "../../playwright.config";
import { getWithHost } from "../helpers/http";
import { SAMPLE_DEALER_DETAILS } from "../helpers/manifest-fixture";
import { axeClean, axeViolations } from "../helpers/axe";
import { ownServer, signInWithSecret } from "../helpers/own-server";

const GOOD = "e2e-coast-chery";
const BROKEN = "e2e-broken-hours";
const PORT = Number(process.env.ONBOARDING_E2E_PORT ?? E2E_PORT + 2);
const SECRET = "onboarding-e2e-secret";

function draftText(name: string, edit: (m: Record<string, any>) => void): string {
  // Sunshine Chery's dealership id, so the draft has stock to show.
  const m = scaffoldManifest({
    name: "Coast Chery",
    slug: name,
    kind: "franchise",
    brand: "Chery",
    dealershipId: 101,
    ...SAMPLE_DEALER_DETAILS,
    hosts: ["www.e2ecoastchery.com.au"],
    redirectHosts: ["e2ecoastchery.com.au"],
  }) as Record<string, any>;
  m.$schema = "../../schemas/manifest.schema.json";
  edit(m);
  return JSON.stringify(m, null, 2) + "\n";
}

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

const goodText = draftText(GOOD, (m) => {
  // A search link that finds nothing (warning, marked on the hero) and a block behind a feature that is off (skipped).
  m.routes["/"].blocks[0].props.ctas[1] = { label: "Our Hondas", href: "/search/honda-nowhere" };
  m.routes["/"].blocks.push({ type: "book-service-banner", flag: "chat" });
  m.features = { chat: false };
  // No lead destination: the go-live check's blocker is listed in the overlay beside the draft's own warning.
  delete m.forms;
});
const brokenText = draftText(BROKEN, (m) => {
  m.locations[0].contact_detail.opening_hours[1] = { weekday: 1, status: "Open", open: "17:30", close: "08:00" };
});

const server = ownServer("onboarding-e2e", PORT, {
  env: () => ({ STUDIO_SECRET: SECRET }),
  prepare: (s) => {
    writeFileSync(path.join(s.manifests, "drafts", `${GOOD}.json`), goodText);
    writeFileSync(path.join(s.manifests, "drafts", `${BROKEN}.json`), brokenText);
  },
});
/** A draft's page as a signed-in studio editor opens it: through the directory's /preview/{draft}/, which the studio lets onto the preview host. */
const openPreview = async (page: Page, name: string, at = "/") => {
  await signInWithSecret(page, server, SECRET);
  await page.goto(`http://localhost:${PORT}/preview/${name}${at}`);
  await expect(page).toHaveURL(`http://${name}.preview.localhost:${PORT}${at}`);
};

test("the directory lists drafts and /preview/{draft}/ opens the draft's preview host", async ({ page }) => {
  await signInWithSecret(page, server, SECRET);
  await page.goto(`http://localhost:${PORT}/`);
  const entry = page.locator(`[data-draft="${GOOD}"]`);
  await expect(entry).toContainText("0 problems, 1 warning");
  await axeClean(page, { tags: "all" });
  await page.goto(`http://localhost:${PORT}/preview/${GOOD}/about-us`);
  await expect(page).toHaveURL(`http://${GOOD}.preview.localhost:${PORT}/about-us`);
  await expect(page.locator("[data-preview-overlay]")).toBeVisible();
});

test("a previewed page carries an overlay of the draft's warnings at file:line:column and marks the blocks", async ({ page }) => {
  await openPreview(page, GOOD);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Coast Chery" })).toBeVisible();
  const overlay = page.getByRole("complementary", { name: "Draft preview diagnostics" });
  // The draft's own warning and the go-live check's (a new dealer's usual to-dos) are listed together.
  await expect(overlay).toContainText(/0 problems, \d+ warnings/);
  await expect(overlay).toContainText("blocks going live: /forms/destinations");
  const line = lineOf(goodText, '"/search/honda-nowhere"');
  await expect(overlay.locator("[data-preview-problem=warning]").filter({ hasText: "honda-nowhere" })).toContainText(
    new RegExp(`manifests/drafts/${GOOD}\\.json:${line}:\\d+ +warning: /routes/~1/blocks/0/props/ctas/1/href +the link '/search/honda-nowhere' finds no cars`),
  );
  // The hero is marked with its warning; the block behind the switched-off feature is marked as skipped.
  await expect(page.locator('[data-preview-mark=warning][data-block-type="hero"]')).toContainText("/search/honda-nowhere");
  await expect(page.locator('[data-preview-mark=skipped][data-block-type="book-service-banner"]')).toContainText("the feature 'chat' is off");
  // The overlay's link goes to the block's mark.
  await overlay.getByRole("link", { name: "Show the block" }).click();
  await expect(page).toHaveURL(/#preview-mark-routes-1-blocks-0$/);
  await axeClean(page, { tags: "all" });
});

test("a draft with an error is previewed as its list of problems, each at its line", async ({ page }) => {
  await openPreview(page, BROKEN);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Draft ${BROKEN} cannot be previewed yet`);
  const line = lineOf(brokenText, '"close": "08:00"');
  await expect(page.locator("main")).toContainText(
    new RegExp(`manifests/drafts/${BROKEN}\\.json:${line}:\\d+ +/locations/0/contact_detail/opening_hours/1/close +Coast Chery closes at 08:00 on Monday`),
  );
  await axeClean(page, { tags: "all" });
});

test("a draft is never served on a dealer host, nor on its preview host to anyone but a studio editor", async ({ page }) => {
  expect((await getWithHost(PORT, `${GOOD}.localhost`, "/")).status).toBe(404);
  expect((await getWithHost(PORT, "www.e2ecoastchery.com.au", "/")).status).toBe(404);
  // Whoever knows the address (any Host header reaches the server) gets a page with nothing of the draft.
  for (const [name, at] of [
    [GOOD, "/"],
    [GOOD, "/about-us"],
    [BROKEN, "/"],
    [GOOD, `/?studio-preview=${"A".repeat(43)}`],
  ]) {
    const res = await getWithHost(PORT, `${name}.preview.localhost:${PORT}`, at);
    expect(res.status, `${name}${at}`).toBe(401);
    expect(res.body).toContain("This preview is for studio staff");
    expect(res.body).not.toContain("Coast Chery");
    expect(res.body).not.toContain("17:30");
  }
  // Without a studio session the studio's way onto the preview host is the sign-in page.
  // (The address without its trailing slash: with it, the server first answers 308 to this one.)
  expect((await getWithHost(PORT, `localhost:${PORT}`, `/studio/preview/${GOOD}`)).status).toBe(401);
  // A signed-in editor's browser holds a cookie for that preview host alone: partitioned, host-only.
  await openPreview(page, GOOD);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Coast Chery" })).toBeVisible();
  const cookie = (await page.context().cookies(`http://${GOOD}.preview.localhost:${PORT}/`)).find((c) => c.name === "preview-session");
  expect(cookie?.domain).toBe(`${GOOD}.preview.localhost`);
  expect(cookie?.httpOnly).toBe(true);
  expect((await page.context().cookies(`http://${BROKEN}.preview.localhost:${PORT}/`)).map((c) => c.name)).not.toContain("preview-session");
});

test("the block catalogue lists every block; a block's page renders its example beside its props table", async ({ page }) => {
  await page.goto(`http://localhost:${E2E_PORT}/blocks`);
  await expect(page.getByRole("heading", { level: 1, name: "Blocks" })).toBeVisible();
  // Every block folder (one with a schema) has its entry.
  const blockFolders = readdirSync(path.join(process.cwd(), "blocks")).filter((d) => existsSync(path.join(process.cwd(), "blocks", d, "schema.json")));
  await expect(page.locator("[data-block]")).toHaveCount(blockFolders.length);
  await axeClean(page, { tags: "all" });

  await page.locator('[data-block="hero"]').getByRole("link", { name: "hero" }).click();
  await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/blocks/hero`);
  // The hero's example heading, drawn by the block itself, and the generated props table.
  await expect(page.locator(".catalogue-render h1")).toHaveText("Queensland's home of new and used cars");
  const table = page.getByRole("region", { name: "Props of hero" });
  await expect(table.getByRole("row", { name: /ctas\[\]\.label/ })).toContainText("Browse stock");
  await axeClean(page, { tags: "all" });
});

test("every block's catalogue page answers", async () => {
  const index = await getWithHost(E2E_PORT, "localhost", "/blocks");
  const types = [...index.body.matchAll(/data-block="([a-z0-9-]+)"/g)].map((m) => m[1]);
  expect(types.length).toBeGreaterThan(70);
  for (const type of types) {
    const res = await getWithHost(E2E_PORT, "localhost", `/blocks/${type}`);
    expect(res.status, type).toBe(200);
    expect(res.body, type).toContain("Props");
  }
});

test("every block's catalogue page passes axe", async ({ page }) => {
  test.setTimeout(300_000); // 74 pages, each drawn and checked
  const index = await getWithHost(E2E_PORT, "localhost", "/blocks");
  const types = [...index.body.matchAll(/data-block="([a-z0-9-]+)"/g)].map((m) => m[1]);
  const violations: string[] = [];
  for (const type of types) {
    await page.goto(`http://localhost:${E2E_PORT}/blocks/${type}`);
    await expect(page.getByRole("heading", { level: 1, name: `Block ${type}` })).toBeVisible();
    violations.push(...(await axeViolations(page, { tags: "all", label: type })));
  }
  expect(violations).toEqual([]);
});
