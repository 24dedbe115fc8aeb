/**
 * Who may open the studio: only on the directory host (proxy.ts never routes /studio on a
 * dealer's host), and in production only with a studio session. Staff sign in as themselves with
 * a code emailed to them (staff accounts, runtime/studio/staff.ts; the sign-in posts in
 * runtime/studio/sign-in.ts, each limited per client and logged); on `npm start` the operator also
 * has the one-time link printed at start (sign-in-link.ts); where `STUDIO_SECRET` is set the
 * legacy shared secret signs in too (compared in constant time). Each way issues a random session
 * id in the `studio-session` cookie, kept hashed in the database (sessions.ts): the cookie never
 * holds a secret. Without STUDIO_SECRET the studio is open in development and tests; a production
 * build without it opens by emailed codes where email can be delivered (SMTP_URL, or the local
 * stand-in switched on) and is closed otherwise (it writes manifests: fail closed); a secret
 * shorter than the rule in secret-rule.mjs keeps it closed too (and scripts/server.mjs refuses to start).
 *
 * This module is what the proxy can decide without the database (`studioMayPass`: a cookie shaped
 * like a session id); the session itself is looked up where the studio's pages and posts run.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { readCookies } from "../http/cookies";
import { studioSecretProblem } from "./secret-rule.mjs";
import { looksLikeStudioSessionId, STUDIO_SESSION_COOKIE } from "./sessions";
import { signInLinkAllowed } from "./sign-in-link";
import { outboxAllowed } from "../accounts/local-inbox";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

export function secretMatches(given: string | null | undefined, secret: string): boolean {
  if (!given) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * How the studio is guarded: open (development without a secret), closed (production without a
 * way in, or a secret too short), by staff codes and the legacy shared secret ("secret"; codes
 * only when email can be delivered), by staff codes and the one-time link the server printed at
 * start (a production server run as `npm start` runs it), or by staff codes alone ("staff").
 */
export type StudioMode =
  { kind: "open" } | { kind: "closed"; reason: string } | { kind: "secret"; secret: string; codes?: boolean } | { kind: "link" } | { kind: "staff" };

type Env = Record<string, string | undefined>;

/** Whether a sign-in code can reach a staff member's email here: SMTP, or the local inbox where it is switched on. */
export function staffCodesDeliverable(env: Env = process.env): boolean {
  return Boolean(env.SMTP_URL) || outboxAllowed(env);
}

/** Whether the mode offers sign-in by emailed code (development too: there staff may sign in to see the studio as they see it). */
export function offersStaffCodes(mode: StudioMode, env: Env = process.env): boolean {
  if (mode.kind === "link" || mode.kind === "staff") return true;
  if (mode.kind === "secret") return mode.codes ?? false;
  return mode.kind === "open" && staffCodesDeliverable(env);
}

export function studioMode(
  secret = process.env.STUDIO_SECRET,
  production = process.env.NODE_ENV === "production",
  env: Record<string, string | undefined> = process.env,
): StudioMode {
  // Whether codes can be delivered is judged as the server runs (the `production` given wins over NODE_ENV).
  const running = { ...env, NODE_ENV: production ? "production" : env.NODE_ENV === "production" ? "development" : env.NODE_ENV };
  if (!secret) {
    if (!production) return { kind: "open" };
    if (signInLinkAllowed({ ...env, STUDIO_SECRET: secret })) return { kind: "link" };
    return staffCodesDeliverable(running)
      ? { kind: "staff" }
      : { kind: "closed", reason: "The studio is closed: no email is set up for staff sign-in codes (SMTP_URL) and STUDIO_SECRET is not set on the server." };
  }
  const problem = studioSecretProblem(secret);
  return problem ? { kind: "closed", reason: problem } : { kind: "secret", secret, codes: staffCodesDeliverable(running) };
}

/** The studio session id the request carries (undefined when none, or when it is not shaped like one). */
export function studioSessionId(headers: Headers): string | undefined {
  const id = readCookies(headers.get("cookie"))[STUDIO_SESSION_COOKIE];
  return looksLikeStudioSessionId(id) ? id : undefined;
}

