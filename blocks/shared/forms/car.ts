/** The car a form is about (vehicle page dialogs, finance link) and its lead fields. Pure. */
export interface CarContext {
  car_id?: string | number;
  car_type?: "new" | "used" | "demo";
  stock_number?: string;
  make?: string;
  model?: string;
  year?: number;
  name?: string;
  vin?: string;
  vehicle_status?: string;
  /** The dealership holding the car. */
  car_dealership_id?: number;
  /** The car's location, preselected in the dealership picker. */
  location_id?: number;
}

const s = (v: unknown, max: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : undefined);

export function carLeadFields(car: CarContext | undefined | null): Record<string, unknown> {
  if (!car) return {};
  const out: Record<string, unknown> = {};
  if (car.car_id !== undefined && car.car_id !== null && String(car.car_id).trim())
    out.car_id = typeof car.car_id === "number" ? car.car_id : String(car.car_id).slice(0, 100);
  if (car.car_type === "new" || car.car_type === "used" || car.car_type === "demo") out.car_type = car.car_type;
  if (s(car.stock_number, 50)) out.stock_number = s(car.stock_number, 50);
  if (s(car.make, 100)) out["Vehicle Make"] = s(car.make, 100);
  if (s(car.model, 100)) out["Vehicle Model"] = s(car.model, 100);
  if (s(car.vehicle_status, 50)) out.vehicle_status = s(car.vehicle_status, 50);
  if (car.vin && /^[A-Za-z0-9]{1,20}$/.test(car.vin)) out.VIN = car.vin.toUpperCase();
  if (typeof car.car_dealership_id === "number" && Number.isInteger(car.car_dealership_id) && car.car_dealership_id > 0)
    out.car_dealership_id = car.car_dealership_id;
  return out;
}

/**
 * The car a form page was linked to about (`?car_id=`: the vehicle page's enquiry and test-drive
 * links, followed before JavaScript or without it), or undefined. The lead API refuses another
 * dealer's car, so the id alone is enough to carry.
 */
export function carOfQuery(params: Record<string, string | string[] | undefined> | undefined): CarContext | undefined {
  const raw = params?.car_id;
  const id = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return id && /^[A-Za-z0-9_-]{1,100}$/.test(id) ? { car_id: id } : undefined;
}
