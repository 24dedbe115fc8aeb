import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { formSite } from "@/blocks/shared/forms/site-fixture";
import { blockProps } from "@/tests/helpers/block-props";
import { ServiceBooking } from "./ServiceBooking";

const yard = (id: number, name: string, type: string, open: string) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
  dealership_id: 1,
  location_type: type,
  address: { street: "1 Main St", city: "Tamworth", state: "nsw", postcode: "2340" },
  contact_detail: { phone: "02 0000 0000", opening_hours: [{ weekday: 1, status: "Open", open, close: "17:00" }] },
});

describe("service-booking block", () => {
  it("books at the dealer's service centre, not at the sales yard", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const site = formSite({ locations: [yard(11, "Peel Sales", "sales", "08:00"), yard(12, "Peel Service Centre", "service", "07:30")] });
    const out = renderToStaticMarkup(<>{ServiceBooking({ props: blockProps("service-booking", {}), data: undefined, dataFailed: false, site, slots: {} })}</>);
    expect(out).toContain("Peel Service Centre");
    expect(out).not.toContain("Peel Sales");
  });
});
