/** What the journey's page (blocks/checkout-journey/load.ts) and its form endpoint both need about the car and the dealer. Server-only. */
import "server-only";
import type { Car, DealerManifest } from "@/runtime/generated/types";
import { carById, carBySlug } from "@/runtime/inventory/cars";
import { overlayCar } from "@/runtime/reservations/overlay";
import { eligibility } from "@/runtime/reservations/rules";
import { siteFinanceSettings } from "@/runtime/finance/site-finance";
import { providerFor, type FinanceSettings } from "@/runtime/finance/settings";
import { carFinanceBlocked } from "@/runtime/finance/car-quote";
import type { PickupLocation } from "./steps";

/** The car named by `car_id` (its slug, or its id), with any reservation laid over it, or null. */
export async function journeyCar(manifest: DealerManifest, carId: string | undefined): Promise<Car | null> {
  const key = (carId ?? "").trim().slice(0, 200);
  if (!key) return null;
  const car = /^[0-9]{1,15}$/.test(key) ? ((await carById(manifest, Number(key))) ?? (await carBySlug(manifest, key))) : await carBySlug(manifest, key);
  return overlayCar(car);
}

/** Sales locations a shopper may collect a car from (an empty location_type means sales). */
export function pickupLocations(manifest: DealerManifest): PickupLocation[] {
  // Visible sales locations (the manifest's own list: an empty location_type means sales).
  return (manifest.locations ?? [])
    .filter((l) => l.visible !== false && (!l.location_type || l.location_type === "sales"))
    .map((l) => ({ id: l.id, name: l.name }));
}

export type JourneyAvailability = "ok" | "reserved" | "not-available";

/**
 * Whether this shopper can go on with this car: yes when it can be reserved, or when the
 * reservation holding it is this journey's own; 'reserved' when someone else holds it.
 */
export function journeyAvailability(car: Car, manifest: DealerManifest, ownReservationActive: boolean): JourneyAvailability {
  if (ownReservationActive) return "ok";
  const ok = eligibility(car, manifest);
  if (ok.ok) return "ok";
  return ok.reason === "reserved" ? "reserved" : "not-available";
}

/**
 * The dealer's finance settings for this car, or null when the site has none or the car may not
 * show finance (Suzuki, no price, the provider's own rule: the same test as every finance figure).
 */
export function journeyFinanceSettings(manifest: DealerManifest, car: Car, now: Date): FinanceSettings | null {
  const settings = siteFinanceSettings(manifest);
  if (!settings) return null;
  return carFinanceBlocked(car, { rule: providerFor(settings).eligibility, now }) ? null : settings;
}
