/**
 * A car's specifications as label and value pairs, shared by the key information and all
 * specifications sections, the sidebar's icons, the printable page and the PDF. Missing values
 * are left out rather than shown empty.
 */
import type { Car } from "@/runtime/stock/car";
import { formatNumber } from "@/runtime/finance/format";

export interface Spec {
  label: string;
  value: string;
}

const BODY_NAMES: Record<string, string> = {
  "4x4": "4x4",
  bus: "Bus",
  cabChassis: "Cab Chassis",
  convertible: "Convertible",
  coupe: "Coupe",
  ev: "EV",
  hardtop: "Hardtop",
  hatch: "Hatch",
  hatchback: "Hatchback",
  motorhome: "Motorhome",
  lightTruck: "Light Truck",
  peopleMover: "People Mover",
  prestige: "Prestige",
  sedan: "Sedan",
  softtop: "Softtop",
  suv: "SUV",
  ute: "Ute",
  van: "Van",
  wagon: "Wagon",
  stationWagon: "Station Wagon",
  motorcycle: "Motorcycle",
  caravan: "Caravan",
};

export function bodyName(car: Pick<Car, "simple_body" | "body">): string | null {
  if (car.simple_body) return BODY_NAMES[car.simple_body] ?? car.simple_body;
  return car.body ?? null;
}

export function kmText(km: number | undefined | null): string | null {
  return typeof km === "number" && Number.isFinite(km) ? `${formatNumber(km)} km` : null;
}

function specs(pairs: [string, string | number | null | undefined][]): Spec[] {
  return pairs.filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== "").map(([label, v]) => ({ label, value: String(v) }));
}

/** Key information, most telling first (the section shows the first 4, the rest behind 'Show more'). */
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

/** All specifications (the section shows the first rows, then 'Show All Specs'). */
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
    ["Body width", car.body_width ? `${car.body_width} ft` : null], // feet, like body_length (car.schema.json)
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
