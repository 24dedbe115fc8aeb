import { getDb } from "@/runtime/db";
import { isAvailable, carTitle } from "@/runtime/cars/availability";
import { carById } from "@/runtime/inventory/cars";
import { watchlistRows } from "@/runtime/accounts/watchlist";
import type { AccountUser } from "@/runtime/accounts/users";
import type { DealerManifest } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";

/** One watchlist car as the watchlist and garage pages show it: now, against when it was saved. */
export interface WatchlistItem {
  carId: string;
  title: string | null;
  href: string | null;
  price: number | null;
  savedPrice: number | null;
  /** How much cheaper than when saved (> 0), else null. */
  drop: number | null;
  /** Sold, or no longer listed. */
  sold: boolean;
}

/** What changed since a car was saved: its price now and the drop, or sold (no longer listed counts as sold). */
export function watchlistItem(carId: string, savedPrice: number | null, car: Car | null): WatchlistItem {
  const price = car && typeof car.price === "number" ? car.price : null;
  const drop = price !== null && savedPrice !== null && price < savedPrice ? savedPrice - price : null;
  return {
    carId,
    title: car ? carTitle(car) : null,
    href: car ? `/cars/${encodeURIComponent(car.slug)}` : null,
    price,
    savedPrice,
    drop,
    sold: !car || !isAvailable(car),
  };
}

export async function watchlistItems(manifest: DealerManifest, user: AccountUser): Promise<WatchlistItem[]> {
  const rows = await watchlistRows(await getDb(), user);
  return Promise.all(
    rows.map(async (row): Promise<WatchlistItem> => {
      const car = await carById(manifest, Number(row.carId)).catch(() => null);
      return watchlistItem(row.carId, row.savedPrice, car);
    }),
  );
}
