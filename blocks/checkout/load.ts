import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import type { ResolvedCheckoutProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { carBySlug } from "@/runtime/inventory/cars";
import { carTitle } from "@/runtime/cars/availability";
import { getDb } from "@/runtime/db";
import { currentAccount } from "@/runtime/accounts/current";
import { maskRecipient } from "@/runtime/accounts/recipient";
import { overlayCar } from "@/runtime/reservations/overlay";
import { depositCents, effectiveStatus, eligibility, reservationSettings, type Eligibility } from "@/runtime/reservations/rules";
import { reservationById } from "@/runtime/reservations/store";
import { siteTimeZone } from "@/runtime/time";
import { CHECKOUT_ERRORS, CONTACT_COOKIE, CONTACT_FIELDS, readContactCookie, type CheckoutField } from "@/runtime/payments/purposes/contact";
import { paymentPage, type PaymentPage } from "@/runtime/payments/registry";

export interface CheckoutConfirmation {
  id: string;
  firstName: string;
  maskedEmail: string;
  depositCents: number;
  expiresAt: string | null;
  status: string;
}

export interface CheckoutData {
  car: Pick<Car, "id" | "slug" | "year" | "make" | "model" | "badge" | "series" | "price" | "stocknum" | "km" | "colour"> & { title: string };
  eligibility: Eligibility;
  depositCents: number;
  holdHours: number;
  /** The dealer's zone, in which the hold's end is shown. */
  timeZone: string;
  /** The dealer's provider as the page needs it (card entry, test mode), or null while none is configured here. */
  payment: PaymentPage | null;
  /** One per page render: a form posted twice with it makes one payment. */
  token: string;
  error: { code: string; message: string; fields: Array<{ field: CheckoutField; message: string }> } | null;
  prefill: { name: string; last_name: string; email: string; phone: string };
  confirmation: CheckoutConfirmation | null;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The car (live: a reservation laid over it), the dealer's deposit and gateway, and the confirmation or error to show. */
export async function loadCheckout(_props: ResolvedCheckoutProps, site: SiteContext): Promise<CheckoutData | null> {
  const slug = site.params.slug;
  if (typeof slug !== "string" || !slug) return null;
  const car = overlayCar(await carBySlug(site.manifest, slug));
  if (!car) return null;
  const settings = reservationSettings(site.manifest);
  const q = site.searchParams;

  let confirmation: CheckoutConfirmation | null = null;
  const reservationId = one(q.reservation);
  if (reservationId && /^[0-9a-f-]{36}$/.test(reservationId)) {
    const r = await reservationById(await getDb(), reservationId, site.manifest.slug);
    if (r && r.car_id === String(car.id)) {
      const contact = r.contact as { name?: string; email?: string };
      confirmation = {
        id: r.id,
        firstName: contact.name ?? "",
        maskedEmail: contact.email ? maskRecipient("email", contact.email) : "",
        depositCents: r.deposit_cents,
        expiresAt: r.expires_at === null ? null : new Date(String(r.expires_at instanceof Date ? r.expires_at.toISOString() : r.expires_at)).toISOString(),
        status: effectiveStatus(r, site.now),
      };
    }
  }

  const code = one(q.error)?.slice(0, 20);
  const fieldList = (one(q.fields) ?? "")
    .split(",")
    .filter((f): f is keyof typeof CONTACT_FIELDS => f in CONTACT_FIELDS)
    .map((field) => ({ field, message: CONTACT_FIELDS[field] }));
  const error = code && CHECKOUT_ERRORS[code] ? { code, message: CHECKOUT_ERRORS[code], fields: fieldList } : null;

  // What the shopper typed before an error (a short-lived cookie for this car's pages), else the account's details.
  const typed = readContactCookie((await cookies()).get(CONTACT_COOKIE)?.value);
  const account = typed.email || typed.phone ? null : await currentAccount(site.manifest.slug).catch(() => null);

  return {
    car: {
      id: car.id,
      slug: car.slug,
      year: car.year,
      make: car.make,
      model: car.model,
      badge: car.badge,
      series: car.series,
      price: car.price,
      stocknum: car.stocknum,
      km: car.km,
      colour: car.colour,
      title: carTitle(car),
    },
    eligibility: eligibility(car, site.manifest),
    depositCents: depositCents(settings),
    holdHours: settings.holdHours,
    timeZone: siteTimeZone(site.manifest),
    payment: paymentPage(site.manifest, await getDb()),
    token: randomUUID().replace(/-/g, ""),
    error,
    prefill: {
      name: typed.name ?? "",
      last_name: typed.last_name ?? "",
      email: typed.email ?? account?.email ?? "",
      phone: typed.phone ?? account?.phone ?? "",
    },
    confirmation,
  };
}
