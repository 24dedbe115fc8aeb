/**
 * What the vehicle page shows about a car, as data: key information (first 4 then more), all
 * specifications (4 rows, then 'Show All Specs'), breadcrumbs, sidebar icons and buttons.
 */
import type { Car } from "@/runtime/stock/car";
import { carTitle } from "@/runtime/cars/availability";
import { formatNumber } from "@/runtime/finance/format";

export const KEY_INFO_VISIBLE = 4;
export const ALL_SPECS_VISIBLE_ROWS = 4;
export const FEATURES_DEFAULT_LIMIT = 8;

export interface Spec {
  label: string;
  value: string;
}

const BODY_NAMES: Record<string, string> = {
  "4x4": "4x4", bus: "Bus", cabChassis: "Cab Chassis", convertible: "Convertible", coupe: "Coupe", ev: "EV", hardtop: "Hardtop", hatch: "Hatch",
  hatchback: "Hatchback", motorhome: "Motorhome", lightTruck: "Light Truck", peopleMover: "People Mover", prestige: "Prestige", sedan: "Sedan",
  softtop: "Softtop", suv: "SUV", ute: "Ute", van: "Van", wagon: "Wagon", stationWagon: "Station Wagon", motorcycle: "Motorcycle", caravan: "Caravan",
};

export function bodyName(car: Pick<Car, "simple_body" | "body">): string | null {
  if (car.simple_body) return BODY_NAMES[car.simple_body] ?? car.simple_body;
  return car.body ?? null;
}

export function kmText(km: number | undefined | null): string | null {
  return typeof km === "number" && Number.isFinite(km) ? `${formatNumber(km)} km` : null;
}

const CAR_TYPE_NAMES: Record<string, string> = { new: "New", used: "Used", demo: "Demo" };

export function carTypeName(carType: string, usedKeyword = "Used"): string {
  return carType === "used" ? usedKeyword : (CAR_TYPE_NAMES[carType] ?? carType);
}

function specs(pairs: [string, string | number | null | undefined][]): Spec[] {
  return pairs.filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== "").map(([label, v]) => ({ label, value: String(v) }));
}

/** Key information: the first 4 show, the rest behind 'more'. */
export function keyInformation(car: Car): Spec[] {
  const caravan = car.item_type === "caravan";
  return specs([
    ["Odometer", kmText(car.km)],
    ["Transmission", car.simple_transmission ?? car.trans],
    ["Body", bodyName(car)],
    ["Fuel", car.simple_fuel ?? car.fuel],
    ["Drive", car.drive],
    ["Engine", car.engine_size_litres ? `${car.engine_size_litres}L` : null],
    ["Colour", car.colour],
    ["Seats", car.seats],
    ["Sleeps", caravan ? car.sleeps : null],
    ["Stock No.", car.stocknum],
    ["Rego", car.regplate],
    ["VIN", car.vin],
  ]);
}

/** All specifications (first 4 rows show, then 'Show All Specs'). */
export function allSpecifications(car: Car): Spec[] {
  const v = car.variant ?? {};
  const mm = (n?: number) => (typeof n === "number" ? `${formatNumber(n)} mm` : null);
  const kg = (n?: number) => (typeof n === "number" ? `${formatNumber(n)} kg` : null);
  return specs([
    ["Make", car.make],
    ["Model", car.model],
    ["Badge", car.badge],
    ["Series", car.series],
    ["Year", car.year],
    ["Body", car.body ?? bodyName(car)],
    ["Body configuration", car.bodyconfiguration ?? v.bodyconfiguration],
    ["Transmission", car.trans ?? car.simple_transmission],
    ["Gears", car.gearnum ?? v.geartype],
    ["Drive", car.drive],
    ["Fuel type", car.fuel ?? car.simple_fuel],
    ["Engine size", v.enginesize ? `${formatNumber(v.enginesize)} cc` : car.engine_size ? `${formatNumber(car.engine_size)} cc` : null],
    ["Cylinders", v.cylinders],
    ["Induction", v.induction],
    ["Torque", v.torque ? `${v.torque} Nm` : null],
    ["Fuel consumption (combined)", v.fuelconsumptioncombined ? `${v.fuelconsumptioncombined} L/100km` : null],
    ["Fuel capacity", v.fuelcapacity ? `${v.fuelcapacity} L` : null],
    ["Length", mm(v.vehiclelength)],
    ["Width", mm(v.vehiclewidth)],
    ["Height", mm(v.vehicleheight)],
    ["Gross vehicle mass", kg(v.grossvehiclemass)],
    ["Towing capacity (braked)", kg(v.towingcapacitybraked)],
    ["ANCAP rating", v.ancaprating ? `${v.ancaprating} stars` : null],
    ["Seats", car.seats],
    ["Doors", car.doors],
    ["Exterior colour", car.colour],
    ["Interior colour", car.interior_colour],
    ["Body length", car.body_length ? `${car.body_length} ft` : null],
    ["Body width", car.body_width ? `${car.body_width} mm` : null],
    ["Tare weight", kg(car.tare_weight)],
    ["Aggregate trailer mass", kg(car.aggregate_trailer_mass)],
    ["Axles", car.axle_type],
    ["Sleeps", car.sleeps],
    ["Build date", car.build_date],
    ["Compliance date", car.compliance_date],
    ["Rego expiry", car.rego_expiry],
    ["Stock No.", car.stocknum],
    ["VIN", car.vin],
  ]);
}

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

export interface Crumb {
  label: string;
  href?: string;
}

export function searchSlug(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
}

/**
 * Breadcrumbs after Home: the title ('2021 Toyota RAV4 GX', or the name), or the trail variant
 * car type > make > model > body type, each linking to its search page; the last is the page.
 */
export function breadcrumbTrail(car: Car, variant: "title" | "trail", usedKeyword = "Used"): Crumb[] {
  if (variant === "title") return [{ label: [car.year, car.make, car.model, car.badge].filter(Boolean).join(" ") || car.name }];
  const type = car.car_type === "used" ? "used-cars" : "new-and-demo-cars";
  const make = searchSlug(car.make);
  return [
    { label: carTypeName(car.car_type, usedKeyword), href: `/search/${type}` },
    { label: car.make, href: `/search/${make}` },
    { label: car.model, href: `/search/${make}/${searchSlug(car.model)}` },
    { label: bodyName(car) ?? car.name },
  ];
}
