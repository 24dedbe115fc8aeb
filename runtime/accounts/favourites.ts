/**
 * A signed-in shopper's favourites on the server: the browser sends what it added and removed
 * (its whole list on the first page after signing in, so favourites made before joining the
 * account are kept) and gets the account's list back.
 */
import type { Queryable } from "../db/types";
import type { AccountUser } from "./users";

export interface StoredFavourite {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

const s = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

/** A favourite from the browser, checked field by field; null when it is not one. */
export function cleanFavourite(v: unknown): StoredFavourite | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const id = Number(o.id);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const image = s(o.primary_image_url, 500);
  return {
    id,
    name: s(o.name, 200),
    slug: /^[a-z0-9-]{0,200}$/.test(s(o.slug, 200)) ? s(o.slug, 200) : "",
    make: s(o.make, 60),
    model: s(o.model, 60),
    primary_image_url: image.startsWith("/") || image.startsWith("https://") ? image : null,
  };
}

export async function syncFavourites(db: Queryable, user: AccountUser, add: StoredFavourite[], remove: number[]): Promise<StoredFavourite[]> {
  for (const f of add.slice(0, 100)) {
    const { id, ...details } = f;
    await db.query(
      `INSERT INTO account_favourites (dealer_slug, user_id, car_id, details) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (user_id, car_id) DO UPDATE SET details = EXCLUDED.details`,
      [user.dealerSlug, user.id, id, JSON.stringify(details)],
    );
  }
  if (remove.length) await db.query("DELETE FROM account_favourites WHERE user_id = $1 AND car_id = ANY($2::int[])", [user.id, remove.slice(0, 100)]);
  const rows = await db.query<{ car_id: number; details: Omit<StoredFavourite, "id"> }>(
    "SELECT car_id, details FROM account_favourites WHERE dealer_slug = $1 AND user_id = $2 ORDER BY created_at",
    [user.dealerSlug, user.id],
  );
  return rows.map((r) => ({ ...r.details, id: r.car_id }));
}
