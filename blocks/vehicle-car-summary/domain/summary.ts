import type { Car } from "@/runtime/stock/car";
import { carTitle } from "@/runtime/cars/availability";
import { formatNumber } from "@/runtime/finance/format";
import { bodyName } from "@/blocks/shared/vehicle-page/domain/specs";

/** Car summary: a few plain sentences built from the data (never dealer HTML). */
export function carSummary(car: Car): string[] {
  const out = [`This ${carTitle(car)} is a ${car.car_type} ${bodyName(car)?.toLowerCase() ?? "vehicle"}${car.colour ? ` in ${car.colour}` : ""}.`];
  const drivetrain = [car.simple_transmission?.toLowerCase(), car.drive, car.simple_fuel?.toLowerCase()].filter(Boolean).join(", ");
  if (drivetrain) out.push(`It is ${drivetrain}.`);
  if (typeof car.km === "number" && car.car_type !== "new") out.push(`It has travelled ${formatNumber(car.km)} km.`);
  const place = car.location?.name ?? car.location_name;
  if (place) out.push(`It is at ${place}${car.city ? ` in ${car.city}` : ""}, stock number ${car.stocknum}.`);
  return out;
}
