/**
 * Studio sessions: signing in issues a random 32-byte id (base64url, 43 characters) that the
 * `studio-session` cookie carries; the database keeps only its SHA-256, with who signed in
 * (`subject`), when, and until when. The cookie never holds the studio secret, a stolen database
 * row opens nothing, and a session ends on its own (or when its row is deleted) without changing
 * the secret. The store knows nothing of how someone proved who they are: the shared secret signs
 * in as the subject "studio-secret", a staff account would sign in as its own id.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../db/types";

export const STUDIO_SESSION_COOKIE = "studio-session";
/** A working day and then some: staff sign in again the next morning. */
export const STUDIO_SESSION_TTL_MS = 12 * 3_600_000;
/** The subject of a session opened with the shared studio secret. */
export const SHARED_SECRET_SUBJECT = "studio-secret";

const ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashId = (id: string) => createHash("sha256").update(id, "utf8").digest("hex");

/** True for a value shaped like a session id (what the proxy can check without the database). */
export function looksLikeStudioSessionId(value: string | null | undefined): value is string {
  return typeof value === "string" && ID_SHAPE.test(value);
}

/**
 * Opens a session for `subject` lasting `ttlMs` (a studio session's 12 hours unless told); the id
 * goes in the cookie (or the one address it is for) and nowhere else. Expired sessions are cleared on the way.
 */
export async function createStudioSession(
  db: Queryable,
  subject: string,
  now = new Date(),
  ttlMs = STUDIO_SESSION_TTL_MS,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.query("DELETE FROM studio_sessions WHERE expires_at <= $1", [now.toISOString()]);
  await db.query("INSERT INTO studio_sessions (id_hash, subject, created_at, expires_at) VALUES ($1, $2, $3, $4)", [
    hashId(id),
    subject,
    now.toISOString(),
    expiresAt.toISOString(),
  ]);
  return { id, expiresAt };
}

/** Who holds this session id, or null (unknown, expired, or not shaped like an id at all). */
export async function studioSessionSubject(db: Queryable, id: string | undefined, now = new Date()): Promise<string | null> {
  if (!looksLikeStudioSessionId(id)) return null;
  const rows = await db.query<{ subject: string }>("SELECT subject FROM studio_sessions WHERE id_hash = $1 AND expires_at > $2", [
    hashId(id),
    now.toISOString(),
  ]);
  return rows[0]?.subject ?? null;
}

/** Ends a session if it is live and `subject`'s, in one statement, saying whether it was (a single-use token). */
export async function takeStudioSession(db: Queryable, id: string | undefined, subject: string, now = new Date()): Promise<boolean> {
  if (!looksLikeStudioSessionId(id)) return false;
  const rows = await db.query<{ subject: string }>("DELETE FROM studio_sessions WHERE id_hash = $1 AND subject = $2 AND expires_at > $3 RETURNING subject", [
    hashId(id),
    subject,
    now.toISOString(),
  ]);
  return rows.length === 1;
}

/** Ends a session (signing out, or a staff account removed). */
export async function endStudioSession(db: Queryable, id: string | undefined): Promise<void> {
  if (looksLikeStudioSessionId(id)) await db.query("DELETE FROM studio_sessions WHERE id_hash = $1", [hashId(id)]);
}
