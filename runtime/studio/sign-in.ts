import "server-only";
import { cookieHeader, seeOther, type ApiContext } from "../http/api-route";
import { clientIp } from "../http/client-ip";
import { limiterKey, processLimiters, type Limiters } from "../http/rate-limit";
import { getDb, type Queryable } from "../db";
import type { Tenant } from "../tenant";
import { secretMatches, studioMode, studioSessionId, studioSignInPage, type StudioMode } from "./access";
import { createStudioSession, SHARED_SECRET_SUBJECT, STUDIO_SESSION_COOKIE, STUDIO_SESSION_TTL_MS, studioSessionSubject } from "./sessions";
import { redeemSignInLink, SIGN_IN_LINK_SUBJECT } from "./sign-in-link";

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
  linkUsed: "That sign-in link has been used or has expired. Restart npm start for a new one.",
  noSecretHere: "This studio has no secret to enter: open the sign-in link npm start printed, or find it in the local inbox.",
  limited: (minutes: number) => `Too many sign-in attempts from this address. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
} as const;

/** The sign-in page as an answer: the status says what happened, the page says it in words. */
export function signInAnswer(status: number, problem?: string, headers: Record<string, string> = {}, mode?: StudioMode): Response {
  return new Response(studioSignInPage(problem, mode), {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers },
  });
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

/**
 * Where to go after signing in with the link: `next` when it is a studio path on this host
 * (/studio or below: no scheme, no second slash, no dot segment, nothing that leaves it), else /studio.
 */
export function studioReturnPath(next: string | null | undefined): string {
  if (typeof next !== "string") return "/studio";
  // Segments of letters, digits and - _ ~ only: no dot segment can climb out of /studio.
  if (!/^\/studio(?:\/[A-Za-z0-9_~-]+)*\/?$/.test(next)) return "/studio";
  return next;
}

/** The session cookie: HttpOnly, SameSite=Strict, for /studio only, Secure over HTTPS. */
function sessionCookie(id: string, https: boolean): string {
  return cookieHeader(STUDIO_SESSION_COOKIE, id, { secure: https, sameSite: "strict", path: "/studio", maxAge: STUDIO_SESSION_TTL_MS / 1000 });
}

/**
 * GET /studio/sign-in: the form (where a page sends someone whose session ended), or the studio
 * itself when it needs none. With the first-run link (`?token=…`, mode "link"), the token is used
 * once: a live one opens a session and goes on to `next` (a studio path) or /studio; a used,
 * expired or unknown one answers the page saying so (401). Each try takes a point from the client's
 * sign-in limit first, like the secret form.
 */
export async function studioSignInForm(ctx: SignInContext, deps: StudioAuthDeps = {}): Promise<Response> {
  const mode = deps.mode ?? studioMode();
  if (mode.kind === "open") return seeOther("/studio");
  const params = new URL(ctx.request.url).searchParams;
  const token = params.get("token");
  if (mode.kind !== "link" || token === null) return signInAnswer(200, mode.kind === "closed" ? mode.reason : undefined, {}, mode);
  const taken = await (deps.limiters ?? processLimiters()).take("studio-sign-in", limiterKey(["studio", clientIp(ctx.request.headers)]));
  if (!taken.ok) {
    ctx.log("studio-sign-in", { outcome: "limited", retry_after_s: taken.retryAfterS }, "warn");
    return signInAnswer(429, STUDIO_SIGN_IN_MESSAGES.limited(Math.ceil(taken.retryAfterS / 60)), { "retry-after": String(taken.retryAfterS) }, mode);
  }
  const db = await (deps.db ?? getDb)();
  const now = deps.now?.() ?? new Date();
  if (!(await redeemSignInLink(db, token, now))) {
    ctx.log("studio-sign-in", { outcome: "link-refused" }, "warn");
    return signInAnswer(401, STUDIO_SIGN_IN_MESSAGES.linkUsed, {}, mode);
  }
  const session = await createStudioSession(db, SIGN_IN_LINK_SUBJECT, now);
  ctx.log("studio-sign-in", { outcome: "signed-in", subject: SIGN_IN_LINK_SUBJECT });
  return seeOther(studioReturnPath(params.get("next")), [sessionCookie(session.id, ctx.https)]);
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
  if (mode.kind === "link") {
    ctx.log("studio-sign-in", { outcome: "no-secret-here" }, "warn");
    return signInAnswer(403, STUDIO_SIGN_IN_MESSAGES.noSecretHere, {}, mode);
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
  return seeOther("/studio", [sessionCookie(session.id, ctx.https)]);
}
