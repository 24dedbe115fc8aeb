/** Delivery calculator: a price and region from the dealer's table by postcode range. */
export const DELIVERY_POSTCODE_REQUIRED = "Please enter a postcode.";
export const DELIVERY_POSTCODE_INVALID = "Invalid postcode. Please enter a 4-digit number.";
export const DELIVERY_UNKNOWN_AREA =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

export interface DeliveryRegion {
  /** First postcode of the range, four digits. */
  from: string;
  /** Last postcode of the range (inclusive), four digits. */
  to: string;
  region: string;
  /** Delivery price in whole dollars; 0 reads as free. */
  price: number;
}

export type DeliveryResult = { ok: true; region: string; price: number } | { ok: false; message: string };

/** First matching range wins, so a dealer can list a narrow range before a wider one. */
export function lookupDelivery(table: readonly DeliveryRegion[] | null | undefined, postcode: string): DeliveryResult {
  const p = (postcode ?? "").trim();
  if (p === "") return { ok: false, message: DELIVERY_POSTCODE_REQUIRED };
  if (!/^\d{4}$/.test(p)) return { ok: false, message: DELIVERY_POSTCODE_INVALID };
  const n = Number(p);
  const hit = (table ?? []).find((r) => Number(r.from) <= n && n <= Number(r.to));
  if (!hit || !Number.isFinite(hit.price) || hit.price < 0) return { ok: false, message: DELIVERY_UNKNOWN_AREA };
  return { ok: true, region: hit.region, price: hit.price };
}
