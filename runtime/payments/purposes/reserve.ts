/**
 * Reserve online: a refundable deposit holds a car (the checkout page, /cars/{slug}/checkout or
 * /buy-online). The purpose's data is the reservations store (runtime/reservations: the rows, the
 * one-active-reservation-per-car constraint, the rules); what it buys is the reservation row,
 * won or lost inside the database, and on capture the dealer's lead, the car's cached page
 * expired and the shopper's confirmation. The journey's deposit (journey-deposit.ts) buys the
 * same thing from another page.
 *
 * Steps (/api/payments/reserve/…): `pay` the checkout's plain form (card fields, for a provider
 * whose card is entered in our form): 303 to the confirmation or back to the page with an error
 * code (works before JavaScript); `intent` the contact details (JSON) → the hosted element's client
 * secret; `return` where a hosted provider sends the browser back: finish, 303.
 * Nothing here logs a name, email, phone or card: the dealer, car and outcome only.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { revalidateTag } from "next/cache";
import type { Db, Queryable } from "../../db/types";
import type { Car, DealerManifest } from "../../generated/types";
import { carTitle } from "../../cars/availability";
import { carBySlug } from "../../inventory/cars";
import { carTag } from "../../page-cache/tags";
import { sendMessage } from "../../accounts/delivery";
import { SESSION_COOKIE, sessionUser } from "../../accounts/sessions";
import { apiError, json, seeOther } from "../../http/api-route";
import { createLead } from "../../leads/create";
import { kickOutbox, startOutboxWorker } from "../../leads/outbox";
import type { Env } from "../../leads/settings";
import { noteHold, overlayCar } from "../../reservations/overlay";
import { carTimeZone, depositCents, eligibility, formatDeposit, formatHoldEnd, isActive, refundableCents, reservationSettings } from "../../reservations/rules";
import {
  cancelReservation,
  createPayment,
  insertReservation,
  markRefunded,
  paymentById,
  paymentByKey,
  paymentByRef,
  reservationById,
  strandedPayments,
  updatePayment,
  type PaymentRow,
  type ReservationContact,
  type ReservationRow,
} from "../../reservations/store";
import { shortInZone, siteTimeZone } from "../../time";
import {
  earlierPayment,
  finishHosted,
  pageKey,
  paymentAttemptAllowed,
  payWithForm,
  reconcile,
  startHosted,
  type EarlierPayment,
  type PaymentLedger,
  type PaymentRecord,
  type ReconcileResult,
  type Settlement,
} from "../flow";
import type { PaymentPurpose, StepContext } from "../purpose";
import { PAYMENT_MESSAGES, type CardInput, type PaymentProvider } from "../types";
import { CHECKOUT_ERRORS, checkContact, clearContactCookie, contactCookie, refusalCode } from "./contact";

export const RESERVATION_CATEGORY = "Reserve Online";
/** What a page sent again after its deposit was paid is told (with the way to its confirmation). */
export const RESERVED_FOR_YOU = "Your deposit has been paid: this car is reserved for you.";
/** The metadata `kind` of a reservation deposit paid on the checkout page. */
export const RESERVE_KIND = "reserve";

// ---- the purpose's payments: the reservation_payments table -----------------------------------

const record = (row: PaymentRow): PaymentRecord => ({
  id: String(row.id),
  dealer: row.dealer_slug,
  gateway: row.gateway,
  key: row.idempotency_key,
  ref: row.gateway_ref,
  amountCents: row.amount_cents,
  status: row.status,
  request: typeof row.request === "string" ? (JSON.parse(row.request) as Record<string, unknown>) : row.request,
  error: row.error,
});

/** The reservation a payment bought, once its row links one. */
async function reservationOfPayment(db: Queryable, payment: Pick<PaymentRecord, "id">): Promise<ReservationRow | null> {
  const row = await paymentById(db, payment.id);
  return row?.reservation_id ? reservationById(db, row.reservation_id) : null;
}

