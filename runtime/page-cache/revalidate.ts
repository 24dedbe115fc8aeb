import { timingSafeEqual } from "node:crypto";
import { revalidateTag } from "next/cache";
import { carTag, dealerTag } from "./tags";
import { refreshSiteStore } from "@/runtime/manifest/store";
import { forgetServedPages } from "@/runtime/http/server-bridge.mjs";
import { fleetBus, processId } from "@/runtime/fleet/bus";
import { apiError, json, type AnyHostRouteSpec, type ApiContext, type BodyCheck } from "@/runtime/http/api-route";
import type { Tenant } from "@/runtime/tenant";

/**
 * POST /api/revalidate with `Authorization: Bearer $MANIFEST_REVALIDATE_SECRET` looks for
 * changed manifests at once and answers when they are live (the store's watcher otherwise
 * notices within moments). Without the secret configured the endpoint is off.
 *
 * An optional JSON body `{ "site": "<dealer slug>", "car": "<car slug>" }` also expires that
 * car's cached data and, through the same tags, its cached page (runtime/page-cache: Next marks
 * an ISR page with the tags of the unstable_cache entries it read); `{ "site": … }` alone expires
 * every car of the dealer. For a stock feed that changes a car without touching .data/stock.
 *
 * Behind several server processes the call reaches one of them; it announces the expiry on the
 * change bus and every other process expires the same tag (fleet-relay.ts), so nobody has to call
 * each process's address.
 */
const SLUG = /^[a-z0-9][a-z0-9-]{0,200}$/;

/** Marks a process's relay of an expiry another process announced: expired here, not announced again. */
export const RELAY_HEADER = "x-fleet-relay";

export type RevalidateTarget = { site: string; car?: string } | null;

export const REVALIDATE_BODY_MESSAGE = 'body must be empty or {"site": "<slug>", "car"?: "<slug>"}';

/** The route's body check (read as text: an empty body is allowed and means every site's manifests only). */
export function revalidateTarget(raw: unknown): BodyCheck<RevalidateTarget> {
  const text = String(raw ?? "").trim();
  if (!text) return { ok: true, value: null };
  const invalid = (field: string): BodyCheck<RevalidateTarget> => ({
    ok: false,
    message: REVALIDATE_BODY_MESSAGE,
    errors: [{ field, message: field ? "Must be a slug: lower-case letters, digits and hyphens." : REVALIDATE_BODY_MESSAGE }],
  });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return invalid("");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return invalid("");
  const { site, car } = body as { site?: unknown; car?: unknown };
  if (typeof site !== "string" || !SLUG.test(site)) return invalid("site");
  if (car !== undefined && (typeof car !== "string" || !SLUG.test(car))) return invalid("car");
  return { ok: true, value: { site, ...(typeof car === "string" ? { car } : {}) } };
}

export async function handleRevalidate(ctx: ApiContext<RevalidateTarget, Record<string, never>, Tenant>): Promise<Response> {
  const secret = process.env.MANIFEST_REVALIDATE_SECRET;
  if (!secret) return apiError(404, "revalidation is not configured");
  const given = (ctx.request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return apiError(401, "invalid secret");
  const target = ctx.body;
  const store = await refreshSiteStore();
  let expired: string | undefined;
  if (target) {
    expired = target.car ? carTag(target.site, target.car) : dealerTag(target.site);
    // expire: 0: the next request renders afresh instead of being served the stale page once more.
    revalidateTag(expired, { expire: 0 });
    // The server's own store of finished pages (runtime/page-cache/served-pages.mjs) forgets the
    // dealer's too; the store shared by every process (REDIS_URL) only here, where the expiry began.
    const relayed = ctx.request.headers.get(RELAY_HEADER) === "1";
    forgetServedPages(target.site, !relayed);
    if (!relayed) {
      try {
        await fleetBus().announce({ type: "revalidate", ...target, from: processId() });
      } catch (error) {
        // Expired here; the other processes' pages still expire within their 60 s window.
        console.error(`[revalidate] could not tell the other server processes: ${(error as Error).message}`);
      }
    }
  }
  return json(200, { sites: store.sites.map((s) => ({ slug: s.slug, status: s.status })), ...(expired ? { expired } : {}) });
}

/** POST /api/revalidate: called by the feed importer and publishing tools (a bearer secret), on any host. */
export const REVALIDATE_ROUTE: AnyHostRouteSpec<RevalidateTarget, Record<string, never>> = {
  name: "revalidate",
  limit: "revalidate",
  stateChanging: true,
  anyHost: true,
  body: "text",
  check: revalidateTarget,
  handle: handleRevalidate,
};
