import { getDb } from "@/runtime/db";
import { isAvailable, carTitle } from "@/runtime/cars/availability";
import { carById } from "@/runtime/inventory/cars";
import { watchlistRows } from "@/runtime/accounts/watchlist";
import type { AccountUser } from "@/runtime/accounts/users";
import type { DealerManifest } from "@/runtime/generated/types";

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

export async function watchlistItems(manifest: DealerManifest, user: AccountUser): Promise<WatchlistItem[]> {
  const rows = await watchlistRows(await getDb(), user);
  return Promise.all(
    rows.map(async (row): Promise<WatchlistItem> => {
      const car = await carById(manifest, Number(row.carId)).catch(() => null);
      const price = car && typeof car.price === "number" ? car.price : null;
      const drop = price !== null && row.savedPrice !== null && price < row.savedPrice ? row.savedPrice - price : null;
      return {
        carId: row.carId,
        title: car ? carTitle(car) : null,
        href: car ? `/cars/${car.slug}` : null,
        price,
        savedPrice: row.savedPrice,
        drop,
        sold: !car || !isAvailable(car),
      };
    }),
  );
}
