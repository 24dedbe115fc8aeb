/** Fuel calculator: defaults 1.70 per litre, 250 km, 10 L/100km; '$', ',' and 'kms' are stripped; hidden for electric cars. */
export const FUEL_DEFAULTS = { pricePerLitre: 1.7, distanceKm: 250, litresPer100Km: 10 } as const;

/** What a person typed, as a number: '$', ',' and 'kms' (and spaces) removed; NaN when nothing numeric is left. */
export function cleanFuelInput(text: string | number): number {
  if (typeof text === "number") return text;
  const cleaned = text.replace(/\$/g, "").replace(/,/g, "").replace(/kms/gi, "").replace(/\s+/g, "");
  if (!/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return Number.NaN;
  return Number.parseFloat(cleaned);
}

export interface FuelInput {
  pricePerLitre: string | number;
  distanceKm: string | number;
  litresPer100Km: string | number;
}

export type FuelResult = { ok: true; litres: number; cost: number } | { ok: false; field: keyof FuelInput; message: string };

const LABELS: Record<keyof FuelInput, string> = { pricePerLitre: "fuel price", distanceKm: "distance", litresPer100Km: "fuel consumption" };

/** Fuel used and its cost for a distance. */
export function fuelCost(input: FuelInput): FuelResult {
  const values = {} as Record<keyof FuelInput, number>;
  for (const key of ["pricePerLitre", "distanceKm", "litresPer100Km"] as const) {
    const n = cleanFuelInput(input[key]);
    if (!Number.isFinite(n) || n < 0) return { ok: false, field: key, message: `Please enter a valid ${LABELS[key]}.` };
    values[key] = n;
  }
  const litres = (values.distanceKm / 100) * values.litresPer100Km;
  return { ok: true, litres, cost: litres * values.pricePerLitre };
}

/** Hidden for electric cars. */
export function showsFuelCalculator(car: { simple_fuel?: string | null; fuel?: string | null }): boolean {
  return car.simple_fuel !== "Electric" && !/^electric$/i.test(car.fuel ?? "");
}

/** The car's own combined consumption, when it has one, else the default. */
export function startingConsumption(car: { variant?: { fuelconsumptioncombined?: number } | null }): number {
  const c = car.variant?.fuelconsumptioncombined;
  return typeof c === "number" && Number.isFinite(c) && c > 0 ? c : FUEL_DEFAULTS.litresPer100Km;
}
