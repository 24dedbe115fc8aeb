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

  it("says when it came in the dealer's time zone (Brisbane's when it has none), and a page without a car is where it was sent from", () => {
    const m = leadEmail(
      lead({ name: "Sam", url: "https://www.coastchery.com.au/contact" }, { completed_at: "2026-11-29T13:15:01.869Z" }),
      "Coast Chery",
      "Australia/Sydney",
    );
    expect(m.text).toContain("Received: Mon 30 Nov 2026, 12:15 am AEDT");
    expect(m.text).toContain("Sent from: https://www.coastchery.com.au/contact");
    expect(m.text).not.toContain("\nCar\n");
    expect(leadEmail(lead({ name: "Sam" }), "Coast Chery").text).toContain("Received: Fri 2 Jan 2026, 1:04 pm AEST");
    const car = leadEmail(lead({ stock_number: "SC1", url: "https://www.coastchery.com.au/cars/x" }), "Coast Chery", "Australia/Brisbane").text;
    expect(car).toContain("Car\nStock number: SC1\nLink: https://www.coastchery.com.au/cars/x");
    expect(car).not.toContain("Sent from");
  });

  it("says so when the shopper wrote no message, and leaves out fields they did not give", () => {
    const m = leadEmail(lead({ name: "Sam", email: "sam@example.com" }), "Coast Chery");
    expect(m.text).toContain("Message\n(no message)");
    expect(m.text).not.toContain("Phone:");
  });
});
