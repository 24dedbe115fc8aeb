/**
 * The account routes. Sign-in is two plain HTML form posts (works without JavaScript):
 *  POST /api/account/code    channel, recipient, type, redirect, back → a code is sent; 303 to the code form
 *  POST /api/account/verify  code, type, redirect, back → session cookie; 303 to `redirect`
 *  POST /api/account/sign-out
 *  GET  /api/account/me      the signed-in shopper's own state for the browser (watchlist buttons)
 * Nothing here logs a recipient, code or token: only the dealer and an outcome.
 */
import "server-only";
import { NextResponse } from "next/server";
import { getDb } from "../db";
import { clientIp } from "../http/client-ip";
import type { Tenant } from "../tenant";
import { issueCode, sweepCodes, verifyCode, CODE_TTL_MS } from "./codes";
import type { Queryable } from "../db/types";
import { sendCode, transports } from "./delivery";
import { isSignInKind } from "./kinds";
import { take } from "./rate-limit";
import { requestProto } from "../http/origin";
import { normaliseRecipient, type Channel } from "./recipient";
import { safeSitePath } from "./redirect";
import { cookieOptions, createSession, endSession, PENDING_COOKIE, SESSION_COOKIE, SESSION_TTL_MS, sessionUser } from "./sessions";
import { accountForVerified, saveOwnCar } from "./users";
import { watchlistIds } from "./watchlist";
import { cleanFavourite, syncFavourites, type StoredFavourite } from "./favourites";

let lastSweep = 0;
/** Expired codes are useless: dropped at most once an hour, in the background of a code request. */
function sweepNowAndThen(db: Queryable) {
  if (Date.now() - lastSweep < 3_600_000) return;
  lastSweep = Date.now();
  sweepCodes(db).catch((e) => log("sweep-failed", { error: e instanceof Error ? e.name : "unknown" }));
}

