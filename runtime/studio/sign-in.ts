import "server-only";
import { clearedCookie, cookieHeader, seeOther, type ApiContext } from "../http/api-route";
import { clientIp } from "../http/client-ip";
import { limiterKey, processLimiters, type Limiters } from "../http/rate-limit";
import { getDb, type Queryable } from "../db";
import type { Tenant } from "../tenant";
import { CODE_TTL_MS, issueCode, verifyCode } from "../accounts/codes";
import { sendMessage } from "../accounts/delivery";
import { take } from "../accounts/rate-limit";
import { normaliseEmail } from "../accounts/recipient";
import { offersStaffCodes, secretMatches, studioCodePage, studioMode, studioSessionId, studioSignInPage, type SignInField, type StudioMode } from "./access";
import { createStudioSession, endStudioSession, SHARED_SECRET_SUBJECT, STUDIO_SESSION_COOKIE, STUDIO_SESSION_TTL_MS, studioSessionSubject } from "./sessions";
import { redeemSignInLink, SIGN_IN_LINK_SUBJECT } from "./sign-in-link";
import { activeStaffByEmail, activeStaffById, recordAudit } from "./staff";
import { operatorIdentity, type StaffIdentity, type StudioAccess } from "./staff-roles";

export { mayEdit, mayManageStaff, type StaffIdentity, type StudioAccess, type StudioAccessOk } from "./staff-roles";

/** Test seams: the studio's mode, the limiters, the database, the clock and the environment (message transports) a unit test hands in. */
export interface StudioAuthDeps {
  mode?: StudioMode;
  limiters?: Limiters;
  db?: () => Promise<Queryable>;
  now?: () => Date;
  env?: Record<string, string | undefined>;
}

/**
 * The scope staff sign-in codes are kept under in the shoppers' code table and the local inbox:
 * not a dealer slug (those never start with an underscore), so no dealer's code can sign in here.
 */
export const STAFF_CODE_SCOPE = "_studio";
/** The cookie naming the pending code between the email step and the code step. */
export const STUDIO_PENDING_COOKIE = "studio-code";