/** Reservation deposits (the checkout's and the journey's): one payment row per page token, owned by one dealer and car. */
export const reservationLedger: PaymentLedger = {
  async open(db, p) {
    const row = await createPayment(db, {
      dealer: p.dealer,
      carId: p.owner,
      gateway: p.gateway,
      amountCents: p.amountCents,
      idempotencyKey: p.key,
      request: p.request,
    });
    return { payment: record(row), ours: row.dealer_slug === p.dealer && row.car_id === p.owner };
  },
  async byRef(db, gateway, ref) {
    const row = await paymentByRef(db, gateway, ref);
    return row ? record(row) : null;
  },
  async byKey(db, p) {
    const row = await paymentByKey(db, p.key);
    return row ? { payment: record(row), ours: row.dealer_slug === p.dealer && row.car_id === p.owner } : null;
  },
  async mark(db, id, patch) {
    await updatePayment(db, id, { status: patch.status, gatewayRef: patch.ref, error: patch.error });
  },
  async stranded(db, now, olderThanMs) {
    return (await strandedPayments(db, now, olderThanMs)).map(record);
  },
};

// ---- what the deposit buys ---------------------------------------------------------------------

export interface ReserveRequest {
  manifest: DealerManifest;
  car: Car;
  contact: ReservationContact;
  userId: string | null;
  /** Page the shopper reserved from (lead attribution, and where a hosted payment returns to). */
  url?: string;
}

/** The lead the dealer receives: the usual contact and vehicle fields (JSON and ADF destinations alike). */
export function reservationLeadPayload(
  req: Pick<ReserveRequest, "car" | "contact" | "url" | "manifest">,
  reservation: Pick<ReservationRow, "id" | "deposit_cents" | "expires_at">,
  testMode: boolean,
) {
  const car = req.car;
  const until = reservation.expires_at instanceof Date ? reservation.expires_at : new Date(String(reservation.expires_at));
  // The hold's end in words, in the zone of the car's location (the dealer reads it there).
  // The dealer's lead says when the hold ends in the zone of the car's location, never in UTC.
  const when = shortInZone(until.toISOString(), carTimeZone(req.manifest, car));
  return {
    name: req.contact.name,
    last_name: req.contact.last_name,
    email: req.contact.email,
    phone: req.contact.phone,
    category: RESERVATION_CATEGORY,
    subcategory: "Deposit paid",
    message: `Reserved online with a ${formatDeposit(reservation.deposit_cents)} refundable deposit${testMode ? " (TEST MODE: no real money)" : ""}. Held until ${when}. Reservation ${reservation.id}.`,
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
    reservation_held_until: when,
    url: req.url,
    lead_status: "Complete",
    form_completed: true,
  };
}

export interface ReservationOptions {
  testMode: boolean;
  now?: () => Date;
  env?: Env;
  /** After the capture: tell the shopper, expire the car's cached page (the HTTP steps pass `afterReserved`). */
  notify?: (reservation: ReservationRow) => Promise<void>;
}

/**
 * The reservation as a settlement: the claim is the reservation row, inserted with the dealer's
 * lead in one transaction (the partial unique index decides who gets the car); a capture that
 * fails cancels it. Idempotent per payment: a second caller finds the reservation made.
 */
