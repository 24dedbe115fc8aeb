import { timingSafeEqual } from "node:crypto";
import { revalidateTag } from "next/cache";
import { carTag, dealerTag } from "./tags";
import { refreshSiteStore } from "@/runtime/manifest/store";

/**
 * POST /api/revalidate with `Authorization: Bearer $MANIFEST_REVALIDATE_SECRET` looks for
 * changed manifests at once and answers when they are live (the store's watcher otherwise
 * notices within moments). Without the secret configured the endpoint is off.
 *
 * An optional JSON body `{ "site": "<dealer slug>", "car": "<car slug>" }` also expires that
 * car's cached data and, through the same tags, its cached page (runtime/page-cache: Next marks
 * an ISR page with the tags of the unstable_cache entries it read); `{ "site": … }` alone expires
 * every car of the dealer. For a stock feed that changes a car without touching .data/stock.
 */
const SLUG = /^[a-z0-9][a-z0-9-]{0,200}$/;

export async function handleRevalidate(request: Request): Promise<Response> {
  const secret = process.env.MANIFEST_REVALIDATE_SECRET;
  if (!secret) return Response.json({ message: "revalidation is not configured", status: 404 }, { status: 404 });
  const given = (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return Response.json({ message: "invalid secret", status: 401 }, { status: 401 });
  const target = await readTarget(request);
  if (target === "invalid") return Response.json({ message: 'body must be empty or {"site": "<slug>", "car"?: "<slug>"}', status: 400 }, { status: 400 });
  const store = await refreshSiteStore();
  let expired: string | undefined;
  if (target) {
    expired = target.car ? carTag(target.site, target.car) : dealerTag(target.site);
    // expire: 0: the next request renders afresh instead of being served the stale page once more.
    revalidateTag(expired, { expire: 0 });
  }
  return Response.json({ sites: store.sites.map((s) => ({ slug: s.slug, status: s.status })), ...(expired ? { expired } : {}) });
}

async function readTarget(request: Request): Promise<{ site: string; car?: string } | null | "invalid"> {
  const text = (await request.text().catch(() => "")).trim();
  if (!text) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "invalid";
  }
  if (!body || typeof body !== "object") return "invalid";
  const { site, car } = body as { site?: unknown; car?: unknown };
  if (typeof site !== "string" || !SLUG.test(site)) return "invalid";
  if (car !== undefined && (typeof car !== "string" || !SLUG.test(car))) return "invalid";
  return { site, ...(typeof car === "string" ? { car } : {}) };
}
