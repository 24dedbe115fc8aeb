/**
 * The finance enquiry's prefill from a finance link (runtime/finance/finance-link.ts):
 * preferredDealership, vehiclePriceBudget, car_id, car_type and vin. Pure; bad values are ignored.
 */
import type { PickerOption } from "@/blocks/shared/forms/config";
import type { CarContext } from "@/blocks/shared/forms/car";

type Params = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string | undefined => {
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === "string" && s.trim() ? s.trim() : undefined;
};

export interface FinancePrefill {
  location_id?: string;
  budget?: number;
  car?: CarContext;
  message?: string;
}

export function financePrefill(params: Params, options: PickerOption[]): FinancePrefill {
  const out: FinancePrefill = {};
  const dealership = first(params.preferredDealership)?.toLowerCase();
  if (dealership) {
    const match =
      options.find((o) => o.dealership_slug === dealership) ??
      options.find((o) => o.slug === dealership) ??
      options.find((o) => String(o.dealership_id) === dealership);
    if (match) out.location_id = String(match.location_id);
  }
  const budgetText = first(params.vehiclePriceBudget);
  const budget = budgetText && /^[0-9]{1,9}(\.[0-9]+)?$/.test(budgetText) ? Math.round(Number(budgetText)) : undefined;
  if (budget && budget > 0) out.budget = budget;
  const carId = first(params.car_id);
  const carType = first(params.car_type)?.toLowerCase();
  const vin = first(params.vin);
  const car: CarContext = {};
  if (carId && /^[A-Za-z0-9_-]{1,100}$/.test(carId)) car.car_id = carId;
  if (carType === "new" || carType === "used" || carType === "demo") car.car_type = carType;
  if (vin && /^[A-Za-z0-9]{1,20}$/.test(vin)) car.vin = vin.toUpperCase();
  if (Object.keys(car).length) out.car = car;
  if (out.budget) out.message = `I'd like finance for a vehicle of about $${out.budget.toLocaleString("en-AU")}.`;
  return out;
}
