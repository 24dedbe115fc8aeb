/**
 * Reserve online, end to end: take the deposit, then the reservation; never one without the other.
 *
 *  1. a payment row is written (status pending) before the gateway is called;
 *  2. the gateway authorises (test card, or Stripe's PaymentIntent confirmed in the browser);
 *  3. one transaction inserts the reservation (the partial unique index decides who gets the car),
 *     the lead for the dealer and its outbox rows;
 *  4. the payment is captured. A shopper whose insert lost the race gets the authorisation voided
 *     and a plain message; a capture that fails cancels the reservation and voids.
 * A process that dies between any two steps leaves a payment pending or authorised: reconcile()
 * (at start and every minute) finishes it from the gateway's own record: capture when its
 * reservation holds, void otherwise. So nothing stays charged without a reservation.
 */
import type { Db } from "../db/types";
import type { Car, DealerManifest } from "../generated/types";
import { carTitle } from "../cars/availability";
import { createLead } from "../leads/create";
import type { Env } from "../leads/settings";
import { eligibility, formatDeposit, isActive, reservationSettings, depositCents, refundableCents } from "./rules";
import {
  cancelReservation,
  createPayment,
  insertReservation,
  markRefunded,
  paymentById,
  reservationById,
  strandedPayments,
  updatePayment,
  type PaymentRow,
  type ReservationContact,
  type ReservationRow,
} from "./store";
import { PAYMENT_MESSAGES, type CardInput, type PaymentProvider } from "../payments/types";

export const RESERVATION_CATEGORY = "Reserve Online";

export type ReserveOutcome =
  | { ok: true; reservation: ReservationRow; payment: PaymentRow; replay?: boolean }
  | { ok: false; kind: "not-eligible" | "declined" | "failed" | "taken"; message: string; paymentId?: string | number };

export interface ReserveDeps {
  db: Db;
  gateway: PaymentProvider;
  now?: () => Date;
  env?: Env;
}

export interface ReserveRequest {
  manifest: DealerManifest;
  car: Car;
  contact: ReservationContact;
  userId: string | null;
  /** The page's checkout token: a double-submitted form reuses it and gets the same payment. */
  idempotencyKey: string;
  /** Page the shopper reserved from (lead attribution). */
  url?: string;
}

/** The lead the dealer receives: the usual contact and vehicle fields (JSON and ADF destinations alike). */
export function reservationLeadPayload(
  req: Pick<ReserveRequest, "car" | "contact" | "url">,
  reservation: Pick<ReservationRow, "id" | "deposit_cents" | "expires_at">,
  testMode: boolean,
) {
  const car = req.car;
  const until = reservation.expires_at instanceof Date ? reservation.expires_at : new Date(String(reservation.expires_at));
  return {
    name: req.contact.name,
    last_name: req.contact.last_name,
    email: req.contact.email,
    phone: req.contact.phone,
    category: RESERVATION_CATEGORY,
    subcategory: "Deposit paid",
    message: `Reserved online with a ${formatDeposit(reservation.deposit_cents)} refundable deposit${testMode ? " (TEST MODE: no real money)" : ""}. Held until ${until.toISOString()}. Reservation ${reservation.id}.`,
    car_id: car.id,
    stock_number: car.stocknum ?? undefined,
    "Vehicle Make": car.make,
    "Vehicle Model": car.model,
    "Vehicle Year": car.year,
    VIN: car.vin ?? undefined,
    car_type: car.car_type,
    vehicle_status: car.status,
    car_dealership_id: car.dealership_id,
    reservation_id: reservation.id,
    url: req.url,
    lead_status: "Complete",
    form_completed: true,
  };
}

/** Step 1–2 for the test gateway: the card is checked and authorised here (test numbers only). */
export async function reserveWithTestCard(deps: ReserveDeps, req: ReserveRequest & { card: CardInput }): Promise<ReserveOutcome> {
  const ok = eligibility(req.car, req.manifest);
  if (!ok.ok)
    return ok.reason === "reserved"
      ? { ok: false, kind: "taken", message: PAYMENT_MESSAGES.alreadyReserved }
      : { ok: false, kind: "not-eligible", message: PAYMENT_MESSAGES.notEligible };
  const settings = reservationSettings(req.manifest);
  const payment = await createPayment(deps.db, {
    dealer: req.manifest.slug,
    carId: String(req.car.id),
    gateway: deps.gateway.name,
    amountCents: depositCents(settings),
    idempotencyKey: req.idempotencyKey,
  });
  // A checkout token belongs to one page: the same key for another dealer or car is refused.
  if (payment.dealer_slug !== req.manifest.slug || payment.car_id !== String(req.car.id))
    return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed };
  const replay = await replayOf(deps.db, payment);
  if (replay) return replay;
  const auth = await deps.gateway.authorise({
    amountCents: payment.amount_cents,
    currency: "aud",
    ref: null,
    card: req.card,
    idempotencyKey: payment.idempotency_key,
  });
  if (!auth.ok) {
    const kind = auth.kind === "declined" ? "declined" : "failed";
    await updatePayment(deps.db, payment.id, { status: kind, error: auth.kind });
    return { ok: false, kind, message: auth.message, paymentId: payment.id };
  }
  await updatePayment(deps.db, payment.id, { status: "authorised", gatewayRef: auth.ref });
  return finishAuthorised(deps, req, { ...payment, status: "authorised", gateway_ref: auth.ref });
}

