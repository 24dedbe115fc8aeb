/**
 * The lead forms as plain HTML form posts (before JavaScript, or without it). Every lead form's
 * server-rendered `<form>` posts to POST /api/leads (`method="post"`), carrying, besides the fields
 * the shopper sees:
 *
 *  - `_lead`: JSON of the lead fields the form fixes rather than asks (form, category, the car,
 *    the only location, source …), exactly what the script would add to the typed values;
 *  - `_form`: which form on the page posted (its form kind and anchor), so the answer finds it;
 *  - `_back`: the page's path, when the Referer is not sent;
 *  - `_key`: an idempotency key per page view, so a double-clicked submit makes one lead;
 *  - `company_url`: the honeypot, as the script sends it.
 *
 * Here: turning such a post into the lead body the JSON path receives (typed by the lead schema's
 * own property types, so one schema and one validator serve both), the redirect targets (same-site
 * paths only), and the state a refused post carries back to its page: the fields at fault by name
 * in the URL (no personal data), and what the shopper typed with the exact messages in a
 * ten-minute HttpOnly cookie, signed (HMAC) so that no other site or sibling subdomain can plant
 * words in a dealer's form, and read only with the nonce the URL names.
 */
import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import leadSchema from "../../schemas/entities/lead.schema.json";
import { safeSitePath } from "../accounts/redirect";
import { cookieHeader } from "../http/api-route";
import type { DealerManifest } from "../generated/types";
import { linkedParamsOf } from "./linked-params";
import { MESSAGES, fieldMessage } from "./messages";
import { PLAIN_FIELDS } from "./plain-fields";
import type { FieldError } from "@/runtime/field-error";

export { PLAIN_FIELDS };

/** Query parameters of a page a refused plain post was sent back to. */
export const STATE_PARAMS = { nonce: "lf", fields: "lfe", problem: "lfx" } as const;

export const LEAD_FORM_COOKIE = "dp_leadform";
const COOKIE_MAX_AGE_S = 600;
/** Browsers keep cookies up to about 4 KB: the state is kept well under that. */
const COOKIE_BUDGET = 3500;

/** A problem with the whole post, named in the URL by a code and shown in words at the form. */
export const PROBLEMS = {
  unreadable: MESSAGES.unreadable,
  rate: MESSAGES.rateLimited,
  failed: MESSAGES.submitFailed,
  sent: MESSAGES.idempotencyKeyReused,
} as const;
export type Problem = keyof typeof PROBLEMS;

type Fields = Record<string, string | string[]>;
type SchemaProps = Record<string, { type?: string | string[] }>;
const PROPS = (leadSchema as { properties: SchemaProps }).properties;

/** A posted text as the lead schema types the field: a box ticked is true, a whole number a number; anything else stays text for the validator to judge. */
function typed(name: string, value: string): unknown {
  const t = PROPS[name]?.type;
  const types = Array.isArray(t) ? t : t ? [t] : [];
  if (types.length === 0 || types.includes("string")) return value;
  if (types.includes("boolean")) return /^(on|true|yes|1)$/i.test(value.trim()) ? true : /^(false|no|0)$/i.test(value.trim()) ? false : value;
  if ((types.includes("integer") || types.includes("number")) && /^-?[0-9]{1,15}(\.[0-9]+)?$/.test(value.trim())) return Number(value.trim());
  return value;
}

const one = (v: string | string[] | undefined): string => (typeof v === "string" ? v : Array.isArray(v) ? (v[0] ?? "") : "");

/** The form's anchor and kind (`enquiry#enquiry-form-heading`): letters, digits and a few marks only, or "". */
export function formKeyOf(value: unknown): string {
  return typeof value === "string" && /^[A-Za-z0-9_#-]{1,120}$/.test(value) ? value : "";
}

export interface PlainPostContext {
  manifest: DealerManifest;
  /** `{proto}://{host}` of the request. */
  origin: string;
  referer: string | null;
  userAgent: string | null;
}

export type PlainLead =
  | { ok: true; lead: Record<string, unknown>; values: Record<string, string>; form: string; back: string; key: string | null }
  | { ok: false; form: string; back: string };

/** The Referer as a path on this site (with its query), or null when it is another site's or absent. */
function refererPath(referer: string | null, origin: string): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.origin.toLowerCase() !== origin.toLowerCase()) return null;
  return safeSitePath(url.pathname + url.search, "") || null;
}

