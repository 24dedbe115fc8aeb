/**
 * The local inbox: the stand-in for the email and SMS providers on a machine that has none.
 *
 * When the local stand-ins are on (`AUTH_LOCAL_OUTBOX=on`, which `npm start` sets, or any server
 * outside production) and a channel has no provider, the messages a shopper would get (sign-in
 * codes, reservation and payment confirmations) are stored in the `local_inbox` table instead of
 * being sent, and the directory host lists them at /inbox, marked as not sent. The table is in the
 * platform's database, so every process of a deployment shares it.
 *
 * The inbox page opens only when no real provider is configured at all: a deployment that sends
 * real email or SMS never shows stored messages, whatever else it sets.
 */
import type { Queryable } from "../db/types";
import type { Channel } from "./recipient";
import type { ShopperMessage } from "./delivery";

type Env = Record<string, string | undefined>;

/** Whether the local stand-in may take a channel's messages: outside production, or with AUTH_LOCAL_OUTBOX=on; never with AUTH_LOCAL_OUTBOX=off. */
export function outboxAllowed(env: Env = process.env): boolean {
  return env.AUTH_LOCAL_OUTBOX === "on" || (env.NODE_ENV !== "production" && env.AUTH_LOCAL_OUTBOX !== "off");
}

/** Whether any real message provider is configured (SMTP for email, Twilio for SMS). */
export function realProviderConfigured(env: Env = process.env): boolean {
  return Boolean(env.SMTP_URL) || env.SMS_PROVIDER === "twilio";
}

/** Whether /inbox on the directory host lists the stored messages. */
export function localInboxOpen(env: Env = process.env): boolean {
  return outboxAllowed(env) && !realProviderConfigured(env);
}

/** What the inbox keeps is exactly what would have been sent. */
export type InboxMessage = ShopperMessage;

export interface StoredInboxMessage extends InboxMessage {
  id: string;
  at: Date;
}

/** How many messages the inbox keeps: older ones are dropped as new ones arrive. */
export const INBOX_KEEP = 500;

/** Stores one message (and drops those beyond the newest INBOX_KEEP). */
export async function storeInboxMessage(db: Queryable, m: InboxMessage): Promise<void> {
  await db.query(`INSERT INTO local_inbox (dealer_slug, channel, recipient, subject, body, code) VALUES ($1, $2, $3, $4, $5, $6)`, [
    m.dealer,
    m.channel,
    m.to,
    m.subject,
    m.text,
    m.code ?? null,
  ]);
  await db.query(`DELETE FROM local_inbox WHERE id <= (SELECT id FROM local_inbox ORDER BY id DESC OFFSET $1 LIMIT 1)`, [INBOX_KEEP]);
}

interface InboxRow {
  id: string | number;
  dealer_slug: string;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  created_at: Date | string;
}

/** The newest messages first, optionally only those to one recipient (as stored: a lower-case email, a mobile without spaces). */
export async function listInboxMessages(db: Queryable, filter: { to?: string; limit?: number } = {}): Promise<StoredInboxMessage[]> {
  const params: unknown[] = [Math.min(Math.max(1, filter.limit ?? 50), INBOX_KEEP)];
  const where = filter.to ? `WHERE recipient = $${params.push(filter.to)}` : "";
  const rows = await db.query<InboxRow>(
    `SELECT id, dealer_slug, channel, recipient, subject, body, code, created_at FROM local_inbox ${where} ORDER BY id DESC LIMIT $1`,
    params,
  );
  return rows.map((r) => ({
    id: String(r.id),
    dealer: r.dealer_slug,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    ...(r.code ? { code: r.code } : {}),
    at: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  }));
}
