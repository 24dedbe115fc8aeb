/**
 * How sign-in codes reach the shopper. By configuration:
 *  - email: SMTP through nodemailer when SMTP_URL is set (SMTP_FROM the sender);
 *  - sms: Twilio's REST API when SMS_PROVIDER=twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_FROM);
 *  - otherwise the local outbox: each message a JSON file under AUTH_OUTBOX_DIR (default
 *    .data/outbox/{dealer}/), readable by tests and by whoever runs the server on a fresh machine.
 * The outbox is used outside production, or in production only with AUTH_LOCAL_OUTBOX=on (the
 * browser tests set it): a production server with neither a provider nor that opt-in offers no
 * sign-in on the channel, rather than leaving codes in a readable place.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Channel } from "./recipient";

type Env = Record<string, string | undefined>;
export type Transport = "smtp" | "twilio" | "outbox";

export function outboxAllowed(env: Env = process.env): boolean {
  return env.AUTH_LOCAL_OUTBOX === "on" || (env.NODE_ENV !== "production" && env.AUTH_LOCAL_OUTBOX !== "off");
}

/** The transport of each channel, null when the channel is not offered. */
export function transports(env: Env = process.env): Record<Channel, Transport | null> {
  const outbox = outboxAllowed(env) ? "outbox" : null;
  return {
    email: env.SMTP_URL ? "smtp" : outbox,
    sms: env.SMS_PROVIDER === "twilio" && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.SMS_FROM ? "twilio" : outbox,
  };
}

export function outboxDir(env: Env = process.env): string {
  return env.AUTH_OUTBOX_DIR ? path.resolve(env.AUTH_OUTBOX_DIR) : path.join(process.cwd(), ".data", "outbox");
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
export async function sendCode(m: CodeMessage, env: Env = process.env): Promise<void> {
  await sendMessage(
    { dealer: m.dealer, channel: m.channel, to: m.to, subject: `Your ${m.siteName} sign-in code`, text: text(m), extra: { code: m.code } },
    env,
  );
}

export interface ShopperMessage {
  dealer: string;
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  /** Extra fields written to an outbox file only (tests read a code from it). */
  extra?: Record<string, string>;
}

/** Sends one message to a shopper by the channel's transport (sign-in codes, reservation confirmations); throws when it fails. */
export async function sendMessage(m: ShopperMessage, env: Env = process.env): Promise<void> {
  const transport = transports(env)[m.channel];
  if (transport === "outbox") {
    const dir = path.join(outboxDir(env), m.dealer.replace(/[^a-z0-9-]/g, ""));
    mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true });
    const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString("hex")}.json`);
    const message = { channel: m.channel, to: m.to, subject: m.subject, text: m.text, ...m.extra, at: new Date().toISOString() };
    writeFileSync(/*turbopackIgnore: true*/ file, JSON.stringify(message, null, 2), { mode: 0o600 });
    return;
  }
  if (transport === "smtp") {
    const nodemailer = await import("nodemailer");
    const mailer = nodemailer.createTransport(env.SMTP_URL!);
    await mailer.sendMail({ from: env.SMTP_FROM ?? `no-reply@${m.dealer}.invalid`, to: m.to, subject: m.subject, text: m.text });
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
