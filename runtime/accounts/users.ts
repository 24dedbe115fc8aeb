import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/types";
import type { Channel } from "./recipient";

export interface AccountUser {
  id: string;
  dealerSlug: string;
  email: string | null;
  phone: string | null;
  ownCar: OwnCar | null;
}

export interface OwnCar {
  make: string;
  model: string;
  year: string;
  rego: string;
  nextService: string;
}

interface UserRow {
  id: string;
  dealer_slug: string;
  email: string | null;
  phone: string | null;
  own_car: OwnCar | null;
}

const toUser = (r: UserRow): AccountUser => ({ id: r.id, dealerSlug: r.dealer_slug, email: r.email, phone: r.phone, ownCar: r.own_car });
const column = (channel: Channel) => (channel === "email" ? "email" : "phone");

export async function userById(db: Queryable, dealer: string, id: string): Promise<AccountUser | null> {
  const rows = await db.query<UserRow>("SELECT id, dealer_slug, email, phone, own_car FROM account_users WHERE id = $1 AND dealer_slug = $2", [id, dealer]);
  return rows[0] ? toUser(rows[0]) : null;
}

/**
 * The account a verified code signs into, on this dealer only. A shopper already signed in who
 * proves a second channel (a mobile for the watchlist) gets it added to the same account when no
 * other account of the dealer has it.
 */
export async function accountForVerified(
  db: Queryable,
  dealer: string,
  channel: Channel,
  recipient: string,
  signedIn: AccountUser | null,
): Promise<AccountUser> {
  const col = column(channel);
  const existing = await db.query<UserRow>(`SELECT id, dealer_slug, email, phone, own_car FROM account_users WHERE dealer_slug = $1 AND ${col} = $2`, [
    dealer,
    recipient,
  ]);
  if (existing[0]) return toUser(existing[0]);
  if (signedIn && signedIn.dealerSlug === dealer && !signedIn[col === "email" ? "email" : "phone"]) {
    const rows = await db.query<UserRow>(
      `UPDATE account_users SET ${col} = $3, updated_at = now() WHERE id = $1 AND dealer_slug = $2 RETURNING id, dealer_slug, email, phone, own_car`,
      [signedIn.id, dealer, recipient],
    );
    if (rows[0]) return toUser(rows[0]);
  }
  const rows = await db.query<UserRow>(
    `INSERT INTO account_users (id, dealer_slug, ${col}) VALUES ($1, $2, $3)
     ON CONFLICT ON CONSTRAINT account_users_dealer_${col} DO UPDATE SET updated_at = now()
     RETURNING id, dealer_slug, email, phone, own_car`,
    [randomUUID(), dealer, recipient],
  );
  return toUser(rows[0]!);
}

export async function saveOwnCar(db: Queryable, user: AccountUser, car: OwnCar): Promise<void> {
  await db.query("UPDATE account_users SET own_car = $3::jsonb, updated_at = now() WHERE id = $1 AND dealer_slug = $2", [
    user.id,
    user.dealerSlug,
    JSON.stringify(car),
  ]);
}

export interface AccountEnquiry {
  id: string;
  category: string;
  createdAt: string;
  carTitle: string | null;
}

/** Enquiries this dealer received from the shopper's email or mobile (my garage). */
export async function enquiriesOf(db: Queryable, user: AccountUser): Promise<AccountEnquiry[]> {
  if (!user.email && !user.phone) return [];
  const rows = await db.query<{ id: string; category: string; created_at: Date | string; car: string | null }>(
    `SELECT id, category, created_at, COALESCE(payload->>'car_name', payload->>'vehicle', payload->>'car_id') AS car
       FROM leads
      WHERE dealer_slug = $1
        AND ((($2)::text IS NOT NULL AND lower(payload->>'email') = $2) OR (($3)::text IS NOT NULL AND regexp_replace(coalesce(payload->>'phone', ''), '[^0-9]', '', 'g') = $3))
      ORDER BY created_at DESC LIMIT 20`,
    [user.dealerSlug, user.email, user.phone],
  );
  return rows.map((r) => ({ id: r.id, category: r.category, createdAt: new Date(r.created_at).toISOString(), carTitle: r.car }));
}
