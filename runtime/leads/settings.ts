/**
 * The manifest's `forms` section (schemas/forms-settings.schema.json) read defensively with its
 * defaults, and the dealer's lead destinations with `${LEADS_NAME:-default}` substitution.
 */
import type { DealerManifest } from "../generated/types";

/** Environment variables (process.env by default; tests pass their own). */
export type Env = Record<string, string | undefined>;

export interface WebhookDestination {
  id: string;
  type: "webhook";
  /** URL template; `${LEADS_X}` / `${LEADS_X:-default}` are replaced from the environment at delivery time. */
  url: string;
  /** Name of the environment variable holding the HMAC-SHA256 secret (never the secret itself). */
  secretEnv: string;
  format: "json" | "adf";
  /** Only leads of these categories (after remapping) go to this destination; absent means all. */
  categories?: string[];
  timeoutMs?: number;
}

export interface FormsSettings {
  destinations: WebhookDestination[];
  commentsRequired: boolean;
  categories: string[];
  defaultCategory: string;
}

const ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** Only LEADS_* variables may be read by a manifest: a manifest must not be able to send other secrets anywhere. */
export const LEADS_ENV_NAME = /^LEADS_[A-Z0-9_]+$/;

function asDestination(raw: unknown): WebhookDestination | null {
  if (typeof raw !== "object" || raw === null) return null;
  const d = raw as Record<string, unknown>;
  if (typeof d.id !== "string" || !ID.test(d.id) || typeof d.url !== "string" || typeof d.secretEnv !== "string") return null;
  if (d.type !== undefined && d.type !== "webhook") return null;
  return {
    id: d.id,
    type: "webhook",
    url: d.url,
    secretEnv: d.secretEnv,
    format: d.format === "adf" ? "adf" : "json",
    ...(Array.isArray(d.categories) ? { categories: d.categories.filter((c): c is string => typeof c === "string") } : {}),
    ...(typeof d.timeoutMs === "number" ? { timeoutMs: d.timeoutMs } : {}),
  };
}

export function formsSettings(manifest: DealerManifest | undefined | null): FormsSettings {
  const raw = ((manifest as { forms?: Record<string, unknown> } | null | undefined)?.forms ?? {}) as Record<string, unknown>;
  const destinations = Array.isArray(raw.destinations) ? raw.destinations.map(asDestination).filter((d): d is WebhookDestination => d !== null) : [];
  return {
    destinations,
    commentsRequired: raw.commentsRequired !== false,
    categories: Array.isArray(raw.categories) ? raw.categories.filter((c): c is string => typeof c === "string") : [],
    defaultCategory: typeof raw.defaultCategory === "string" ? raw.defaultCategory : "General Enquiry",
  };
}

/**
 * The platform-wide fallback destination, used for a dealer whose manifest names none
 * (LEADS_FALLBACK_WEBHOOK_URL, signed with LEADS_FALLBACK_WEBHOOK_SECRET): a lead is never
 * stored without somewhere to go when the platform has one.
 */
export function fallbackDestination(env: Env = process.env): WebhookDestination | null {
  if (!env.LEADS_FALLBACK_WEBHOOK_URL) return null;
  return {
    id: "platform",
    type: "webhook",
    url: "${LEADS_FALLBACK_WEBHOOK_URL}",
    secretEnv: "LEADS_FALLBACK_WEBHOOK_SECRET",
    format: env.LEADS_FALLBACK_WEBHOOK_FORMAT === "adf" ? "adf" : "json",
  };
}

/** The destinations a lead of this category goes to. */
export function destinationsFor(manifest: DealerManifest | undefined | null, category: string, env: Env = process.env): WebhookDestination[] {
  const all = formsSettings(manifest).destinations;
  const list = all.length ? all : [fallbackDestination(env)].filter((d): d is WebhookDestination => d !== null);
  return list.filter((d) => !d.categories?.length || d.categories.includes(category));
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
