/**
 * Whether an import replaces the site's stock, and with what. A feed never empties a site: a file
 * with no rows, no accepted car, or more rejected rows than the profile's limit leaves the last
 * good stock as it is. When it is published, the dealership's cars that left the feed are marked
 * sold that day (their pages show SOLD and shared links keep working) and removed once they have
 * been sold longer than the days the profile keeps them; other dealerships' cars in the same
 * stock file are kept untouched. The first import from a feed replaces whatever stock the
 * dealership had before (demo or hand-made records) rather than marking it all sold. Pure.
 */
import type { Car } from "@/runtime/generated/types";
import { stockKey, type Converted } from "./convert";

export interface PublishInput {
  converted: Converted;
  /** Every car in the site's stock file now (all its dealerships). */
  current: readonly Car[];
  dealershipId: number;
  rejectLimitPercent: number;
  keepSoldDays: number;
  /** False on a dealership's first import from a feed. */
  importedBefore: boolean;
  now: Date;
}

export type PublishPlan = { publish: false; reason: string } | { publish: true; cars: Car[]; markedSold: Car[]; removed: number; replacedFirstTime: number };

/** Decides whether to publish and builds the new stock file's content. */
export function planPublish(input: PublishInput): PublishPlan {
  const { converted, rejectLimitPercent } = input;
  if (converted.rows === 0) return { publish: false, reason: "the file has no rows of stock" };
  const accepted = converted.cars.length;
  if (accepted === 0) return { publish: false, reason: `none of its ${converted.rows} rows could be imported` };
  const share = (converted.rejected / converted.rows) * 100;
  if (share > rejectLimitPercent)
    return {
      publish: false,
      reason: `${converted.rejected} of its ${converted.rows} rows (${Math.round(share)}%) were rejected, more than the ${rejectLimitPercent}% limit`,
    };
  return { publish: true, ...mergeStock(input) };
}

function mergeStock(input: PublishInput): { cars: Car[]; markedSold: Car[]; removed: number; replacedFirstTime: number } {
  const { converted, current, dealershipId, keepSoldDays, importedBefore, now } = input;
  const others = current.filter((c) => c.dealership_id !== dealershipId);
  const mine = current.filter((c) => c.dealership_id === dealershipId);
  const inFeed = new Set(converted.cars.map((c) => stockKey(c.stocknum)));
  const left = mine.filter((c) => !inFeed.has(stockKey(c.stocknum)));
  if (!importedBefore) return { cars: [...others, ...converted.cars], markedSold: [], removed: 0, replacedFirstTime: left.length };
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const cutoff = nowSeconds - keepSoldDays * 86_400;
  const markedSold: Car[] = [];
  const kept: Car[] = [];
  let removed = 0;
  for (const car of left) {
    if (car.status === "sold") {
      if ((car.sold_date_timestamp ?? 0) <= cutoff) removed++;
      else kept.push(car);
      continue;
    }
    const sold: Car = { ...car, status: "sold", sold: true, sold_date_timestamp: nowSeconds };
    delete sold.reserved;
    markedSold.push(sold);
    kept.push(sold);
  }
  return { cars: [...others, ...converted.cars, ...kept], markedSold, removed, replacedFirstTime: 0 };
}