/** Where the post came from: the Referer (this site's only), else the form's `_back`, else the home page; never another site. */
export function backPath(fields: Fields, ctx: Pick<PlainPostContext, "origin" | "referer">): string {
  return refererPath(ctx.referer, ctx.origin) ?? safeSitePath(one(fields[PLAIN_FIELDS.back]), "/");
}

/**
 * The lead body a plain post stands for: what the page knew (its URL's campaign parameters, the
 * browser), then the fields the form fixes, then the typed fields (empty ones dropped, as the
 * script drops them). A chosen location brings its dealership and name, as the script's picker does.
 */
export function plainLead(fields: Fields, ctx: PlainPostContext): PlainLead {
  const form = formKeyOf(one(fields[PLAIN_FIELDS.form]));
  const back = backPath(fields, ctx);
  let fixed: unknown = {};
  const rawFixed = one(fields[PLAIN_FIELDS.fixed]);
  if (rawFixed) {
    try {
      fixed = JSON.parse(rawFixed);
    } catch {
      return { ok: false, form, back };
    }
  }
  if (typeof fixed !== "object" || fixed === null || Array.isArray(fixed)) return { ok: false, form, back };

  const page: Record<string, unknown> = {};
  const url = ctx.referer && refererPath(ctx.referer, ctx.origin) ? ctx.referer.slice(0, 2048) : null;
  if (url) {
    page.url = url;
    const linked = linkedParamsOf(new URL(url).search);
    if (Object.keys(linked).length) page.lead_attributes = { linked_query_params: linked };
  }
  if (ctx.userAgent) page.user_agent = ctx.userAgent.slice(0, 1024);

  const typedFields: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name.startsWith("_")) continue;
    if (Array.isArray(value)) {
      const kept = value.filter((v) => v.trim() !== "");
      if (kept.length) typedFields[name] = kept;
      continue;
    }
    if (name !== "company_url") values[name] = value;
    if (value.trim() === "") continue;
    typedFields[name] = typed(name, value);
  }
  const lead: Record<string, unknown> = { ...page, ...(fixed as Record<string, unknown>), ...typedFields };

  // The picker's location_id, as the script sends it: the location's id, its dealership and its name.
  if (typeof typedFields.location_id === "string" || typeof typedFields.location_id === "number") {
    const id = Number(typedFields.location_id);
    const location = (ctx.manifest.locations ?? []).find((l) => l.id === id);
    if (location) {
      lead.location_id = location.id;
      lead.dealership_id = location.dealership_id;
      lead.location = location.name.slice(0, 200);
    }
  }
  const key = one(fields[PLAIN_FIELDS.key]);
  return { ok: true, lead, values, form, back, key: /^[A-Za-z0-9-]{8,100}$/.test(key) ? key : null };
}

// ---- The state a refused post carries back ---------------------------------------------------

/** What a form shows again after a refused plain post: its own values and the messages, for the form that posted. */
export interface PostedLeadForm {
  /** The form that posted (`_form`), or "" when it is not known (every lead form on the page shows the problem). */
  form: string;
  values: Record<string, string>;
  errors: FieldError[];
  /** A problem with the whole post (rate limit, unreadable, not stored), in words. */
  problem?: string;
}

interface StoredState {
  n: string;
  f: string;
  v: Record<string, string>;
  e: FieldError[];
  x?: Problem;
}

// On globalThis: Next bundles the lead API and the pages apart, each with its own copy of this module.
const PROCESS_KEY = Symbol.for("dealer-platform.lead-form-state-key");
type KeyHolder = typeof globalThis & { [PROCESS_KEY]?: Buffer };

/** The name of the key the platform makes for the state cookie when FORM_STATE_SECRET is not set (runtime/db/secrets.ts). */
export const FORM_STATE_KEY_NAME = "lead-form-state";

/**
 * Installs the key the platform made for the state cookie (held in the shared database, so every
 * process of a fleet signs and reads the same cookies without FORM_STATE_SECRET); at start.
 */
export function installFormStateKey(key: Buffer): void {
  (globalThis as KeyHolder)[PROCESS_KEY] = key;
}

/**
 * The key the state cookie is signed with: FORM_STATE_SECRET when set, else the platform's own key
 * from the database (installed at start, the same for every process), else, before that is read
 * (scripts, tests), a random key of this process (a cookie another process wrote is then not read,
 * and the page shows the fields at fault from the URL without the values).
 */
