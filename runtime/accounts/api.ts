/**
 * The account routes' handlers (app/api/account/*: each route declares its limit and body and
 * hands the boundary's context here). Sign-in is two plain HTML form posts (works without JavaScript):
 *  POST /api/account/code    channel, recipient, type, redirect, back → a code is sent; 303 to the code form
 *  POST /api/account/verify  code, type, redirect, back → session cookie; 303 to `redirect`
 *  POST /api/account/sign-out
 *  GET  /api/account/me      the signed-in shopper's own state for the browser (watchlist buttons)
 * Nothing here logs a recipient, code or token: only the dealer and an outcome.
 */
import "server-only";
import { getDb } from "../db";
import { clientIp } from "../http/client-ip";
import { clearedCookie, cookieHeader, json, seeOther, type ApiContext, type ApiLogger, type SiteRouteSpec, type SiteTenant } from "../http/api-route";
import { issueCode, sweepCodes, verifyCode, CODE_TTL_MS } from "./codes";
import type { Queryable } from "../db/types";
import { sendCode, transports } from "./delivery";
import { isSignInKind } from "./kinds";
import { take } from "./rate-limit";
import { normaliseRecipient, type Channel } from "./recipient";
import { safeSitePath } from "./redirect";
import { createSession, endSession, PENDING_COOKIE, SESSION_COOKIE, SESSION_TTL_MS, sessionUser } from "./sessions";
import { accountForVerified, saveOwnCar } from "./users";
import { watchlistIds } from "./watchlist";
import { syncFavourites, type FavouritesChange } from "./favourites";
import { dealerCarIds } from "../inventory/cars";

/** A form post's fields as the boundary reads them. */
export type FormFields = Record<string, string | string[]>;
type FormContext = ApiContext<FormFields, Record<string, never>, SiteTenant>;
type NoBodyContext = ApiContext<undefined, Record<string, never>, SiteTenant>;

let lastSweep = 0;
/** Expired codes are useless: dropped at most once an hour, in the background of a code request. */
function sweepNowAndThen(db: Queryable, log: ApiLogger) {
  if (Date.now() - lastSweep < 3_600_000) return;
  lastSweep = Date.now();
  sweepCodes(db).catch((e) => log("sweep-failed", { error: e instanceof Error ? e.name : "unknown" }, "warn"));
}

/** The sign-in page again, keeping kind and paths, with a step and an error code. */
function backToSignIn(form: { type: string; redirect: string; back: string }, extra: Record<string, string>, cookies: string[] = []): Response {
  const q = new URLSearchParams({ type: form.type, redirect: form.redirect, back: form.back, ...extra });
  return seeOther(`/sign-in?${q.toString()}`, cookies);
}

function readForm(fields: FormFields) {
  const get = (k: string) => {
    const v = fields[k];
    return typeof v === "string" ? v : "";
  };
  const type = isSignInKind(get("type")) ? get("type") : "my-garage";
  return { get, form: { type, redirect: safeSitePath(get("redirect"), "/my-garage"), back: safeSitePath(get("back"), "/") } };
}

const sessionCookie = (ctx: { https: boolean }, token: string) =>
  cookieHeader(SESSION_COOKIE, token, { secure: ctx.https, maxAge: Math.floor(SESSION_TTL_MS / 1000) });

export async function handleRequestCode(ctx: FormContext): Promise<Response> {
  const { tenant, log } = ctx;
  const { get, form } = readForm(ctx.body);
  const channel: Channel = get("channel") === "email" ? "email" : "sms";
  const dealer = tenant.manifest.slug;
  if (!transports()[channel]) return backToSignIn(form, { error: "unavailable", channel });
  const recipient = normaliseRecipient(channel, get("recipient"));
  if (!recipient) return backToSignIn(form, { error: "invalid-recipient", channel });
  const allowed =
    (await take("codes-per-client", [dealer, clientIp(ctx.request.headers)])) && (await take("codes-per-recipient", [dealer, channel, recipient]));
  if (!allowed) {
    log("code-refused", { reason: "rate-limit" }, "warn");
    return backToSignIn(form, { error: "too-many", channel });
  }
  const db = await getDb();
  const issued = await issueCode(db, dealer, channel, recipient);
  sweepNowAndThen(db, log);
  try {
    await sendCode({ dealer, siteName: tenant.manifest.name, channel, to: recipient, code: issued.code });
  } catch (e) {
    // The error's name and code only: a transport's message can quote the recipient.
    const code = (e as { code?: unknown }).code;
    log("code-not-sent", { channel, error: e instanceof Error ? e.name : "unknown", code: typeof code === "string" ? code.slice(0, 40) : undefined }, "warn");
    return backToSignIn(form, { error: "send-failed", channel });
  }
  log("code-sent", { channel });
  const pending = cookieHeader(PENDING_COOKIE, issued.id, { secure: ctx.https, maxAge: Math.floor(CODE_TTL_MS / 1000) });
  return backToSignIn(form, { step: "code", channel }, [pending]);
}

