import type { Car } from "@/runtime/stock/car";
import { carTitle } from "@/runtime/cars/availability";
import { formatNumber } from "@/runtime/finance/format";
import { bodyName } from "@/blocks/shared/vehicle-page/domain/specs";

/** Car summary: a few plain sentences built from the data (never dealer HTML). */
/** `where` is the manifest location the car belongs to (locationForCar); without one the feed's name and city are used. */
export function carSummary(car: Car, where?: { name: string; city: string } | null): string[] {
  const place = where?.name ?? car.location?.name ?? car.location_name;
  const city = where ? where.city : car.city;
  const out = [`This ${carTitle(car)} is a ${car.car_type} ${bodyName(car)?.toLowerCase() ?? "vehicle"}${car.colour ? ` in ${car.colour}` : ""}.`];
  const drivetrain = [car.simple_transmission?.toLowerCase(), car.drive, car.simple_fuel?.toLowerCase()].filter(Boolean).join(", ");
  if (drivetrain) out.push(`It is ${drivetrain}.`);
  if (typeof car.km === "number" && car.car_type !== "new") out.push(`It has travelled ${formatNumber(car.km)} km.`);
  if (place) out.push(`It is at ${place}${city ? ` in ${city}` : ""}, stock number ${car.stocknum}.`);
  return out;
}
