// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { financeLink } from "@/runtime/finance/finance-link";
import { formSite } from "@/blocks/shared/forms/site-fixture";
import { option } from "@/blocks/shared/forms/test-helpers";
import block from "./index";
import { FinanceEnquiryForm } from "./FinanceEnquiryForm";
import { financePrefill } from "./prefill";
import { blockProps } from "@/tests/helpers/block-props";

const params = (link: string) => Object.fromEntries(new URL(link, "http://x").searchParams);

describe("finance-enquiry-form block", () => {
  it("reads the finance link's parameters", () => {
    const link = financeLink({ preferredDealership: "d-2", vehiclePriceBudget: 32990.4, carId: 77, carType: "used", vin: "jt123" });
    const p = financePrefill(params(link), [option(1, "A", "X"), option(2, "B", "Y")]);
    expect(p).toEqual({
      location_id: "2",
      budget: 32990,
      car: { car_id: "77", car_type: "used", vin: "JT123" },
      message: "I'd like finance for a vehicle of about $32,990.",
    });
    expect(financePrefill({ vehiclePriceBudget: "abc", car_type: "boat", vin: "<x>", preferredDealership: "nope" }, [])).toEqual({});
  });

  it("renders at #finance-form, prefilled, with category Finance", () => {
    expect(block.component).toBe(FinanceEnquiryForm);
    const site = formSite({}, { preferredDealership: "south-motors", vehiclePriceBudget: "25000" });
    const out = renderToStaticMarkup(
      <>{FinanceEnquiryForm({ props: blockProps("finance-enquiry-form"), data: undefined, dataFailed: false, site, slots: {} })}</>,
    );
    expect(out).toMatch(/<section id="finance-form"/);
    expect(out).toMatch(/<h2 id="finance-form-heading"[^>]*>Finance enquiry<\/h2>/);
    expect(out).toContain('data-form="finance"');
    // Values are set by react-hook-form once hydrated.
    render(<>{FinanceEnquiryForm({ props: blockProps("finance-enquiry-form"), data: undefined, dataFailed: false, site, slots: {} })}</>);
    expect((document.querySelector('[name="message"]') as HTMLTextAreaElement).value).toBe("I'd like finance for a vehicle of about $25,000.");
    expect((document.querySelector('[name="location_id"]') as HTMLSelectElement).value).toBe("21");
    cleanup();
  });
});
