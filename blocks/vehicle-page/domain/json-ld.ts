/** Car and Product structured data (schema.org) for the vehicle page, escaped for an inline <script>. */
import type { Car } from "@/runtime/stock/car";
import { carTitle, isAvailable, showsPrice } from "@/runtime/cars/availability";

const SCHEMA = "https://schema.org/";

export function availabilityOf(car: Pick<Car, "status" | "reserved">): string {
  if (car.status === "sold") return `${SCHEMA}SoldOut`;
  if (car.reserved) return `${SCHEMA}Reserved`;
  if (car.status === "coming_soon") return `${SCHEMA}PreOrder`;
  if (isAvailable(car)) return `${SCHEMA}InStock`;
  return `${SCHEMA}OutOfStock`;
}

/** New cars are NewCondition; used and demo cars (registered, driven) are UsedCondition. */
export function conditionOf(car: Pick<Car, "car_type">): string {
  return car.car_type === "new" ? `${SCHEMA}NewCondition` : `${SCHEMA}UsedCondition`;
}

function absolute(url: string, origin: string): string | null {
  try {
    const u = new URL(url, origin);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}

export function vehicleJsonLd(car: Car, opts: { origin: string; url: string; sellerName?: string }): Record<string, unknown> {
  const images = car.images.map((i) => absolute(i.image.url, opts.origin)).filter((u): u is string => u !== null);
  const out: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": ["Car", "Product"],
    name: carTitle(car),
    url: opts.url,
    sku: car.stocknum,
    brand: { "@type": "Brand", name: car.make },
    manufacturer: { "@type": "Organization", name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    itemCondition: conditionOf(car),
  };
  if (car.badge) out.vehicleConfiguration = car.badge;
  if (car.vin) out.vehicleIdentificationNumber = car.vin;
  if (typeof car.km === "number") out.mileageFromOdometer = { "@type": "QuantitativeValue", value: car.km, unitCode: "KMT", unitText: "km" };
  if (car.fuel || car.simple_fuel) out.fuelType = car.fuel ?? car.simple_fuel;
  if (car.trans || car.simple_transmission) out.vehicleTransmission = car.simple_transmission ?? car.trans;
  if (car.body || car.simple_body) out.bodyType = car.body ?? car.simple_body;
  if (car.colour) out.color = car.colour;
  if (car.interior_colour) out.vehicleInteriorColor = car.interior_colour;
  if (car.drive) out.driveWheelConfiguration = car.drive;
  if (car.seats) out.seatingCapacity = car.seats;
  if (car.doors) out.numberOfDoors = car.doors;
  if (images.length) out.image = images;
  if (car.dealercomments) out.description = car.dealercomments.slice(0, 5000);
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    priceCurrency: "AUD",
    availability: availabilityOf(car),
    itemCondition: conditionOf(car),
    url: opts.url,
  };
  if (showsPrice(car.price)) offer.price = car.price;
  if (opts.sellerName) offer.seller = { "@type": "AutoDealer", name: opts.sellerName };
  out.offers = offer;
  return out;
}

/** Kept here for the vehicle page's imports; the one implementation is runtime/script-json.ts. */
export { scriptJson } from "@/runtime/script-json";
