/**
 * A signed-in shopper's favourites on the server: the browser sends what it added and removed
 * (its whole list on the first page after signing in, so favourites made before joining the
 * account are kept) and gets the account's list back. Each favourite is checked field by field
 * (runtime/cars/favourite.ts: a car id, short texts, a picture's path on this site) and its car
 * must be one of this dealer's; anything else is refused with what is wrong and where.
 */
import type { Queryable } from "../db/types";
import { checkFavourite, favouriteCarId, toFavourite, type Favourite } from "../cars/favourite";
import type { AccountUser } from "./users";
import type { FieldError } from "@/runtime/field-error";

/** As many cars as the browser keeps (MAX_FAVOURITES on the client). */
export const MAX_FAVOURITES_CHANGE = 100;

export interface FavouritesChange {
  add: Favourite[];
  remove: number[];
}

type Check<T> = { ok: true; value: T } | { ok: false; errors: FieldError[]; message?: string };

function listOf(body: Record<string, unknown>, key: "add" | "remove", errors: FieldError[]): unknown[] {
  const v = body[key];
  if (v === undefined) return [];
  if (!Array.isArray(v)) errors.push({ field: key, message: "Must be a list." });
  else if (v.length > MAX_FAVOURITES_CHANGE) errors.push({ field: key, message: `At most ${MAX_FAVOURITES_CHANGE} cars.` });
  else return v;
  return [];
}

/** The body of POST /api/account/favourites, `{add: Favourite[], remove: id[]}`, checked; the fields at fault otherwise. */
export function checkFavouritesChange(raw: unknown): Check<FavouritesChange> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { ok: false, errors: [{ field: "", message: "Must be an object with add and remove." }] };
  const body = raw as Record<string, unknown>;
  const errors: FieldError[] = [];
  const add: Favourite[] = [];
  listOf(body, "add", errors).forEach((entry, i) => {
    const checked = checkFavourite(entry, `add[${i}]`);
    if (checked.ok) add.push(checked.value);
    else errors.push(...checked.errors);
  });
  const remove: number[] = [];
  listOf(body, "remove", errors).forEach((entry, i) => {
    const id = typeof entry === "number" ? favouriteCarId(entry) : null;
    if (id === null) errors.push({ field: `remove[${i}]`, message: "Must be a car id: a whole number from 1 to 2147483647." });
    else remove.push(id);
  });
  return errors.length ? { ok: false, errors } : { ok: true, value: { add, remove } };
}

export async function syncFavourites(db: Queryable, user: AccountUser, add: Favourite[], remove: number[]): Promise<Favourite[]> {
  for (const f of add) {
    const { id, ...details } = f;
    await db.query(
      `INSERT INTO account_favourites (dealer_slug, user_id, car_id, details) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (user_id, car_id) DO UPDATE SET details = EXCLUDED.details`,
      [user.dealerSlug, user.id, id, JSON.stringify(details)],
    );
  }
  if (remove.length) await db.query("DELETE FROM account_favourites WHERE user_id = $1 AND car_id = ANY($2::int[])", [user.id, remove]);
  const rows = await db.query<{ car_id: number; details: Omit<Favourite, "id"> }>(
    "SELECT car_id, details FROM account_favourites WHERE dealer_slug = $1 AND user_id = $2 ORDER BY created_at",
    [user.dealerSlug, user.id],
  );
  // Rows stored before these checks are read through the same rules (a foreign picture is dropped).
  return rows.map((r) => toFavourite({ ...r.details, id: r.car_id })).filter((f): f is Favourite => f !== null);
}
