import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_PORT } from "../../playwright.config";
import { startNextServer, stopAndWait, waitForServer } from "../../scripts/lib/next-server";
import { requestWithHost } from "../helpers/http";
import { axeClean } from "../helpers/axe";

// The go-live check on the directory host, on a server of its own over a copy of manifests/ in
// which one live dealer has no lead destination: the check blocks it, a shopper's enquiry still
// reaches the platform's fallback (the local inbox, as under npm start), and staff see the alert.
const PORT = Number(process.env.GO_LIVE_E2E_PORT ?? E2E_PORT + 1);
const BARE = "outback-caravans";
let dir: string;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(tmpdir(), "go-live-"));
  cpSync(path.join(process.cwd(), "manifests"), path.join(dir, "manifests"), { recursive: true });
  const file = path.join(dir, "manifests", `${BARE}.json`);
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  delete manifest.forms.destinations;
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MANIFESTS_DIR: path.join(dir, "manifests"),
    SITE_DIRECTORY: "on",
    AUTH_LOCAL_OUTBOX: "on",
    PGLITE_DIR: path.join(dir, "pglite"),
    LEADS_RATE_LIMIT: "500",
  };
  delete env.LEADS_FALLBACK_WEBHOOK_URL;
  delete env.LEADS_FALLBACK_INBOX;
  // Its own embedded database, never CI's shared server: the dealer without destinations it
  // publishes must not reach the shared test server's dealers.
  delete env.DATABASE_URL;
  env.SINGLE_PROCESS = "1";
  server = startNextServer(PORT, { env });
  await waitForServer(PORT, { server, timeoutMs: 90_000 });
});

test.afterAll(async () => {
  await stopAndWait(server);
  rmSync(dir, { recursive: true, force: true });
});

test("the directory shows the go-live check blocking a live dealer without lead destinations, and where its enquiries went", async ({ page }) => {
  const enquiry = {
    form: "enquiry",
    name: "Jane",
    last_name: "Citizen",
    email: "jane@example.com.au",
    phone: "0412 345 678",
    postcode: "4350",
    message: "Is the Jayco still available?",
    category: "General Enquiry",
  };
  const sent = await requestWithHost(PORT, `${BARE}.localhost`, {
    method: "POST",
    path: "/api/leads",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(enquiry),
  });
  expect(sent.status, sent.body).toBe(201);

  await page.goto(`http://localhost:${PORT}/`);
  const check = page.locator(`[data-site="${BARE}"] [data-go-live="blocking"]`);
  await expect(check.locator("summary")).toContainText("Go-live check: 1 problem blocks this live site");
  await expect(check.locator('[data-go-live-rule="lead-destination"]')).toContainText("Blocks going live: Enquiries from this site reach no one at the dealer");
  await expect(check.locator('[data-go-live-rule="lead-destination"]')).toContainText("line");
  // The dealers with destinations are not blocked; their warnings wait behind a closed summary.
  await expect(page.locator('[data-site="sunshine-chery"] [data-go-live="blocking"]')).toHaveCount(0);
  const warnings = page.locator('[data-site="sunshine-chery"] [data-go-live="warnings"]');
  await expect(warnings.getByText("placeholder text").first()).toBeHidden();
  await warnings.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(warnings.getByText("placeholder text").first()).toBeVisible();

  // Staff see where the enquiry went.
  await expect(page.locator(`[data-lead-fallback] [data-dealer="${BARE}"]`)).toContainText("1 enquiry in the fallback");
  await axeClean(page, { label: "directory" });

  // The enquiry itself is in the local inbox, addressed to the platform's staff.
  await expect(async () => {
    await page.goto(`http://localhost:${PORT}/inbox`);
    await expect(page.getByText("Lead for Outback Caravans Toowoomba with no lead destination").first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});