function log(event: string, fields: Record<string, string>) {
  console.info(
    `[accounts] ${event} ${Object.entries(fields)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
}

function isHttps(request: Request): boolean {
  return requestProto(request.headers, request.url) === "https";
}

function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

/** The sign-in page again, keeping kind and paths, with a step and an error code. */
function backToSignIn(form: { type: string; redirect: string; back: string }, extra: Record<string, string>): NextResponse {
  const q = new URLSearchParams({ type: form.type, redirect: form.redirect, back: form.back, ...extra });
  return new NextResponse(null, { status: 303, headers: { location: `/sign-in?${q.toString()}`, "cache-control": "no-store" } });
}

async function readForm(request: Request) {
  const data = await request.formData().catch(() => new FormData());
  const get = (k: string) => {
    const v = data.get(k);
    return typeof v === "string" ? v : "";
  };
  const type = isSignInKind(get("type")) ? get("type") : "my-garage";
  return { get, form: { type, redirect: safeSitePath(get("redirect"), "/my-garage"), back: safeSitePath(get("back"), "/") } };
}

export async function handleRequestCode(request: Request, tenant: Tenant): Promise<Response> {
  if (tenant.kind !== "site") return new NextResponse(null, { status: 404 });
  const { get, form } = await readForm(request);
  const channel: Channel = get("channel") === "email" ? "email" : "sms";
  const dealer = tenant.manifest.slug;
  if (!transports()[channel]) return backToSignIn(form, { error: "unavailable", channel });
  const recipient = normaliseRecipient(channel, get("recipient"));
  if (!recipient) return backToSignIn(form, { error: "invalid-recipient", channel });
  const allowed = (await take("codes-per-client", [dealer, clientIp(request.headers)])) && (await take("codes-per-recipient", [dealer, channel, recipient]));
  if (!allowed) {
    log("code-refused", { site: dealer, reason: "rate-limit" });
    return backToSignIn(form, { error: "too-many", channel });
  }
  const db = await getDb();
  const issued = await issueCode(db, dealer, channel, recipient);
  sweepNowAndThen(db);
  try {
    await sendCode({ dealer, siteName: tenant.manifest.name, channel, to: recipient, code: issued.code });
  } catch (e) {
    // The error's name and code only: a transport's message can quote the recipient.
    const code = (e as { code?: unknown }).code;
    log("code-not-sent", {
      site: dealer,
      channel,
      error: e instanceof Error ? e.name : "unknown",
      ...(typeof code === "string" ? { code: code.slice(0, 40) } : {}),
    });
    return backToSignIn(form, { error: "send-failed", channel });
  }
  log("code-sent", { site: dealer, channel });
  const res = backToSignIn(form, { step: "code", channel });
  res.cookies.set(PENDING_COOKIE, issued.id, cookieOptions(isHttps(request), Math.floor(CODE_TTL_MS / 1000)));
  return res;
}

export async function handleVerifyCode(request: Request, tenant: Tenant): Promise<Response> {
  if (tenant.kind !== "site") return new NextResponse(null, { status: 404 });
  const { get, form } = await readForm(request);
  const dealer = tenant.manifest.slug;
  const pending = cookieValue(request, PENDING_COOKIE);
  if (!pending) return backToSignIn(form, { error: "expired" });
  if (!(await take("answers-per-client", [dealer, clientIp(request.headers)]))) return backToSignIn(form, { step: "code", error: "too-many" });
  const db = await getDb();
  const check = await verifyCode(db, dealer, pending, get("code"));
  if (!check.ok) {
    log("code-rejected", { site: dealer, reason: check.reason });
    if (check.reason === "wrong") return backToSignIn(form, { step: "code", error: "wrong-code" });
    const res = backToSignIn(form, { error: check.reason === "locked" ? "too-many" : "expired" });
    res.cookies.delete(PENDING_COOKIE);
    return res;
  }
  let session: { token: string };
  try {
    const signedIn = await sessionUser(db, dealer, cookieValue(request, SESSION_COOKIE));
    const user = await accountForVerified(db, dealer, check.channel, check.recipient, signedIn);
    session = await createSession(db, user);
  } catch (e) {
    // Not rethrown: a database error's detail can quote the email or mobile (a unique key), and Next would log it.
    log("sign-in-failed", { site: dealer, error: e instanceof Error ? e.name : "unknown" });
    return backToSignIn(form, { error: "send-failed" });
  }
  log("signed-in", { site: dealer, channel: check.channel });
  const res = new NextResponse(null, { status: 303, headers: { location: form.redirect, "cache-control": "no-store" } });
  res.cookies.set(SESSION_COOKIE, session.token, cookieOptions(isHttps(request), Math.floor(SESSION_TTL_MS / 1000)));
  res.cookies.delete(PENDING_COOKIE);
  return res;
}

export async function handleSignOut(request: Request, tenant: Tenant): Promise<Response> {
  if (tenant.kind !== "site") return new NextResponse(null, { status: 404 });
  await endSession(await getDb(), cookieValue(request, SESSION_COOKIE));
  const res = new NextResponse(null, { status: 303, headers: { location: "/", "cache-control": "no-store" } });
  res.cookies.delete(SESSION_COOKIE);
  return res;
}

/** The shopper's own state for the browser: signed in, the mobile on the profile (the watchlist calls carry it), saved car ids. */
export async function handleMe(request: Request, tenant: Tenant): Promise<Response> {
  if (tenant.kind !== "site") return NextResponse.json({ signedIn: false }, { status: 404 });
  const token = cookieValue(request, SESSION_COOKIE);
  const db = token ? await getDb() : null;
  const user = db ? await sessionUser(db, tenant.manifest.slug, token) : null;
  const body = user ? { signedIn: true, phone: user.phone, watchlist: await watchlistIds(db!, user) } : { signedIn: false, phone: null, watchlist: [] };
  return NextResponse.json(body, { headers: { "cache-control": "private, no-store" } });
}

export { cookieValue };

/** POST /api/account/own-car (form): the shopper's own car, for service reminders. */
export async function handleOwnCar(request: Request, tenant: Tenant): Promise<Response> {
  if (tenant.kind !== "site") return new NextResponse(null, { status: 404 });
  const db = await getDb();
  const user = await sessionUser(db, tenant.manifest.slug, cookieValue(request, SESSION_COOKIE));
  const { get } = await readForm(request);
  const back = safeSitePath(get("redirect"), "/my-garage");
  if (!user) return new NextResponse(null, { status: 303, headers: { location: `/sign-in?type=my-garage&redirect=${encodeURIComponent(back)}` } });
  const field = (k: string, max: number) => get(k).trim().slice(0, max);
  const nextService = /^\d{4}-\d{2}-\d{2}$/.test(get("nextService")) ? get("nextService") : "";
  await saveOwnCar(db, user, {
    make: field("make", 40),
    model: field("model", 40),
    year: /^\d{4}$/.test(get("year")) ? get("year") : "",
    rego: field("rego", 10),
    nextService,
  });
  return new NextResponse(null, { status: 303, headers: { location: back, "cache-control": "no-store" } });
}

/** POST /api/account/favourites {add: Favourite[], remove: id[]} → {favourites} of the signed-in account (401 when signed out). */
export async function handleFavourites(request: Request, tenant: Tenant): Promise<Response> {
  if (tenant.kind !== "site") return NextResponse.json({ favourites: [] }, { status: 404 });
  const db = await getDb();
  const user = await sessionUser(db, tenant.manifest.slug, cookieValue(request, SESSION_COOKIE));
  if (!user) return NextResponse.json({ favourites: [] }, { status: 401 });
  const body = (await request.json().catch(() => ({}))) as { add?: unknown; remove?: unknown };
  const add = (Array.isArray(body.add) ? body.add : []).map(cleanFavourite).filter((f): f is StoredFavourite => f !== null);
  const remove = (Array.isArray(body.remove) ? body.remove : []).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
  const favourites = await syncFavourites(db, user, add, remove);
  return NextResponse.json({ favourites }, { headers: { "cache-control": "private, no-store" } });
}