export function reservationSettlement(req: ReserveRequest, opts: ReservationOptions): Settlement<ReservationRow> {
  return {
    async claim(db, payment) {
      const now = (opts.now ?? (() => new Date()))();
      const settings = reservationSettings(req.manifest);
      type Claimed = { already: string; captured: boolean } | { lost: true } | { reservation: ReservationRow };
      const out = await db.transaction(async (tx): Promise<Claimed> => {
        const [locked] = await tx.query<PaymentRow>("SELECT * FROM reservation_payments WHERE id = $1 FOR UPDATE", [payment.id]);
        if (locked?.reservation_id) return { already: locked.reservation_id, captured: locked.status === "captured" };
        const inserted = await insertReservation(
          tx,
          {
            dealer: req.manifest.slug,
            carId: String(req.car.id),
            carSlug: req.car.slug,
            carTitle: carTitle(req.car),
            stockNumber: req.car.stocknum ?? null,
            userId: req.userId,
            contact: req.contact,
            depositCents: payment.amountCents,
            holdHours: settings.holdHours,
            paymentId: payment.id,
          },
          now,
        );
        if (!inserted.ok) return { lost: true };
        const lead = await createLead(tx, {
          manifest: req.manifest,
          category: RESERVATION_CATEGORY,
          subcategory: "Deposit paid",
          fields: reservationLeadPayload(req, inserted.reservation, opts.testMode),
          // Filed under the car's own dealership and location (where the car is, and who holds it).
          place: { dealership_id: req.car.dealership_id, location_id: req.car.location_id },
          onForeignPlace: "drop",
          final: true,
          env: opts.env,
        });
        if (!lead.ok) throw new Error("a paid purpose's lead is never refused");
        await tx.query("UPDATE reservations SET lead_id = $2 WHERE id = $1", [inserted.reservation.id, lead.id]);
        await tx.query("UPDATE reservation_payments SET reservation_id = $2, updated_at = now() WHERE id = $1", [payment.id, inserted.reservation.id]);
        return { reservation: { ...inserted.reservation, lead_id: lead.id } };
      });
      if ("lost" in out) return { kind: "lost" };
      if ("reservation" in out) return { kind: "won", value: out.reservation };
      const reservation = await reservationById(db, out.already);
      if (!reservation) throw new Error("a payment's reservation is missing");
      // Made by an earlier call: finished (a replay), or left uncaptured by one that died (capture it now).
      return out.captured ? { kind: "done", value: reservation } : { kind: "won", value: reservation };
    },
    async captured(db, payment, reservation) {
      // Two calls finishing one payment at once (a form sent twice, the browser's return and the
      // webhook) both get here: the one whose UPDATE sets the column tells the shopper, once.
      const claimed = await db.query("UPDATE reservation_payments SET effects_at = now() WHERE id = $1 AND effects_at IS NULL RETURNING id", [payment.id]);
      if (claimed.length === 0) return false;
      await opts.notify?.(reservation);
      return true;
    },
    finished: reservationOfPayment,
    async release(db, reservation) {
      await cancelReservation(db, reservation.id);
    },
  };
}

export type ReserveOutcome =
  | { ok: true; reservation: ReservationRow; replay: boolean }
  | { ok: false; kind: "not-eligible" | "declined" | "failed" | "taken" | "pending"; message: string; paymentId?: string };

/** What an earlier request of this page (its key) came to for this dealer's car: asked before the car's availability. */
export function earlierReservation(db: Db, manifest: DealerManifest, car: Pick<Car, "id">, key: string): Promise<EarlierPayment<ReservationRow>> {
  return earlierPayment({ db, ledger: reservationLedger }, { dealer: manifest.slug, key, owner: String(car.id) }, { finished: reservationOfPayment });
}

/** An earlier request's outcome as this one's answer, or null when this request is judged afresh. */
export function replayedOutcome(earlier: EarlierPayment<ReservationRow>): ReserveOutcome | null {
  if (earlier.kind === "settled") return { ok: true, reservation: earlier.value, replay: true };
  if (earlier.kind === "lost") return { ok: false, kind: "taken", message: PAYMENT_MESSAGES.lostRace };
  if (earlier.kind === "foreign") return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed };
  return null;
}

/**
 * A deposit paid with the card from our form (the test provider): authorised, reserved, captured.
 * The page's key is looked up first: a request sent again gets the first one's outcome, and one
 * still in flight is finished by the flow, whatever the car's availability says now (the
 * shopper's own claim may be what makes it unavailable).
 */
