/**
 * The lead the dealer receives when a checkout journey is submitted (pure): the usual contact and
 * vehicle fields, so JSON and ADF destinations read it like any other lead, plus the delivery,
 * trade-in (Rego, regoState, kms, offer_price: the ADF trade-in vehicle) and finance answers, and
 * the reservation it belongs to (the deposit's own 'Reserve Online' lead went out when it was paid).
 */
import { formatCurrency, formatCurrencyCents } from "@/runtime/finance/format";
import type { JourneyAnswers } from "./steps";

export const JOURNEY_CATEGORY = "Online Purchase";
export const JOURNEY_SUBCATEGORY = "Checkout journey";

export interface JourneyLeadCar {
  id: string | number;
  slug: string;
  title: string;
  make?: string | null;
  model?: string | null;
  year?: number | null;
  vin?: string | null;
  stocknum?: string | null;
  car_type?: string | null;
  status?: string | null;
  dealership_id?: number | null;
  price?: number | null;
}

/** Lines of the summary, as the page shows them and as the lead's message carries them. */
export function summaryLines(answers: JourneyAnswers, reservation: { id: string; depositCents: number } | null): string[] {
  const lines: string[] = [];
  const d = answers.delivery;
  if (d) lines.push(d.method === "pickup" ? `Pickup at ${d.locationName}` : `Delivery to ${d.street}, ${d.suburb} ${d.state} ${d.postcode}`);
  const t = answers.tradeIn;
  if (t) {
    if (!t.has) lines.push("No trade-in");
    else {
      const car = `${t.vehicle.year} ${t.vehicle.make} ${t.vehicle.model}${t.vehicle.badge ? ` ${t.vehicle.badge}` : ""}`;
      lines.push(
        t.valuation.status === "offer"
          ? `Trade-in: ${car} (${t.rego} ${t.regoState}, ${t.kms.toLocaleString("en-AU")} km), estimate ${formatCurrency(t.valuation.offerPrice)} (${formatCurrency(t.valuation.low)} to ${formatCurrency(t.valuation.high)})`
          : `Trade-in: ${car} (${t.rego} ${t.regoState}, ${t.kms.toLocaleString("en-AU")} km), no online estimate: ${t.valuation.message}`,
      );
    }
  }
  const f = answers.finance;
  if (f) {
    if (f.method === "cash") lines.push("Paying without finance");
    else
      lines.push(
        `Finance: ${formatCurrency(f.price)} price, ${formatCurrency(f.deposit)} deposit, ${f.termYears} years at ${f.rate}% p.a., ` +
          `${f.payment === null ? "Enquire for Finance" : `${formatCurrencyCents(f.payment)} ${f.frequency}`}${f.residual ? `, ${formatCurrency(f.residual)} residual` : ""}`,
      );
  }
  if (reservation) lines.push(`Deposit paid: ${formatCurrencyCents(reservation.depositCents / 100)} (reservation ${reservation.id})`);
  return lines;
}

export function journeyLeadPayload(
  car: JourneyLeadCar,
  answers: Required<Pick<JourneyAnswers, "contact">> & JourneyAnswers,
  reservation: { id: string; depositCents: number },
  url: string,
): Record<string, unknown> {
  const c = answers.contact;
  const t = answers.tradeIn;
  const f = answers.finance;
  const d = answers.delivery;
  return {
    name: c.name,
    last_name: c.last_name,
    email: c.email,
    phone: c.phone,
    postcode: c.postcode,
    category: JOURNEY_CATEGORY,
    subcategory: JOURNEY_SUBCATEGORY,
    message: [`Online purchase of the ${car.title}.`, ...summaryLines(answers, reservation)].join("\n"),
    car_id: car.id,
    stock_number: car.stocknum ?? undefined,
    "Vehicle Make": car.make ?? undefined,
    "Vehicle Model": car.model ?? undefined,
    "Vehicle Year": car.year ?? undefined,
    VIN: car.vin ?? undefined,
    car_type: car.car_type ?? undefined,
    vehicle_status: car.status ?? undefined,
    car_dealership_id: car.dealership_id ?? undefined,
    reservation_id: reservation.id,
    delivery_method: d?.method,
    ...(d?.method === "pickup" ? { location_id: d.locationId, location: d.locationName } : {}),
    ...(d?.method === "delivery" ? { delivery_address: { street: d.street, suburb: d.suburb, state: d.state, postcode: d.postcode } } : {}),
    "do-you-have-a-trade-in": t ? (t.has ? "Yes" : "No") : undefined,
    ...(t?.has
      ? {
          Rego: t.rego,
          regoState: t.regoState,
          kms: t.kms,
          adjustmentAnswers: t.adjustmentAnswers,
          trade_in_vehicle: t.vehicle,
          ...(t.valuation.status === "offer" ? { offer_price: t.valuation.offerPrice } : {}),
        }
      : {}),
    payment_method: f?.method,
    ...(f?.method === "finance"
      ? {
          finance_details: {
            price: f.price,
            deposit: f.deposit,
            termYears: f.termYears,
            rate: f.rate,
            residual: f.residual,
            frequency: f.frequency,
            payment: f.payment,
          },
        }
      : {}),
    url,
    lead_status: "Complete",
    form_completed: true,
  };
}
