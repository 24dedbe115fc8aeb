/**
 * Spin to win on Harbour Motor Group, the production server: the page is gated (signed out goes
 * to sign-in), signing in with a code from the local inbox comes back to the wheel, one spin
 * shows its result (a won prize reaches the dealer's CRM webhook as a lead), a second spin is
 * refused politely with the first result, the form works without JavaScript, and axe (any
 * impact) passes before and after the spin. Also here, on Outback Caravans' contact page: the
 * enquiry form in steps (forms.enquiryExtras.multiStep) by keyboard, and the chat action that
 * leads to the form when no chat script is on the page.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT, E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET } from "../../playwright.config";
import { axeClean } from "../helpers/axe";
import { signInWithCode } from "../helpers/sign-in";
import { receiveWebhooksForFile } from "../helpers/webhook-receiver";
import { formLive } from "../helpers/form-live";

const SITE = "harbour-motor-group";
const siteUrl = (p = "/", site = SITE) => `http://${site}.localhost:${E2E_PORT}${p}`;
const received = receiveWebhooksForFile(E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET);

/** Signs in on the sign-in page already open with a new address (each test its own shopper). */
async function signInAsNewShopper(page: Page): Promise<string> {
  const email = `spin-${randomUUID()}@example.com`;
  await signInWithCode(page, SITE, "email", email);
  return email;
}

test("signed out goes to sign in; one spin shows its result; a second spin is refused politely", async ({ page, context }) => {
  await page.goto(siteUrl("/spin-to-win"));
  await expect(page).toHaveURL(/\/sign-in\?type=spin-to-win&redirect=%2Fspin-to-win/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to spin to win");
  await signInAsNewShopper(page);
  await expect(page).toHaveURL(siteUrl("/spin-to-win"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spin to win");
  await expect(page.getByText("A free hand car wash (25% chance)")).toBeVisible();
  await axeClean(page, { label: "before the spin" });

  // A second tab with the wheel open, for the second try below.
  const second = await context.newPage();
  await second.goto(siteUrl("/spin-to-win"));
  await expect(second.getByRole("button", { name: "Spin the wheel" })).toBeVisible();

  // Keyboard: the spin is a plain button in a form.
  const spin = page.getByRole("button", { name: "Spin the wheel" });
  await spin.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(siteUrl("/spin-to-win?spin=spun#spin-result"));
  const result = page.locator("#spin-result");
  await expect(result).toContainText(/You won: |No prize this time/);
  await expect(page.getByRole("button", { name: "Spin the wheel" })).toHaveCount(0);
  await axeClean(page, { label: "after the spin" });

  const won = (await result.textContent())!.includes("You won:");
  if (won) {
    const spinNumber = /Spin number: ([0-9a-f-]{36})/.exec((await result.textContent())!)![1]!;
    await expect
      .poll(() => received.some((r) => r.path === "/leads" && r.body.includes(spinNumber) && r.body.includes("Spin to Win")), { timeout: 30_000 })
      .toBe(true);
  }

  // The other tab's form posted too (a second tab, a double click) spins nothing: the first result stands.
  await second.getByRole("button", { name: "Spin the wheel" }).click();
  await expect(second).toHaveURL(siteUrl("/spin-to-win?spin=already#spin-result"));
  const secondResult = second.locator("#spin-result");
  await expect(secondResult).toContainText("You have already spun this month, so the wheel cannot be spun again. Here is your result.");
  await expect(secondResult).toContainText(won ? "You won: " : "No prize this time");
  await axeClean(second, { label: "the second spin" });
});

test("the wheel works without JavaScript: a form post shows the result", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(siteUrl("/spin-to-win"));
  await signInAsNewShopper(page);
  await expect(page).toHaveURL(siteUrl("/spin-to-win"));
  await page.getByRole("button", { name: "Spin the wheel" }).click();
  await expect(page.locator("#spin-result")).toContainText(/You won: |No prize this time/);
  await context.close();
});

test("a visitor who prefers reduced motion sees the wheel stand at the result, not turn", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto(siteUrl("/spin-to-win"));
  await signInAsNewShopper(page);
  await page.getByRole("button", { name: "Spin the wheel" }).click();
  const wheel = page.getByTestId("spin-wheel");
  await expect(page.locator("#spin-result")).toContainText(/You won: |No prize this time/);
  expect(await wheel.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  await context.close();

  const moving = await browser.newContext({ reducedMotion: "no-preference" });
  const other = await moving.newPage();
  await other.goto(siteUrl("/spin-to-win"));
  await signInAsNewShopper(other);
  await other.getByRole("button", { name: "Spin the wheel" }).click();
  await expect(other.locator("#spin-result")).toContainText(/You won: |No prize this time/);
  expect(await other.getByTestId("spin-wheel").evaluate((el) => getComputedStyle(el).animationName)).not.toBe("none");
  await moving.close();
});

test("Outback's contact form asks in two steps by keyboard, and its chat action without a chat script leads to the form", async ({ page }) => {
  await page.goto(siteUrl("/contact", "outback-caravans"));
  const form = await formLive(page, page.locator('#enquiry-form form[data-ready="true"]'));
  await expect(form).toHaveAttribute("data-step", "1");
  await expect(form.getByRole("heading", { name: "Step 1 of 2: Your Details" })).toBeVisible();

  // No chat script is configured on the page: the chat action takes the shopper to the form.
  await page.getByRole("link", { name: "Instant Message" }).click();
  // The first field a shopper fills in (the form also carries hidden fields for its plain post, and the honeypot).
  await expect(form.locator("input:not([type=hidden]):not([tabindex='-1']), select, textarea").first()).toBeFocused();

  await form.locator('[name="name"]').fill("Robin");
  await form.locator('[name="email"]').fill(`steps-${randomUUID()}@example.com`);
  await form.locator('[name="phone"]').fill("0412 345 678");
  await form.locator('[name="postcode"]').fill("4000");
  await form.getByRole("button", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  await expect(form).toHaveAttribute("data-step", "2");
  await expect(form.getByRole("heading", { name: "Step 2 of 2: Your Enquiry" })).toBeFocused();
  await expect(form.getByText("Is your car currently under finance?")).toBeVisible();
  await axeClean(page, { label: "step 2" });
  await form.getByRole("button", { name: "Back" }).focus();
  await page.keyboard.press("Enter");
  await expect(form).toHaveAttribute("data-step", "1");
  await expect(form.locator('[name="name"]')).toHaveValue("Robin");
});
