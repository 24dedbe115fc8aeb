import type { Car } from "@/runtime/generated/types";

/** in_stock and coming_soon count as available (buttons, price and finance shown); anything else is not. */
export function isAvailable(car: Pick<Car, "status">): boolean {
  return car.status === "in_stock" || car.status === "coming_soon";
}

/** Prices of 10 or less are placeholders: the site's no-price text shows instead. */
export function showsPrice(price: number | null | undefined): price is number {
  return typeof price === "number" && price > 10;
}

/** "2021 Toyota RAV4 GX Hybrid": year, make, model, then badge and series. */
export function carTitle(car: Pick<Car, "year" | "make" | "model" | "badge" | "series">): string {
  return [car.year, car.make, car.model, car.badge, car.series].filter((p) => p !== undefined && p !== null && String(p).trim() !== "").join(" ");
}
