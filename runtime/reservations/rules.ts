/**
 * Reserve online: the pure rules (no database, no clock of its own). Only an available car can be
 * reserved; a $200 deposit by default, 100% refundable, the car held 48 hours (the dealer's settings).
 */
import type { Car, DealerManifest, ResolvedReservationSettings } from "../generated/types";
import { reservationSettingsDefaults } from "../generated/defaults";
import { isAvailable } from "../cars/availability";
import { isEnabled } from "../flags";
import { siteTimeZone, zoneName } from "../time";

export type ReservationStatus = "held" | "confirmed" | "cancelled" | "expired";
export type PaymentStatus = "pending" | "authorised" | "captured" | "declined" | "failed" | "voided" | "refunded";

/**
 * The site's reservation settings with every default present (a loaded manifest has them; a
 * hand-built one gets the schema's top-level ones; the validator fills a `stripe` section's own).
 */
export function reservationSettings(manifest: Pick<DealerManifest, "reservations">): ResolvedReservationSettings {
  return { ...reservationSettingsDefaults, ...(manifest.reservations as Partial<ResolvedReservationSettings> | undefined) };
}

export const depositCents = (settings: Pick<ResolvedReservationSettings, "depositDollars">): number => settings.depositDollars * 100;

export type Eligibility = { ok: true } | { ok: false; reason: "flag-off" | "not-available" | "reserved" | "no-price" };

/**
 * Whether a shopper may reserve this car now: the dealer takes reservations (the reserve flag),
 * the car can still be bought (in_stock or coming_soon), is not already reserved (the stock's own
 * flag or an active reservation, which the overlay has already written into `reserved`), and has a
 * price (a deposit against "Enquire for price" would promise a price nobody has set).
 */
export function eligibility(car: Pick<Car, "status" | "reserved" | "price">, manifest: Pick<DealerManifest, "features">): Eligibility {
  if (!isEnabled(manifest, "reserve")) return { ok: false, reason: "flag-off" };
  if (!isAvailable(car)) return { ok: false, reason: "not-available" };
  if (car.reserved) return { ok: false, reason: "reserved" };
  if (typeof car.price !== "number" || car.price <= 10) return { ok: false, reason: "no-price" };
  return { ok: true };
}

/** When a hold taken at `from` lapses. */
export function holdExpiry(from: Date, holdHours: number): Date {
  return new Date(from.getTime() + holdHours * 3_600_000);
}

export interface ReservationState {
  status: ReservationStatus;
  expires_at: Date | string | null;
}

const time = (d: Date | string | null): number => (d === null ? NaN : d instanceof Date ? d.getTime() : new Date(d).getTime());

/**
 * Whether a reservation holds its car at `now`. Decided at read time from expires_at, so a hold
 * ends on the minute without a job or a restart: a held row past its time is lapsed even before
 * anything marks it 'expired'. A confirmed reservation holds until staff cancel it.
 */
export function isActive(r: ReservationState, now: Date): boolean {
  if (r.status === "confirmed") return true;
  if (r.status !== "held") return false;
  return time(r.expires_at) > now.getTime();
}

/** The status a shopper or staff member sees (a held row past its time reads as expired). */
export function effectiveStatus(r: ReservationState, now: Date): ReservationStatus {
  return r.status === "held" && !isActive(r, now) ? "expired" : r.status;
}

/**
 * The deposit is 100% refundable: the whole captured amount goes back, once, whatever became of
 * the reservation (held, confirmed, cancelled or lapsed). Nothing to refund when the payment was
 * never captured (a void releases an authorisation instead) or was refunded already.
 */
export function refundableCents(payment: { status: PaymentStatus; amount_cents: number }): number {
  return payment.status === "captured" ? payment.amount_cents : 0;
}

/** Extending a hold: from its current end, or from now when it has lapsed (then only if the car is still free). */
export function extendedExpiry(r: ReservationState, hours: number, now: Date): Date {
  const base = Math.max(time(r.expires_at) || 0, now.getTime());
  return new Date(base + hours * 3_600_000);
}

/** Whole dollars, as the site shows money: "$200". */
export function formatDeposit(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString("en-AU")}`;
}

/**
 * When a hold ends, as the payment pages and the confirmation message say it: in the dealer's
 * zone, named, "Friday, 3 May 2024 at 2:30 pm (Sydney time)". A Sydney dealer's shopper read a
 * Brisbane time an hour early through daylight saving before the zone was the dealer's.
 */
export function formatHoldEnd(iso: string, timeZone: string): string {
  const when = new Date(iso).toLocaleString("en-AU", { timeZone, dateStyle: "full", timeStyle: "short" });
  return `${when} (${zoneName(timeZone)})`;
}

/** The zone a car's times are read in: its location's own, else the dealer's. */
export function carTimeZone(
  manifest: { timeZone?: string | null; locations?: ReadonlyArray<{ id: number; time_zone?: string | null }> | null },
  car: { location_id?: number | null },
): string {
  const location = (manifest.locations ?? []).find((l) => l.id === car.location_id);
  return location?.time_zone || siteTimeZone(manifest);
}
