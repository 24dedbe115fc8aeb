/** The car as the vehicle page's lead dialogs send it. */
import type { Car } from "@/runtime/stock/car";
import type { CarContext } from "@/blocks/shared/forms/car";

/** The car as the lead forms know it (car_id, stock number, make, model, year, type, status, its dealership and location). */
export function carLeadContext(car: Car, title: string): CarContext {
  const type = car.car_type === "new" || car.car_type === "used" || car.car_type === "demo" ? car.car_type : undefined;
  const locationId = car.location?.id ?? car.location_id;
  return {
    car_id: car.id,
    ...(type ? { car_type: type } : {}),
    ...(car.stocknum ? { stock_number: car.stocknum } : {}),
    make: car.make,
    model: car.model,
    year: car.year,
    name: title,
    ...(car.vin ? { vin: car.vin } : {}),
    vehicle_status: car.status,
    ...(typeof car.dealership_id === "number" ? { car_dealership_id: car.dealership_id } : {}),
    ...(typeof locationId === "number" ? { location_id: locationId } : {}),
  };
}

/** The prefilled message of 'Find Me Something Similar'. */
export function findSimilarMessage(car: Car, title: string): string {
  return `I'm interested in the ${title}${car.stocknum ? ` (stock no. ${car.stocknum})` : ""}, which is no longer available. Please let me know about similar vehicles.`;
}
