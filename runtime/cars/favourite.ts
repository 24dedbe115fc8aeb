/**
 * A shopper's favourite car, as the browser keeps it and the account stores it: the car's id and
 * the few details the favourites page shows (name, slug, make, model, main picture).
 *
 * A favourite names one of the site's own cars and, for its picture, only a path on the site
 * itself (the platform's image route `/api/images/…` or the dealer's own files): never another
 * site's address, nor a protocol-relative `//host/…` that a browser would fetch from that host.
 * Two readings of the same rules: `toFavourite` for what the browser stored (lenient: what does not
 * fit is dropped or emptied) and `checkFavourite` for what a request sends (strict: what does not
 * fit is named, for a 400).
 */
import type { FieldError } from "@/runtime/field-error";

export interface Favourite {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

/** The largest car id the account's table holds (a PostgreSQL integer). */
export const MAX_CAR_ID = 2_147_483_647;

const MAX_LENGTH = { name: 200, slug: 200, make: 60, model: 60, primary_image_url: 500 } as const;
const SLUG = /^[a-z0-9-]*$/;
// Only the resolved URL decides: a base that no request can have, to see whether a value leaves it.
const PLACEHOLDER_ORIGIN = "https://site.invalid";

/** A positive whole number the table can hold, or null. */
export function favouriteCarId(value: unknown): number | null {
  const id = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_CAR_ID ? id : null;
}

/**
 * The picture's path on this site, normalised (dot segments resolved), or null when the value is
 * not one: a foreign or protocol-relative URL (`https://evil.example/x.jpg`, `//evil.example/x.jpg`,
 * `/\evil.example`), a path that resolves to one (`/..//evil.example`), or one with control characters.
 */
export function favouriteImagePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH.primary_image_url) return null;
  // Browsers drop tabs and newlines inside URLs and read a backslash as a slash.
  if (/[\u0000-\u001f\u007f\\]/.test(value) || !value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}`;
}

const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

/** What the browser stored for a favourite (an object), in the one shape; null without a valid id. */
export function toFavourite(value: unknown): Favourite | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const id = favouriteCarId(o.id);
  if (id === null) return null;
  const slug = text(o.slug, MAX_LENGTH.slug);
  return {
    id,
    name: text(o.name, MAX_LENGTH.name),
    slug: SLUG.test(slug) ? slug : "",
    make: text(o.make, MAX_LENGTH.make),
    model: text(o.model, MAX_LENGTH.model),
    primary_image_url: favouriteImagePath(o.primary_image_url),
  };
}

type TextField = "name" | "slug" | "make" | "model";

function checkText(o: Record<string, unknown>, key: TextField, where: string, errors: FieldError[]): string {
  const v = o[key];
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") errors.push({ field: `${where}.${key}`, message: "Must be text." });
  else if (v.length > MAX_LENGTH[key]) errors.push({ field: `${where}.${key}`, message: `At most ${MAX_LENGTH[key]} characters.` });
  else if (key === "slug" && !SLUG.test(v)) errors.push({ field: `${where}.slug`, message: "Only lower-case letters, digits and hyphens." });
  else return v;
  return "";
}

function checkImage(v: unknown, where: string, errors: FieldError[]): string | null {
  if (v === undefined || v === null || v === "") return null;
  const path = favouriteImagePath(v);
  if (path === null)
    errors.push({
      field: `${where}.primary_image_url`,
      message: "Must be a picture's path on this site, starting with a single '/' (such as /api/images/…), not another site's address.",
    });
  return path;
}

/** A favourite a request sends, checked field by field; `where` names it in the errors ("add[2]"). */
export function checkFavourite(value: unknown, where: string): { ok: true; value: Favourite } | { ok: false; errors: FieldError[] } {
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, errors: [{ field: where, message: "Must be an object with the car's id." }] };
  const o = value as Record<string, unknown>;
  const errors: FieldError[] = [];
  const id = typeof o.id === "number" ? favouriteCarId(o.id) : null;
  if (id === null) errors.push({ field: `${where}.id`, message: `Must be a car id: a whole number from 1 to ${MAX_CAR_ID}.` });
  const favourite: Favourite = {
    id: id ?? 0,
    name: checkText(o, "name", where, errors),
    slug: checkText(o, "slug", where, errors),
    make: checkText(o, "make", where, errors),
    model: checkText(o, "model", where, errors),
    primary_image_url: checkImage(o.primary_image_url, where, errors),
  };
  return errors.length ? { ok: false, errors } : { ok: true, value: favourite };
}
