import { expect, test, type Page } from "@playwright/test";
import { existsSync } from "node:fs";
import path from "node:path";
import { getWithHost } from "../helpers/http";
import { axeClean } from "../helpers/axe";
import { ownServer, signInWithSecret } from "../helpers/own-server";

// Its own server (a copy of manifests/ to write the draft into), on a port of its own.
const PORT = Number(process.env.NEW_DEALER_E2E_PORT ?? 3451);
const SECRET = "new-dealer-e2e-secret";
const STUDIO = `http://localhost:${PORT}/studio`;

// A server of its own starts slowly on a busy machine: the hook and each test get three minutes.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const server = ownServer("new-dealer-e2e", PORT, { env: () => ({ STUDIO_SECRET: SECRET }) });
const manifests = () => server.manifests;

const signIn = (page: Page) => signInWithSecret(page, server, SECRET);

/** Moves the focus with Tab until `name` (a field's accessible name) has it, then types. */
async function tabTo(page: Page, name: RegExp, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el?.labels?.[0]?.textContent ?? el?.textContent ?? "";
    });
    if (name.test(label)) return;
  }
  throw new Error(`no field ${name} reached by Tab`);
}

test("a new dealer from the studio's form, by keyboard: refused answers come back at their fields, then the draft opens in the editor and goes live", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(STUDIO);
  await page.getByRole("link", { name: "New dealer" }).first().focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${STUDIO}/new`);
  await expect(page.getByRole("heading", { name: "New dealer", level: 1 })).toBeVisible();
  // The preview address is this server's: its own port.
  await expect(page.getByText(`http://short-name.preview.localhost:${PORT}/`)).toBeVisible();
  await axeClean(page, { tags: "all" });

  // A first try with the state wrong for the postcode, and no email.
  await tabTo(page, /^Trading name/);
  await page.keyboard.type("Ballina Kia");
  await tabTo(page, /^Domain/);
  await page.keyboard.type("ballinakia.com.au");
  await tabTo(page, /^Makes sold/);
  await page.keyboard.type("Kia");
  await tabTo(page, /^Address of the main yard/);
  await page.keyboard.type("12 River Street, Ballina QLD 2478");
  await tabTo(page, /^Sales phone/);
  await page.keyboard.type("02 6686 0000");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(`${STUDIO}/new`);
  const summary = page.getByRole("alert", { name: /The draft was not made/ });
  await expect(summary).toContainText("Postcode 2478 is in NSW, not QLD.");
  await expect(summary).toContainText("Enter the email address enquiries go to.");
  await expect(page.getByLabel(/^Trading name/)).toHaveValue("Ballina Kia");
  await expect(page.getByLabel(/^Email for enquiries/)).toHaveAttribute("aria-invalid", "true");
  await axeClean(page, { tags: "all" });

  // Mended by keyboard: the address line and the email.
  await page.getByLabel(/^Address of the main yard/).focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("12 River Street, Ballina NSW 2478");
  await tabTo(page, /^Email for enquiries/);
  await page.keyboard.type("leads@ballinakia.com.au");
  await tabTo(page, /^Create the draft/);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(`${STUDIO}/drafts/ballina-kia`);
  await expect(page.getByRole("heading", { name: "Edit draft ballina-kia", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "its own preview" })).toHaveAttribute("href", "/studio/preview/ballina-kia/");

  // The draft is kept in the server's database (every process sees it), not as a file; listed under Drafts.
  expect(existsSync(path.join(manifests(), "drafts", "ballina-kia.json"))).toBe(false);
  await page.goto(STUDIO);
  await expect(page.getByRole("link", { name: "ballina-kia", exact: true })).toHaveAttribute("href", "/studio/drafts/ballina-kia");
  // Its preview host shows what the answers made: the address as typed (New South Wales, not Brisbane).
  await expect(async () => {
    await page.goto(`${STUDIO}/preview/ballina-kia/`);
    await expect(page).toHaveURL(`http://ballina-kia.preview.localhost:${PORT}/`);
    await expect(page.getByText("12 River Street, Ballina NSW 2478").first()).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.goto(`${STUDIO}/drafts/ballina-kia`);

  // The email asked for already receives the enquiries: nothing blocks going live, only warnings are left.
  const goLive = page.getByRole("region", { name: "Go-live check" });
  await expect(goLive).toContainText("Go-live check:");
  await expect(goLive).not.toContainText("blocking");
  await axeClean(page, { tags: "all", exclude: "iframe" });

  // Put live from the studio, asked once more in words: the editor reopens on the live dealer, saying it is live and
  // where, and its site answers on its own host.
  await tabTo(page, /^Put ballina-kia live…/);
  await page.keyboard.press("Enter");
  await tabTo(page, /^Yes, put ballina-kia live/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${STUDIO}/ballina-kia?live=new`);
  await expect(page.getByRole("heading", { name: "Edit ballina-kia", level: 1 })).toBeVisible();
  const wentLive = page.getByRole("status").filter({ hasText: "Ballina Kia is live" });
  await expect(wentLive.getByRole("link", { name: `http://ballina-kia.localhost:${PORT}/` })).toHaveAttribute("href", `http://ballina-kia.localhost:${PORT}/`);
  await expect(wentLive).toContainText("It answers on www.ballinakia.com.au once that domain's DNS records point to the platform.");
  await axeClean(page, { tags: "all", exclude: "iframe" });
  await expect.poll(async () => (await getWithHost(PORT, `ballina-kia.localhost:${PORT}`, "/")).status, { timeout: 15_000 }).toBe(200);
  await page.goto(STUDIO);
  await expect(page.getByRole("link", { name: "ballina-kia", exact: true })).toHaveAttribute("href", "/studio/ballina-kia");
});

test("a redirect host answers 308 to the dealer's first host, with the path and query", async () => {
  const res = await getWithHost(PORT, `harbourmotorgroup.com.au:${PORT}`, "/search/used-cars?page=2");
  expect(res.status).toBe(308);
  expect(res.headers.location).toBe(`http://www.harbourmotorgroup.com.au:${PORT}/search/used-cars?page=2`);
});

test("the TLS ask answers on loopback for exactly the hosts served", async () => {
  expect((await getWithHost(PORT, `127.0.0.1:${PORT}`, "/api/tls-ask?domain=harbourmotorgroup.com.au")).status).toBe(200);
  expect((await getWithHost(PORT, `127.0.0.1:${PORT}`, "/api/tls-ask?domain=www.sunshinechery.com.au")).status).toBe(200);
  expect((await getWithHost(PORT, `127.0.0.1:${PORT}`, "/api/tls-ask?domain=www.nobody.com.au")).status).toBe(404);
  expect((await getWithHost(PORT, `www.sunshinechery.com.au:${PORT}`, "/api/tls-ask?domain=www.sunshinechery.com.au")).status).toBe(404);
});

test("in a new draft, a mouse click right after typing does what it says: the first edit's status moves nothing under the pointer", async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${STUDIO}/new`);
  await page.getByLabel(/^Trading name/).fill("Peel Valley Mitsubishi");
  await page.getByLabel(/^Domain/).fill("peelvalleymitsubishi.com.au");
  await page.getByLabel(/^Makes sold/).fill("Mitsubishi");
  await page.getByLabel(/^Address of the main yard/).fill("1 Goonoo Goonoo Road, Tamworth NSW 2340");
  await page.getByLabel(/^Sales phone/).fill("02 6765 1000");
  await page.getByLabel(/^Email for enquiries/).fill("sales@peelvalleymitsubishi.com.au");
  await page.getByRole("button", { name: /^Create the draft/ }).click();
  await expect(page).toHaveURL(`${STUDIO}/drafts/peel-valley-mitsubishi`);
  await page.getByRole("button", { name: "Locations and opening hours" }).click();
  const location = page.locator(".studio-items > li").first();
  await location.locator("summary").first().click();
  const holidays = location.locator("summary", { hasText: /^Special hours \d/ });
  await expect(holidays).toHaveCount(0);
  // Typed, then one click at once, as a person does: leaving the name sends the change as the button goes down.
  const name = location.getByLabel(/^Name \(required\)$/).first();
  await name.click();
  await name.press("End");
  await page.keyboard.type(" Sales");
  await location.getByRole("button", { name: "Add to Special hours" }).click();
  await expect(holidays).toHaveCount(1);
});
