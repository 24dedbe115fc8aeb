/**
 * Reserve online on the production server, with the built-in test gateway: a declined
 * card's message; the success card reserves (the confirmation, the dealer's lead
 * through the outbox, JSON here); the car then shows RESERVED on its page, in the search answer and on its
 * checkout (the sidebar's Reserve Online button becomes RESERVED, and a search refining on the
 * reserved facet finds it), and a second shopper is told so; a cross-site post is refused; axe
 * (any impact) on every step.
 *
 * Uses a car no other spec picks: the last of Sunshine Chery's available, unreserved, priced cars
 * by the default ranking (other specs take the first hits), since a reservation here lasts the run.
 */
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT, E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET } from "../../playwright.config";
import { findCars } from "../helpers/cars";
import { receiveWebhooksForFile } from "../helpers/webhook-receiver";
import { axeClean } from "../helpers/axe";
import { signInWithCode } from "../helpers/sign-in";
import { getWithHost, requestWithHost } from "../helpers/http";
import { RESERVE_URLS } from "../../runtime/payments/routes";

const SITE = "sunshine-chery";
const HOST = `${SITE}.localhost`;
const siteUrl = (p = "/") => `http://${HOST}:${E2E_PORT}${p}`;

/** Cars of the dealer through its own search API (a page of at most 60, the search API's limit). */
const search = (filters: string, hitsPerPage: number, page = 0) => findCars(E2E_PORT, SITE, filters, hitsPerPage, page);

const received = receiveWebhooksForFile(E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET);

async function fillContact(page: Page) {
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Reserve");
  await page.getByLabel("Email").fill("robin.reserve@example.com");
  await page.getByLabel("Mobile").fill("0412 345 678");
  await page.getByLabel("I accept the reservation terms").check();
}

async function pay(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: /Pay \$200 deposit and reserve/ }).click();
}

