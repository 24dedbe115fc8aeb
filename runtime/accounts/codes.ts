/**
 * One-time sign-in codes: 6 digits, valid for CODE_TTL_MS, consumed by the first right answer,
 * refused after MAX_ATTEMPTS wrong ones. Only a hash is stored (a database dump shows no live
 * code); the attempt cap and the rate limits (rate-limit.ts) are what make 6 digits enough.
 *
 * Written here rather than taken from an authentication library: see docs/architecture.md
 * (Shopper accounts) for why accounts are per dealer and the libraries assume global identities.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/types";
import type { Channel } from "./recipient";

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 5;

function hashCode(id: string, code: string): string {
  return createHash("sha256").update(`${id}:${code}`).digest("hex");
}

export interface IssuedCode {
  id: string;
  code: string;
  expiresAt: Date;
}

export async function issueCode(db: Queryable, dealer: string, channel: Channel, recipient: string, now = new Date()): Promise<IssuedCode> {
  const id = randomBytes(18).toString("base64url");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await db.query("INSERT INTO account_codes (id, dealer_slug, channel, recipient, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)", [
    id,
    dealer,
    channel,
    recipient,
    hashCode(id, code),
    expiresAt.toISOString(),
    now.toISOString(),
  ]);
  return { id, code, expiresAt };
}

export type CodeCheck = { ok: true; channel: Channel; recipient: string } | { ok: false; reason: "unknown" | "expired" | "used" | "wrong" | "locked" };

/** Checks a code against the pending code `id` of this dealer; the right code is consumed atomically (works once). */
export async function verifyCode(db: Queryable, dealer: string, id: string, code: string, now = new Date()): Promise<CodeCheck> {
  const rows = await db.query<{ channel: Channel; recipient: string; code_hash: string; attempts: number; expires_at: Date | string; consumed_at: unknown }>(
    "SELECT channel, recipient, code_hash, attempts, expires_at, consumed_at FROM account_codes WHERE id = $1 AND dealer_slug = $2",
    [id, dealer],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: "unknown" };
  if (row.consumed_at) return { ok: false, reason: "used" };
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  if (row.attempts >= MAX_ATTEMPTS) return { ok: false, reason: "locked" };
  const given = Buffer.from(hashCode(id, code.trim()));
  const expected = Buffer.from(row.code_hash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await db.query("UPDATE account_codes SET attempts = attempts + 1 WHERE id = $1", [id]);
    return { ok: false, reason: row.attempts + 1 >= MAX_ATTEMPTS ? "locked" : "wrong" };
  }
  // Only one of two simultaneous right answers gets the row back.
  const consumed = await db.query("UPDATE account_codes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING id", [id, now.toISOString()]);
  if (consumed.length === 0) return { ok: false, reason: "used" };
  return { ok: true, channel: row.channel, recipient: row.recipient };
}

/** Drops codes that expired a day ago or more (called now and then; they are useless after expiry). */
export async function sweepCodes(db: Queryable, now = new Date()): Promise<void> {
  await db.query("DELETE FROM account_codes WHERE expires_at < $1", [new Date(now.getTime() - 86_400_000).toISOString()]);
}
