/**
 * Who may open the studio: only on the directory host (proxy.ts never routes /studio on a
 * dealer's host), and when `STUDIO_SECRET` is set (production), only with a studio session: the
 * sign-in form (POST /studio/sign-in, limited per client and logged, runtime/studio/sign-in.ts)
 * compares the secret in constant time and issues a random session id in the `studio-session`
 * cookie, kept hashed in the database (sessions.ts). The cookie never holds the secret.
 * Without STUDIO_SECRET the studio is open in development and tests, and closed in a production
 * build (it writes manifests: fail closed when the secret was forgotten); a secret shorter than
 * the rule in secret-rule.mjs keeps it closed too (and scripts/server.mjs refuses to start).
 *
 * This module is what the proxy can decide without the database (`studioMayPass`: a cookie shaped
 * like a session id); the session itself is looked up where the studio's pages and posts run.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { readCookies } from "../http/cookies";
import { studioSecretProblem } from "./secret-rule.mjs";
import { looksLikeStudioSessionId, STUDIO_SESSION_COOKIE } from "./sessions";
import { signInLinkAllowed } from "./sign-in-link";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

export function secretMatches(given: string | null | undefined, secret: string): boolean {
  if (!given) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * How the studio is guarded: open (development without a secret), closed (production without one,
 * or a secret too short), by sign-in with the secret, or (a production server run as `npm start`
 * runs it, without a secret) by the one-time link the server printed at start (sign-in-link.ts).
 */
export type StudioMode = { kind: "open" } | { kind: "closed"; reason: string } | { kind: "secret"; secret: string } | { kind: "link" };

export function studioMode(
  secret = process.env.STUDIO_SECRET,
  production = process.env.NODE_ENV === "production",
  env: Record<string, string | undefined> = process.env,
): StudioMode {
  if (!secret) {
    if (!production) return { kind: "open" };
    return signInLinkAllowed({ ...env, STUDIO_SECRET: secret })
      ? { kind: "link" }
      : { kind: "closed", reason: "The studio is closed: STUDIO_SECRET is not set on the server." };
  }
  const problem = studioSecretProblem(secret);
  return problem ? { kind: "closed", reason: problem } : { kind: "secret", secret };
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
 * POST /studio/{dealer}/check and /save → /_studio/{check|save}/{dealer}, /studio/sign-in,
 * /studio/drafts/{name} and /studio/templates/{name} (and their /check, /save) → the same under /_studio,
 * /studio/{dealer}/feed (and its /upload, /mapping) → /_studio/feeds/{dealer}.
 * Null for any other path.
 */
export function studioTarget(pathname: string): string | null {
  if (pathname === "/studio" || pathname === "/studio/") return "/_studio";
  if (pathname === "/studio/sign-in") return "/_studio/sign-in";
  // Drafts and templates: /studio/{drafts|templates}/{name}[/check|/save] → /_studio/{drafts|templates}/{name}[/check|/save].
  const other = /^\/studio\/(drafts|templates)\/([a-z0-9-]+)(?:\/(check|save))?\/?$/.exec(pathname);
  if (other) return `/_studio/${other[1]}/${other[2]}${other[3] ? `/${other[3]}` : ""}`;
  // A dealer's stock feed screen and its form posts: /studio/{dealer}/feed[/upload|/mapping] → /_studio/feeds/{dealer}[/…].
  const feed = /^\/studio\/([a-z0-9-]+)\/feed(?:\/(upload|mapping))?\/?$/.exec(pathname);
  if (feed) return `/_studio/feeds/${feed[1]}${feed[2] ? `/${feed[2]}` : ""}`;
  const m = /^\/studio\/([a-z0-9-]+)(?:\/(check|save))?\/?$/.exec(pathname);
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

/**
 * The studio's sign-in page (answered with 401 for a studio path without a session), with what went
 * wrong, if anything. With the first-run link (mode "link") there is no secret to enter: the page
 * points at the link the server printed and listed in the local inbox.
 */
export function studioSignInPage(problem?: string, mode?: StudioMode): string {
  const alert = problem ? `<p role="alert" id="sign-in-problem"><strong>${escapeHtml(problem)}</strong></p>` : "";
  if (mode?.kind === "link")
    return `${PAGE_HEAD}${alert}<p>This studio opens with the one-time sign-in link that <code>npm start</code> printed when the server started. The link is also in the <a href="/inbox">local inbox</a>.</p><p>A used or expired link opens nothing: restart <code>npm start</code> for a new one.</p></main></body></html>`;
  const described = problem ? ` aria-describedby="sign-in-problem" aria-invalid="true"` : "";
  return `${PAGE_HEAD}<p>Enter the studio secret (STUDIO_SECRET on the server; without it a production server keeps the studio closed).</p>${alert}<form method="post" action="/studio/sign-in"><label for="secret">Studio secret</label> <input id="secret" name="secret" type="password" autocomplete="current-password" required${described}> <button type="submit">Open the studio</button></form></main></body></html>`;
}
