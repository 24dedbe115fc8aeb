/**
 * The lead forms with JavaScript off: each is a plain HTML form post to POST /api/leads, which
 * stores the lead through the same pipeline and answers 303 to the success page, or back to the
 * form with the fields at fault in words (and what was typed kept, never in the URL). The leads
 * are read at the local webhook receiver, as forms.spec.ts reads them.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E_PORT, E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET } from "../../playwright.config";
import { receiveWebhooksForFile } from "../helpers/webhook-receiver";
import { axeClean } from "../helpers/axe";

const received = receiveWebhooksForFile(E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET);
const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${E2E_PORT}${path}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The delivered lead's fields for an email, or null while it has not arrived. */
function leadFor(email: string): Record<string, unknown> | null {
  for (const r of received) {
    if (r.path !== "/leads") continue;
    const body = JSON.parse(r.body) as { fields?: Record<string, unknown> };
    if (body.fields?.email === email) return body.fields;
  }
  return null;
}

async function fillContact(form: Locator, email: string) {
  await form.locator('[name="name"]').fill("Jamie");
  await form.locator('[name="last_name"]').fill("Citizen");
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="phone"]').fill("0412 345 678");
  await form.locator('[name="postcode"]').fill("4000");
}

async function expectSuccess(page: Page) {
  await expect(page).toHaveURL(/\/success(\?|$)/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test.describe("lead forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an enquiry from a vehicle page: the car's enquire link, the form, the success page; the lead carries the car", async ({ page }) => {
    const slug = "harbour-motor-group";
    await page.goto(siteUrl(slug, "/search/used-cars"));
    await page.getByTestId("vehicle-card").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/cars\//);
    const enquire = page.locator('a[data-dialog="enquire"]').first();
    const href = (await enquire.getAttribute("href"))!;
    const carId = new URL(href, page.url()).searchParams.get("car_id");
    expect(carId).toBeTruthy();
    // The link a shopper follows without JavaScript (the dialog's trigger once live).
    await page.goto(new URL(href, page.url()).toString());
    await expect(page).toHaveURL(/\/contact\?car_id=/);

    const form = page.locator('form[data-form="contact"], form[data-form="enquiry"]').first();
    await expect(form).toHaveAttribute("method", "post");
    const email = `e2e+nojs-${unique()}@example.com`;
    await fillContact(form, email);
    await form.getByLabel("Choose a dealership").selectOption({ index: 1 });
    await form.locator('[name="message"]').fill("Is this car still available?");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await expectSuccess(page);
    expect(page.url()).not.toContain("Jamie");

    await expect.poll(() => leadFor(email), { timeout: 30_000 }).not.toBeNull();
    expect(leadFor(email)).toMatchObject({ car_id: carId, name: "Jamie", message: "Is this car still available?", source: "website" });
    expect(String(leadFor(email)!.url)).toContain("/contact?car_id=");
  });

  test("a test drive (one location): the success page says what happens next", async ({ page }) => {
    const slug = "sunshine-chery";
    await page.goto(siteUrl(slug, "/book-test-drive"));
    const form = page.locator('form[data-form="test-drive"]');
    const email = `e2e+nojs-td-${unique()}@example.com`;
    await fillContact(form, email);
    await form.getByRole("button", { name: "Submit Form" }).click();
    await expectSuccess(page);
    await expect.poll(() => leadFor(email), { timeout: 30_000 }).not.toBeNull();
    expect(leadFor(email)).toMatchObject({ form: "test-drive", category: "Test Drive", location_id: expect.anything() });
  });

  test("the two-step enquiry is one form with both steps", async ({ page }) => {
    await page.goto(siteUrl("twg-group", "/enquire"));
    const form = page.locator('form[data-form="multi-step-enquiry"]');
    await expect(form.getByText("Step 1 of 2: Your Details")).toBeVisible();
    await expect(form.getByText("Step 2 of 2: Your Enquiry")).toBeVisible();
    const email = `e2e+nojs-ms-${unique()}@example.com`;
    await fillContact(form, email);
    const picker = form.getByLabel("Choose a dealership");
    if (await picker.count()) await picker.selectOption({ index: 1 });
    await form.locator('[name="message"]').fill("Please call me about a ute.");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await expectSuccess(page);
    await expect.poll(() => leadFor(email), { timeout: 30_000 }).not.toBeNull();
    expect(leadFor(email)).toMatchObject({ form: "multi-step-enquiry", message: "Please call me about a ute." });
  });

  test("an invalid enquiry comes back with the errors at the fields, what was typed kept out of the URL; axe finds nothing", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.goto(siteUrl("harbour-motor-group", "/contact"));
    const form = page.locator('form[data-form="contact"]');
    await expect(form).toHaveAttribute("action", "/api/leads");
    await expect(form.locator('input[name="_back"]')).toHaveValue("/contact");
    await form.locator('[name="name"]').fill("Jamie");
    await form.locator('[name="email"]').fill("jamie@");
    await form.locator('[name="postcode"]').fill("40");
    await form.locator('[name="message"]').fill("Hello <b>there</b>");
    await form.getByRole("button", { name: "Submit Form" }).click();

    await expect(page).toHaveURL(/\/contact\?.*lf=/);
    expect(page.url()).not.toMatch(/Jamie|jamie|Hello/);
    const summary = page.getByTestId("error-warning");
    await expect(summary).toContainText("Please fix the following errors:");
    await expect(summary).toContainText("Please enter a valid email address");
    await expect(summary).toContainText("Invalid postcode. Please enter a 4-digit number.");
    await expect(summary).toContainText("Please enter a valid phone number");
    await expect(summary).toContainText("*Please select a dealership location");
    const postcode = form.locator('[name="postcode"]');
    await expect(postcode).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Invalid postcode. Please enter a 4-digit number.", { exact: true }).last()).toBeVisible();
    // What was typed is back in the fields (escaped: the markup is text).
    await expect(form.locator('[name="name"]')).toHaveValue("Jamie");
    await expect(form.locator('[name="email"]')).toHaveValue("jamie@");
    await expect(form.locator('[name="message"]')).toHaveValue("Hello <b>there</b>");
    // axe runs as a script: the same server-rendered error state (the same cookie and URL) in a
    // context whose page scripts never load, so nothing hydrates.
    const checker = await browser.newContext({ javaScriptEnabled: true });
    try {
      await checker.addCookies(await page.context().cookies());
      const markup = await checker.newPage();
      await markup.route(/\.js(\?|$)/, (route) => route.abort());
      await markup.goto(page.url());
      await expect(markup.getByTestId("error-warning")).toContainText("Invalid postcode. Please enter a 4-digit number.");
      await expect(markup.locator('form[data-form="contact"] [name="name"]')).toHaveValue("Jamie");
      await axeClean(markup, { include: 'form[data-form="contact"]', tags: "all", label: "errors" });
    } finally {
      await checker.close();
    }

    // Fixed, the same form goes through.
    const email = `e2e+nojs-fix-${unique()}@example.com`;
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="phone"]').fill("0412 345 678");
    await postcode.fill("4000");
    await form.getByLabel("Choose a dealership").selectOption({ index: 1 });
    await form.getByRole("button", { name: "Submit Form" }).click();
    await expectSuccess(page);
    await expect.poll(() => leadFor(email), { timeout: 30_000 }).not.toBeNull();
    expect(leadFor(email)).toMatchObject({ name: "Jamie", message: "Hello <b>there</b>" });
  });
});
