import type { Car } from "@/runtime/stock/car";

/** Market-price badge: the price is at least 500 below the average market price, state average preferred. */
export const MARKET_BADGE_MIN_SAVING = 500;

export interface MarketBadge {
  average: number;
  saving: number;
  basis: "state" | "national";
}

export function marketPriceBadge(car: Pick<Car, "price" | "autograb_data">): MarketBadge | null {
  const data = car.autograb_data;
  if (!data || !(car.price > 10)) return null;
  const state = data.state_average_market_price;
  const useState = typeof state === "number" && Number.isFinite(state) && state > 0;
  const average = useState ? state : data.average_market_price;
  if (typeof average !== "number" || !Number.isFinite(average) || average <= 0) return null;
  const saving = average - car.price;
  if (saving < MARKET_BADGE_MIN_SAVING) return null;
  return { average, saving, basis: useState ? "state" : "national" };
}
