/**
 * The README's tour on the production server exactly as `npm start` configures it: the server is
 * started by scripts/start.mjs itself with nothing but a port, a fresh embedded database and an
 * empty stock folder (a fresh clone has neither; the folder is also where the stock of the other
 * browser tests is not, so the stock npm start anchors on today never replaces theirs), no test
 * switches. Sign in through the local inbox, save a car to the
 * watchlist, reserve it with the test card and read the confirmation email in the inbox; open
 * the studio from the directory through the one-time link listed in the inbox (used once, it opens
 * nothing again); the inbox page passes axe (any impact) and is never served on a dealer's host.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { axeClean } from "../helpers/axe";
import { findCars } from "../helpers/cars";
import { getWithHost } from "../helpers/http";
import { exited, SECOND_PORT } from "../helpers/server-process";
import { inboxMessages, signInWithCode } from "../helpers/sign-in";

const PORT = SECOND_PORT;
const SITE = "sunshine-chery";
const siteUrl = (p: string) => `http://${SITE}.localhost:${PORT}${p}`;
const inboxUrl = `http://localhost:${PORT}/inbox`;

let server: ChildProcess;
let output = "";
/** The run's fresh database and stock folder, removed after it. */
let fresh = "";

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fresh = mkdtempSync(path.join(tmpdir(), "first-run-"));
  // Only what any shell has, the port, a fresh database and stock folder: none of the browser tests' own settings.
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(PORT),
    PGLITE_DIR: path.join(fresh, "db"),
    STOCK_DIR: path.join(fresh, "stock"),
  };
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: process.cwd(),
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: false,
  });
  server.stdout!.on("data", (c) => (output += c));
  server.stderr!.on("data", (c) => (output += c));
  await new Promise<void>((resolve, reject) => {
    const onData = () => output.includes('"event":"ready"') && (server.stdout!.off("data", onData), resolve());
    server.stdout!.on("data", onData);
    server.once("exit", (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await exited(server);
  }
  if (fresh) rmSync(fresh, { recursive: true, force: true });
});

test("npm start: its banner names the local stand-ins; the inbox is on the directory host only, marked as not sent", async ({ page }) => {
  expect(output).toContain("Local stand-ins are on");
  expect(output).toContain(inboxUrl);
  await page.goto(`http://localhost:${PORT}/`);
  await page.getByRole("link", { name: "local inbox" }).click();
  await expect(page).toHaveURL(inboxUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Local inbox");
  await expect(page.getByText("Not sent: local stand-in.")).toBeVisible();
  await axeClean(page, { tags: "all" });
  expect((await getWithHost(PORT, `${SITE}.localhost`, "/inbox")).status).toBe(404);
});

test("npm start anchors the demo stock on the day it runs: a car sold in the last days shows SOLD with Find Me Something Similar", async ({ page }) => {
  const meta = JSON.parse(readFileSync(path.join(fresh, "stock", ".meta.json"), "utf8")) as { now: string };
  const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000).toISOString();
  // The server's day may have turned since it started (a run across midnight UTC): yesterday's anchor is fresh too.
  expect([today, new Date(Date.parse(today) - 86_400_000).toISOString()]).toContain(meta.now);
  const [sold] = await findCars(PORT, SITE, "status:sold", 1);
  expect(sold, "a car sold inside the include-sold window").toBeDefined();
  await page.goto(siteUrl(`/cars/${sold!.slug}`));
  await expect(page.getByTestId("sold-notice")).toContainText("SOLD");
  await expect(page.getByTestId("sold-notice").getByRole("link", { name: "Find Me Something Similar" })).toBeVisible();
});

test("the tour: sign in with the code from the inbox, save a car, reserve it with the test card, read the confirmation", async ({ page }) => {
  test.setTimeout(120_000);
  const [car] = await findCars(PORT, SITE, "status:in_stock AND reserved:false AND price > 10", 1);
  expect(car, "an available, unreserved car").toBeDefined();
  const carPath = `/cars/${car!.slug}`;

  await page.goto(siteUrl(carPath));
  await expect(page.locator("button[data-watchlist][data-ready]")).toHaveCount(1);
  await page.getByRole("button", { name: "Save to Watchlist" }).click();
  await expect(page).toHaveURL(/\/sign-in\?type=watchlist/);
  await signInWithCode(page, SITE, "sms", "0412 000 111", "0412000111", PORT);
  await expect(page).toHaveURL(siteUrl(carPath));
  await expect(page.locator("button[data-watchlist][data-ready]")).toHaveCount(1);
  await page.getByRole("button", { name: "Save to Watchlist" }).click();
  await expect(page.getByTestId("watchlist-toast")).toContainText("Car Saved In Watchlist");
  await page.goto(siteUrl("/watchlist"));
  await expect(page.locator(`a[href="${carPath}"]`).first()).toBeVisible();

  await page.goto(siteUrl(`${carPath}/checkout`));
  await expect(page.getByTestId("test-mode")).toContainText("Test mode.");
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Tour");
  await page.getByLabel("Email").fill("robin.tour@example.com");
  await page.getByLabel("Mobile").fill("0412 000 111");
  await page.getByLabel("I accept the reservation terms").check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: /Pay \$200 deposit and reserve/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservation confirmed");

  await expect.poll(async () => (await inboxMessages("robin.tour@example.com", PORT)).length).toBeGreaterThan(0);
  await page.goto(`${inboxUrl}?to=robin.tour%40example.com`);
  const email = page.locator("li[data-message]").first();
  await expect(email.getByRole("heading", { level: 2 })).toContainText("Your reservation at Sunshine Chery");
  await expect(email).toContainText("Not sent: local stand-in");
  await expect(email).toContainText("TEST MODE: no real money was taken.");
  await axeClean(page, { tags: "all" });
});

test("the studio: the directory's link leads to the inbox, whose one-time link opens it once; everyone else finds it closed", async ({ page, browser }) => {
  // The banner prints the link; the browser takes it from the inbox, as the operator would.
  const printed = new RegExp(`Studio: http://localhost:${PORT}/studio/sign-in\\?token=([A-Za-z0-9_-]{43})`).exec(output);
  expect(printed, "the banner's studio link").not.toBeNull();
  expect((await getWithHost(PORT, `localhost:${PORT}`, `/studio/sign-in?token=${"A".repeat(43)}`)).status).toBe(401);

  await page.goto(`http://localhost:${PORT}/`);
  await page.getByRole("link", { name: "studio", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Studio", level: 1 })).toBeVisible();
  await axeClean(page, { tags: "all" });
  await page.getByRole("link", { name: "local inbox" }).click();
  await expect(page).toHaveURL(inboxUrl);
  const entry = page.getByRole("region", { name: "Studio sign-in link" });
  await expect(entry.getByRole("link", { name: "Open the studio" })).toHaveAttribute("href", `/studio/sign-in?token=${printed![1]}`);
  await axeClean(page, { tags: "all" });
  await entry.getByRole("link", { name: "Open the studio" }).click();
  await expect(page).toHaveURL(`http://localhost:${PORT}/studio`);
  await expect(page.getByRole("link", { name: "sunshine-chery", exact: true })).toBeVisible();

  // Used once, the link opens nothing again and leaves the inbox; without a session the studio stays closed.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    const again = await other.goto(`http://localhost:${PORT}/studio/sign-in?token=${printed![1]}`);
    expect(again?.status()).toBe(401);
    await expect(other.getByRole("alert")).toContainText("That sign-in link has been used or has expired.");
    expect((await other.goto(`http://localhost:${PORT}/studio`))?.status()).toBe(401);
    expect((await stranger.cookies()).find((c) => c.name === "studio-session")).toBeUndefined();
  } finally {
    await stranger.close();
  }
  await page.goto(inboxUrl);
  await expect(page.getByRole("region", { name: "Studio sign-in link" })).toHaveCount(0);
});
