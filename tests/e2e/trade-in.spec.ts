/**
 * The trade-in valuation helper end to end on the production server: TRADE1 looked up,
 * the questions answered, the offer seen and accepted, and the dealer's lead arriving through the
 * outbox with the offer's fields (offer_price, offer_accepted, rego, adjustmentAnswers) and event
 * 18 pushed; OLD123 (over 7 years old) gets the guidance and no estimate; the same steps before
 * JavaScript as plain form posts; axe (any impact) on each step.
 */
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT, E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET } from "../../playwright.config";
import { receiveWebhooksForFile } from "../helpers/webhook-receiver";
import { axeClean } from "../helpers/axe";

const SITE = "sunshine-chery";
const siteUrl = (p = "/") => `http://${SITE}.localhost:${E2E_PORT}${p}`;
const GUIDANCE = "Online estimates are generally not given for cars over 7 years old or over 100,000 km.";

const received = receiveWebhooksForFile(E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET);

/** The lead delivered to the dealer's webhook that carries this email, parsed. */
function leadFor(email: string): Record<string, unknown> | null {
  for (const r of received) {
    if (r.path !== "/leads" || !r.signatureOk || !r.body.includes(email)) continue;
    // The JSON destination's body (runtime/leads/payload.ts DeliveredLead): the lead's status and its form fields.
    const body = JSON.parse(r.body) as { category: string; form_completed: boolean; fields: Record<string, unknown> };
    return { ...body.fields, category: body.category, form_completed: body.form_completed };
  }
  return null;
}

async function contact(page: Page, email: string) {
  // Sunshine Chery has one dealership: the picker names it (a hidden field), nothing to choose.
  await page.getByLabel(/^First name/).fill("Tess");
  await page.getByLabel(/^Last name/).fill("Trader");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone/).fill("0412 345 678");
  await page.getByLabel(/^Postcode/).fill("4000");
}

test("TRADE1: rego lookup, the questions, the offer, accepted; the lead arrives with the offer and event 18 is pushed", async ({ page }) => {
  // Keep what the page pushes to dataLayer across the navigation to the success page.
  await page.addInitScript(() => {
    const kept = JSON.parse(sessionStorage.getItem("e2e-datalayer") ?? "[]") as unknown[];
    const layer: unknown[] = [];
    layer.push = (...items: unknown[]) => {
      kept.push(...items);
      sessionStorage.setItem("e2e-datalayer", JSON.stringify(kept));
      return Array.prototype.push.apply(layer, items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  await page.goto(siteUrl("/cars/trade-in"));
  const form = page.locator('form[data-form="trade-in"]');
  await expect(form).toHaveAttribute("data-ready", "true");
  await expect(page.getByText(GUIDANCE).first()).toBeVisible();
  await axeClean(page);

  await page.getByLabel("Rego").fill("TRADE1");
  await page.getByLabel("State of registration").selectOption("QLD");
  await page.getByRole("button", { name: "Look up rego" }).click();
  await expect(page.getByText("Found: 2021 Toyota Kluger. Please check the details below.")).toBeVisible();
  await expect(page.getByLabel(/^Model/)).toHaveValue("Kluger");
  await page.getByLabel(/Kilometres/).fill("40000");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(form).toHaveAttribute("data-step", "2");
  await axeClean(page);
  await page.getByRole("group", { name: "Has the car been in an accident?" }).getByRole("radio", { name: "No" }).check();
  await page.getByRole("group", { name: "Does the car have a full service history?" }).getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: "Get my estimate" }).click();

  const offer = page.getByTestId("trade-in-offer");
  await expect(offer).toContainText("Your estimate");
  const offerText = (await offer.locator("p").first().textContent())!;
  const offerPrice = Number(offerText.replace(/[^0-9]/g, ""));
  expect(offerPrice).toBeGreaterThan(0);
  await axeClean(page);

  const email = "tess.trade1@example.com";
  await contact(page, email);
  await page.getByRole("button", { name: "Accept offer" }).click();
  await expect(page).toHaveURL(/\/success/);

  await expect.poll(() => leadFor(email), { timeout: 30_000 }).not.toBeNull();
  expect(leadFor(email)).toMatchObject({
    category: "Trade-In",
    rego: "TRADE1",
    regoState: "QLD",
    "Vehicle Make": "Toyota",
    "Vehicle Model": "Kluger",
    "Vehicle Year": 2021,
    kms: 40000,
    offer_price: offerPrice,
    offer_accepted: true,
    form_completed: true,
    adjustmentAnswers: { accident: "No", serviceHistory: "Yes" },
  });
  const pushed = await page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-datalayer") ?? "[]") as Array<Record<string, unknown>>);
  expect(pushed.find((e) => e.event_id === 18)).toMatchObject({ event: "offer_accepted", offer_price: offerPrice });
});

test("OLD123 (over 7 years old) gets the guidance and no estimate", async ({ page }) => {
  await page.goto(siteUrl("/cars/trade-in"));
  const form = page.locator('form[data-form="trade-in"]');
  await expect(form).toHaveAttribute("data-ready", "true");
  await page.getByLabel("Rego").fill("OLD123");
  await page.getByLabel("State of registration").selectOption("QLD");
  await page.getByRole("button", { name: "Look up rego" }).click();
  await expect(page.getByText("Found: 2016 Ford Falcon. Please check the details below.")).toBeVisible();
  await page.getByLabel(/Kilometres/).fill("80000");
  await page.getByRole("button", { name: "Next" }).click();
  const offer = page.getByTestId("trade-in-offer");
  await expect(offer).toContainText("We'll value your car in person");
  await expect(offer).toContainText(GUIDANCE);
  await expect(page.getByRole("button", { name: "Accept offer" })).toHaveCount(0);
  await expect(page.getByText(/Your estimate/)).toHaveCount(0);
  await axeClean(page);
});

test.describe("before JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same steps as plain form posts: lookup, questions, offer, accept; the lead arrives", async ({ page }) => {
    await page.goto(siteUrl("/cars/trade-in"));
    await page.getByLabel("Rego").fill("TRADE1");
    await page.getByLabel("State of registration").selectOption("QLD");
    await page.getByRole("button", { name: "Look up rego" }).click();
    await expect(page.getByText("Found: 2021 Toyota Kluger. Please check the details below.")).toBeVisible();
    await expect(page.getByLabel(/^Make/)).toHaveValue("Toyota");
    expect(page.url()).not.toContain("TRADE1");
    await page.getByLabel(/Kilometres/).fill("40000");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/valuation=[0-9a-f-]{36}/);
    await page.getByRole("group", { name: "Has the car been in an accident?" }).getByRole("radio", { name: "No" }).check();
    await page.getByRole("button", { name: "Get my estimate" }).click();
    await expect(page.getByTestId("trade-in-offer")).toContainText("Your estimate");
    const email = "tess.nojs@example.com";
    await contact(page, email);
    await page.getByRole("button", { name: "Accept offer" }).click();
    await expect(page).toHaveURL(/\/success/);
    await expect.poll(() => leadFor(email), { timeout: 30_000 }).not.toBeNull();
    expect(leadFor(email)).toMatchObject({ rego: "TRADE1", offer_accepted: true, adjustmentAnswers: { accident: "No" } });
    expect(typeof leadFor(email)!.offer_price).toBe("number");
  });
});
