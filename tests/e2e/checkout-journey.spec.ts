/**
 * The checkout journey (/checkout-journey?car_id=) on the production server, Sunshine
 * Chery (onlinePurchase on, the built-in test gateway): the whole journey with the calculator's
 * figures carried in, a reload mid-journey resuming at the step reached, errors at the fields, a
 * declined card's message, then the success card (the reservation, the RESERVED car, the
 * 'Online Purchase' lead through the outbox tied to the reservation); the first steps with
 * JavaScript disabled; a car reserved by someone else; gating when accounts.gateCheckout is on
 * (a server of our own over a copy of the manifests); axe (any impact) on every step.
 *
 * Uses cars no other spec picks: the last ones of the second page of 50 of Sunshine Chery's
 * available, unreserved, priced cars, short of the very last one (reserve.spec.ts takes it).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_PORT, E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET } from "../../playwright.config";
import { findCars, type CarHit } from "../helpers/cars";
import { receiveWebhooksForFile } from "../helpers/webhook-receiver";
import { axeClean } from "../helpers/axe";
import { signInWithCode } from "../helpers/sign-in";
import { requestWithHost } from "../helpers/http";
import { JOURNEY_URLS } from "../../runtime/payments/routes";
import { SECOND_PORT, exited, startServer } from "../helpers/server-process";

const SITE = "sunshine-chery";
const HOST = `${SITE}.localhost`;
const siteUrl = (p = "/", port = E2E_PORT) => `http://${HOST}:${port}${p}`;
const journey = (slug: string, extra = "") => `/checkout-journey?car_id=${encodeURIComponent(slug)}${extra}`;

const received = receiveWebhooksForFile(E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET);
let cars: CarHit[] = [];

test.beforeAll(async () => {
  // Cars that show finance (never a Suzuki), so the finance step has its calculator.
  cars = (await findCars(E2E_PORT, SITE, "status:in_stock AND reserved:false AND price > 10", 50, 1)).filter((c) => c.make.toLowerCase() !== "suzuki");
  expect(cars.length, "enough available cars").toBeGreaterThan(5);
});

/** axe runs in the page, so a page opened without JavaScript is checked again in a JavaScript context holding the same cookies. */
async function axeCleanWithJs(browser: Browser, noJs: Page) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  await context.addCookies(await noJs.context().cookies());
  const page = await context.newPage();
  await page.goto(noJs.url());
  await axeClean(page);
  await context.close();
}

const stepHeading = (page: Page) => page.getByTestId("journey-step");
const next = (page: Page) => page.getByRole("button", { name: "Continue" }).click();

async function fillContact(page: Page) {
  await page.getByLabel("First name").fill("Jordan");
  await page.getByLabel("Last name").fill("Journey");
  await page.getByLabel("Email").fill("jordan.journey@example.com");
  await page.getByLabel("Mobile").fill("0412 555 678");
  await page.getByLabel("Postcode").fill("4127");
}

async function pickup(page: Page) {
  await page.getByLabel("Pick it up at one of our locations").check();
  await page.getByLabel("Pickup location").selectOption({ index: 1 });
}

async function tradeIn(page: Page, rego: string, kms: string) {
  await page.getByLabel("Yes, value my car").check();
  await page.getByLabel("Rego", { exact: true }).fill(rego);
  await page.getByLabel("Rego state").selectOption("QLD");
  await page.getByLabel("Kilometres").fill(kms);
}

async function pay(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: /Pay \$200 deposit/ }).click();
}