export async function handleVerifyCode(ctx: FormContext): Promise<Response> {
  const { tenant, log } = ctx;
  const { get, form } = readForm(ctx.body);
  const dealer = tenant.manifest.slug;
  const pending = ctx.cookie(PENDING_COOKIE);
  if (!pending) return backToSignIn(form, { error: "expired" });
  if (!(await take("answers-per-client", [dealer, clientIp(ctx.request.headers)]))) return backToSignIn(form, { step: "code", error: "too-many" });
  const db = await getDb();
  const check = await verifyCode(db, dealer, pending, get("code"));
  if (!check.ok) {
    log("code-rejected", { reason: check.reason }, "warn");
    if (check.reason === "wrong") return backToSignIn(form, { step: "code", error: "wrong-code" });
    return backToSignIn(form, { error: check.reason === "locked" ? "too-many" : "expired" }, [clearedCookie(PENDING_COOKIE, { secure: ctx.https })]);
  }
  let session: { token: string };
  try {
    const signedIn = await sessionUser(db, dealer, ctx.cookie(SESSION_COOKIE));
    const user = await accountForVerified(db, dealer, check.channel, check.recipient, signedIn);
    session = await createSession(db, user);
  } catch (e) {
    // Not rethrown: a database error's detail can quote the email or mobile (a unique key), and Next would log it.
    log("sign-in-failed", { error: e instanceof Error ? e.name : "unknown" }, "error");
    return backToSignIn(form, { error: "send-failed" });
  }
  log("signed-in", { channel: check.channel });
  return seeOther(form.redirect, [sessionCookie(ctx, session.token), clearedCookie(PENDING_COOKIE, { secure: ctx.https })]);
}

export async function handleSignOut(ctx: NoBodyContext): Promise<Response> {
  await endSession(await getDb(), ctx.cookie(SESSION_COOKIE));
  return seeOther("/", [clearedCookie(SESSION_COOKIE, { secure: ctx.https })]);
}

/** The shopper's own state for the browser: signed in, the mobile on the profile (the watchlist calls carry it), saved car ids. */
export async function handleMe(ctx: NoBodyContext): Promise<Response> {
  const token = ctx.cookie(SESSION_COOKIE);
  const db = token ? await getDb() : null;
  const user = db ? await sessionUser(db, ctx.tenant.manifest.slug, token) : null;
  const body = user ? { signedIn: true, phone: user.phone, watchlist: await watchlistIds(db!, user) } : { signedIn: false, phone: null, watchlist: [] };
  return json(200, body, { "cache-control": "private, no-store" });
}

/** POST /api/account/own-car (form): the shopper's own car, for service reminders. */
export async function handleOwnCar(ctx: FormContext): Promise<Response> {
  const db = await getDb();
  const user = await sessionUser(db, ctx.tenant.manifest.slug, ctx.cookie(SESSION_COOKIE));
  const { get } = readForm(ctx.body);
  const back = safeSitePath(get("redirect"), "/my-garage");
  if (!user) return seeOther(`/sign-in?type=my-garage&redirect=${encodeURIComponent(back)}`);
  const field = (k: string, max: number) => get(k).trim().slice(0, max);
  const nextService = /^\d{4}-\d{2}-\d{2}$/.test(get("nextService")) ? get("nextService") : "";
  await saveOwnCar(db, user, {
    make: field("make", 40),
    model: field("model", 40),
    year: /^\d{4}$/.test(get("year")) ? get("year") : "",
    rego: field("rego", 10),
    nextService,
  });
  return seeOther(back);
}

/**
 * POST /api/account/favourites {add: Favourite[], remove: id[]} (checked by the route: checkFavouritesChange)
 * → {favourites} of the signed-in account (401 when signed out). A car added must be one of this
 * dealer's: otherwise 400, naming each one, with their ids in `notDealerCars` (the browser drops them).
 */
export async function handleFavourites(ctx: ApiContext<FavouritesChange, Record<string, never>, SiteTenant>): Promise<Response> {
  const db = await getDb();
  const user = await sessionUser(db, ctx.tenant.manifest.slug, ctx.cookie(SESSION_COOKIE));
  if (!user) return json(401, { favourites: [] });
  const { add, remove } = ctx.body;
  const known = await dealerCarIds(
    ctx.tenant.manifest,
    add.map((f) => f.id),
  );
  const foreign = add.flatMap((f, i) =>
    known.has(f.id) ? [] : [{ field: `add[${i}].id`, message: `Car ${f.id} is not one of this dealer's cars.`, id: f.id }],
  );
  if (foreign.length) {
    const errors = foreign.map(({ field, message }) => ({ field, message }));
    // The refusal every API answers with, and the ids the browser is to forget.
    return json(400, { message: "Only this dealer's cars can be saved to favourites.", status: 400, errors, notDealerCars: foreign.map((f) => f.id) });
  }
  const favourites = await syncFavourites(db, user, add, remove);
  return json(200, { favourites }, { "cache-control": "private, no-store" });
}

// The sign-in posts as their route files declare them. Beyond the `account` limit the handlers
// count codes per client and per recipient, and answers per client, themselves (./rate-limit.ts).

/** POST /api/account/code: send a one-time code. */
export const ACCOUNT_CODE_ROUTE: SiteRouteSpec<FormFields, Record<string, never>> = {
  name: "account.code",
  limit: "account",
  stateChanging: true,
  body: "form",
  handle: handleRequestCode,
};

/** POST /api/account/verify: check the code and sign in. */
export const ACCOUNT_VERIFY_ROUTE: SiteRouteSpec<FormFields, Record<string, never>> = {
  name: "account.verify",
  limit: "account",
  stateChanging: true,
  body: "form",
  handle: handleVerifyCode,
};
