/**
 * Reservations and their payments in the database (migration 003_reservations.sql).
 *
 * One active reservation per car is kept by the partial unique index
 * `reservations_one_active_per_car`, not by reading first: the insert is
 * `ON CONFLICT (car_id) WHERE status IN ('held','confirmed') DO NOTHING`, so of two shoppers
 * inserting at the same moment PostgreSQL lets one row in and hands the other no row (the second
 * waits for the first's commit, then sees the conflict). A held row past its time still occupies
 * the index until the next reservation of that car marks it 'expired' in the same transaction,
 * just before its own insert; readers never wait for that (rules.ts isActive decides at read time).
 */
import { randomUUID } from "node:crypto";
import type { Db, Queryable } from "../db/types";
import { extendedExpiry, holdExpiry, isActive, type PaymentStatus, type ReservationStatus } from "./rules";

export interface ReservationContact {
  name: string;
  last_name: string;
  email: string;
  phone: string;
}

export interface ReservationRow {
  id: string;
  dealer_slug: string;
  car_id: string;
  car_slug: string | null;
  car_title: string | null;
  stock_number: string | null;
  lead_id: string | null;
  user_id: string | null;
  status: ReservationStatus;
  deposit_cents: number;
  expires_at: Date | string | null;
  contact: ReservationContact | Record<string, never>;
  payment_id: string | number | null;
  created_at: Date | string;
  updated_at: Date | string;
  confirmed_at: Date | string | null;
  cancelled_at: Date | string | null;
  refunded_at: Date | string | null;
}

export interface PaymentRow {
  id: string | number;
  dealer_slug: string;
  car_id: string;
  gateway: string;
  idempotency_key: string;
  gateway_ref: string | null;
  amount_cents: number;
  status: PaymentStatus;
  reservation_id: string | null;
  request: Record<string, unknown> | null;
  error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (d: Date) => d.toISOString();

// ---- payments ----------------------------------------------------------------------

/** Records a payment attempt before the gateway is called (so a crash after the gateway answered is found by reconcile). */
export async function createPayment(
  db: Queryable,
  p: {
    dealer: string;
    carId: string;
    gateway: string;
    amountCents: number;
    idempotencyKey?: string;
    gatewayRef?: string | null;
    request?: Record<string, unknown> | null;
  },
): Promise<PaymentRow> {
  const key = p.idempotencyKey ?? `res_${randomUUID()}`;
  const [row] = await db.query<PaymentRow>(
    `INSERT INTO reservation_payments (dealer_slug, car_id, gateway, idempotency_key, amount_cents, gateway_ref, request)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     ON CONFLICT (idempotency_key) DO UPDATE SET updated_at = reservation_payments.updated_at
     RETURNING *`,
    [p.dealer, p.carId, p.gateway, key, p.amountCents, p.gatewayRef ?? null, p.request ? JSON.stringify(p.request) : null],
  );
  return row;
}

export async function updatePayment(
  db: Queryable,
  id: string | number,
  patch: { status: PaymentStatus; gatewayRef?: string | null; error?: string | null; reservationId?: string | null },
): Promise<void> {
  await db.query(
    `UPDATE reservation_payments SET status = $2, gateway_ref = COALESCE($3, gateway_ref), error = $4,
       reservation_id = COALESCE($5, reservation_id), updated_at = now() WHERE id = $1`,
    [id, patch.status, patch.gatewayRef ?? null, patch.error ?? null, patch.reservationId ?? null],
  );
}

export async function paymentById(db: Queryable, id: string | number): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>("SELECT * FROM reservation_payments WHERE id = $1", [id]);
  return row ?? null;
}

/** The payment made under a page's idempotency key, if any. */
export async function paymentByKey(db: Queryable, key: string): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>("SELECT * FROM reservation_payments WHERE idempotency_key = $1", [key]);
  return row ?? null;
}

export async function paymentByRef(db: Queryable, gateway: string, ref: string): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>("SELECT * FROM reservation_payments WHERE gateway = $1 AND gateway_ref = $2", [gateway, ref]);
  return row ?? null;
}

/** Payments left pending or authorised (no reservation) for longer than `olderThanMs`: a process died between the gateway and our insert. */
export async function strandedPayments(db: Queryable, now: Date, olderThanMs: number): Promise<PaymentRow[]> {
  return db.query<PaymentRow>("SELECT * FROM reservation_payments WHERE status IN ('pending', 'authorised') AND created_at <= $1::timestamptz ORDER BY id", [
    iso(new Date(now.getTime() - olderThanMs)),
  ]);
}

// ---- reservations ------------------------------------------------------------------

export interface NewReservation {
  dealer: string;
  carId: string;
  carSlug: string;
  carTitle: string;
  stockNumber: string | null;
  userId: string | null;
  contact: ReservationContact;
  depositCents: number;
  holdHours: number;
  paymentId: string | number | null;
  leadId?: string | null;
}

export type InsertOutcome = { ok: true; reservation: ReservationRow } | { ok: false; reason: "taken" };

/**
 * Inserts the reservation if the car has no active one, in `tx` (the caller's transaction, which
 * may write the lead too). Stale holds of this car are marked expired first.
 */
