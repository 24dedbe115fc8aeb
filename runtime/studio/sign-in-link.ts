/**
 * The first-run sign-in link, as notebook servers do it: on a machine started the way `npm start`
 * starts it (one process on the embedded database, the local stand-ins on, no email or SMS
 * provider) and without a STUDIO_SECRET, the server makes a random 32-byte token when it starts,
 * prints `Studio: http://localhost:PORT/studio/sign-in?token=…` and lists the link in the local
 * inbox, which only the person at that machine reads. The token opens one studio session, once,
 * within a day; the database keeps only its SHA-256. Any other deployment never offers a link:
 * with a STUDIO_SECRET it signs in with that, and without one its studio stays closed.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../db/types";
import { realProviderConfigured } from "../accounts/local-inbox";

type Env = Record<string, string | undefined>;

/** A day: long enough to come back to after lunch, short enough that a forgotten link dies. */
export const SIGN_IN_LINK_TTL_MS = 24 * 3_600_000;
/** The subject of a studio session opened with the first-run link. */
export const SIGN_IN_LINK_SUBJECT = "first-run-link";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Whether this process may sign the studio in with a one-time link: no STUDIO_SECRET, a single
 * process (SINGLE_PROCESS=1) with the local stand-ins on (AUTH_LOCAL_OUTBOX=on) and no real
 * message provider, which is exactly how `npm start` runs the production server.
 */
export function signInLinkAllowed(env: Env = process.env): boolean {
  return !env.STUDIO_SECRET && env.SINGLE_PROCESS === "1" && env.AUTH_LOCAL_OUTBOX === "on" && !realProviderConfigured(env);
}

/** The path of the link that carries `token` (on the directory host). */
export const signInLinkPath = (token: string) => `/studio/sign-in?token=${encodeURIComponent(token)}`;

/** Makes a one-time token; the database keeps its hash and expiry, the caller the token itself. */
export async function createSignInLink(db: Queryable, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_TTL_MS);
  await db.query("DELETE FROM studio_sign_in_links WHERE expires_at <= $1", [now.toISOString()]);
  await db.query("INSERT INTO studio_sign_in_links (token_hash, created_at, expires_at) VALUES ($1, $2, $3)", [
    hashToken(token),
    now.toISOString(),
    expiresAt.toISOString(),
  ]);
  return { token, expiresAt };
}

/**
 * Uses the token: true once for a live, unused token (marked used in the same statement, so two
 * requests racing with it cannot both get in), false for anything else.
 */
export async function redeemSignInLink(db: Queryable, token: string | null | undefined, now = new Date()): Promise<boolean> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return false;
  const rows = await db.query<{ token_hash: string }>(
    "UPDATE studio_sign_in_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING token_hash",
    [hashToken(token), now.toISOString()],
  );
  return rows.length === 1;
}

/** Whether the token would still open the studio (for the inbox, which lists it only while it does). */
export async function signInLinkUsable(db: Queryable, token: string, now = new Date()): Promise<boolean> {
  const rows = await db.query<{ token_hash: string }>(
    "SELECT token_hash FROM studio_sign_in_links WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    [hashToken(token), now.toISOString()],
  );
  return rows.length === 1;
}

// The token this process printed, for the local inbox to list. Kept in memory only (the process
// is the only one: the link is offered only with SINGLE_PROCESS=1) under a global key, because
// the start-up hook and the pages are bundled apart and would otherwise hold two copies.
const CURRENT_KEY = Symbol.for("dealer-platform.studio-sign-in-link");
type Holder = { [CURRENT_KEY]?: { token: string; expiresAt: Date } };

export function currentSignInLink(): { token: string; expiresAt: Date } | undefined {
  return (globalThis as Holder)[CURRENT_KEY];
}

/**
 * At start: when the link is allowed, makes one, keeps it for the inbox and prints it. Returns the
 * printed line (or null when no link is offered).
 */
export async function offerSignInLink(db: Queryable, port: number | undefined, env: Env = process.env, now = new Date()): Promise<string | null> {
  // Outside production the studio is open without any sign-in: no link to offer.
  if (env.NODE_ENV !== "production" || !signInLinkAllowed(env)) return null;
  const link = await createSignInLink(db, now);
  (globalThis as Holder)[CURRENT_KEY] = link;
  return `Studio: http://localhost:${port ?? 3000}${signInLinkPath(link.token)} (one-time sign-in link, also in the local inbox at /inbox)`;
}
