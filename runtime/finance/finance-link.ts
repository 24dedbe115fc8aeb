/**
 * The finance link for a car: the finance page with preferredDealership,
 * vehiclePriceBudget, car_id, car_type and vin, and the #finance-form anchor. Pure: no React.
 */

export const FINANCE_FORM_ANCHOR = "finance-form";
export const DEFAULT_FINANCE_PATH = "/finance";

export interface FinanceLinkInput {
  /** A site path; anything else (another host, javascript:, //host) falls back to /finance. */
  basePath?: string | null;
  /** The dealership's slug. */
  preferredDealership?: string | null;
  /** The car's price; whole dollars, left out when missing or 0 or less. */
  vehiclePriceBudget?: number | null;
  carId?: string | number | null;
  /** new, used or demo. */
  carType?: string | null;
  vin?: string | null;
}

function sitePath(base: string | null | undefined): string {
  const b = (base ?? "").trim();
  // A site path: starts with one "/" (not "//host" or "/\host"), no scheme, no control characters.
  if (!b.startsWith("/") || b.startsWith("//") || b.startsWith("/\\") || /[\u0000-\u001f\u007f]/.test(b)) return DEFAULT_FINANCE_PATH;
  return b;
}

const text = (v: string | number | null | undefined): string | null => {
  if (v == null) return null;
  const s = String(v).trim();
  return s ? s : null;
};

/** The most a linked price may be (the calculator's own ceiling for a car price). */
const MAX_LINKED_PRICE = 10_000_000;

/**
 * The car's price a finance link carries (its vehiclePriceBudget), so the finance page's
 * calculator opens at that car's price; null when the link carries none, or one that is not a
 * whole positive number of dollars within reach.
 */
export function linkedCarPrice(searchParams: Record<string, string | string[] | undefined>): number | null {
  const raw = searchParams.vehiclePriceBudget;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== "string" || !/^\d{1,8}$/.test(value.trim())) return null;
  const price = Number(value.trim());
  return price > 0 && price <= MAX_LINKED_PRICE ? price : null;
}

export function financeLink(input: FinanceLinkInput = {}): string {
  const url = new URL(sitePath(input.basePath), "http://site.invalid");
  const params = url.searchParams;
  const set = (key: string, value: string | null) => {
    if (value !== null) params.set(key, value);
  };
  set("preferredDealership", text(input.preferredDealership));
  const price = input.vehiclePriceBudget;
  set("vehiclePriceBudget", price != null && Number.isFinite(price) && price > 0 ? String(Math.round(price)) : null);
  set("car_id", text(input.carId));
  set("car_type", text(input.carType));
  set("vin", text(input.vin)?.toUpperCase() ?? null);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}#${FINANCE_FORM_ANCHOR}`;
}
