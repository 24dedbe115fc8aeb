import type { DealerManifest } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { isAvailable, showsPrice } from "@/runtime/cars/availability";
import { formatCurrency } from "@/runtime/finance/format";
import { resolvedWording } from "@/runtime/wording";

/** The price as the sidebar and the sticky header show it: the amount, the site's no-price text, or nothing for a car that is no longer available. */
export function priceText(car: Car, wording: DealerManifest["wording"]): string | null {
  if (!isAvailable(car)) return null;
  return showsPrice(car.price) ? formatCurrency(car.price) : resolvedWording(wording).noPriceText;
}
