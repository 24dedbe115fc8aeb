import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-finance-calculator block", () => {
  it("embeds the site's calculator started from the car's price", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar() });
    expect(out).toContain('data-section="finance-calculator"');
    expect(out).toContain("Finance Calculator");
    expect(out).toContain("32,990");
  });
  it("renders a car dearer than the calculator's usual maximum without an error before any script runs", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar({ price: 139_950 }) });
    expect(out).toContain('value="139,950"');
    expect(out).not.toContain("Cannot be less than");
    expect(out).not.toContain('aria-invalid="true"');
    expect(out).not.toContain("Enquire for Finance");
  });
  it("is left out for a sold car, a car without a price, and a site without finance settings", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar({ status: "sold" }) })).toBe("");
    expect(await renderBlock(block, { props: {}, car: testCar({ price: 0 }) })).toBe("");
    expect(await renderBlock(block, { props: {}, car: testCar(), manifest: { finance: undefined, features: {} } })).not.toContain("Finance Calculator");
  });
  it("is left out for a Suzuki, like the card and sidebar", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar({ make: "Suzuki" }) })).toBe("");
  });
  it("starts from the car's quoted rate and says why its figure differs from the quote; offers 'Request a Quote'", async () => {
    const car = testCar({ youxQuote: { weeklyRepaymentAmount: 85.96, advertisedRate: 8.89, comparisonRate: 9.52 } });
    const out = await renderBlock(block, { props: {}, car });
    expect(out).toMatch(/data-testid="quote-basis">This car&#x27;s quote is \$85.96 per week at 8.89% p.a./);
    expect(out).toContain("establishment fee, so its repayment is higher");
    expect(out).toContain('value="8.89"');
    expect(out).toMatch(/<a [^>]*href="\/finance\?[^"]*car_id=1[^"]*#finance-form"[^>]*>Request a Quote<\/a>/);
  });
});
