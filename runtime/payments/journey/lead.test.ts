import { describe, expect, it } from "vitest";
import { leadToAdf } from "@/runtime/leads/adf";
import { deliveredLead } from "@/runtime/leads/payload";
import { JOURNEY_CATEGORY, journeyLeadPayload, summaryLines } from "./lead";
import type { JourneyAnswers } from "./steps";

const car = {
  id: 123,
  slug: "2024-chery-omoda-5-bx",
  title: "2024 Chery Omoda 5 BX",
  make: "Chery",
  model: "Omoda 5",
  year: 2024,
  vin: "LVVDB21B0RD000001",
  stocknum: "SC123",
  car_type: "new",
  status: "in_stock",
  dealership_id: 1,
  price: 32990,
};

const answers: JourneyAnswers & { contact: NonNullable<JourneyAnswers["contact"]> } = {
  contact: { name: "Robin", last_name: "Buyer", email: "robin@example.com", phone: "0412345678", postcode: "4127" },
  delivery: { method: "pickup", locationId: 10, locationName: "Sunshine Chery Springwood" },
  tradeIn: {
    has: true,
    rego: "TRADE1",
    regoState: "QLD",
    kms: 45000,
    adjustmentAnswers: { accident: "No" },
    vehicle: { make: "Toyota", model: "Kluger", year: 2021, badge: "GXL" },
    valuation: { status: "offer", offerPrice: 30000, low: 28500, high: 31500 },
  },
  finance: { method: "finance", price: 32990, termYears: 5, rate: 10, deposit: 5000, residual: 0, frequency: "weekly", payment: 137.21 },
};
const reservation = { id: "0b6c1a1e-1111-4222-8333-944445555666", depositCents: 20000 };

describe("the journey's lead", () => {
  it("carries the contact, the car, the answers and its reservation", () => {
    const p = journeyLeadPayload(car, answers, reservation, "/checkout-journey");
    expect(p).toMatchObject({
      name: "Robin",
      email: "robin@example.com",
      category: JOURNEY_CATEGORY,
      car_id: 123,
      stock_number: "SC123",
      "Vehicle Make": "Chery",
      reservation_id: reservation.id,
      delivery_method: "pickup",
      location_id: 10,
      Rego: "TRADE1",
      regoState: "QLD",
      kms: 45000,
      offer_price: 30000,
      payment_method: "finance",
      lead_status: "Complete",
      form_completed: true,
    });
    expect(String(p.message)).toContain(reservation.id);
    expect(String(p.message)).toContain("Pickup at Sunshine Chery Springwood");
  });

  it("reads as ADF: the car, the trade-in and the reservation in the comments", () => {
    const payload = journeyLeadPayload(car, answers, reservation, "/checkout-journey");
    const adf = leadToAdf(
      deliveredLead({
        id: "lead-1",
        dealer_slug: "sunshine-chery",
        dealership_id: 1,
        location_id: 10,
        category: JOURNEY_CATEGORY,
        subcategory: null,
        status: "Complete",
        form_completed: true,
        payload,
        idempotency_key: null,
        steps: 1,
        created_at: "2026-01-01T00:00:00Z",
        updated_at: "2026-01-01T00:00:00Z",
        completed_at: "2026-01-01T00:00:00Z",
      }),
    );
    expect(adf).toContain('<vehicle interest="buy" status="new">');
    expect(adf).toContain("<stock>SC123</stock>");
    expect(adf).toContain('<vehicle interest="trade-in" status="used">');
    expect(adf).toContain("Rego: TRADE1 (QLD); Offer: 30000");
    expect(adf).toContain(reservation.id);
    expect(adf).toContain("Has a trade-in: Yes");
  });

  it("summarises each answer in a line", () => {
    expect(summaryLines(answers, reservation)).toEqual([
      "Pickup at Sunshine Chery Springwood",
      "Trade-in: 2021 Toyota Kluger GXL (TRADE1 QLD, 45,000 km), estimate $30,000 ($28,500 to $31,500)",
      "Finance: $32,990 price, $5,000 deposit, 5 years at 10% p.a., $137.21 weekly",
      `Deposit paid: $200.00 (reservation ${reservation.id})`,
    ]);
    expect(
      summaryLines(
        {
          delivery: { method: "delivery", street: "1 Main St", suburb: "Logan", state: "QLD", postcode: "4114" },
          tradeIn: { has: false },
          finance: { method: "cash" },
        },
        null,
      ),
    ).toEqual(["Delivery to 1 Main St, Logan QLD 4114", "No trade-in", "Paying without finance"]);
  });
});