export async function insertReservation(tx: Queryable, r: NewReservation, now: Date): Promise<InsertOutcome> {
  await tx.query("UPDATE reservations SET status = 'expired', updated_at = now() WHERE car_id = $1 AND status = 'held' AND expires_at <= $2::timestamptz", [
    r.carId,
    iso(now),
  ]);
  const rows = await tx.query<ReservationRow>(
    `INSERT INTO reservations (id, dealer_slug, car_id, car_slug, car_title, stock_number, user_id, contact, deposit_cents, expires_at, payment_id, lead_id, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10::timestamptz, $11, $12, 'held', $13::timestamptz, $13::timestamptz)
     ON CONFLICT (car_id) WHERE status IN ('held', 'confirmed') DO NOTHING
     RETURNING *`,
    [
      randomUUID(),
      r.dealer,
      r.carId,
      r.carSlug,
      r.carTitle,
      r.stockNumber,
      r.userId,
      JSON.stringify(r.contact),
      r.depositCents,
      iso(holdExpiry(now, r.holdHours)),
      r.paymentId,
      r.leadId ?? null,
      iso(now),
    ],
  );
  return rows.length ? { ok: true, reservation: rows[0] } : { ok: false, reason: "taken" };
}

export async function reservationById(db: Queryable, id: string, dealer?: string): Promise<ReservationRow | null> {
  const [row] = dealer
    ? await db.query<ReservationRow>("SELECT * FROM reservations WHERE id = $1 AND dealer_slug = $2", [id, dealer])
    : await db.query<ReservationRow>("SELECT * FROM reservations WHERE id = $1", [id]);
  return row ?? null;
}

/** The rows that may hold a car (held or confirmed); isActive(row, now) decides about a held one's time. */
export async function candidateHolds(db: Queryable): Promise<Array<Pick<ReservationRow, "car_id" | "status" | "expires_at" | "dealer_slug" | "car_slug">>> {
  return db.query("SELECT car_id, dealer_slug, car_slug, status, expires_at FROM reservations WHERE status IN ('held', 'confirmed')");
}

/** The active reservation of a car, or null. */
export async function activeReservationOf(db: Queryable, carId: string, now: Date): Promise<ReservationRow | null> {
  const rows = await db.query<ReservationRow>("SELECT * FROM reservations WHERE car_id = $1 AND status IN ('held', 'confirmed')", [carId]);
  return rows.find((r) => isActive(r, now)) ?? null;
}

export async function listReservations(db: Queryable, filter: { dealer?: string; status?: string; limit?: number } = {}): Promise<ReservationRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.dealer) where.push(`dealer_slug = $${params.push(filter.dealer)}`);
  if (filter.status) where.push(`status = $${params.push(filter.status)}`);
  const sql = `SELECT * FROM reservations ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at DESC LIMIT ${Math.min(Math.max(filter.limit ?? 200, 1), 10_000)}`;
  return db.query<ReservationRow>(sql, params);
}

export class ReservationStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReservationStateError";
  }
}

/** Staff confirm an active hold: it then holds the car until cancelled. */
export async function confirmReservation(db: Db, id: string, now: Date): Promise<ReservationRow> {
  return db.transaction(async (tx) => {
    const [r] = await tx.query<ReservationRow>("SELECT * FROM reservations WHERE id = $1 FOR UPDATE", [id]);
    if (!r) throw new ReservationStateError(`no reservation ${id}`);
    if (r.status === "confirmed") return r;
    if (!isActive(r, now)) throw new ReservationStateError(`reservation ${id} is ${r.status === "held" ? "expired" : r.status}; it cannot be confirmed`);
    const [u] = await tx.query<ReservationRow>(
      "UPDATE reservations SET status = 'confirmed', confirmed_at = now(), updated_at = now() WHERE id = $1 RETURNING *",
      [id],
    );
    return u;
  });
}

/**
 * Staff extend a hold by `hours`: from its current end, or from now when it has lapsed. A lapsed
 * hold whose car someone else has reserved since cannot come back: the unique index refuses it.
 */
export async function extendReservation(db: Db, id: string, hours: number, now: Date): Promise<ReservationRow> {
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 14) throw new ReservationStateError("extend by 1 to 336 hours");
  return db.transaction(async (tx) => {
    const [r] = await tx.query<ReservationRow>("SELECT * FROM reservations WHERE id = $1 FOR UPDATE", [id]);
    if (!r) throw new ReservationStateError(`no reservation ${id}`);
    if (r.status === "cancelled" || r.status === "confirmed")
      throw new ReservationStateError(`reservation ${id} is ${r.status}; only a held or lapsed one can be extended`);
    const until = extendedExpiry(r, hours, now);
    if (r.status === "expired") {
      const taken = await tx.query(
        "SELECT 1 FROM reservations WHERE car_id = $1 AND id <> $2 AND status IN ('held', 'confirmed') AND (status = 'confirmed' OR expires_at > $3::timestamptz)",
        [r.car_id, id, iso(now)],
      );
      if (taken.length) throw new ReservationStateError(`the car of reservation ${id} has been reserved by someone else since`);
      await tx.query("UPDATE reservations SET status = 'expired', updated_at = now() WHERE car_id = $1 AND id <> $2 AND status = 'held'", [r.car_id, id]);
    }
    const [u] = await tx.query<ReservationRow>(
      "UPDATE reservations SET status = 'held', expires_at = $2::timestamptz, updated_at = now() WHERE id = $1 RETURNING *",
      [id, iso(until)],
    );
    return u;
  });
}

/** Cancels a reservation (the car is free at once). Idempotent. */
export async function cancelReservation(db: Queryable, id: string): Promise<ReservationRow | null> {
  const [u] = await db.query<ReservationRow>(
    "UPDATE reservations SET status = 'cancelled', cancelled_at = COALESCE(cancelled_at, now()), updated_at = now() WHERE id = $1 AND status IN ('held', 'confirmed', 'expired') RETURNING *",
    [id],
  );
  return u ?? (await reservationById(db, id));
}

export async function markRefunded(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE reservations SET refunded_at = COALESCE(refunded_at, now()), updated_at = now() WHERE id = $1", [id]);
}
