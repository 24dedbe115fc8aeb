import type { Car } from "@/runtime/stock/car";

/**
 * What the vehicle-page block hands to the blocks in its slots (their `context`, and their
 * loader's third argument): the car it loaded once for the whole page, and the page's analytics
 * sink, so a dealer names it once on the page rather than on every block that counts something.
 */
export interface VehiclePageContext {
  car: Car;
  /** Name of the global array analytics events are pushed to (the vehicle-page block's analyticsSink). */
  analyticsSink: string;
}

/**
 * The vehicle page's context as a section block receives it: null outside a vehicle page, when
 * the page's loader failed, or when it found no car (the page is then the dealer's 404). A
 * section renders nothing without it.
 */
export function vehiclePageContext(context: unknown): VehiclePageContext | null {
  return context !== null && typeof context === "object" && "car" in context ? (context as VehiclePageContext) : null;
}
