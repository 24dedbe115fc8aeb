import { describe, expect, it } from "vitest";
import { leadsToCsv, maskEmail, maskName, maskPhone, parseStatus, type LeadWithDeliveries } from "./export";

/** A completed general enquiry as the store returns it; each test names only what it checks. */
function storedLead(fields: Partial<LeadWithDeliveries>): LeadWithDeliveries {
  return {
    id: "L1",
    dealer_slug: "d",
    dealership_id: 1,
    location_id: null,
    category: "General Enquiry",
    subcategory: null,
    status: "Complete",
    form_completed: true,
    idempotency_key: null,
    steps: 1,
    created_at: new Date("2025-07-01T00:00:00Z"),
    updated_at: new Date("2025-07-01T00:00:00Z"),
    completed_at: null,
    payload: {},
    deliveries: [],
    ...fields,
  };
}

describe("CSV export (the platform's CSV writer)", () => {
  it("neutralises every text cell a spreadsheet would run as a formula, unless raw", () => {
    const lead = (payload: Record<string, unknown>) => storedLead({ id: "L2", dealer_slug: "d", dealership_id: 1, location_id: null, payload });
    const row = leadsToCsv([lead({ name: '=HYPERLINK("x")', last_name: "-2+3", phone: "+61 412 345 678", message: "@SUM(A1)" })]).split("\r\n")[1];
    expect(row).toContain(`"'=HYPERLINK(""x"")",'-2+3,`);
    expect(row).toContain("'+61 412 345 678");
    expect(row).toContain("'@SUM(A1)");
    expect(leadsToCsv([lead({ name: "=1+1" })], true).split("\r\n")[1]).toContain(",=1+1,");
  });

  it("exports one row per lead with the header first", () => {
    const lead = storedLead({
      id: "L1",
      dealer_slug: "sunshine-chery",
      dealership_id: 101,
      location_id: 1011,
      payload: {
        name: "Jane",
        last_name: "O'Neil, Jr",
        email: "jane@example.com",
        phone: "0412 345 678",
        postcode: "4127",
        message: 'Line 1\r\nSaid "yes"',
        lead_attributes: { linked_query_params: { utm_source: "google", utm_medium: "cpc" } },
      },
      deliveries: [{ destination: "crm", status: "delivered", attempts: 1, last_error: null, delivered_at: null }],
    });
    const csv = leadsToCsv([lead]);
    const [header, row] = csv.split("\r\n");
    expect(header.startsWith("lead_id,created_at,dealer,")).toBe(true);
    expect(
      row.startsWith(
        'L1,2025-07-01T00:00:00.000Z,sunshine-chery,101,1011,General Enquiry,,Complete,true,Jane,"O\'Neil, Jr",jane@example.com,0412 345 678,4127,,"Line 1',
      ),
    ).toBe(true);
    expect(csv).toContain('Said ""yes""');
    expect(csv).toContain("utm_source=google&utm_medium=cpc,crm:delivered\r\n");
  });
});

describe("masking for `leads list`", () => {
  it("masks email, phone and last name", () => {
    expect(maskEmail("jane.citizen@example.com.au")).toBe("j***@e***.com.au");
    expect(maskPhone("0412 345 678")).toBe("*******678");
    expect(maskName("Jane", "Citizen")).toBe("Jane C.");
    expect(maskEmail(undefined)).toBe("");
  });

  it("--status takes a lead status or a delivery status", () => {
    expect(parseStatus("complete")).toEqual({ lead: "Complete" });
    expect(parseStatus("failed")).toEqual({ delivery: "failed" });
    expect(() => parseStatus("nope")).toThrow(/unknown status/);
  });
});
