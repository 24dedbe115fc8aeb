import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { DealerManifest } from "../generated/types";
import { getDb } from "../db";
import { gateFor } from "./gating";
import { signInHref } from "./kinds";
import { PENDING_COOKIE, SESSION_COOKIE, sessionUser } from "./sessions";
import { accountSettings } from "./settings";
import type { AccountUser } from "./users";
import { maskRecipient } from "./recipient";

type SearchParams = Record<string, string | string[] | undefined>;

/** The signed-in shopper of this dealer for the current request, or null. */
export async function currentAccount(dealer: string): Promise<AccountUser | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return sessionUser(await getDb(), dealer, token);
}

/** The pending sign-in code id (the code form is showing), or null. */
export async function pendingCodeId(): Promise<string | null> {
  return (await cookies()).get(PENDING_COOKIE)?.value ?? null;
}

function pathWithQuery(pathname: string, searchParams: SearchParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(searchParams)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) q.append(k, one);
  const s = q.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/**
 * Gated routes: a signed-out visitor is sent to the
 * sign-in route of the route's kind (a server redirect, so it works without JavaScript) and comes
 * back to the same path and query after.
 */
export async function enforceGate(manifest: DealerManifest, pathname: string, searchParams: SearchParams): Promise<void> {
  const kind = gateFor(accountSettings(manifest), pathname, searchParams);
  if (!kind) return;
  if (await currentAccount(manifest.slug)) return;
  redirect(signInHref(kind, pathWithQuery(pathname, searchParams), "/"));
}

/** Where the pending code went, masked ("04•• ••• 678"), or null when there is no live pending code. */
export async function pendingHint(dealer: string): Promise<string | null> {
  const id = await pendingCodeId();
  if (!id) return null;
  const db = await getDb();
  const rows = await db.query<{ channel: "email" | "sms"; recipient: string }>(
    "SELECT channel, recipient FROM account_codes WHERE id = $1 AND dealer_slug = $2 AND consumed_at IS NULL AND expires_at > now()",
    [id, dealer],
  );
  return rows[0] ? maskRecipient(rows[0].channel, rows[0].recipient) : null;
}