/** A form posted twice with the same key: the first attempt's outcome, not a second payment. */
async function replayOf(db: Db, payment: PaymentRow): Promise<ReserveOutcome | null> {
  if (payment.status === "pending") return null;
  if (payment.status === "captured" && payment.reservation_id) {
    const reservation = await reservationById(db, payment.reservation_id);
    if (reservation) return { ok: true, reservation, payment, replay: true };
  }
  if (payment.status === "declined" || payment.status === "failed") return null; // a new try with the same page: allowed
  return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed, paymentId: payment.id };
}

/**
 * Steps 3–4, shared by both gateways: the payment is authorised at the gateway (`gateway_ref`).
 * Idempotent for one payment: a second call (the browser's return and Stripe's webhook) finds the
 * reservation already made.
 */
export async function finishAuthorised(deps: ReserveDeps, req: ReserveRequest, payment: PaymentRow): Promise<ReserveOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  const settings = reservationSettings(req.manifest);
  const ref = payment.gateway_ref!;
  const inserted = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.query<PaymentRow>("SELECT * FROM reservation_payments WHERE id = $1 FOR UPDATE", [payment.id]);
    if (locked?.reservation_id) return { already: locked.reservation_id } as const;
    const outcome = await insertReservation(
      tx,
      {
        dealer: req.manifest.slug,
        carId: String(req.car.id),
        carSlug: req.car.slug,
        carTitle: carTitle(req.car),
        stockNumber: req.car.stocknum ?? null,
        userId: req.userId,
        contact: req.contact,
        depositCents: payment.amount_cents,
        holdHours: settings.holdHours,
        paymentId: payment.id,
      },
      now,
    );
    if (!outcome.ok) return { taken: true } as const;
    const lead = await createLead(tx, {
      manifest: req.manifest,
      category: RESERVATION_CATEGORY,
      subcategory: "Deposit paid",
      fields: reservationLeadPayload(req, outcome.reservation, deps.gateway.testMode),
      place: { dealership_id: req.car.dealership_id },
      onForeignPlace: "drop",
      final: true,
      env: deps.env,
    });
    if (!lead.ok) throw new Error("a paid purpose's lead is never refused");
    const leadId = lead.id;
    await tx.query("UPDATE reservations SET lead_id = $2 WHERE id = $1", [outcome.reservation.id, leadId]);
    await tx.query("UPDATE reservation_payments SET reservation_id = $2, updated_at = now() WHERE id = $1", [payment.id, outcome.reservation.id]);
    return { reservation: { ...outcome.reservation, lead_id: leadId } } as const;
  });

  if ("already" in inserted) {
    const reservation = await reservationById(deps.db, inserted.already!);
    const current = await paymentById(deps.db, payment.id);
    if (reservation && current?.status === "captured") return { ok: true, reservation, payment: current, replay: true };
    // Made by an earlier call that died before capturing: finish it here.
    if (reservation && current) return capture(deps, reservation, current);
    return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed, paymentId: payment.id };
  }
  if ("taken" in inserted) {
    const voided = await deps.gateway.void(ref, payment.idempotency_key);
    await updatePayment(
      deps.db,
      payment.id,
      voided.ok ? { status: "voided", error: "lost-race" } : { status: "authorised", error: "lost-race; void failed: reconcile retries" },
    );
    return { ok: false, kind: "taken", message: PAYMENT_MESSAGES.lostRace, paymentId: payment.id };
  }
  return capture(deps, inserted.reservation, payment);
}

async function capture(deps: ReserveDeps, reservation: ReservationRow, payment: PaymentRow): Promise<ReserveOutcome> {
  const captured = await deps.gateway.capture(payment.gateway_ref!, payment.idempotency_key);
  if (captured.ok) {
    await updatePayment(deps.db, payment.id, { status: "captured", error: null });
    return { ok: true, reservation, payment: { ...payment, status: "captured", reservation_id: reservation.id } };
  }
  // No money, no reservation: free the car and release the authorisation.
  await cancelReservation(deps.db, reservation.id);
  const voided = await deps.gateway.void(payment.gateway_ref!, payment.idempotency_key);
  await updatePayment(deps.db, payment.id, { status: voided.ok ? "voided" : "authorised", error: "capture-failed" });
  return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed, paymentId: payment.id };
}

