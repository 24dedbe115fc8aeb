// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { escapeXml, leadToAdf } from "./adf";
import type { DeliveredLead } from "./payload";

const parse = (xml: string) => new DOMParser().parseFromString(xml, "application/xml");

const lead = (fields: Record<string, unknown>): DeliveredLead => ({
  lead_id: "11111111-1111-4111-8111-111111111111",
  dealer: "harbour-motor-group",
  dealership: { id: 201, slug: "harbour-toyota", name: "Harbour Toyota & Co <Parramatta>" },
  location: { id: 2011, slug: "parramatta", name: "Parramatta" },
  category: "Used Car Enquiry",
  subcategory: null,
  lead_status: "Complete",
  form_completed: true,
  created_at: "2025-07-01T00:00:00.000Z",
  completed_at: "2025-07-01T00:00:00.000Z",
  fields,
});

describe("ADF XML", () => {
  it("escapes the five XML entities and drops characters XML does not allow", () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe("a &amp; b &lt; c &gt; d &quot; e &apos; f");
    expect(escapeXml("bell\u0007 nul\u0000 ok\ttab\nnl")).toBe("bell nul ok\ttab\nnl");
    expect(escapeXml("\uD800 lone surrogate, emoji 🚗")).toBe(" lone surrogate, emoji 🚗");
    expect(escapeXml(undefined)).toBe("");
    expect(escapeXml(42)).toBe("42");
  });

  it("hostile text stays text: the document parses and reads back unchanged", () => {
    const nasty = `</comments><injected>&amp;"'</injected><![CDATA[x]]>`;
    const xml = leadToAdf(
      lead({
        name: `O'Brien <Jo>`,
        last_name: "Smith & Sons",
        email: "jo@example.com",
        phone: "0412 345 678",
        postcode: "2150",
        message: nasty,
        "Vehicle Make": "Toyota",
        "Vehicle Model": "Hilux",
        car_type: "used",
        stock_number: "U1",
        kms: 45000,
        Rego: "ABC123",
      }),
    );
    const doc = parse(xml);
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(doc.getElementsByTagName("injected")).toHaveLength(0);
    expect(doc.querySelector('name[part="first"]')?.textContent).toBe(`O'Brien <Jo>`);
    expect(doc.querySelector('name[part="last"]')?.textContent).toBe("Smith & Sons");
    expect(doc.querySelector("customer > comments")?.textContent).toBe(nasty);
    expect(doc.querySelector("vendorname")?.textContent).toBe("Harbour Toyota & Co <Parramatta>");
    expect(doc.querySelector('vehicle[interest="buy"]')?.getAttribute("status")).toBe("used");
    expect(doc.querySelector('vehicle[interest="trade-in"] odometer')?.textContent).toBe("45000");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>')).toBe(true);
  });

  it("leaves out empty elements", () => {
    const xml = leadToAdf(lead({ name: "Jo", email: "jo@example.com", phone: "0412345678", postcode: "2150" }));
    expect(xml).not.toContain("<vehicle");
    expect(xml).not.toContain('part="last"');
    expect(parse(xml).getElementsByTagName("parsererror")).toHaveLength(0);
  });
});
