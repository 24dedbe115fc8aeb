import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { requestWithHost } from "../helpers/http";

const HOST = "sunshine-chery.localhost";

async function hits(filters: string, count: number): Promise<Record<string, unknown>[]> {
  const res = await requestWithHost(E2E_PORT, HOST, {
    method: "POST",
    path: "/api/search/1/indexes/Car_production/query",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({ params: `filters=${encodeURIComponent(filters)}&hitsPerPage=${count}&page=3` }),
    idempotent: true,
  });
  return JSON.parse(res.body).hits;
}

// Sunshine Chery asks the quote service (youxQuote flag): most of its cars carry no quote in the feed,
// and those used to show none at all.
test("a car without a quote asks /api/youx/quote, and its sidebar shows the answer with the same words as a quoted car", async ({ page }) => {
  const car = (await hits("status:in_stock AND price > 5000", 40)).find((h) => !h.youxQuote && String(h.make).toLowerCase() !== "suzuki");
  expect(car, "an unquoted car").toBeDefined();
  const asked = page.waitForResponse((r) => r.url().endsWith("/api/youx/quote") && r.request().method() === "POST");
  await page.goto(`http://${HOST}:${E2E_PORT}/cars/${car!.slug}`);
  await page.getByTestId("finance-summary").scrollIntoViewIfNeeded();
  const answer = await asked;
  expect(answer.status()).toBe(200);
  const quote = (await answer.json()) as { weeklyRepaymentAmount: number };
  expect(answer.request().postDataJSON()).toMatchObject({ selfAssessedCreditScore: "GREAT", purchasePrice: car!.price, loanTerm: 5, year: car!.year });
  const shown = page.getByTestId("finance-summary").getByTestId("requested-quote");
  await expect(shown).toContainText(`$${quote.weeklyRepaymentAmount.toFixed(2)}`);
});
