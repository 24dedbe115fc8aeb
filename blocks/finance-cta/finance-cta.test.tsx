import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { FinanceCtaProps } from "@/runtime/generated/types";
import { FinanceCta } from "./FinanceCta";
import { blockProps } from "@/tests/helpers/block-props";
import { blockSite } from "@/tests/helpers/block-site";

const one = [{ id: 1, slug: "sunshine-chery", name: "Sunshine Chery" }];
const many = [...one, { id: 2, slug: "other", name: "Other" }];
function html(props: FinanceCtaProps = {}, manifest: Record<string, unknown> = { features: { finance: true }, dealerships: one }) {
  const site = blockSite(manifest);
  return renderToStaticMarkup(<>{FinanceCta({ props: blockProps("finance-cta", props), data: undefined, dataFailed: false, site, slots: {} })}</>);
}

describe("finance-cta block", () => {
  it("says 'Finance Available For This Vehicle!' and links 'Get Finance Now' to the finance form with the car", () => {
    const out = html({ carId: "123", carType: "used", vin: "ABC123", price: 32990 });
    expect(out).toContain(">Finance Available For This Vehicle!</h2>");
    expect(out).toContain(
      'href="/finance?preferredDealership=sunshine-chery&amp;vehiclePriceBudget=32990&amp;car_id=123&amp;car_type=used&amp;vin=ABC123#finance-form">Get Finance Now</a>',
    );
  });

  it("names the dealership only when it is known", () => {
    expect(html({}, { features: { finance: true }, dealerships: many })).toContain('href="/finance#finance-form"');
    expect(html({ dealership: "other", financePath: "/apply-for-finance" }, { features: { finance: true }, dealerships: many })).toContain(
      'href="/apply-for-finance?preferredDealership=other#finance-form"',
    );
  });

  it("renders nothing with the finance flag off", () => {
    expect(html({}, { features: { finance: false }, dealerships: one })).toBe("");
  });
});