/** The proxy's first wall: the studio is open, or the request carries something shaped like a session (looked up in the database behind it). */
export function studioMayPass(headers: Headers, mode: StudioMode = studioMode()): boolean {
  if (mode.kind === "open") return true;
  if (mode.kind === "closed") return false;
  // With the secret or the first-run link alike, only a session passes.
  return studioSessionId(headers) !== undefined;
}

/**
 * The public studio paths on the directory host and the internal route each is rewritten to
 * (app/%5Fstudio/…): /studio → /_studio, /studio/{dealer} → /_studio/site/{dealer},
 * POST /studio/{dealer}/check, /save (publish), /history, /rollback, /upload and /theme (the theme's plain form) →
 * /_studio/{check|save|history|rollback|upload|theme}/{dealer}, /studio/sign-in,
 * /studio/drafts/{name} and /studio/templates/{name} (and their /check, /save, /theme; a draft's /publish, /upload and
 * /feed with its /upload, /mapping) → the same under /_studio,
 * /studio/new (the new-dealer form) and its POST /studio/new/create → /_studio/new, /_studio/new/create,
 * /studio/staff (and its POST /studio/staff/save) → /_studio/staff, /_studio/staff/save,
 * /studio/{dealer}/feed (and its /upload, /mapping) → /_studio/feeds/{dealer},
 * /studio/preview/{preview name}/{path} (a way onto a preview host) → /_studio/preview/{preview name}/{path}.
 * Null for any other path.
 */
export function studioTarget(pathname: string): string | null {
  if (pathname === "/studio" || pathname === "/studio/") return "/_studio";
  if (pathname === "/studio/sign-in") return "/_studio/sign-in";
  // The new-dealer form and its post (so no dealer can be named "new" in the studio's addresses).
  if (pathname === "/studio/new" || pathname === "/studio/new/") return "/_studio/new";
  if (pathname === "/studio/new/create") return "/_studio/new/create";
  // The staff page and its post (a dealer named "staff" would be shadowed, like one named "sign-in").
  if (pathname === "/studio/staff" || pathname === "/studio/staff/") return "/_studio/staff";
  if (pathname === "/studio/staff/save") return "/_studio/staff/save";
  // A preview opened from the studio (its frame, a draft's own preview): /studio/preview/{name}/{path} → /_studio/preview/{name}/{path}.
  // No segment may start with a dot (plain or percent-encoded): the rewrite must not climb out of /_studio/preview.
  const preview = /^\/studio\/preview\/([a-z0-9-]+)((?:\/(?!\.|%2e)[^/]*)*)$/i.exec(pathname);
  if (preview && /^[a-z0-9-]+$/.test(preview[1])) return `/_studio/preview/${preview[1]}${preview[2]}`;
  // A draft put live as a new dealer: POST /studio/drafts/{name}/publish → /_studio/drafts/{name}/publish.
  const draftLive = /^\/studio\/drafts\/([a-z0-9-]+)\/publish$/.exec(pathname);
  if (draftLive) return `/_studio/drafts/${draftLive[1]}/publish`;
  // A draft's picture upload (logo, favicon), and its stock feed screen with the screen's form posts:
  // /studio/drafts/{name}/upload, /studio/drafts/{name}/feed[/upload|/mapping] → the same under /_studio.
  const draftFeed = /^\/studio\/drafts\/([a-z0-9-]+)\/(feed(?:\/(?:upload|mapping))?\/?|upload)$/.exec(pathname);
  if (draftFeed) return `/_studio/drafts/${draftFeed[1]}/${draftFeed[2].replace(/\/$/, "")}`;
  // Drafts and templates: /studio/{drafts|templates}/{name}[/check|/save|/theme] → /_studio/{drafts|templates}/{name}[/…].
  const other = /^\/studio\/(drafts|templates)\/([a-z0-9-]+)(?:\/(check|save|theme))?\/?$/.exec(pathname);
  if (other) return `/_studio/${other[1]}/${other[2]}${other[3] ? `/${other[3]}` : ""}`;
  // A dealer's stock feed screen and its form posts: /studio/{dealer}/feed[/upload|/mapping] → /_studio/feeds/{dealer}[/…].
  const feed = /^\/studio\/([a-z0-9-]+)\/feed(?:\/(upload|mapping))?\/?$/.exec(pathname);
  if (feed) return `/_studio/feeds/${feed[1]}${feed[2] ? `/${feed[2]}` : ""}`;
  const m = /^\/studio\/([a-z0-9-]+)(?:\/(check|save|history|rollback|upload|theme))?\/?$/.exec(pathname);
  if (!m) return null;
  return m[2] ? `/_studio/${m[2]}/${m[1]}` : `/_studio/site/${m[1]}`;
}

