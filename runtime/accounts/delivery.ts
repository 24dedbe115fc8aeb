/**
 * How messages reach the shopper (sign-in codes, reservation and payment confirmations). By configuration:
 *  - email: SMTP through nodemailer when SMTP_URL is set (SMTP_FROM the sender);
 *  - sms: Twilio's REST API when SMS_PROVIDER=twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_FROM);
 *  - otherwise the local stand-in: the message is stored in the database's local inbox (not sent),
 *    which the directory host lists at /inbox (local-inbox.ts).
 * The stand-in is used outside production, or in production only with AUTH_LOCAL_OUTBOX=on (`npm
 * start` and the browser tests set it): a production server with neither a provider nor that
 * opt-in offers no sign-in on the channel, rather than keeping codes where someone could read them.
 */
import type { Queryable } from "../db/types";
import type { Channel } from "./recipient";
import { outboxAllowed, storeInboxMessage } from "./local-inbox";

export { outboxAllowed } from "./local-inbox";

type Env = Record<string, string | undefined>;
export type Transport = "smtp" | "twilio" | "outbox";

/** The transport of each channel, null when the channel is not offered. */
export function transports(env: Env = process.env): Record<Channel, Transport | null> {
  const outbox = outboxAllowed(env) ? "outbox" : null;
  return {
    email: env.SMTP_URL ? "smtp" : outbox,
    sms: env.SMS_PROVIDER === "twilio" && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.SMS_FROM ? "twilio" : outbox,
  };
}

export interface CodeMessage {
  dealer: string;
  siteName: string;
  channel: Channel;
  to: string;
  code: string;
}

function text(m: CodeMessage): string {
  return `${m.code} is your ${m.siteName} sign-in code. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
}

/** Sends one code; throws when the transport fails (the caller answers with a generic message, never the recipient). */
export async function sendCode(m: CodeMessage, env: Env = process.env, inbox?: InboxDb): Promise<void> {
  await sendMessage({ dealer: m.dealer, channel: m.channel, to: m.to, subject: `Your ${m.siteName} sign-in code`, text: text(m), code: m.code }, env, inbox);
}

export interface ShopperMessage {
  dealer: string;
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  /** A sign-in code the message carries (the local inbox shows it apart). */
  code?: string;
  /** Where a reply goes (a lead email: the shopper's address). Sent by SMTP only. */
  replyTo?: string;
  /** Files sent with the email (a lead's ADF XML). Sent by SMTP only; the local inbox keeps the text. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** Where the local stand-in stores messages (default the process's database). */
export type InboxDb = () => Promise<Queryable>;

const processDb: InboxDb = async () => (await import("../db/index")).getDb();

/** Sends one message to a shopper by the channel's transport (sign-in codes, reservation confirmations); throws when it fails. */
export async function sendMessage(m: ShopperMessage, env: Env = process.env, inbox: InboxDb = processDb): Promise<void> {
  const transport = transports(env)[m.channel];
  if (transport === "outbox") {
    await storeInboxMessage(await inbox(), m);
    return;
  }
  if (transport === "smtp") {
    const nodemailer = await import("nodemailer");
    const mailer = nodemailer.createTransport(env.SMTP_URL!);
    await mailer.sendMail({
      from: env.SMTP_FROM ?? `no-reply@${m.dealer}.invalid`,
      to: m.to,
      subject: m.subject,
      text: m.text,
      ...(m.replyTo ? { replyTo: m.replyTo } : {}),
      ...(m.attachments?.length ? { attachments: m.attachments } : {}),
    });
    return;
  }
  if (transport === "twilio") {
    const to = m.to.startsWith("0") ? `+61${m.to.slice(1)}` : m.to;
    const res = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(env.TWILIO_ACCOUNT_SID!)}/Messages.json`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ To: to, From: env.SMS_FROM!, Body: m.text }),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    return;
  }
  throw new Error(`messages by ${m.channel} are not configured`);
}
