/**
 * Lead forms end to end: each form submits on a sample dealer, lands on /success, and
 * the lead is found at the local webhook receiver (HMAC-checked) and in the database (through the
 * support read GET /api/leads/{id}); an invalid form shows the focused error summary; axe finds
 * no violation (any impact) on each form page.
 *
 * Needs in playwright.config.ts webServer.env: LEADS_WEBHOOK_URL=http://127.0.0.1:{E2E_WEBHOOK_PORT}/leads,
 * LEADS_ADF_WEBHOOK_URL=http://127.0.0.1:{E2E_WEBHOOK_PORT}/adf, LEADS_WEBHOOK_SECRET=e2e-secret,
 * LEADS_ADMIN_SECRET (read below from the config's env) and a fresh PGLITE_DIR.
 */
import { expect, test, type Locator, type Page, type Response } from "@playwright/test";
import config, { E2E_PORT, E2E_WEBHOOK_PORT, E2E_WEBHOOK_SECRET } from "../../playwright.config";
import { receiveWebhooksForFile, type ReceivedDelivery } from "../helpers/webhook-receiver";
import { getWithHost } from "../helpers/http";
import { axeClean } from "../helpers/axe";
import { formLive } from "../helpers/form-live";

const WEBHOOK_PORT = E2E_WEBHOOK_PORT;
const WEBHOOK_SECRET = E2E_WEBHOOK_SECRET;
const serverEnv = ((Array.isArray(config.webServer) ? config.webServer[0] : config.webServer)?.env ?? {}) as Record<string, string>;
const ADMIN_SECRET = process.env.LEADS_ADMIN_SECRET ?? serverEnv.LEADS_ADMIN_SECRET ?? "e2e-admin";

