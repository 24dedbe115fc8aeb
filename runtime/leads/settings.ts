/**
 * The manifest's `forms` section with the schema's defaults filled in (resolveFormsSettings), and
 * the dealer's lead destinations with `${LEADS_NAME:-default}` substitution.
 */
import type {
  DealerManifest,
  FormsSettings,
  ResolvedFormsSettings,
  ResolvedDealerLeadDestination,
  DealerLeadDestination as WrittenDestination,
} from "../generated/types";
import { validateFormsSettings } from "../generated/validate-forms-settings.js";

/** Environment variables (process.env by default; tests pass their own). */
export type Env = Record<string, string | undefined>;

/** One of the dealer's destinations as written in its manifest, with the schema's defaults (format, timeout) filled in. */
export type DealerDestination = ResolvedDealerLeadDestination;
/** A signed webhook: each lead POSTed to its URL, signed with the secret named by secretEnv. */
export type WebhookDestination = DealerDestination & { url: string; secretEnv: string; email?: undefined };
/** An email address: each lead sent as a plain email through the platform's message adapter. */
export type EmailDestination = DealerDestination & { email: string; url?: undefined; secretEnv?: undefined };

/** Whether a destination is an email address (the schema allows an email or a url and secretEnv, never both). */
export function isEmailDestination(d: { email?: unknown }): d is EmailDestination {
  return typeof d.email === "string";
}
export type { ResolvedFormsSettings };

/** Only LEADS_* variables may be read by a manifest: a manifest must not be able to send other secrets anywhere. */
export const LEADS_ENV_NAME = /^LEADS_[A-Z0-9_]+$/;

const resolved = new WeakMap<object, ResolvedFormsSettings>();

/**
 * The section with every default of the schema filled in, by the section's generated validator. A
 * loaded manifest already has them; a section built by hand (a test, a script, a stored copy) gets
 * the very same values here. Throws when the section breaks the schema (a loaded manifest never does).
 */
export function resolveFormsSettings(section: FormsSettings | undefined | null): ResolvedFormsSettings {
  const key = section ?? EMPTY;
  let out = resolved.get(key);
  if (!out) {
    const copy = structuredClone(key);
    if (!validateFormsSettings(copy)) {
      const e = validateFormsSettings.errors?.[0];
      throw new Error(`forms${e?.instancePath ? e.instancePath.replace(/\//g, ".") : ""} ${e?.message ?? "is invalid"}`);
    }
    out = copy as ResolvedFormsSettings;
    resolved.set(key, out);
  }
  return out;
}
const EMPTY: FormsSettings = Object.freeze({});

/** The dealer's forms settings (an absent section is all defaults). */
export function formsSettings(manifest: Pick<DealerManifest, "forms"> | undefined | null): ResolvedFormsSettings {
  return resolveFormsSettings(manifest?.forms);
}

/** One destination as written in a manifest (or stored with a delivery), with its defaults filled in. */
export function resolveDestination(written: WrittenDestination): DealerDestination {
  return resolveFormsSettings({ destinations: [written] }).destinations[0]!;
}

/** The ids of the platform's fallback destinations: a webhook, or the local inbox. */
export const FALLBACK_WEBHOOK_ID = "platform";
export const FALLBACK_INBOX_ID = "platform-inbox";

/** The local inbox (runtime/accounts/local-inbox.ts) as a lead's destination: a lead with nowhere else to go is kept there for staff to read. */
export interface InboxDestination {
  id: typeof FALLBACK_INBOX_ID;
  type: "local-inbox";
  categories?: undefined;
}

/** Where a lead may be delivered: one of the dealer's webhooks or email addresses, or a platform fallback. */
export type LeadDestination = DealerDestination | InboxDestination;

/** Whether the local inbox takes a lead no dealer destination takes: LEADS_FALLBACK_INBOX=on, or the local stand-ins are on (npm start) and it is not off. */
export function inboxFallbackOn(env: Env = process.env): boolean {
  return env.LEADS_FALLBACK_INBOX === "on" || (env.LEADS_FALLBACK_INBOX !== "off" && env.AUTH_LOCAL_OUTBOX === "on");
}

