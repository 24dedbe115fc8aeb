import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { SAMPLE_SLUGS, sampleManifest } from "../helpers/sites";
import { axeClean } from "../helpers/axe";
import { formatCurrency } from "../../runtime/finance/format";

const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${E2E_PORT}${path}`;
const WARNING = "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges.";

/** The dealer's default provider and its price limits, read from the manifest (as the page does). */
function financeOf(slug: string) {
  const finance = sampleManifest(slug).finance;
  const provider = finance.providers.find((p: { id: string }) => p.id === (finance.defaultProvider ?? finance.providers[0].id));
  const min = finance.calculator?.inputs?.price?.min ?? provider.inputs?.price?.min ?? 1000;
  const max = finance.calculator?.inputs?.price?.max ?? provider.inputs?.price?.max ?? 100000;
  return { provider, min, max };
}

async function openCalculator(page: Page, slug: string) {
  const response = await page.goto(siteUrl(slug, "/finance"));
  expect(response?.status()).toBe(200);
  const calc = page.locator("#finance-calculator");
  await expect(calc).toBeVisible();
  return calc;
}

const money = (text: string | null) => Number((text ?? "").replace(/[^0-9.]/g, ""));

/** Before hydration a key press does nothing: retry the press until the figure reacts. */
async function pressUntilChanged(page: Page, target: ReturnType<Page["locator"]>, key: string) {
  const repayment = page.getByTestId("finance-repayment");
  const before = await repayment.textContent();
  await expect(async () => {
    await target.focus();
    await target.press(key);
    await expect(repayment).not.toHaveText(before ?? "", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return { before: money(before), after: money(await repayment.textContent()) };
}

for (const slug of ["harbour-motor-group", "sunshine-chery"]) {
  test.describe(`${slug} /finance`, () => {
    test("keyboard changes to the inputs update the repayment", async ({ page }) => {
      const calc = await openCalculator(page, slug);
      const price = calc.getByLabel("Purchase price or loan amount", { exact: true });
      const up = await pressUntilChanged(page, price, "ArrowUp");
      expect(up.after).toBeGreaterThan(up.before);

      const slider = calc.getByRole("slider", { name: "Purchase price or loan amount slider" });
      const right = await pressUntilChanged(page, slider, "ArrowRight");
      expect(right.after).toBeGreaterThan(right.before);

      const term = calc.getByRole("spinbutton", { name: "Loan term (years)" });
      const longer = await pressUntilChanged(page, term, "ArrowUp");
      expect(longer.after).toBeLessThan(longer.before);

      const rate = calc.getByRole("spinbutton", { name: "Interest rate (% p.a.)" });
      const higher = await pressUntilChanged(page, rate, "ArrowUp");
      expect(higher.after).toBeGreaterThan(higher.before);
      // The live region speaks the new figure once the changes settle.
      await expect(calc.getByTestId("finance-announcement")).toContainText(/repayment \$[\d,]+\.\d\d/);
    });

    test("an out-of-range typed price shows the help text", async ({ page }) => {
      const calc = await openCalculator(page, slug);
      const { min, max } = financeOf(slug);
      const help = `Cannot be less than ${formatCurrency(min)} or more than ${formatCurrency(max)}`;
      const price = calc.getByLabel("Purchase price or loan amount", { exact: true });
      await expect(async () => {
        await price.fill(String(min - 1));
        await expect(calc.getByText(help)).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(price).toHaveAttribute("aria-invalid", "true");
      await price.fill(String(max + 500));
      await expect(calc.getByText(help)).toBeVisible();
      await price.fill("30000");
      await expect(calc.getByText(help)).toHaveCount(0);
    });

    test("the frequency switch changes the figure", async ({ page }) => {
      const calc = await openCalculator(page, slug);
      const repayment = calc.getByTestId("finance-repayment");
      const weekly = money(await repayment.textContent());
      await expect(async () => {
        await calc.getByRole("radio", { name: "Monthly" }).check();
        await expect(calc.getByText("Monthly repayment")).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      const monthly = money(await repayment.textContent());
      expect(monthly).toBeGreaterThan(weekly * 4);
      // Radios move with the arrow keys: Monthly -> (wraps) Weekly -> Fortnightly.
      await calc.getByRole("radio", { name: "Monthly" }).press("ArrowRight");
      await expect(calc.getByRole("radio", { name: "Weekly" })).toBeChecked();
      await calc.getByRole("radio", { name: "Weekly" }).press("ArrowRight");
      await expect(calc.getByRole("radio", { name: "Fortnightly" })).toBeChecked();
      await expect(calc.getByText("Fortnightly repayment")).toBeVisible();
      const fortnightly = money(await repayment.textContent());
      expect(fortnightly).toBeGreaterThan(weekly);
      expect(fortnightly).toBeLessThan(monthly);
    });

    test("shows its own provider, rate with comparison rate and warning, and disclaimer with Show More / Show Less", async ({ page }) => {
      const calc = await openCalculator(page, slug);
      const { provider } = financeOf(slug);
      await expect(calc.getByTestId("finance-provider")).toContainText(provider.name);
      for (const other of SAMPLE_SLUGS.filter((s) => s !== slug)) {
        const otherName = financeOf(other).provider.name;
        if (!provider.name.includes(otherName) && !otherName.includes(provider.name)) await expect(page.getByText(otherName)).toHaveCount(0);
      }
      const rate = calc.getByTestId("finance-advertised-rate");
      await expect(rate).toContainText(/Interest rate \d+\.\d\d% p\.a\. \(comparison rate \d+\.\d\d% p\.a\.\*\)/);
      await expect(rate).toContainText(WARNING);

      const disclaimer: string = provider.disclaimer;
      const more = calc.getByRole("button", { name: "Show More" });
      await expect(calc.getByText(disclaimer.slice(0, 80))).toBeVisible();
      await expect(calc.getByText(disclaimer, { exact: true })).toHaveCount(0);
      await expect(async () => {
        await calc.getByRole("button", { name: /Show (More|Less)/ }).click();
        await expect(calc.getByText(disclaimer, { exact: true })).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(calc.getByRole("button", { name: "Show Less" })).toHaveAttribute("aria-expanded", "true");
      await calc.getByRole("button", { name: "Show Less" }).click();
      await expect(more).toBeVisible();

      // Provider cards: every rate stands with its comparison rate and the warning.
      const cards = page.getByRole("heading", { name: "Our Finance Partners" }).locator("xpath=..");
      await expect(cards).toContainText(provider.name);
      await expect(cards).toContainText(/comparison rate \d+\.\d\d% p\.a\.\*/);
      await expect(cards).toContainText(WARNING);
    });

    test("has no axe violations (any impact)", async ({ page }) => {
      await openCalculator(page, slug);
      await page.getByTestId("finance-repayment").waitFor();
      await axeClean(page);
    });
  });
}

test("each sample dealer's /finance shows its own provider and disclaimer", async ({ page }) => {
  for (const slug of SAMPLE_SLUGS) {
    if (!sampleManifest(slug).finance) continue;
    const calc = await openCalculator(page, slug);
    const { provider } = financeOf(slug);
    await expect(calc.getByTestId("finance-provider")).toContainText(provider.name);
    await expect(calc.getByText(provider.disclaimer.slice(0, 60))).toBeVisible();
  }
});

test("finance enquiry pages carry the calculator on the dealer groups", async ({ page }) => {
  for (const slug of ["harbour-motor-group", "twg-group"]) {
    for (const path of ["/finance-enquiry", "/apply-for-finance"]) {
      const response = await page.goto(siteUrl(slug, path));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("#finance-calculator")).toBeVisible();
    }
  }
});

test("price range page links to the results for the chosen range, highest price first", async ({ page }) => {
  const response = await page.goto(siteUrl("sunshine-chery", "/price-range"));
  expect(response?.status()).toBe(200);
  const link = page.getByRole("link", { name: "View Results" });
  const range = async () => new URL((await link.getAttribute("href"))!, "http://x").searchParams.get("range[price]");
  expect(await range()).toBe("5000:250000");
  expect(new URL((await link.getAttribute("href"))!, "http://x").searchParams.get("sortBy")).toBe("Car_production:price:desc");
  const high = page.getByRole("slider", { name: "Maximum price slider" });
  await expect(async () => {
    await high.focus();
    await high.press("PageDown");
    expect(await range()).not.toBe("5000:250000");
  }).toPass({ timeout: 15_000 });
  await axeClean(page);
});

test("the quote call answers when the site flag is on, and 404 when it is off", async ({ page }) => {
  const post = (body: string) =>
    page.evaluate(async (b) => {
      const res = await fetch("/api/youx/quote", { method: "POST", headers: { "content-type": "application/json" }, body: b });
      return { status: res.status, body: await res.json() };
    }, body);
  const quote = JSON.stringify({
    selfAssessedCreditScore: "GREAT",
    purchasePrice: 30000,
    loanTerm: 5,
    year: new Date().getFullYear() - 1,
    vin: "",
    nvic: "",
    whoIsHelping: "",
  });

  await page.goto(siteUrl("sunshine-chery", "/finance"));
  const ok = await post(quote);
  expect(ok.status).toBe(200);
  expect(ok.body.weeklyRepaymentAmount).toBeGreaterThan(0);
  expect(typeof ok.body.advertisedRate).toBe("number");
  expect(typeof ok.body.comparisonRate).toBe("number");
  // A body that is not JSON is the API boundary's 400, as on every route.
  expect(await post("{not json")).toEqual({
    status: 400,
    body: { message: "The request body must be a JSON object.", status: 400, errors: [{ field: "", message: "The request body must be a JSON object." }] },
  });
  expect((await post(JSON.stringify({ ...JSON.parse(quote), purchasePrice: 0 }))).body.field).toBe("purchasePrice");

  await page.goto(siteUrl("harbour-motor-group", "/finance"));
  expect((await post(quote)).status).toBe(404);
});
