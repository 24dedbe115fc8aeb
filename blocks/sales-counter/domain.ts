/** The sales counter: Brisbane time, one per 450 s since local midnight, so 192 a day; the browser refreshes it every 150 s. */
import { localTime } from "@/blocks/shared/locations/domain/hours";

export const SECONDS_PER_SALE = 450;
export const SALES_PER_DAY = (24 * 60 * 60) / SECONDS_PER_SALE;
export const REFRESH_MS = 150_000;

export function salesToday(now: Date): number {
  const { minutes } = localTime(now, "Australia/Brisbane");
  const seconds = minutes * 60 + now.getUTCSeconds();
  return Math.min(SALES_PER_DAY, Math.floor(seconds / SECONDS_PER_SALE));
}