/**
 * The platform-wide fallback destination, used for a dealer whose manifest names none, so a
 * shopper's enquiry always reaches someone: LEADS_FALLBACK_WEBHOOK_URL (signed with
 * LEADS_FALLBACK_WEBHOOK_SECRET) when set, else the local inbox when it is on (npm start), else none.
 */
export function fallbackDestination(env: Env = process.env): LeadDestination | null {
  if (env.LEADS_FALLBACK_WEBHOOK_URL)
    return resolveDestination({
      type: "webhook",
      id: FALLBACK_WEBHOOK_ID,
      url: "${LEADS_FALLBACK_WEBHOOK_URL}",
      secretEnv: "LEADS_FALLBACK_WEBHOOK_SECRET",
      format: env.LEADS_FALLBACK_WEBHOOK_FORMAT === "adf" ? "adf" : "json",
    });
  return inboxFallbackOn(env) ? { id: FALLBACK_INBOX_ID, type: "local-inbox" } : null;
}

/**
 * The destinations a lead of this category goes to: the dealer's own that name it or name none (one that takes only
 * what no other names, `unclaimedOnly`, is left out when another names it); else the platform's fallback.
 */
export function destinationsFor(manifest: DealerManifest | undefined | null, category: string, env: Env = process.env): LeadDestination[] {
  const all: readonly DealerDestination[] = formsSettings(manifest).destinations;
  if (!all.length) return [fallbackDestination(env)].filter((d): d is LeadDestination => d !== null);
  const named = all.some((d) => d.categories?.includes(category));
  return all.filter((d) => (d.categories?.length ? d.categories.includes(category) : !(d.unclaimedOnly && named)));
}

/**
 * Whether a complete lead of this dealer reaches anyone: a destination of its own, or the
 * platform's fallback. When neither exists the lead is still stored (and listed for staff as gone
 * nowhere), but the shopper must not be told it was sent (`receivedNotSentMessage`).
 */
export function leadsReachSomeone(manifest: Pick<DealerManifest, "forms"> | undefined | null, env: Env = process.env): boolean {
  return formsSettings(manifest).destinations.length > 0 || fallbackDestination(env) !== null;
}

export type Expanded = { ok: true; value: string } | { ok: false; error: string };

/** Replaces `${LEADS_NAME}` and `${LEADS_NAME:-default}`; an unset variable without a default is an error. */
export function expandEnv(template: string, env: Env = process.env): Expanded {
  let error: string | null = null;
  const value = template.replace(/\$\{([A-Za-z0-9_]+)(?::-([^}]*))?\}/g, (_m, name: string, fallback: string | undefined) => {
    if (!LEADS_ENV_NAME.test(name)) {
      error ??= `only LEADS_* variables may be used in a destination URL (found ${name})`;
      return "";
    }
    const v = env[name];
    if (v !== undefined && v !== "") return v;
    if (fallback !== undefined) return fallback;
    error ??= `${name} is not set`;
    return "";
  });
  return error ? { ok: false, error } : { ok: true, value };
}

/** The destination's URL, checked to be http(s). */
export function destinationUrl(d: WebhookDestination, env: Env = process.env): Expanded {
  const r = expandEnv(d.url, env);
  if (!r.ok) return r;
  try {
    const u = new URL(r.value);
    if (u.protocol !== "http:" && u.protocol !== "https:") return { ok: false, error: `destination ${d.id}: not an http(s) URL` };
    return { ok: true, value: u.toString() };
  } catch {
    return { ok: false, error: `destination ${d.id}: invalid URL` };
  }
}

export function destinationSecret(d: WebhookDestination, env: Env = process.env): Expanded {
  if (!LEADS_ENV_NAME.test(d.secretEnv)) return { ok: false, error: `destination ${d.id}: secretEnv must be a LEADS_* variable` };
  const v = env[d.secretEnv];
  return v ? { ok: true, value: v } : { ok: false, error: `${d.secretEnv} is not set (the HMAC secret of destination ${d.id})` };
}