/** True for a request that names the internal studio route itself (`_studio` in any spelling): 404 from outside. */
export function isStudioInternalPath(pathname: string): boolean {
  const first = pathname.split("/").find((s) => s !== "");
  if (first === undefined) return false;
  let segment = first;
  for (let i = 0; i < 3; i++) {
    try {
      segment = decodeURIComponent(segment);
    } catch {
      break;
    }
  }
  return segment.toLowerCase() === "_studio";
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const PAGE_HEAD = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Studio: sign in</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1c20}input,button{font:inherit;min-height:2rem}[role=alert]{color:#a4161a}a{color:#0b4f9c}</style></head><body><main><h1>Studio</h1>`;

/** Which input a problem is about (marked invalid and described by the alert). */
export type SignInField = "email" | "code" | "secret";

const alertOf = (problem?: string) => (problem ? `<p role="alert" id="sign-in-problem"><strong>${escapeHtml(problem)}</strong></p>` : "");
const describedIf = (on: boolean) => (on ? ` aria-describedby="sign-in-problem" aria-invalid="true"` : "");

/**
 * The studio's sign-in page (answered with 401 for a studio path without a session), with what went
 * wrong, if anything: the email form for staff codes where the mode offers them, the first-run
 * link's instructions (mode "link") and the legacy secret form (mode "secret").
 */
export function studioSignInPage(problem?: string, mode?: StudioMode, field?: SignInField, env: Env = process.env): string {
  const parts: string[] = [alertOf(problem)];
  const codes = mode ? offersStaffCodes(mode, env) : false;
  if (codes)
    parts.push(
      `<h2>Staff sign-in</h2><p>Enter the email address of your staff account and we will email you a 6-digit code.</p><form method="post" action="/studio/sign-in"><input type="hidden" name="action" value="email"><label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="email" required${describedIf(field === "email")}> <button type="submit">Email me a code</button></form>`,
    );
  if (mode?.kind === "link")
    parts.push(
      `<h2>First run on this machine</h2><p>This studio also opens with the one-time sign-in link that <code>npm start</code> printed when the server started. The link is also in the <a href="/inbox">local inbox</a>, where staff sign-in codes arrive too.</p><p>A used or expired link opens nothing: restart <code>npm start</code> for a new one.</p>`,
    );
  if (mode?.kind === "secret" || !mode)
    parts.push(
      `${codes ? "<h2>Studio secret (legacy)</h2>" : ""}<p>Enter the studio secret (STUDIO_SECRET on the server; without it a production server keeps the studio closed).</p><form method="post" action="/studio/sign-in"><label for="secret">Studio secret</label> <input id="secret" name="secret" type="password" autocomplete="current-password" required${describedIf(Boolean(problem) && (field === "secret" || field === undefined))}> <button type="submit">Open the studio</button></form>`,
    );
  return `${PAGE_HEAD}${parts.join("")}</main></body></html>`;
}

/** The second step of a staff sign-in: the code. Says the same whether or not the address has an account. */
export function studioCodePage(problem?: string): string {
  return `${PAGE_HEAD}${alertOf(problem)}<p>If that email address belongs to a staff account, we have sent it a 6-digit code. It works once, within 10 minutes.</p><form method="post" action="/studio/sign-in"><input type="hidden" name="action" value="code"><label for="code">Code</label> <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required${describedIf(Boolean(problem))}> <button type="submit">Sign in</button></form><p><a href="/studio/sign-in">Use another email address or ask for a new code</a></p></main></body></html>`;
}