export async function reserveWithCard(
  deps: { db: Db; provider: PaymentProvider } & Omit<ReservationOptions, "testMode">,
  req: ReserveRequest & { idempotencyKey: string; card: CardInput },
): Promise<ReserveOutcome> {
  const earlier = await earlierReservation(deps.db, req.manifest, req.car, req.idempotencyKey);
  const replayed = replayedOutcome(earlier);
  if (replayed) return replayed;
  const ok = earlier.kind === "open" && earlier.inFlight ? ({ ok: true } as const) : eligibility(req.car, req.manifest);
  if (!ok.ok)
    return ok.reason === "reserved"
      ? { ok: false, kind: "taken", message: PAYMENT_MESSAGES.alreadyReserved }
      : { ok: false, kind: "not-eligible", message: PAYMENT_MESSAGES.notEligible };
  const out = await payWithForm(
    { db: deps.db, provider: deps.provider, ledger: reservationLedger },
    {
      dealer: req.manifest.slug,
      key: req.idempotencyKey,
      owner: String(req.car.id),
      amountCents: depositCents(reservationSettings(req.manifest)),
      request: { car: req.car.slug, url: req.url ?? null },
      card: req.card,
    },
    reservationSettlement(req, { ...deps, testMode: deps.provider.testMode }),
  );
  return out.ok ? { ok: true, reservation: out.value, replay: out.replay } : out;
}

/** After a reservation is made: show it everywhere at once, tell the dealer and the shopper. */
export async function afterReserved(manifest: DealerManifest, car: Car, reservation: ReservationRow, testMode: boolean): Promise<void> {
  noteHold(car.id, { status: reservation.status, expires_at: reservation.expires_at, dealer_slug: manifest.slug, car_slug: car.slug });
  try {
    revalidateTag(carTag(manifest.slug, car.slug), { expire: 0 });
  } catch {
    /* outside a Next request (tests): nothing cached to expire */
  }
  startOutboxWorker();
  kickOutbox();
  const contact = reservation.contact as ReservationContact;
  const until = new Date(String(reservation.expires_at instanceof Date ? reservation.expires_at.toISOString() : reservation.expires_at));
  const when = formatHoldEnd(until.toISOString(), siteTimeZone(manifest));
  try {
    await sendMessage({
      dealer: manifest.slug,
      channel: "email",
      to: contact.email,
      subject: `Your reservation at ${manifest.name}: ${reservation.car_title}`,
      text:
        `Hi ${contact.name},\n\nThank you: the ${reservation.car_title} (stock ${reservation.stock_number ?? "n/a"}) is reserved for you until ${when}.\n` +
        `Deposit paid: ${formatDeposit(reservation.deposit_cents)}, 100% refundable.${testMode ? " TEST MODE: no real money was taken." : ""}\n` +
        `Reservation number: ${reservation.id}\n\nOur team will contact you shortly.\n${manifest.name}`,
    });
  } catch (e) {
    console.info(`[reservations] confirmation-not-sent site=${manifest.slug} error=${e instanceof Error ? e.name : "unknown"}`);
  }
}

/** The signed-in shopper's id (their reservation is theirs: their account, their name next time), or null. */
export async function shopperId(ctx: Pick<StepContext, "cookie" | "manifest">, db: Db): Promise<string | null> {
  const user = await sessionUser(db, ctx.manifest.slug, ctx.cookie(SESSION_COOKIE)).catch(() => null);
  return user?.id ?? null;
}

/** Looks a car up by slug (tests hand in a fixture; the server reads the stock). */
export type CarLookup = (manifest: DealerManifest, slug: string) => Promise<Car | null>;

/**
 * Finishes a hosted reservation deposit (the browser's return and the webhook both land here; the
 * journey's deposit too: its payment row names its page in `url`).
 */
