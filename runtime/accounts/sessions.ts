/**
 * Sessions: a random 32-byte token in an HttpOnly, SameSite=Lax cookie (Secure over https), only
 * its SHA-256 in the database, bound to the dealer whose host issued it. The cookie has no Domain
 * attribute, so the browser sends it to that host only; the dealer check is the second wall.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../db/types";
import { userById, type AccountUser } from "./users";

export const SESSION_COOKIE = "dp_session";
/** The pending sign-in (which code the next form answers): short-lived, HttpOnly, names the code row only. */
export const PENDING_COOKIE = "dp_signin";
export const SESSION_TTL_MS = 30 * 86_400_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(db: Queryable, user: AccountUser, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.query("INSERT INTO account_sessions (token_hash, dealer_slug, user_id, expires_at) VALUES ($1, $2, $3, $4)", [
    hashToken(token),
    user.dealerSlug,
    user.id,
    expiresAt.toISOString(),
  ]);
  return { token, expiresAt };
}

/** The user of a session token on this dealer, or null (unknown, expired, or another dealer's). */
export async function sessionUser(db: Queryable, dealer: string, token: string | undefined, now = new Date()): Promise<AccountUser | null> {
  if (!token || token.length > 100) return null;
  const rows = await db.query<{ user_id: string }>("SELECT user_id FROM account_sessions WHERE token_hash = $1 AND dealer_slug = $2 AND expires_at > $3", [
    hashToken(token),
    dealer,
    now.toISOString(),
  ]);
  return rows[0] ? userById(db, dealer, rows[0].user_id) : null;
}

export async function endSession(db: Queryable, token: string | undefined): Promise<void> {
  if (token) await db.query("DELETE FROM account_sessions WHERE token_hash = $1", [hashToken(token)]);
}
