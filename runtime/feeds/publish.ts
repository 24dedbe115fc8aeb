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

/** Why a run with these counts leaves the last good stock as it is; null when it is published. */
export function publishRefusal(counts: { rows: number; accepted: number; rejected: number }, rejectLimitPercent: number): string | null {
  const { rows, accepted, rejected } = counts;
  if (rows === 0) return "the file has no rows of stock";
  if (accepted === 0) return `none of its ${rows} rows could be imported`;
  const share = (rejected / rows) * 100;
  if (share > rejectLimitPercent) return `${rejected} of its ${rows} rows (${Math.round(share)}%) were rejected, more than the ${rejectLimitPercent}% limit`;
  return null;
}

/**
 * A dealership's car that is no longer in its feed, on a run after the first: marked sold that
 * day, kept while it has been sold less than `keepSoldDays`, then removed (null).
 */
export function leftFeed(car: Car, now: Date, keepSoldDays: number): { car: Car | null; markedSold: boolean } {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (car.status === "sold") return { car: (car.sold_date_timestamp ?? 0) <= nowSeconds - keepSoldDays * 86_400 ? null : car, markedSold: false };
  const sold: Car = { ...car, status: "sold", sold: true, sold_date_timestamp: nowSeconds };
  delete sold.reserved;
  return { car: sold, markedSold: true };
}

/** Decides whether to publish and builds the new stock file's content. */
export function planPublish(input: PublishInput): PublishPlan {
  const { converted, rejectLimitPercent } = input;
  const reason = publishRefusal({ rows: converted.rows, accepted: converted.cars.length, rejected: converted.rejected }, rejectLimitPercent);
  if (reason !== null) return { publish: false, reason };
  return { publish: true, ...mergeStock(input) };
}

function mergeStock(input: PublishInput): { cars: Car[]; markedSold: Car[]; removed: number; replacedFirstTime: number } {
  const { converted, current, dealershipId, keepSoldDays, importedBefore, now } = input;
  const others = current.filter((c) => c.dealership_id !== dealershipId);
  const mine = current.filter((c) => c.dealership_id === dealershipId);
  const inFeed = new Set(converted.cars.map((c) => stockKey(c.stocknum)));
  const left = mine.filter((c) => !inFeed.has(stockKey(c.stocknum)));
  if (!importedBefore) return { cars: [...others, ...converted.cars], markedSold: [], removed: 0, replacedFirstTime: left.length };
  const markedSold: Car[] = [];
  const kept: Car[] = [];
  let removed = 0;
  for (const car of left) {
    const out = leftFeed(car, now, keepSoldDays);
    if (!out.car) removed++;
    else kept.push(out.car);
    if (out.markedSold) markedSold.push(out.car!);
  }
  return { cars: [...others, ...converted.cars, ...kept], markedSold, removed, replacedFirstTime: 0 };
}