test("the whole journey: carried figures, resume after a reload, field errors, a declined card, then the reservation and the lead", async ({ page }) => {
  test.setTimeout(120_000);
  const car = cars.at(-2)!;
  // The finance calculator's figures carried in the link.
  await page.goto(siteUrl(journey(car.slug, "&term=3&deposit=4000&frequency=monthly")));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Buy online");
  await expect(stepHeading(page)).toHaveText("Step 1 of 6: Your details");
  await axeClean(page);

  // Errors at the fields, with what was typed kept.
  await fillContact(page);
  await page.getByLabel("Postcode").fill("41");
  await next(page);
  await expect(page.getByTestId("journey-error")).toContainText("Invalid postcode. Please enter a 4-digit number.");
  await expect(page.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveValue("jordan.journey@example.com");
  expect(page.url()).not.toContain("jordan");
  await axeClean(page);
  await page.getByLabel("Postcode").fill("4127");
  await next(page);

  await expect(stepHeading(page)).toHaveText("Step 2 of 6: Delivery or pickup");
  await axeClean(page);
  await pickup(page);
  await next(page);

  await expect(stepHeading(page)).toHaveText("Step 3 of 6: Trade-in");
  await axeClean(page);
  // A rego not on the register: the message at the field.
  await tradeIn(page, "NOPE99", "45000");
  await next(page);
  await expect(page.getByTestId("journey-error")).toContainText("We couldn't find that registration. Check the rego and state.");
  await axeClean(page);
  await tradeIn(page, "TRADE1", "45000");
  await next(page);

  await expect(stepHeading(page)).toHaveText("Step 4 of 6: Finance");
  // Reload mid-journey: the same step, the answers kept, and Back shows them.
  await page.reload();
  await expect(stepHeading(page)).toHaveText("Step 4 of 6: Finance");
  await expect(page.getByLabel("Term (years)")).toHaveValue("3");
  await expect(page.getByLabel("Deposit or trade-in ($)")).toHaveValue("4000");
  await expect(page.getByLabel("Repayments")).toHaveValue("monthly");
  await expect(page.getByTestId("finance-figure")).toContainText("monthly over 3 years");
  await axeClean(page);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(stepHeading(page)).toHaveText("Step 3 of 6: Trade-in");
  await expect(page.getByLabel("Rego", { exact: true })).toHaveValue("TRADE1");
  await expect(page.getByTestId("trade-in-estimate")).toContainText("2021 Toyota Kluger");
  await next(page);
  await expect(stepHeading(page)).toHaveText("Step 4 of 6: Finance");
  await page.getByLabel("With finance").check();
  await next(page);

  await expect(stepHeading(page)).toHaveText("Step 5 of 6: Deposit");
  await expect(page.getByTestId("test-mode")).toContainText("Test mode.");
  // The test gateway takes cards typed into the form: the card marks only.
  await expect(page.getByRole("list", { name: "Accepted payments" }).getByRole("img")).toHaveCount(3);
  await axeClean(page);
  // A declined card: the message, nothing reserved, still on the deposit.
  await pay(page, "4000 0000 0000 0002");
  await expect(page.getByTestId("journey-error")).toContainText("Your card was declined. No money has been taken.");
  await expect(stepHeading(page)).toHaveText("Step 5 of 6: Deposit");
  await axeClean(page);
  // The success card.
  await pay(page, "4242 4242 4242 4242");

  await expect(stepHeading(page)).toHaveText("Step 6 of 6: Summary");
  const summary = page.getByTestId("journey-summary");
  await expect(summary).toContainText("Jordan Journey, jordan.journey@example.com, 0412555678, 4127");
  await expect(summary).toContainText("Pickup at");
  await expect(summary).toContainText("Trade-in: 2021 Toyota Kluger GXL (TRADE1 QLD, 45,000 km)");
  await expect(summary).toContainText("Finance:");
  await expect(summary).toContainText("$200.00 paid, 100% refundable");
  const reservationId = (await summary.textContent())!.match(/reservation ([0-9a-f-]{36})/)![1]!;
  await axeClean(page);
  // The terms must be accepted.
  await page.getByRole("button", { name: "Send my order" }).click();
  await expect(page.getByTestId("journey-error")).toContainText("Please accept the terms");
  await page.getByLabel("I accept the terms").check();
  await page.getByRole("button", { name: "Send my order" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order sent");
  await expect(page.getByTestId("journey-done")).toContainText("Thank you, Jordan");
  await axeClean(page);
  // A reload keeps the confirmation.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order sent");

  // The dealer gets the reservation's own lead and the journey's, tied to it, through the outbox, signed.
  await expect
    .poll(
      () =>
        received.some(
          (r) => r.path === "/leads" && r.signatureOk && r.body.includes('"Online Purchase"') && r.body.includes(`"reservation_id":"${reservationId}"`),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(received.some((r) => r.body.includes('"Reserve Online"') && r.body.includes(reservationId))).toBe(true);
  const lead = JSON.parse(received.find((r) => r.body.includes('"Online Purchase"') && r.body.includes(reservationId))!.body) as {
    fields: Record<string, unknown>;
  };
  expect(lead.fields).toMatchObject({ email: "jordan.journey@example.com", Rego: "TRADE1", regoState: "QLD", kms: 45000, payment_method: "finance" });
  expect(lead.fields.finance_details).toMatchObject({ termYears: 3, deposit: 4000, frequency: "monthly" });

  // The car is reserved: the search answer says so, and another shopper is told on the journey.
  const [again] = await findCars(E2E_PORT, SITE, `id = ${car.id}`, 1);
  expect(again!.reserved).toBe(true);
});

test("a car reserved by someone else gets a clear message, not a form", async ({ browser }) => {
  const car = cars.at(-5)!;
  // Reserve it through the existing checkout first (another shopper).
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto(siteUrl(`/cars/${car.slug}/checkout`));
  await other.getByLabel("First name").fill("Other");
  await other.getByLabel("Last name").fill("Shopper");
  await other.getByLabel("Email").fill("other.shopper@example.com");
  await other.getByLabel("Mobile").fill("0412 000 111");
  await other.getByLabel("I accept the reservation terms").check();
  await other.getByLabel("Card number").fill("4242 4242 4242 4242");
  await other.getByLabel("Expiry (MM/YY)").fill("12/34");
  await other.getByLabel("Security code").fill("123");
  await other.getByRole("button", { name: /Pay \$200 deposit and reserve/ }).click();
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Reservation confirmed");
  await otherContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(siteUrl(journey(car.slug)));
  await expect(page.getByTestId("journey-reserved")).toHaveText("RESERVED");
  await expect(page.getByTestId("journey-unavailable")).toContainText("reserved online, so it cannot be");
  await expect(page.locator("form#journey-form")).toHaveCount(0);
  await axeClean(page);
  await context.close();
});

/** The first of the cars no other test here takes whose vehicle page has the finance calculator (the provider's age rule may leave it out). */
async function carWithCalculator(page: Page): Promise<CarHit> {
  for (const c of cars.slice(0, -5)) {
    await page.goto(siteUrl(`/cars/${c.slug}`));
    if (await page.locator("#finance-calculator").count()) return c;
  }
  throw new Error("no car with a finance calculator");
}

test("Buy Online on the vehicle page carries the calculator's term and deposit into the journey's finance step", async ({ page }) => {
  test.setTimeout(120_000);
  const car = await carWithCalculator(page);
  const buy = page.locator("aside, main").getByRole("link", { name: "Buy Online", exact: true }).first();
  await expect(buy).toHaveAttribute("href", journey(car.slug));
  const calc = page.locator("#finance-calculator");
  await calc.scrollIntoViewIfNeeded();
  const param = async (k: string) => new URL((await buy.getAttribute("href"))!, "http://x").searchParams.get(k);
  // The panel hydrates when reached: press until the link carries the changed term.
  const term = calc.getByRole("spinbutton", { name: "Loan term (years)" });
  const startTerm = await term.inputValue();
  await expect(async () => {
    await term.focus();
    await term.press("ArrowDown");
    expect(await param("term")).not.toBeNull();
  }).toPass({ timeout: 15_000 });
  const deposit = calc.getByLabel("Deposit or trade-in", { exact: true });
  await deposit.fill("3000");
  await deposit.press("Tab");
  await expect.poll(() => param("deposit")).toBe("3000");
  const termYears = await term.inputValue();
  expect(termYears).not.toBe(startTerm);
  expect(await param("term")).toBe(termYears);
  expect(await param("frequency")).toMatch(/^(weekly|fortnightly|monthly)$/);

  await buy.click();
  await expect(stepHeading(page)).toHaveText("Step 1 of 6: Your details");
  await fillContact(page);
  await next(page);
  await pickup(page);
  await next(page);
  await page.getByLabel("No trade-in").check();
  await next(page);
  await expect(stepHeading(page)).toHaveText("Step 4 of 6: Finance");
  await expect(page.getByLabel("Term (years)")).toHaveValue(termYears);
  await expect(page.getByLabel("Deposit or trade-in ($)")).toHaveValue("3000");
  await axeClean(page);
});

test("a signed-in shopper's email is filled in on the contact step", async ({ page }) => {
  const email = "journey.account@example.com";
  const car = cars.at(-6)!;
  await page.goto(siteUrl(`/sign-in?type=checkout&redirect=${encodeURIComponent(journey(car.slug))}`));
  await signInWithCode(page, SITE, "email", email);
  await expect(stepHeading(page)).toHaveText("Step 1 of 6: Your details");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("First name")).toHaveValue("");
  await axeClean(page);
});

test.describe("before JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the first steps work as plain form posts; the old car gets the no-estimate guidance", async ({ page, browser }) => {
    const car = cars.at(-3)!;
    await page.goto(siteUrl(journey(car.slug)));
    await expect(stepHeading(page)).toHaveText("Step 1 of 6: Your details");
    await fillContact(page);
    await page.getByLabel("Email").fill("not-an-email");
    await next(page);
    await expect(page.getByTestId("journey-error")).toContainText("Please enter a valid email address");
    await page.getByLabel("Email").fill("nojs.journey@example.com");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Step 2 of 6: Delivery or pickup");
    await page.getByLabel("Deliver it to my address").check();
    await page.getByLabel("Street address").fill("1 Example Street");
    await page.getByLabel("Suburb").fill("Logan Central");
    await page.getByLabel("State").selectOption("QLD");
    await page.getByLabel("Postcode").fill("4114");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Step 3 of 6: Trade-in");
    await tradeIn(page, "OLD123", "150000");
    await next(page);
    await expect(stepHeading(page)).toHaveText("Step 4 of 6: Finance");
    // The page resumes there when opened afresh.
    await page.goto(siteUrl(journey(car.slug)));
    await expect(stepHeading(page)).toHaveText("Step 4 of 6: Finance");
    await page.getByLabel("Without finance (cash, or my own lender)").check();
    await next(page);
    await expect(stepHeading(page)).toHaveText("Step 5 of 6: Deposit");
    // Every step so far is linked from the progress list; the summary is not reachable yet.
    await page
      .getByRole("navigation", { name: "Checkout steps" })
      .getByRole("link", { name: /Trade-in/ })
      .click();
    await expect(stepHeading(page)).toHaveText("Step 3 of 6: Trade-in");
    await expect(page.getByTestId("trade-in-estimate")).toContainText("Online estimates are generally not given for cars over 7 years old or over 100,000 km.");
    await axeCleanWithJs(browser, page);
  });

  test("the vehicle page's Buy Online is the plain link into the journey", async ({ page }) => {
    const car = cars.at(-6)!;
    await page.goto(siteUrl(`/cars/${car.slug}`));
    await expect(page.getByRole("link", { name: "Buy Online", exact: true }).first()).toHaveAttribute("href", journey(car.slug));
  });

  test("without a car the page says to choose one", async ({ page, browser }) => {
    await page.goto(siteUrl("/checkout-journey"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buy online");
    await expect(page.getByRole("link", { name: "Browse our stock" })).toBeVisible();
    await axeCleanWithJs(browser, page);
  });
});

test("a cross-site post to the journey endpoint is refused", async () => {
  const res = await requestWithHost(E2E_PORT, HOST, {
    method: "POST",
    path: JOURNEY_URLS.pay,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    body: "car_id=x&step=contact",
  });
  expect(res.status).toBe(403);
});

test.describe("gated when accounts.gateCheckout is on", () => {
  let server: ChildProcess | undefined;
  let root: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    root = mkdtempSync(path.join(tmpdir(), "e2e-journey-"));
    const manifests = path.join(root, "manifests");
    cpSync(path.join(process.cwd(), "manifests"), manifests, { recursive: true });
    const file = path.join(manifests, `${SITE}.json`);
    const m = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    m.accounts = { ...(m.accounts as object | undefined), gateCheckout: true };
    writeFileSync(file, JSON.stringify(m, null, 2));
    ({ child: server } = await startServer(SECOND_PORT, { MANIFESTS_DIR: manifests, PGLITE_DIR: path.join(root, "db"), DATABASE_URL: undefined }));
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await exited(server);
    }
    rmSync(root, { recursive: true, force: true });
  });

  test("a signed-out shopper with a car is sent to sign-in and back; without a car, no redirect", async ({ page }) => {
    const car = cars.at(-4)!;
    await page.goto(siteUrl(journey(car.slug), SECOND_PORT));
    await expect(page).toHaveURL(/\/sign-in\?type=checkout/);
    const redirect = new URL(page.url()).searchParams.get("redirect");
    expect(redirect).toBe(journey(car.slug));
    await page.goto(siteUrl("/checkout-journey", SECOND_PORT));
    await expect(page).toHaveURL(/\/checkout-journey$/);
    await expect(page.getByRole("link", { name: "Browse our stock" })).toBeVisible();
  });
});
