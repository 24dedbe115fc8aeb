/**
 * Who may open the studio: only on the directory host (proxy.ts never routes /studio on
 * a dealer's host), and when `STUDIO_SECRET` is set (production), only with that secret in the
 * `studio-secret` cookie (set by the sign-in form at /studio) or the `x-studio-secret` header.
 * Compared in constant time (SHA-256 of both, then timingSafeEqual, so lengths leak nothing).
 * Without STUDIO_SECRET the studio is open in development and tests, and closed in a production
 * build (it writes manifests: fail closed when the secret was forgotten).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { parse as parseCookies } from "cookie";

export const STUDIO_COOKIE = "studio-secret";
export const STUDIO_HEADER = "x-studio-secret";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

export function secretMatches(given: string | null | undefined, secret: string): boolean {
  if (!given) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

/** True when the request may use the studio. */
export function studioAllowed(headers: Headers, secret = process.env.STUDIO_SECRET, production = process.env.NODE_ENV === "production"): boolean {
  if (!secret) return !production;
  return secretMatches(headers.get(STUDIO_HEADER), secret) || secretMatches(parseCookies(headers.get("cookie") ?? "")[STUDIO_COOKIE], secret);
}

/**
 * The public studio paths on the directory host and the internal route each is rewritten to
 * (app/%5Fstudio/…): /studio → /_studio, /studio/{dealer} → /_studio/site/{dealer},
 * POST /studio/{dealer}/check and /save → /_studio/{check|save}/{dealer}, POST /studio/sign-in,
 * /studio/drafts/{name} and /studio/templates/{name} (and their /check, /save) → the same under /_studio.
 * Null for any other path.
 */
export function studioTarget(pathname: string): string | null {
  if (pathname === "/studio" || pathname === "/studio/") return "/_studio";
  if (pathname === "/studio/sign-in") return "/_studio/sign-in";
  // Drafts and templates: /studio/{drafts|templates}/{name}[/check|/save] → /_studio/{drafts|templates}/{name}[/check|/save].
  const other = /^\/studio\/(drafts|templates)\/([a-z0-9-]+)(?:\/(check|save))?\/?$/.exec(pathname);
  if (other) return `/_studio/${other[1]}/${other[2]}${other[3] ? `/${other[3]}` : ""}`;
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

/** The page shown for /studio without the secret (401). */
export function studioSignInPage(): string {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Studio: sign in</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1c20}input,button{font:inherit;min-height:2rem}</style></head><body><main><h1>Studio</h1><p>Enter the studio secret (STUDIO_SECRET on the server; without it a production server keeps the studio closed).</p><form method="post" action="/studio/sign-in"><label for="secret">Studio secret</label> <input id="secret" name="secret" type="password" autocomplete="current-password" required> <button type="submit">Open the studio</button></form></main></body></html>`;
}