const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${E2E_PORT}${path}`;

const received = receiveWebhooksForFile(WEBHOOK_PORT, WEBHOOK_SECRET);

/** Records analytics pushes across the navigation to /success (sessionStorage survives it). */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    const push = (...entries: unknown[]) => {
      try {
        const list = JSON.parse(sessionStorage.getItem("e2e-events") ?? "[]") as unknown[];
        sessionStorage.setItem("e2e-events", JSON.stringify([...list, ...entries]));
      } catch {
        // ignore
      }
      return Array.prototype.push.apply(layer, entries);
    };
    Object.defineProperty(layer, "push", { value: push });
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}

async function events(page: Page): Promise<Array<{ event_id?: number }>> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-events") ?? "[]"));
}

async function openForm(page: Page, slug: string, path: string, selector: string): Promise<Locator> {
  const response = await page.goto(siteUrl(slug, path));
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1")).toHaveCount(1);
  return formLive(page, page.locator(`${selector}[data-ready="true"]`));
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillContact(form: Locator, tag: string) {
  const email = `e2e+${tag}@example.com`;
  await form.locator('[name="name"]').fill("Jamie");
  await form.locator('[name="last_name"]').fill("Citizen");
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="phone"]').fill("0412 345 678");
  await form.locator('[name="postcode"]').fill("4000");
  return email;
}

/**
 * Waits for the POST /api/leads answer and reads its lead_id as soon as it arrives: after the last
 * step the page navigates to /success at once, after which the browser no longer has the body.
 */
async function leadResponse(page: Page, last = true): Promise<{ json: () => Promise<{ lead_id: string }> }> {
  let parsed: { lead_id: string } | undefined;
  await page.waitForResponse(async (r: Response) => {
    // The trade-in form's lead goes through /api/valuation/lead, which hands it to the leads API.
    if (!/\/api\/(leads|valuation\/lead)$/.test(r.url()) || r.request().method() !== "POST" || !r.ok()) return false;
    const body = r.request().postDataJSON() as { isLastStep?: boolean };
    if (last ? body.isLastStep === false : body.isLastStep !== false) return false;
    // The body may be gone once the page has navigated to /success; the header never is.
    parsed = { lead_id: (await r.headerValue("x-lead-id")) ?? "" };
    return true;
  });
  return { json: async () => parsed! };
}

async function expectDelivered(leadId: string, slug: string, email: string) {
  let hit: ReceivedDelivery | undefined;
  await expect
    .poll(
      () => {
        hit = received.find((r) => r.path === "/leads" && r.body.includes(leadId));
        return !!hit;
      },
      { timeout: 30_000, message: `lead ${leadId} delivered to the webhook` },
    )
    .toBe(true);
  expect(hit!.signatureOk, "X-Signature is the HMAC-SHA256 of the body").toBe(true);
  expect(hit!.headers["idempotency-key"]).toBe(`${leadId}:crm`);
  const delivered = JSON.parse(hit!.body) as { lead_id: string; dealer: string; lead_status: string; form_completed: boolean; fields: Record<string, unknown> };
  expect(delivered).toMatchObject({ lead_id: leadId, dealer: slug, lead_status: "Complete", form_completed: true });
  expect(delivered.fields.email).toBe(email);
  expect(received.filter((r) => r.path === "/leads" && r.body.includes(leadId))).toHaveLength(1);
  return delivered;
}

async function storedLead(page: Page, slug: string, leadId: string) {
  // Node cannot resolve *.localhost: ask through loopback with the dealer's Host header.
  const res = await getWithHost(E2E_PORT, `${slug}.localhost`, `/api/leads/${leadId}`, { authorization: `Bearer ${ADMIN_SECRET}` });
  expect(res.status, "GET /api/leads/{id} (LEADS_ADMIN_SECRET)").toBe(200);
  const data = JSON.parse(res.body) as {
    lead: {
      lead_status: string;
      form_completed: boolean;
      category: string;
      subcategory: string | null;
      fields: Record<string, unknown>;
      dealership: { id: number } | null;
      location: { id: number } | null;
    };
  };
  expect(data.lead.lead_status).toBe("Complete");
  expect(data.lead.form_completed).toBe(true);
  return data.lead;
}

async function submitAndLand(page: Page, submit: Locator, last = true): Promise<string> {
  const answer = leadResponse(page, last);
  await submit.click();
  const leadId = ((await (await answer).json()) as { lead_id: string }).lead_id;
  await page.waitForURL(/\/success$/, { timeout: 20_000 });
  await expect(page.locator("h1")).toBeVisible();
  return leadId;
}

test.describe("lead forms", () => {
  test("contact enquiry (harbour-motor-group: several dealerships, JSON and ADF destinations)", async ({ page }) => {
    const slug = "harbour-motor-group";
    await recordEvents(page);
    const form = await openForm(page, slug, "/contact", 'form[data-form="contact"]');
    // The picker: a postcode finds nearby dealerships; a name narrowing to one selects it.
    await form.getByLabel("Find by postcode, city or dealership name").fill("Artarmon");
    await expect(form.getByRole("button", { name: /Harbour Mazda Artarmon/ })).toHaveAttribute("aria-pressed", "true");
    const email = await fillContact(form, unique());
    await form.locator('[name="message"]').fill("Is the CX-5 still available?");
    const leadId = await submitAndLand(page, form.getByRole("button", { name: "Submit Form" }));

    const delivered = await expectDelivered(leadId, slug, email);
    expect(delivered.fields).toMatchObject({ form: "contact", PreferredContactMethod: "Phone", message: "Is the CX-5 still available?" });
    expect(delivered.fields.url).toContain("/contact");
    expect((delivered.fields.lead_attributes as { visited_pages?: string[] }).visited_pages).toContain("/contact");
    await expect.poll(() => received.some((r) => r.path === "/adf" && r.body.includes(leadId) && r.signatureOk), { timeout: 30_000 }).toBe(true);
    const stored = await storedLead(page, slug, leadId);
    expect(stored.location?.id).toBe(2021);
    expect(await events(page)).toContainEqual(expect.objectContaining({ event_id: 14 }));
    expect(await page.evaluate(() => localStorage.getItem("successCategory"))).toBeTruthy();

    // The last-used contact details prefill the next form.
    const again = await openForm(page, slug, "/contact", 'form[data-form="contact"]');
    await expect(again.locator('[name="email"]')).toHaveValue(email);
  });

  test("test drive (sunshine-chery: one location, time from opening hours)", async ({ page }) => {
    const slug = "sunshine-chery";
    await recordEvents(page);
    const form = await openForm(page, slug, "/book-test-drive", 'form[data-form="test-drive"]');
    const email = await fillContact(form, unique());
    // Next Monday: Springwood opens 08:00 to 17:30.
    const d = new Date();
    d.setDate(d.getDate() + ((8 - d.getDay()) % 7 || 7));
    const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    await form.locator('[name="date"]').fill(date);
    await form.locator('[name="time"]').selectOption("10:00");
    const leadId = await submitAndLand(page, form.getByRole("button", { name: "Submit Form" }));
    const delivered = await expectDelivered(leadId, slug, email);
    expect(delivered.fields).toMatchObject({ form: "test-drive", category: "Test Drive", date, time: "10:00" });
    const stored = await storedLead(page, slug, leadId);
    expect(stored.location?.id).toBe(1011);
    expect(await events(page)).toContainEqual(expect.objectContaining({ event_id: 17 }));
  });

  test("parts order in three steps (twg-group)", async ({ page }) => {
    const slug = "twg-group";
    const form = await openForm(page, slug, "/vehicle-parts-and-accessories", 'form[data-form="parts"]');
    await expect(form.getByRole("list", { name: "Progress" })).toContainText("Contact Details");
    await form.getByLabel("Choose a dealership").selectOption({ index: 1 });
    const email = await fillContact(form, unique());
    const first = leadResponse(page, false);
    await form.getByRole("button", { name: "Next" }).click();
    const leadId = ((await (await first).json()) as { lead_id: string }).lead_id;
    await expect(form).toHaveAttribute("data-step", "2");
    await expect(form.getByRole("heading", { name: /Step 2 of 3: Vehicle Details/ })).toBeFocused();
    await form.locator('[name="Vehicle Make"]').fill("Toyota");
    await form.locator('[name="Vehicle Model"]').fill("HiLux");
    await form.locator('[name="Vehicle Year"]').fill("2021");
    const second = leadResponse(page, false);
    await form.getByRole("button", { name: "Next" }).click();
    expect(((await (await second).json()) as { lead_id: string }).lead_id).toBe(leadId);
    await expect(form).toHaveAttribute("data-step", "3");
    await form.locator('[name="Order Detail"]').fill("Genuine floor mats x1");
    expect(await submitAndLand(page, form.getByRole("button", { name: "Submit Form" }))).toBe(leadId);
    const delivered = await expectDelivered(leadId, slug, email);
    expect(delivered.fields).toMatchObject({
      form: "parts",
      category: "Parts",
      "Vehicle Make": "Toyota",
      "Vehicle Year": 2021,
      "Order Detail": "Genuine floor mats x1",
    });
    await storedLead(page, slug, leadId);
  });

  test("finance enquiry at #finance-form, prefilled from the finance link (sunshine-chery)", async ({ page }) => {
    const slug = "sunshine-chery";
    const form = await openForm(
      page,
      slug,
      "/finance?preferredDealership=sunshine-chery&vehiclePriceBudget=32990&car_type=new&car_id=e2e-car#finance-form",
      "#finance-form form",
    );
    await expect(form.locator('[name="message"]')).toHaveValue(/\$32,990/);
    const email = await fillContact(form, unique());
    const leadId = await submitAndLand(page, form.getByRole("button", { name: "Submit Form" }));
    const delivered = await expectDelivered(leadId, slug, email);
    expect(delivered.fields).toMatchObject({ form: "finance", category: "Finance", car_type: "new", car_id: "e2e-car" });
    await storedLead(page, slug, leadId);
  });

  test("trade-in: estimate, acceptance (event 18) (harbour-motor-group)", async ({ page }) => {
    const slug = "harbour-motor-group";
    await recordEvents(page);
    const form = await openForm(page, slug, "/trade-in", 'form[data-form="trade-in"]');
    await expect(form).toContainText("Online estimates are generally not given for cars over 7 years old or over 100,000 km.");
    await form.locator('[name="Vehicle Make"]').fill("Toyota");
    await form.locator('[name="Vehicle Model"]').fill("Kluger");
    await form.locator('[name="Vehicle Year"]').fill(String(new Date().getFullYear() - 2));
    await form.getByLabel(/Kilometres/).fill("40000");
    await form.getByRole("button", { name: "Next" }).click();
    await expect(form).toHaveAttribute("data-step", "2");
    await form
      .getByRole("group", { name: /accident/ })
      .getByLabel("No")
      .check();
    await form.getByRole("button", { name: "Get my estimate" }).click();
    await expect(form).toHaveAttribute("data-step", "3");
    const offer = form.getByTestId("trade-in-offer");
    await expect(offer).toBeVisible();
    const hasOffer = await offer.getByText("Your estimate").isVisible();
    await form.getByLabel("Choose a dealership").selectOption({ index: 1 });
    const email = await fillContact(form, unique());
    const leadId = await submitAndLand(page, form.getByRole("button", { name: hasOffer ? "Accept offer" : "Submit Form" }));
    const delivered = await expectDelivered(leadId, slug, email);
    expect(delivered.fields).toMatchObject({ form: "trade-in", category: "Trade-In", "Vehicle Make": "Toyota", kms: 40000 });
    if (hasOffer) {
      expect(delivered.fields.offer_accepted).toBe(true);
      expect(delivered.fields.offer_price).toBeGreaterThan(0);
      expect(await events(page)).toContainEqual(expect.objectContaining({ event_id: 18 }));
    }
    await storedLead(page, slug, leadId);
  });

  test("an invalid enquiry shows the error summary with focus and links to each field", async ({ page }) => {
    const form = await openForm(page, "harbour-motor-group", "/contact", 'form[data-form="contact"]');
    await form.locator('[name="postcode"]').fill("40");
    await form.getByRole("button", { name: "Submit Form" }).click();
    const summary = form.getByTestId("error-warning");
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Please fix the following errors:");
    await expect(summary).toContainText("*Please select a dealership location");
    await expect(summary).toContainText("Invalid postcode. Please enter a 4-digit number.");
    await expect(summary).toContainText("Please enter your first name");
    await summary.getByRole("link", { name: "Invalid postcode. Please enter a 4-digit number." }).click();
    await expect(form.locator('[name="postcode"]')).toBeFocused();
    await expect(form.locator('[name="postcode"]')).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator('[name="postcode"]')).toHaveAttribute("maxlength", "4");
    expect(page.url()).toContain("/contact");
  });

  test("the honeypot is hidden from people and assistive technology", async ({ page }) => {
    const form = await openForm(page, "sunshine-chery", "/contact", 'form[data-form="contact"]');
    const trap = form.locator('[name="company_url"]');
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    await expect(form.locator('[aria-hidden="true"]:has([name="company_url"])')).toHaveCount(1);
  });
});

const AXE_PAGES: Array<[string, string, string]> = [
  ["harbour-motor-group", "/contact", 'form[data-form="contact"]'],
  ["sunshine-chery", "/contact", 'form[data-form="contact"]'],
  ["sunshine-chery", "/book-test-drive", 'form[data-form="test-drive"]'],
  ["twg-group", "/vehicle-parts-and-accessories", 'form[data-form="parts"]'],
  ["sunshine-chery", "/finance", "#finance-form form"],
  ["harbour-motor-group", "/finance-enquiry", "#finance-form form"],
  ["harbour-motor-group", "/trade-in", 'form[data-form="trade-in"]'],
  ["twg-group", "/sell-my-car", 'form[data-form="sell-my-car"]'],
];

test.describe("axe on the form pages", () => {
  for (const [slug, path, selector] of AXE_PAGES) {
    test(`${slug} ${path}: no violation (any impact)`, async ({ page }) => {
      const form = await openForm(page, slug, path, selector);
      const check = async (state: string) => {
        await axeClean(page, { include: selector, tags: "all", label: state });
      };
      await check("empty");
      // And with the error summary showing.
      // The form's own submit (not a helper like the trade-in form's rego lookup, which skips validation).
      await form.locator('button[type="submit"]:not([formnovalidate])').first().click();
      await expect(form.getByTestId("error-warning")).toBeVisible();
      await check("errors");
    });
  }
});