export const STUDIO_SIGN_IN_MESSAGES = {
  missing: "Enter the studio secret.",
  wrong: "That is not the studio secret.",
  ended: "Your studio session has ended. Please sign in again.",
  linkUsed: "That sign-in link has been used or has expired. Restart npm start for a new one.",
  noSecretHere: "This studio has no secret to enter: open the sign-in link npm start printed, or find it in the local inbox.",
  useEmail: "This studio has no secret to enter: sign in with the email address of your staff account.",
  email: "Enter your email address, like name@example.com.",
  code: "Enter the 6-digit code from the email.",
  codeWrong: "That code is not right. Check the newest email from the studio and try again.",
  codeEnded: "That code has expired or has been used. Ask for a new one.",
  codesOff: "Sign-in by email is not set up on this server: set SMTP_URL (and SMTP_FROM) for staff sign-in codes.",
  limited: (minutes: number) => `Too many sign-in attempts from this address. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
} as const;

const HTML_HEADERS = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" };

/** The sign-in page as an answer: the status says what happened, the page says it in words. */
export function signInAnswer(status: number, problem?: string, headers: Record<string, string> = {}, mode?: StudioMode, field?: SignInField): Response {
  return new Response(studioSignInPage(problem, mode, field), { status, headers: { ...HTML_HEADERS, ...headers } });
}

/** The code step as an answer. */
function codeAnswer(status: number, problem?: string, headers: Record<string, string> = {}): Response {
  return new Response(studioCodePage(problem), { status, headers: { ...HTML_HEADERS, ...headers } });
}

/** The subject of the open studio in development (no sign-in there): an admin. */
export const DEVELOPMENT_SUBJECT = "development";

const developmentAccess = (): StudioAccess => ({ ok: true, subject: DEVELOPMENT_SUBJECT, staff: operatorIdentity(DEVELOPMENT_SUBJECT, "Development") });

/** Who a session's subject is: the operator identities are admins; anything else is a staff account's id, live only while the account is active. */
async function identityOf(db: Queryable, subject: string): Promise<StaffIdentity | null> {
  if (subject === SHARED_SECRET_SUBJECT) return operatorIdentity(subject, "Studio secret (legacy)");
  if (subject === SIGN_IN_LINK_SUBJECT) return operatorIdentity(subject, "Operator (first-run link)");
  const account = await activeStaffById(db, subject);
  return account ? { id: account.id, email: account.email, name: account.name, role: account.role, dealers: account.dealers } : null;
}

/**
 * Whether this request may use the studio, and as whom, decided where its pages and posts run:
 * only with a live session (the id in the cookie, looked up by its hash) whose subject is an
 * operator identity or an active staff account, then `mayEdit` (staff-roles.ts) says what it may
 * edit. In development without a secret the studio is open as an admin, unless a staff member
 * signed in there (to see it as they would). The proxy has only checked that a cookie of the
 * right shape is there.
 */
export async function studioAccess(headers: Headers, deps: StudioAuthDeps = {}): Promise<StudioAccess> {
  const mode = deps.mode ?? studioMode();
  if (mode.kind === "closed") return { ok: false, message: mode.reason };
  const open = mode.kind === "open";
  const id = studioSessionId(headers);
  if (!id) return open ? developmentAccess() : { ok: false, message: STUDIO_SIGN_IN_MESSAGES.missing };
  const db = await (deps.db ?? getDb)();
  const subject = await studioSessionSubject(db, id, deps.now?.() ?? new Date());
  const staff = subject ? await identityOf(db, subject) : null;
  if (subject && staff) return { ok: true, subject, staff };
  return open ? developmentAccess() : { ok: false, message: STUDIO_SIGN_IN_MESSAGES.ended };
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
  const params = new URL(ctx.request.url).searchParams;
  // The code step, while a code is pending (else the email form again, saying why).
  if (params.get("step") === "code" && offersStaffCodes(mode, deps.env))
    return ctx.cookie(STUDIO_PENDING_COOKIE) ? codeAnswer(200) : signInAnswer(200, STUDIO_SIGN_IN_MESSAGES.codeEnded, {}, mode);
  // Open in development: straight to the studio, unless asked for the staff form (?staff).
  if (mode.kind === "open") return params.has("staff") && offersStaffCodes(mode, deps.env) ? signInAnswer(200, undefined, {}, mode) : seeOther("/studio");
  const token = params.get("token");
  if (mode.kind !== "link" || token === null) return signInAnswer(200, mode.kind === "closed" ? mode.reason : undefined, {}, mode);
  const refused = await limited(ctx, deps, (status, problem, headers) => signInAnswer(status, problem, headers, mode));
  if (refused) return refused;
  const db = await (deps.db ?? getDb)();
  const now = deps.now?.() ?? new Date();
  if (!(await redeemSignInLink(db, token, now))) {
    ctx.log("studio-sign-in", { outcome: "link-refused" }, "warn");
    await recordAudit(db, "unknown", "sign-in-refused", null, { method: "first-run-link", reason: "used-or-expired" });
    return signInAnswer(401, STUDIO_SIGN_IN_MESSAGES.linkUsed, {}, mode);
  }
  const session = await createStudioSession(db, SIGN_IN_LINK_SUBJECT, now);
  await recordAudit(db, SIGN_IN_LINK_SUBJECT, "signed-in", null, { method: "first-run-link" });
  ctx.log("studio-sign-in", { outcome: "signed-in", subject: SIGN_IN_LINK_SUBJECT });
  return seeOther(studioReturnPath(params.get("next")), [sessionCookie(session.id, ctx.https)]);
}

const field = (ctx: SignInContext, name: string): string => {
  const v = ctx.body[name];
  return typeof v === "string" ? v : "";
};

/**
 * POST /studio/sign-in: the form's `action` says which step. "email" asks for a code, "code"
 * answers it, "sign-out" ends the session, and "secret" (or a form with only `secret`, the legacy
 * form) signs in with the shared secret.
 */
export async function studioSignIn(ctx: SignInContext, deps: StudioAuthDeps = {}): Promise<Response> {
  const action = field(ctx, "action") || (ctx.body.secret !== undefined ? "secret" : "");
  if (action === "email") return studioRequestCode(ctx, deps);
  if (action === "code") return studioAnswerCode(ctx, deps);
  if (action === "sign-out") return studioSignOut(ctx, deps);
  return studioSecretSignIn(ctx, deps);
}

/** Takes a point from a limit, answering the page that says how long to wait when none is left. */
async function limited(
  ctx: SignInContext,
  deps: StudioAuthDeps,
  answer: (status: number, problem: string, headers: Record<string, string>) => Response,
): Promise<Response | null> {
  const taken = await (deps.limiters ?? processLimiters()).take("studio-sign-in", limiterKey(["studio", clientIp(ctx.request.headers)]));
  if (taken.ok) return null;
  ctx.log("studio-sign-in", { outcome: "limited", retry_after_s: taken.retryAfterS }, "warn");
  return answer(429, STUDIO_SIGN_IN_MESSAGES.limited(Math.ceil(taken.retryAfterS / 60)), { "retry-after": String(taken.retryAfterS) });
}

const pendingCookie = (id: string, https: boolean) =>
  cookieHeader(STUDIO_PENDING_COOKIE, id, { secure: https, sameSite: "strict", path: "/studio", maxAge: Math.floor(CODE_TTL_MS / 1000) });
const pendingCleared = (https: boolean) => clearedCookie(STUDIO_PENDING_COOKIE, { secure: https, sameSite: "strict", path: "/studio" });

/**
 * The email step: every request takes a point from the client's and the address's code limits,
 * and gets a pending code and the same answer (the code step), whether or not the address belongs
 * to an active staff account: only an account's address is sent the code, in the background, so
 * neither the answer nor its timing tells who has an account.
 */
async function studioRequestCode(ctx: SignInContext, deps: StudioAuthDeps): Promise<Response> {
  const mode = deps.mode ?? studioMode();
  if (!offersStaffCodes(mode, deps.env)) {
    ctx.log("studio-sign-in", { outcome: "codes-off" }, "warn");
    return signInAnswer(403, mode.kind === "closed" ? mode.reason : STUDIO_SIGN_IN_MESSAGES.codesOff, {}, mode);
  }
  const email = normaliseEmail(field(ctx, "email"));
  if (!email) return signInAnswer(400, STUDIO_SIGN_IN_MESSAGES.email, {}, mode, "email");
  const limiters = deps.limiters ?? processLimiters();
  const ip = clientIp(ctx.request.headers);
  if (
    !(await take("codes-per-client", [STAFF_CODE_SCOPE, ip], limiters)) ||
    !(await take("codes-per-recipient", [STAFF_CODE_SCOPE, "email", email], limiters))
  ) {
    ctx.log("studio-sign-in", { outcome: "code-limited" }, "warn");
    return signInAnswer(429, STUDIO_SIGN_IN_MESSAGES.limited(10), { "retry-after": "600" }, mode, "email");
  }
  const db = await (deps.db ?? getDb)();
  const issued = await issueCode(db, STAFF_CODE_SCOPE, "email", email, deps.now?.() ?? new Date());
  const staff = await activeStaffByEmail(db, email);
  if (staff) {
    const text = `${issued.code} is your studio sign-in code. It expires in 10 minutes and works once. If you did not ask for it, ignore this email.`;
    sendMessage(
      { dealer: STAFF_CODE_SCOPE, channel: "email", to: email, subject: "Your studio sign-in code", text, code: issued.code },
      deps.env,
      deps.db,
    ).then(
      () => ctx.log("studio-sign-in", { outcome: "code-sent" }),
      // The error's name only: a transport's message can quote the address.
      (e: unknown) => ctx.log("studio-sign-in", { outcome: "code-not-sent", error: e instanceof Error ? e.name : "unknown" }, "warn"),
    );
  } else ctx.log("studio-sign-in", { outcome: "code-no-account" });
  return seeOther("/studio/sign-in?step=code", [pendingCookie(issued.id, ctx.https)]);
}

/**
 * The code step: each answer takes a point from the client's answer limit; the code itself allows
 * a few wrong answers, expires, and works once (runtime/accounts/codes.ts). A right code for an
 * address with an active account opens a session whose subject is the account's id.
 */
async function studioAnswerCode(ctx: SignInContext, deps: StudioAuthDeps): Promise<Response> {
  const mode = deps.mode ?? studioMode();
  if (!offersStaffCodes(mode, deps.env)) return signInAnswer(403, mode.kind === "closed" ? mode.reason : STUDIO_SIGN_IN_MESSAGES.codesOff, {}, mode);
  const pending = ctx.cookie(STUDIO_PENDING_COOKIE);
  if (!pending) return signInAnswer(400, STUDIO_SIGN_IN_MESSAGES.codeEnded, {}, mode, "email");
  const code = field(ctx, "code").replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) return codeAnswer(400, STUDIO_SIGN_IN_MESSAGES.code);
  if (!(await take("answers-per-client", [STAFF_CODE_SCOPE, clientIp(ctx.request.headers)], deps.limiters ?? processLimiters()))) {
    ctx.log("studio-sign-in", { outcome: "answer-limited" }, "warn");
    return codeAnswer(429, STUDIO_SIGN_IN_MESSAGES.limited(10), { "retry-after": "600" });
  }
  const db = await (deps.db ?? getDb)();
  const now = deps.now?.() ?? new Date();
  const check = await verifyCode(db, STAFF_CODE_SCOPE, pending, code, now);
  const staff = check.ok ? await activeStaffByEmail(db, check.recipient) : null;
  if (!check.ok || !staff) {
    const reason = check.ok ? "no-account" : check.reason;
    ctx.log("studio-sign-in", { outcome: "code-refused", reason }, "warn");
    await recordAudit(db, "unknown", "sign-in-refused", null, { method: "email-code", reason });
    if (reason === "wrong") return codeAnswer(401, STUDIO_SIGN_IN_MESSAGES.codeWrong);
    return signInAnswer(401, STUDIO_SIGN_IN_MESSAGES.codeEnded, { "set-cookie": pendingCleared(ctx.https) }, mode, "email");
  }
  const session = await createStudioSession(db, staff.id, now);
  await recordAudit(db, staff.id, "signed-in", staff.id, { method: "email-code" });
  ctx.log("studio-sign-in", { outcome: "signed-in", subject: staff.id });
  return seeOther("/studio", [sessionCookie(session.id, ctx.https), pendingCleared(ctx.https)]);
}

/** Ends this browser's session and goes back to the sign-in page. */
async function studioSignOut(ctx: SignInContext, deps: StudioAuthDeps): Promise<Response> {
  const id = studioSessionId(ctx.request.headers);
  if (id) {
    const db = await (deps.db ?? getDb)();
    const subject = await studioSessionSubject(db, id, deps.now?.() ?? new Date());
    await endStudioSession(db, id);
    if (subject) await recordAudit(db, subject, "signed-out", null);
  }
  ctx.log("studio-sign-in", { outcome: "signed-out" });
  return seeOther("/studio/sign-in", [clearedCookie(STUDIO_SESSION_COOKIE, { secure: ctx.https, sameSite: "strict", path: "/studio" })]);
}

/**
 * The legacy shared secret (form field `secret`), where STUDIO_SECRET is set. Every attempt takes
 * a point from the client's `studio-sign-in` limit before the secret is compared (so a refused
 * client learns nothing) and is logged with its outcome and the request id, never the secret or
 * the address. A match opens a session (subject "studio-secret", an admin) and sets its id in an
 * HttpOnly, SameSite=Strict cookie for /studio, then back to /studio.
 */
async function studioSecretSignIn(ctx: SignInContext, deps: StudioAuthDeps = {}): Promise<Response> {
  const mode = deps.mode ?? studioMode();
  if (mode.kind === "open") return seeOther("/studio");
  if (mode.kind === "closed") {
    ctx.log("studio-sign-in", { outcome: "closed" }, "warn");
    return signInAnswer(403, mode.reason);
  }
  if (mode.kind !== "secret") {
    ctx.log("studio-sign-in", { outcome: "no-secret-here" }, "warn");
    return signInAnswer(403, mode.kind === "link" ? STUDIO_SIGN_IN_MESSAGES.noSecretHere : STUDIO_SIGN_IN_MESSAGES.useEmail, {}, mode);
  }
  const given = ctx.body.secret;
  if (typeof given !== "string" || given === "") {
    ctx.log("studio-sign-in", { outcome: "no-secret" }, "warn");
    return signInAnswer(400, STUDIO_SIGN_IN_MESSAGES.missing, {}, mode, "secret");
  }
  const refused = await limited(ctx, deps, (status, problem, headers) => signInAnswer(status, problem, headers, mode, "secret"));
  if (refused) return refused;
  if (!secretMatches(given, mode.secret)) {
    ctx.log("studio-sign-in", { outcome: "wrong-secret" }, "warn");
    await recordAudit(await (deps.db ?? getDb)(), "unknown", "sign-in-refused", null, { method: "studio-secret", reason: "wrong" });
    return signInAnswer(401, STUDIO_SIGN_IN_MESSAGES.wrong, {}, mode, "secret");
  }
  const db = await (deps.db ?? getDb)();
  const session = await createStudioSession(db, SHARED_SECRET_SUBJECT, deps.now?.() ?? new Date());
  await recordAudit(db, SHARED_SECRET_SUBJECT, "signed-in", null, { method: "studio-secret" });
  ctx.log("studio-sign-in", { outcome: "signed-in", subject: SHARED_SECRET_SUBJECT });
  return seeOther("/studio", [sessionCookie(session.id, ctx.https)]);
}