export async function finishReservation(
  deps: { db: Db; provider: PaymentProvider; manifest: DealerManifest; carOf?: CarLookup },
  ref: string,
): Promise<{ slug: string; variant: string | null; url: string | null; paymentId: string; carId: string | null; out: ReserveOutcome } | null> {
  const { db, provider, manifest } = deps;
  const payment = await reservationLedger.byRef(db, provider.name, ref);
  if (!payment || payment.dealer !== manifest.slug || !payment.request) return null;
  const req = payment.request as { car: string; variant?: string | null; contact: ReservationContact; userId: string | null; url?: string | null };
  const url = req.url && req.url.startsWith("/") ? req.url : null;
  const metadata = { payment_id: payment.id };
  const car = await (deps.carOf ?? carBySlug)(manifest, req.car);
  const done = (out: ReserveOutcome) => ({ slug: req.car, variant: req.variant ?? null, url, paymentId: payment.id, carId: car ? String(car.id) : null, out });
  if (!car) {
    const auth = await provider.authorise({ ref, amountCents: payment.amountCents, currency: "aud", idempotencyKey: payment.key, metadata });
    if (auth.ok && auth.status === "authorised") {
      await provider.void(ref, payment.key);
      await reservationLedger.mark(db, payment.id, { status: "voided", error: "car gone" });
    }
    return done({ ok: false, kind: "not-eligible", message: PAYMENT_MESSAGES.notEligible });
  }
  const request: ReserveRequest = { manifest, car, contact: req.contact, userId: req.userId, url: url ?? checkoutPath(req.car, req.variant ?? null) };
  const out = await finishHosted({ db, provider, ledger: reservationLedger }, payment, metadata, {
    ...reservationSettlement(request, { testMode: provider.testMode, notify: (r) => afterReserved(manifest, car, r, provider.testMode) }),
  });
  return done(out.ok ? { ok: true, reservation: out.value, replay: out.replay } : out);
}

/** Starts a hosted reservation deposit: the payment row (with what finishing it needs), then the provider's payment. */
export async function startReservationDeposit(
  deps: { db: Db; provider: PaymentProvider },
  p: {
    manifest: DealerManifest;
    car: Car;
    contact: ReservationContact;
    userId: string | null;
    key: string;
    variant: string | null;
    url: string | null;
    kind: string;
  },
) {
  return startHosted(
    { ...deps, ledger: reservationLedger },
    {
      dealer: p.manifest.slug,
      key: p.key,
      owner: String(p.car.id),
      amountCents: depositCents(reservationSettings(p.manifest)),
      description: `Reservation deposit: ${p.car.name ?? p.car.slug}`,
      metadata: (payment) => ({ dealer: p.manifest.slug, car_id: String(p.car.id), payment_id: payment.id, kind: p.kind }),
      request: { car: p.car.slug, variant: p.variant, url: p.url, contact: p.contact, userId: p.userId },
    },
  );
}

// ---- staff and the server: reconcile and refunds -----------------------------------------------

/** A payment's provider, by its name and its dealer's settings (reconcile, refunds: the CLI and the server alike). */
export type ProviderLookup = (payment: Pick<PaymentRecord, "gateway" | "dealer">) => PaymentProvider | null;

/** Finishes reservation deposits a dead process left half done: capture when the reservation holds, else void or refund. */
export async function reconcileReservations(deps: { db: Db; providerFor: ProviderLookup; now?: () => Date }, olderThanMs: number): Promise<ReconcileResult> {
  const { db } = deps;
  const reservationOf = (p: PaymentRecord) => reservationOfPayment(db, p);
  return reconcile(
    {
      db,
      ledger: reservationLedger,
      providerFor: deps.providerFor,
      now: deps.now,
      holds: async (p, now) => {
        const r = await reservationOf(p);
        return !!r && isActive(r, now);
      },
      release: async (p) => {
        const r = await reservationOf(p);
        if (r) await cancelReservation(db, r.id);
      },
    },
    olderThanMs,
  );
}

export type RefundOutcome = { ok: true; amountCents: number } | { ok: false; message: string };

/** Staff refund: the whole deposit back (100% refundable), and the reservation cancelled if it still holds. */
export async function refundReservation(deps: { db: Db; providerFor: ProviderLookup }, id: string): Promise<RefundOutcome> {
  const reservation = await reservationById(deps.db, id);
  if (!reservation) return { ok: false, message: `no reservation ${id}` };
  const row = reservation.payment_id ? await paymentById(deps.db, reservation.payment_id) : null;
  if (!row) return { ok: false, message: `reservation ${id} has no payment` };
  if (row.status === "refunded") return { ok: true, amountCents: 0 };
  const cents = refundableCents(row);
  if (cents === 0) return { ok: false, message: `payment ${row.id} is ${row.status}: nothing captured to refund` };
  const payment = record(row);
  const provider = deps.providerFor(payment);
  if (!provider) return { ok: false, message: `gateway ${row.gateway} is not configured here` };
  const r = await provider.refund(row.gateway_ref!, row.idempotency_key);
  if (!r.ok) return { ok: false, message: r.message };
  await updatePayment(deps.db, row.id, { status: "refunded", error: null });
  await cancelReservation(deps.db, id);
  await markRefunded(deps.db, id);
  return { ok: true, amountCents: cents };
}

