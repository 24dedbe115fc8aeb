/**
 * The watchlist: cars a signed-in shopper with a mobile
 * on the profile saved, per dealer, with the price each was saved at so the watchlist page can
 * show a price drop. POST /api/watchlist/save-car and /remove-car take {phone_number, car_id}
 * and answer {success}.
 */
import type { Queryable } from "../db/types";
import type { AccountUser } from "./users";

export async function watchlistIds(db: Queryable, user: AccountUser): Promise<string[]> {
  const rows = await db.query<{ car_id: string }>("SELECT car_id FROM watchlist WHERE dealer_slug = $1 AND user_id = $2 ORDER BY created_at DESC", [
    user.dealerSlug,
    user.id,
  ]);
  return rows.map((r) => r.car_id);
}

export interface WatchlistRow {
  carId: string;
  savedPrice: number | null;
  savedAt: string;
}

export async function watchlistRows(db: Queryable, user: AccountUser): Promise<WatchlistRow[]> {
  const rows = await db.query<{ car_id: string; saved_price: number | null; created_at: Date | string }>(
    "SELECT car_id, saved_price, created_at FROM watchlist WHERE dealer_slug = $1 AND user_id = $2 ORDER BY created_at DESC",
    [user.dealerSlug, user.id],
  );
  return rows.map((r) => ({ carId: r.car_id, savedPrice: r.saved_price, savedAt: new Date(r.created_at).toISOString() }));
}

export async function isSaved(db: Queryable, user: AccountUser, carId: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM watchlist WHERE dealer_slug = $1 AND user_id = $2 AND car_id = $3", [user.dealerSlug, user.id, carId]);
  return rows.length > 0;
}

export async function saveCar(db: Queryable, user: AccountUser, carId: string, price: number | null): Promise<void> {
  await db.query(
    "INSERT INTO watchlist (dealer_slug, user_id, car_id, saved_price) VALUES ($1, $2, $3, $4) ON CONFLICT ON CONSTRAINT watchlist_user_car DO NOTHING",
    [user.dealerSlug, user.id, carId, price],
  );
}

export async function removeCar(db: Queryable, user: AccountUser, carId: string): Promise<void> {
  await db.query("DELETE FROM watchlist WHERE dealer_slug = $1 AND user_id = $2 AND car_id = $3", [user.dealerSlug, user.id, carId]);
}
