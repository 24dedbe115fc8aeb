/**
 * The shopper's contact details a payment page posts (reserve, online payment), checked the same
 * way for every purpose, and the short-lived cookie that keeps what they typed across an error.
 */
import { normaliseEmail, normaliseMobile } from "../../accounts/recipient";
import { cookieHeader, clearedCookie } from "../../http/api-route";
import type { ReservationContact } from "../../reservations/store";
import { PAYMENT_MESSAGES } from "../types";

/** The contact fields the checkout form posts, and what the page says when one is wrong. */
export const CONTACT_FIELDS = {
  name: "Please enter your first name",
  last_name: "Please enter your last name",
  email: "Please enter a valid email address",
  phone: "Please enter an Australian mobile number (04xx xxx xxx)",
  terms: "Please accept the reservation terms",
} as const;
export type CheckoutField = keyof typeof CONTACT_FIELDS | "card";

/** Error codes in the page's query string (never personal data): what the page shows for each. */
export const CHECKOUT_ERRORS: Record<string, string> = {
  declined: PAYMENT_MESSAGES.declined,
  failed: PAYMENT_MESSAGES.failed,
  card: PAYMENT_MESSAGES.invalidCard,
  "test-card": PAYMENT_MESSAGES.notTestCard,
  taken: PAYMENT_MESSAGES.lostRace,
  reserved: PAYMENT_MESSAGES.alreadyReserved,
  "not-eligible": PAYMENT_MESSAGES.notEligible,
  invalid: "Please fix the following errors:",
  unavailable: "Online reservations are not available on this site just now. Please contact us.",
  "too-many": "Too many payment attempts. Please wait a minute and try again.",
};

/** The error code a refused card payment shows on its page. */
export function refusalCode(kind: "declined" | "failed" | "taken" | "pending", message: string): string {
  if (kind === "declined") return message === PAYMENT_MESSAGES.invalidCard ? "card" : message === PAYMENT_MESSAGES.notTestCard ? "test-card" : "declined";
  if (kind === "taken") return message === PAYMENT_MESSAGES.alreadyReserved ? "reserved" : "taken";
  return "failed";
}

export type ContactCheck = { ok: true; contact: ReservationContact } | { ok: false; fields: CheckoutField[]; typed: Partial<ReservationContact> };

/** Checks the contact fields and the terms box (pure; the API and the unit tests share it). */
export function checkContact(get: (k: string) => string): ContactCheck {
  const typed = { name: get("name").trim(), last_name: get("last_name").trim(), email: get("email").trim(), phone: get("phone").trim() };
  const fields: CheckoutField[] = [];
  if (!typed.name || typed.name.length > 60) fields.push("name");
  if (!typed.last_name || typed.last_name.length > 60) fields.push("last_name");
  const email = normaliseEmail(typed.email);
  if (!email) fields.push("email");
  const phone = normaliseMobile(typed.phone);
  if (!phone) fields.push("phone");
  if (get("terms") !== "yes") fields.push("terms");
  if (fields.length) return { ok: false, fields, typed };
  return { ok: true, contact: { name: typed.name, last_name: typed.last_name, email: email!, phone: phone! } };
}

/** The contact cookie: what the shopper typed, kept 10 minutes for this car's page only so an error does not empty the form. */
export const CONTACT_COOKIE = "dp_checkout";

export function contactCookie(slug: string, contact: Partial<ReservationContact>, secure: boolean): string {
  return cookieHeader(CONTACT_COOKIE, JSON.stringify(contact), { path: `/cars/${encodeURIComponent(slug)}`, maxAge: 600, secure });
}

export function clearContactCookie(slug: string, secure: boolean): string {
  return clearedCookie(CONTACT_COOKIE, { path: `/cars/${encodeURIComponent(slug)}`, secure });
}

export function readContactCookie(raw: string | undefined): Partial<ReservationContact> {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const out: Partial<ReservationContact> = {};
    for (const k of ["name", "last_name", "email", "phone"] as const) if (typeof v[k] === "string") out[k] = (v[k] as string).slice(0, 200);
    return out;
  } catch {
    return {};
  }
}

/** A field reader over a parsed body (form fields or a JSON object): strings only, anything else empty. */
export function fieldsOf(body: unknown): (k: string) => string {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  return (k) => {
    const v = b[k];
    return typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : "";
  };
}