export interface ReconcileResult {
  captured: number;
  voided: number;
  refunded: number;
  failed: number;
}

/**
 * Finishes payments a dead process left pending or authorised: with the gateway's record of each,
 * capture when its reservation holds, void (or refund, if the gateway had already captured) when
 * it does not, and mark failed when the gateway never took anything.
 */
export type GatewayLookup = (payment: Pick<PaymentRow, "gateway" | "dealer_slug">) => PaymentProvider | null;

export async function reconcile(deps: { db: Db; gatewayFor: GatewayLookup; now?: () => Date }, olderThanMs: number): Promise<ReconcileResult> {
  const now = (deps.now ?? (() => new Date()))();
  const result: ReconcileResult = { captured: 0, voided: 0, refunded: 0, failed: 0 };
  for (const p of await strandedPayments(deps.db, now, olderThanMs)) {
    const gateway = deps.gatewayFor(p);
    if (!gateway) continue;
    const remote = await gateway.lookup({ idempotencyKey: p.idempotency_key, ref: p.gateway_ref });
    if (!remote || remote.status === "declined" || remote.status === "voided" || remote.status === "unknown") {
      if (!remote || remote.status === "declined") {
        await updatePayment(deps.db, p.id, { status: "failed", error: "reconciled: nothing taken" });
        result.failed++;
      } else if (remote.status === "voided") {
        await updatePayment(deps.db, p.id, { status: "voided", gatewayRef: remote.ref, error: "reconciled" });
        result.voided++;
      }
      continue;
    }
    const reservation = p.reservation_id ? await reservationById(deps.db, p.reservation_id) : null;
    const holds = !!reservation && isActive(reservation, now);
    if (remote.status === "refunded") {
      await updatePayment(deps.db, p.id, { status: "refunded", gatewayRef: remote.ref, error: "reconciled" });
      result.refunded++;
    } else if (holds && remote.status === "authorised") {
      const c = await gateway.capture(remote.ref, p.idempotency_key);
      if (c.ok) {
        await updatePayment(deps.db, p.id, { status: "captured", gatewayRef: remote.ref, error: null });
        result.captured++;
      }
    } else if (holds && remote.status === "captured") {
      await updatePayment(deps.db, p.id, { status: "captured", gatewayRef: remote.ref, error: null });
      result.captured++;
    } else if (remote.status === "authorised") {
      if (reservation) await cancelReservation(deps.db, reservation.id);
      const v = await gateway.void(remote.ref, p.idempotency_key);
      if (v.ok) {
        await updatePayment(deps.db, p.id, { status: "voided", gatewayRef: remote.ref, error: "reconciled: no reservation" });
        result.voided++;
      }
    } else if (remote.status === "captured") {
      if (reservation) await cancelReservation(deps.db, reservation.id);
      const r = await gateway.refund(remote.ref, p.idempotency_key);
      if (r.ok) {
        await updatePayment(deps.db, p.id, { status: "refunded", gatewayRef: remote.ref, error: "reconciled: no reservation" });
        result.refunded++;
      }
    }
  }
  return result;
}

export type RefundOutcome = { ok: true; amountCents: number } | { ok: false; message: string };

/** Staff refund: the whole deposit back (100% refundable), and the reservation cancelled if it still holds. */
export async function refundReservation(deps: { db: Db; gatewayFor: GatewayLookup }, id: string): Promise<RefundOutcome> {
  const reservation = await reservationById(deps.db, id);
  if (!reservation) return { ok: false, message: `no reservation ${id}` };
  const payment = reservation.payment_id ? await paymentById(deps.db, reservation.payment_id) : null;
  if (!payment) return { ok: false, message: `reservation ${id} has no payment` };
  if (payment.status === "refunded") return { ok: true, amountCents: 0 };
  const cents = refundableCents(payment);
  if (cents === 0) return { ok: false, message: `payment ${payment.id} is ${payment.status}: nothing captured to refund` };
  const gateway = deps.gatewayFor(payment);
  if (!gateway) return { ok: false, message: `gateway ${payment.gateway} is not configured here` };
  const r = await gateway.refund(payment.gateway_ref!, payment.idempotency_key);
  if (!r.ok) return { ok: false, message: r.message };
  await updatePayment(deps.db, payment.id, { status: "refunded", error: null });
  await cancelReservation(deps.db, id);
  await markRefunded(deps.db, id);
  return { ok: true, amountCents: cents };
}
