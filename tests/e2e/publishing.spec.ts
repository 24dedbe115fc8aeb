/**
 * Publishing is safe (runtime/manifest/store.ts): on the production server, over a temporary
 * copy of manifests/ with its own folder of last good versions.
 * - breaking a live manifest keeps the last good site, and the directory shows the problem;
 * - a restart with the broken file still serves the last good site;
 * - fixing the file goes live without a restart;
 * - a manifest claiming another dealer's host is refused and that dealer keeps its site;
 * - a picture added under public/ while the server runs is served.
 */
import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startNextServer, stopAndWait, waitForServer } from "../../scripts/lib/next-server";
import { getWithHost } from "../helpers/http";
import { axeClean } from "../helpers/axe";

const PORT = 3203;
let root: string;
let manifests: string;
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

async function start() {
  server = startNextServer(PORT, { env: { ...process.env, MANIFESTS_DIR: manifests } });
  await waitForServer(PORT, { server });
}

test.beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "publishing-"));
  manifests = path.join(root, "manifests");
  cpSync(path.join(process.cwd(), "manifests"), manifests, { recursive: true });
  await start();
});
test.afterAll(async () => {
  await stopAndWait(server);
  rmSync(root, { recursive: true, force: true });
});

const sunshine = () => path.join(manifests, "sunshine-chery.json");
const directoryEntry = (page: import("@playwright/test").Page, slug: string) => page.locator(`[data-site="${slug}"]`);

test("breaking a live manifest keeps the last good site; the directory shows the problem at its line", async ({ page }) => {
  const original = readFileSync(sunshine(), "utf8");
  const broken = original.replace('"name": "Sunshine Chery"', '"name": 5');
  expect(broken).not.toBe(original);
  writeFileSync(sunshine(), broken);
  const line = broken.slice(0, broken.indexOf('"name": 5')).split("\n").length;

  await expect
    .poll(async () => {
      await page.goto(`http://localhost:${PORT}/`);
      return directoryEntry(page, "sunshine-chery").textContent();
    })
    .toContain("Live with its last good version");
  await expect(directoryEntry(page, "sunshine-chery")).toContainText(new RegExp(`sunshine-chery\\.json:${line}:\\d+\\s+/name\\s+must be of type string`));
  await axeClean(page, { tags: "all" });

  await page.goto(`http://sunshine-chery.localhost:${PORT}/`);
  await expect(page).toHaveTitle(/Sunshine Chery/);
  await expect(page.locator("header").first()).toBeVisible();
});

test("a restart with the broken file still serves the last good site", async ({ page }) => {
  expect(readFileSync(sunshine(), "utf8")).toContain('"name": 5');
  await stopAndWait(server);
  await start();
  const res = await page.goto(`http://sunshine-chery.localhost:${PORT}/`);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Sunshine Chery/);
  await page.goto(`http://localhost:${PORT}/`);
  await expect(directoryEntry(page, "sunshine-chery")).toContainText("Live with its last good version");
});

test("fixing the file goes live without a restart", async ({ page }) => {
  const fixed = readFileSync(sunshine(), "utf8").replace('"name": 5', '"name": "Sunshine Chery Springwood"');
  writeFileSync(sunshine(), fixed);
  // The directory lists each dealer by the name in the manifest it serves.
  await expect
    .poll(async () => {
      await page.goto(`http://localhost:${PORT}/`);
      return directoryEntry(page, "sunshine-chery").textContent();
    })
    .toContain("Sunshine Chery Springwood");
  await expect(directoryEntry(page, "sunshine-chery")).not.toContainText("last good");
  expect((await page.goto(`http://sunshine-chery.localhost:${PORT}/`))?.status()).toBe(200);
});

test("a manifest claiming another dealer's host is refused, naming both files, and that dealer keeps its site", async ({ page }) => {
  const harbourHost = "www.harbourmotorgroup.com.au";
  const newcomer = JSON.parse(readFileSync(path.join(manifests, "outback-caravans.json"), "utf8"));
  newcomer.slug = "aaa-newcomer";
  newcomer.name = "AAA Newcomer Motors";
  newcomer.hosts = ["www.aaa-newcomer.com.au", harbourHost];
  newcomer.dealerships = newcomer.dealerships.map((d: { id: number }) => ({ ...d, id: d.id + 9000 }));
  newcomer.locations = newcomer.locations.map((l: { dealership_id: number }) => ({ ...l, dealership_id: l.dealership_id + 9000 }));
  // Sorts before harbour-motor-group.json: the file order must not decide who keeps the host.
  writeFileSync(path.join(manifests, "aaa-newcomer.json"), JSON.stringify(newcomer, null, 2));

  await expect
    .poll(async () => {
      await page.goto(`http://localhost:${PORT}/`);
      // allTextContents does not wait for the entry to appear: the next poll looks again.
      return (await directoryEntry(page, "aaa-newcomer").allTextContents()).join("");
    })
    .toMatch(/aaa-newcomer\.json:\d+:\d+\s+\/hosts\/1\s+host 'www\.harbourmotorgroup\.com\.au' is already served by .*harbour-motor-group\.json/);
  const harbour = await getWithHost(PORT, harbourHost);
  expect(harbour.status).toBe(200);
  expect(harbour.body).toContain("Harbour");
  expect(harbour.body).not.toContain("AAA Newcomer");
  expect((await getWithHost(PORT, "aaa-newcomer.localhost")).status).toBe(503);
});

test("a logo added under public/ while the server runs is served, and the site shows it", async ({ page }) => {
  const name = `e2e-added-logo-${process.pid}.svg`;
  const file = path.join(process.cwd(), "public", name);
  writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><rect width="200" height="50" fill="#123456"/></svg>');
  try {
    const asset = await page.goto(`http://sunshine-chery.localhost:${PORT}/${name}`);
    expect(asset?.status()).toBe(200);
    expect(asset?.headers()["content-type"]).toContain("image/svg+xml");

    const manifest = JSON.parse(readFileSync(sunshine(), "utf8"));
    manifest.theme.logo.src = `/${name}`;
    writeFileSync(sunshine(), JSON.stringify(manifest, null, 2));
    const logo = page.locator(`header img[src*="${name}"]`).first();
    await expect
      .poll(async () => {
        await page.goto(`http://sunshine-chery.localhost:${PORT}/`);
        return logo.count();
      })
      .toBeGreaterThan(0);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    rmSync(file, { force: true });
  }
});