// ---- the checkout page's steps -----------------------------------------------------------------

/** Where the checkout lives for this car (the page the form came from, if it was buy-online). */
export function checkoutPath(slug: string, variant: string | null): string {
  return `/cars/${encodeURIComponent(slug)}/${variant === "buy-online" ? "buy-online" : "checkout"}`;
}

async function liveCar(ctx: Pick<StepContext, "manifest" | "carOf">, slug: string): Promise<Car | null> {
  return overlayCar(await (ctx.carOf ?? carBySlug)(ctx.manifest, slug));
}

/** The dealer's provider when its card is entered in a hosted element, else null. */
export function hostedProvider(ctx: Pick<StepContext, "provider">, db: Db): PaymentProvider | null {
  const p = ctx.provider(db);
  return p?.cardEntry === "hosted" ? p : null;
}

export const reservePurpose: PaymentPurpose = {
  kind: RESERVE_KIND,

  async pay(ctx) {
    const { manifest, get } = ctx;
    const slug = get("car");
    if (!slug) return json(400, { message: "Which car? The form names none.", status: 400, errors: [{ field: "car", message: "Missing." }] });
    const variant = get("variant") || null;
    const back = (error: string, extra: Record<string, string> = {}, cookies: string[] = []) =>
      seeOther(`${checkoutPath(slug, variant)}?${new URLSearchParams({ error, ...extra }).toString()}`, cookies);

    const car = await liveCar(ctx, slug);
    if (!car) return seeOther(`/cars/${encodeURIComponent(slug)}`);
    const confirmed = (reservation: ReservationRow) =>
      seeOther(`${checkoutPath(slug, variant)}?${new URLSearchParams({ reservation: reservation.id }).toString()}`, [clearContactCookie(slug, ctx.https)]);
    const db = await ctx.db();
    const key = pageKey("chk", get("token"), randomUUID);
    // The same page sent again: its first request's outcome, before the rate limit and the car's
    // availability (which the shopper's own reservation changed).
    const replayed = replayedOutcome(await earlierReservation(db, manifest, car, key));
    if (replayed?.ok) {
      ctx.log("reserve-replay", { car: car.id, reservation: replayed.reservation.id });
      return confirmed(replayed.reservation);
    }
    if (replayed) return back(refusalCode(replayed.kind === "not-eligible" ? "failed" : replayed.kind, replayed.message));

    if (!(await paymentAttemptAllowed(ctx.request, manifest.slug))) return back("too-many");
    const check = checkContact(get);
    if (!check.ok) return back("invalid", { fields: check.fields.join(",") }, [contactCookie(slug, check.typed, ctx.https)]);
    const keep = [contactCookie(slug, check.contact, ctx.https)];

    const provider = ctx.provider(db);
    if (!provider || provider.cardEntry !== "form") {
      const ok = eligibility(car, manifest);
      return back(ok.ok ? "unavailable" : ok.reason === "reserved" ? "reserved" : "not-eligible", {}, keep);
    }
    let out: ReserveOutcome;
    try {
      // The car's availability is judged there, after the page's key (a request still in flight is finished, not refused).
      out = await reserveWithCard(
        { db, provider, env: ctx.env, notify: (r) => afterReserved(manifest, car, r, provider.testMode) },
        {
          manifest,
          car,
          contact: check.contact,
          userId: await shopperId(ctx, db),
          idempotencyKey: key,
          url: checkoutPath(slug, variant),
          card: { number: get("card_number"), expiry: get("card_expiry"), cvc: get("card_cvc") },
        },
      );
    } catch (e) {
      ctx.log("reserve-failed", { car: car.id, error: e instanceof Error ? e.name : "unknown" }, "error");
      return back("failed", {}, keep);
    }
    if (!out.ok) {
      ctx.log("reserve-refused", { car: car.id, kind: out.kind });
      return back(out.kind === "not-eligible" ? "not-eligible" : refusalCode(out.kind, out.message), {}, keep);
    }
    ctx.log(out.replay ? "reserve-replay" : "reserved", { car: car.id, reservation: out.reservation.id });
    return confirmed(out.reservation);
  },

  async intent(ctx) {
    const { manifest, get } = ctx;
    if (!(await paymentAttemptAllowed(ctx.request, manifest.slug))) return apiError(429, CHECKOUT_ERRORS["too-many"]);
    const check = checkContact(get);
    if (!check.ok) return json(400, { message: CHECKOUT_ERRORS.invalid, fields: check.fields });
    const car = await liveCar(ctx, get("car"));
    if (!car) return apiError(404, PAYMENT_MESSAGES.notEligible);
    const db = await ctx.db();
    const key = pageKey("stp", get("token"), randomUUID);
    const earlier = await earlierReservation(db, manifest, car, key);
    const replayed = replayedOutcome(earlier);
    // Paid already from this page: the hosted element goes to the confirmation instead of paying again.
    if (replayed?.ok)
      return json(409, {
        message: RESERVED_FOR_YOU,
        redirect: `${checkoutPath(car.slug, get("variant") || null)}?${new URLSearchParams({ reservation: replayed.reservation.id }).toString()}`,
      });
    if (replayed) return apiError(409, replayed.message);
    const ok = earlier.kind === "open" && earlier.inFlight ? ({ ok: true } as const) : eligibility(car, manifest);
    if (!ok.ok) return apiError(409, ok.reason === "reserved" ? PAYMENT_MESSAGES.alreadyReserved : PAYMENT_MESSAGES.notEligible);
    const provider = hostedProvider(ctx, db);
    if (!provider) return apiError(503, CHECKOUT_ERRORS.unavailable);
    const out = await startReservationDeposit(
      { db, provider },
      {
        manifest,
        car,
        contact: check.contact,
        userId: await shopperId(ctx, db),
        key,
        variant: get("variant") || null,
        url: null,
        kind: RESERVE_KIND,
      },
    );
    if (!out.ok) {
      if (out.kind === "failed") ctx.log("intent-failed", { car: car.id }, "warn");
      return json(out.kind === "failed" ? 502 : 409, { message: out.message });
    }
    return json(200, { clientSecret: out.clientSecret, payment: out.payment.id });
  },

  async return(ctx, ref) {
    if (!ref) return seeOther("/");
    const db = await ctx.db();
    const provider = hostedProvider(ctx, db);
    if (!provider) return seeOther("/");
    const done = await finishReservation({ db, provider, manifest: ctx.manifest, carOf: ctx.carOf }, ref);
    if (!done) return seeOther("/");
    const path = checkoutPath(done.slug, done.variant);
    if (done.out.ok) return seeOther(`${path}?reservation=${encodeURIComponent(done.out.reservation.id)}`);
    return seeOther(
      `${path}?error=${done.out.kind === "taken" || done.out.kind === "not-eligible" ? done.out.kind : done.out.kind === "declined" ? "declined" : "failed"}`,
    );
  },

  async finish(deps, ref) {
    await finishReservation(deps, ref);
  },

  failed: ({ db, provider }, ref) => markReservationDeclined(db, provider.name, ref),
};

/** A reservation deposit the provider says failed: marked declined while it was pending. */
export async function markReservationDeclined(db: Queryable, gateway: string, ref: string): Promise<void> {
  const payment = await reservationLedger.byRef(db, gateway, ref);
  if (payment && payment.status === "pending") await reservationLedger.mark(db, payment.id, { status: "declined", error: "payment_failed" });
}
