import "server-only";
import { cookieHeader, seeOther, type ApiContext } from "../http/api-route";
import { clientIp } from "../http/client-ip";
import { limiterKey, processLimiters, type Limiters } from "../http/rate-limit";
import { getDb, type Queryable } from "../db";
import type { Tenant } from "../tenant";
import { secretMatches, studioMode, studioSessionId, studioSignInPage, type StudioMode } from "./access";
import { createStudioSession, SHARED_SECRET_SUBJECT, STUDIO_SESSION_COOKIE, STUDIO_SESSION_TTL_MS, studioSessionSubject } from "./sessions";

/** Test seams: the studio's mode, the limiters, the database and the clock a unit test hands in. */
export interface StudioAuthDeps {
  mode?: StudioMode;
  limiters?: Limiters;
  db?: () => Promise<Queryable>;
  now?: () => Date;
}

export const STUDIO_SIGN_IN_MESSAGES = {
  missing: "Enter the studio secret.",
  wrong: "That is not the studio secret.",
  ended: "Your studio session has ended. Please sign in again.",
  limited: (minutes: number) => `Too many sign-in attempts from this address. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
} as const;

/** The sign-in page as an answer: the status says what happened, the page says it in words. */
export function signInAnswer(status: number, problem?: string, headers: Record<string, string> = {}): Response {
  return new Response(studioSignInPage(problem), { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers } });
}

export type StudioAccess = { ok: true; subject: string } | { ok: false; message: string };

/**
 * Whether this request may use the studio, decided where its pages and posts run: open in
 * development without a secret; otherwise only with a live session (the id in the cookie, looked
 * up by its hash). The proxy has only checked that a cookie of the right shape is there.
 */
export async function studioAccess(headers: Headers, deps: StudioAuthDeps = {}): Promise<StudioAccess> {
  const mode = deps.mode ?? studioMode();
  if (mode.kind === "open") return { ok: true, subject: "development" };
  if (mode.kind === "closed") return { ok: false, message: mode.reason };
  const id = studioSessionId(headers);
  if (!id) return { ok: false, message: STUDIO_SIGN_IN_MESSAGES.missing };
  const subject = await studioSessionSubject(await (deps.db ?? getDb)(), id, deps.now?.() ?? new Date());
  return subject ? { ok: true, subject } : { ok: false, message: STUDIO_SIGN_IN_MESSAGES.ended };
}

type SignInContext = ApiContext<Record<string, string | string[]>, Record<string, never>, Tenant>;

/** GET /studio/sign-in: the form (where a page sends someone whose session ended), or the studio itself when it needs none. */
export function studioSignInForm(deps: StudioAuthDeps = {}): Response {
  const mode = deps.mode ?? studioMode();
  if (mode.kind === "open") return seeOther("/studio");
  return signInAnswer(200, mode.kind === "closed" ? mode.reason : undefined);
}

/**
 * POST /studio/sign-in (form field `secret`). Every attempt takes a point from the client's
 * `studio-sign-in` limit before the secret is compared (so a refused client learns nothing) and is
 * logged with its outcome and the request id, never the secret or the address. A match opens a
 * session and sets its id in an HttpOnly, SameSite=Strict cookie for /studio, then back to /studio.
 */
export async function studioSignIn(ctx: SignInContext, deps: StudioAuthDeps = {}): Promise<Response> {
  const mode = deps.mode ?? studioMode();
  if (mode.kind === "open") return seeOther("/studio");
  if (mode.kind === "closed") {
    ctx.log("studio-sign-in", { outcome: "closed" }, "warn");
    return signInAnswer(403, mode.reason);
  }
  const given = ctx.body.secret;
  if (typeof given !== "string" || given === "") {
    ctx.log("studio-sign-in", { outcome: "no-secret" }, "warn");
    return signInAnswer(400, STUDIO_SIGN_IN_MESSAGES.missing);
  }
  const taken = await (deps.limiters ?? processLimiters()).take("studio-sign-in", limiterKey(["studio", clientIp(ctx.request.headers)]));
  if (!taken.ok) {
    ctx.log("studio-sign-in", { outcome: "limited", retry_after_s: taken.retryAfterS }, "warn");
    return signInAnswer(429, STUDIO_SIGN_IN_MESSAGES.limited(Math.ceil(taken.retryAfterS / 60)), { "retry-after": String(taken.retryAfterS) });
  }
  if (!secretMatches(given, mode.secret)) {
    ctx.log("studio-sign-in", { outcome: "wrong-secret" }, "warn");
    return signInAnswer(401, STUDIO_SIGN_IN_MESSAGES.wrong);
  }
  const session = await createStudioSession(await (deps.db ?? getDb)(), SHARED_SECRET_SUBJECT, deps.now?.() ?? new Date());
  ctx.log("studio-sign-in", { outcome: "signed-in", subject: SHARED_SECRET_SUBJECT });
  const cookie = cookieHeader(STUDIO_SESSION_COOKIE, session.id, {
    secure: ctx.https,
    sameSite: "strict",
    path: "/studio",
    maxAge: STUDIO_SESSION_TTL_MS / 1000,
  });
  return seeOther("/studio", [cookie]);
}