test("reserve a car: declined card, then the success card; the car shows RESERVED after", async ({ page }) => {
  // The 100th available car in the default ranking (the last of the second page of 50): no other spec picks it.
  const hits = await search("status:in_stock AND reserved:false AND price > 10", 50, 1);
  const car = hits.at(-1);
  expect(car, "an available, unreserved car").toBeDefined();
  const checkout = `/cars/${car!.slug}/checkout`;

  // The vehicle page's Reserve Online section links here.
  const vdp = await getWithHost(E2E_PORT, HOST, `/cars/${car!.slug}`);
  expect(vdp.body).toContain(`href="${checkout}"`);

  // The stock listing is served from the page cache: cached now, under a key made of the dealer's holds.
  const LISTING = "/search/new-used-and-demo-cars";
  const listingCache = async () => (await getWithHost(E2E_PORT, HOST, LISTING)).headers["x-nextjs-cache"];
  await expect.poll(listingCache).toBe("HIT");

  await page.goto(siteUrl(checkout));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Reserve the");
  await expect(page.getByTestId("test-mode")).toContainText("Test mode.");
  await expect(page.getByText("100% refundable").first()).toBeVisible();
  // The test gateway takes cards typed into the form: the card marks only, no wallet the page cannot use.
  await expect(page.getByRole("list", { name: "Accepted payments" }).getByRole("img")).toHaveCount(3);
  await expect(page.getByRole("img", { name: "Apple Pay" })).toHaveCount(0);
  await axeClean(page);

  // A declined card: the message, the details kept, nothing reserved.
  await fillContact(page);
  await pay(page, "4000 0000 0000 0002");
  await expect(page).toHaveURL(/error=declined/);
  await expect(page.getByTestId("checkout-error")).toHaveAttribute("role", "alert");
  await expect(page.getByTestId("checkout-error")).toContainText("Your card was declined. No money has been taken.");
  await expect(page.getByLabel("Email")).toHaveValue("robin.reserve@example.com");
  await axeClean(page);

  // The success card: the confirmation.
  await page.getByLabel("I accept the reservation terms").check();
  const sent = Object.fromEntries(
    await page
      .locator("form#checkout-form input[type=hidden]")
      .evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value])),
  ) as Record<string, string>;
  await pay(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/reservation=[0-9a-f-]{36}/);
  const confirmation = page.getByTestId("reservation-confirmation");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservation confirmed");
  await expect(confirmation).toContainText("Thank you, Robin");
  await expect(confirmation).toContainText("$200 (100% refundable)");
  await expect(confirmation).toContainText("r•••@example.com");
  await axeClean(page);
  const reservationId = new URL(page.url()).searchParams.get("reservation")!;
  // The new hold is in the listing's key: the page rendered with the car free is not served again.
  expect(await listingCache()).toBe("MISS");

  // The same form sent again by the browser (same page token: a double click, a resubmitted page):
  // the shopper is told their own reservation, never that someone else reserved the car.
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = action;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    {
      action: RESERVE_URLS.pay,
      fields: {
        ...sent,
        name: "Robin",
        last_name: "Reserve",
        email: "robin.reserve@example.com",
        phone: "0412 345 678",
        terms: "yes",
        card_number: "4242 4242 4242 4242",
        card_expiry: "12/34",
        card_cvc: "123",
      },
    },
  );
  await expect(page).toHaveURL(new RegExp(`reservation=${reservationId}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservation confirmed");
  await expect(page.getByTestId("reservation-confirmation")).toContainText("Thank you, Robin");
  await expect(page.getByText("reserved by someone else")).toHaveCount(0);

  // The dealer gets the lead through the outbox (Sunshine Chery's destination is JSON; the ADF form is unit-tested), signed.
  await expect
    .poll(() => received.some((r) => r.path === "/leads" && r.body.includes(reservationId) && r.body.includes('"Reserve Online"') && r.signatureOk), {
      timeout: 30_000,
    })
    .toBe(true);

  // RESERVED at once: the search answer, the vehicle page, the checkout.
  const [again] = await search(`id = ${car!.id}`, 1);
  expect(again.reserved).toBe(true);
  await page.goto(siteUrl(`/cars/${car!.slug}`));
  await expect(page.getByTestId("vdp-reserved")).toHaveText("RESERVED");
  // The sidebar too: RESERVED in place of its Reserve Online button, and no link anywhere on the page to reserve it.
  await expect(page.getByTestId("sidebar-reserved")).toHaveText("RESERVED");
  await expect(page.locator(`a[href="${checkout}"]`)).toHaveCount(0);
  await axeClean(page);
  // A search refining on the reserved facet reads the reservation, not the stock's flag.
  expect((await search(`reserved:true AND id = ${car!.id}`, 1)).map((h) => h.id)).toEqual([car!.id]);
  expect(await search(`reserved:false AND id = ${car!.id}`, 1)).toEqual([]);
  await page.goto(siteUrl(checkout));
  await expect(page.getByTestId("checkout-reserved")).toHaveText("RESERVED");
  await expect(page.locator("form#checkout-form")).toHaveCount(0);
  await axeClean(page);
});

test("a cross-site post to the checkout endpoint is refused", async () => {
  const res = await requestWithHost(E2E_PORT, HOST, {
    method: "POST",
    path: RESERVE_URLS.pay,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    body: "car=x",
  });
  expect(res.status).toBe(403);
});

test("online payment: gated, filled in from a link, paid with the test card, confirmed", async ({ page }) => {
  const email = "online.payment@example.com";
  await page.goto(siteUrl("/online-payment?reference=INV-1042&amount=1500"));
  await expect(page).toHaveURL(/\/sign-in\?type=online-payment/);
  await signInWithCode(page, SITE, "email", email);

  await expect(page).toHaveURL(/\/online-payment\?reference=INV-1042&amount=1500/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Make a payment");
  await expect(page.getByTestId("test-mode")).toBeVisible();
  await expect(page.getByLabel(/^Reference/)).toHaveValue("INV-1042");
  await expect(page.getByLabel(/^Amount/)).toHaveValue("1500");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await axeClean(page);

  await page.getByLabel("What is it for?").selectOption("Service invoice");
  await page.getByLabel("First name").fill("Olive");
  await page.getByLabel("Last name").fill("Payer");
  await page.getByLabel("Mobile").fill("0498 765 432");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/payment=[0-9a-f-]{36}/);
  await expect(page.getByTestId("payment-confirmation")).toContainText("$1,500");
  await expect(page.getByTestId("payment-confirmation")).toContainText("INV-1042");
  await axeClean(page);
});
