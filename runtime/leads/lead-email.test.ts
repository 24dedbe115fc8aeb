import { describe, expect, it } from "vitest";
import { leadEmail } from "./lead-email";
import type { DeliveredLead } from "./payload";

const lead = (fields: Record<string, unknown>, over: Partial<DeliveredLead> = {}): DeliveredLead => ({
  lead_id: "lead_1",
  dealer: "coast-chery",
  dealership: { id: 7, slug: "coast-chery", name: "Coast Chery" },
  location: null,
  category: "Service",
  subcategory: null,
  lead_status: "Complete",
  form_completed: true,
  created_at: "2026-01-02T03:04:05.000Z",
  completed_at: "2026-01-02T03:04:05.000Z",
  fields,
  ...over,
});

describe("a lead as a plain email", () => {
  it("names the form and, without a car, the category in the subject", () => {
    const m = leadEmail(lead({ form: "test-drive", name: "Sam", last_name: "Lee", email: "sam@example.com", message: "Hi" }), "Coast Chery");
    expect(m.subject).toBe("Website test drive: Service, Sam Lee");
    expect(m.text).toContain("A shopper sent this test drive from the Coast Chery website.");
    expect(m.text).toContain("Dealership: Coast Chery");
    expect(m.text).not.toContain("\nCar\n");
  });

  it("keeps a header to one line and drops control characters, so no header or line can be forged", () => {
    const m = leadEmail(lead({ name: "Eve\r\nBcc: victim@example.com", message: "line one\r\nline two\u0007\u2028", stock_number: "A1\nX" }), "Coast Chery");
    expect(m.subject).toBe("Website enquiry: stock A1 X, Eve Bcc: victim@example.com");
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.text).toContain("Name: Eve Bcc: victim@example.com\n");
    expect(m.text).toContain("line one\nline two\n");
    expect(m.text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u2028]/);
  });

  it("says so when the shopper wrote no message, and leaves out fields they did not give", () => {
    const m = leadEmail(lead({ name: "Sam", email: "sam@example.com" }), "Coast Chery");
    expect(m.text).toContain("Message\n(no message)");
    expect(m.text).not.toContain("Phone:");
  });
});