function signingKey(): Buffer {
  const secret = process.env.FORM_STATE_SECRET?.trim();
  if (secret) return createHmac("sha256", "lead-form-state").update(secret).digest();
  const holder = globalThis as KeyHolder;
  holder[PROCESS_KEY] ??= randomBytes(32);
  return holder[PROCESS_KEY];
}

const sign = (payload: string) => createHmac("sha256", signingKey()).update(payload).digest("base64url");

export function encodeState(state: StoredState): string {
  const payload = Buffer.from(JSON.stringify(state), "utf8").toString("base64url");
  return `${payload}.${sign(payload)}`;
}

function decodeState(raw: string): StoredState | null {
  const dot = raw.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1), "utf8");
  const expected = Buffer.from(sign(payload), "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as StoredState;
    return v && typeof v.n === "string" && typeof v.v === "object" && Array.isArray(v.e) ? v : null;
  } catch {
    return null;
  }
}

/** The state, cut to the cookie's budget: the longest values are dropped first (a long message is typed again rather than the whole form). */
function fitted(state: StoredState): string {
  const s: StoredState = { ...state, v: { ...state.v } };
  let encoded = encodeState(s);
  while (encoded.length > COOKIE_BUDGET) {
    const longest = Object.entries(s.v).sort((a, b) => b[1].length - a[1].length)[0];
    if (!longest) break;
    delete s.v[longest[0]];
    encoded = encodeState(s);
  }
  return encoded;
}

const FIELD_NAME = /^[A-Za-z0-9_ #./-]{1,60}$/;

/**
 * The 303's target for a refused post: the form's page with a fresh nonce, the fields at fault by
 * name and any whole-post problem by code, at the form's anchor; plus the state cookie (path: that
 * page) when there is state to carry.
 */
export function refusedRedirect(a: { back: string; form: string; errors: FieldError[]; values?: Record<string, string>; problem?: Problem; https: boolean }): {
  location: string;
  cookies: string[];
} {
  const url = new URL(safeSitePath(a.back, "/"), "http://same-site.invalid");
  for (const p of Object.values(STATE_PARAMS)) url.searchParams.delete(p);
  const nonce = randomBytes(9).toString("base64url");
  url.searchParams.set(STATE_PARAMS.nonce, nonce);
  const names = [...new Set(a.errors.map((e) => e.field.split(".")[0]).filter((f) => FIELD_NAME.test(f)))];
  if (names.length) url.searchParams.set(STATE_PARAMS.fields, names.join(","));
  if (a.problem) url.searchParams.set(STATE_PARAMS.problem, a.problem);
  const anchor = a.form.includes("#") ? a.form.slice(a.form.indexOf("#") + 1) : "";
  url.hash = anchor;
  const state: StoredState = { n: nonce, f: a.form, v: a.values ?? {}, e: a.errors.slice(0, 40), ...(a.problem ? { x: a.problem } : {}) };
  const cookie = cookieHeader(LEAD_FORM_COOKIE, fitted(state), { path: url.pathname, maxAge: COOKIE_MAX_AGE_S, secure: a.https });
  return { location: `${url.pathname}${url.search}${url.hash}`, cookies: [cookie] };
}

type Params = Record<string, string | string[] | undefined>;

/**
 * What a page sent back after a refused plain post shows: the cookie's state when its signature
 * and the URL's nonce match, else the fields at fault named in the URL with their messages (no
 * values). Null on an ordinary visit.
 */
export function postedLeadForm(params: Params, cookie: string | undefined): PostedLeadForm | null {
  const nonce = one(params[STATE_PARAMS.nonce]);
  if (!nonce) return null;
  const stored = cookie ? decodeState(cookie) : null;
  if (stored && stored.n === nonce) {
    const problem = stored.x && stored.x in PROBLEMS ? PROBLEMS[stored.x] : undefined;
    return { form: formKeyOf(stored.f), values: stored.v, errors: stored.e, ...(problem ? { problem } : {}) };
  }
  const code = one(params[STATE_PARAMS.problem]);
  const names = one(params[STATE_PARAMS.fields])
    .split(",")
    .filter((f) => FIELD_NAME.test(f))
    .slice(0, 40);
  return {
    form: "",
    values: {},
    errors: names.map((field) => ({ field, message: fieldMessage(field) })),
    ...(code in PROBLEMS ? { problem: PROBLEMS[code as Problem] } : {}),
  };
}

/** Whether a request's body is a form post (not JSON): how the lead API tells the two paths apart. */
export function isFormPost(request: Request): boolean {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  return type !== "application/json";
}
