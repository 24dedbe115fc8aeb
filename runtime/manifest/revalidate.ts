import { timingSafeEqual } from "node:crypto";
import { getSiteStore, invalidateSiteStore } from "./store";

/**
 * POST /api/revalidate with `Authorization: Bearer $MANIFEST_REVALIDATE_SECRET` re-reads every
 * manifest at once (the file check otherwise notices changes within a second). Without the
 * secret configured the endpoint is off.
 */
export async function handleRevalidate(request: Request): Promise<Response> {
  const secret = process.env.MANIFEST_REVALIDATE_SECRET;
  if (!secret) return Response.json({ message: "revalidation is not configured", status: 404 }, { status: 404 });
  const given = (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return Response.json({ message: "invalid secret", status: 401 }, { status: 401 });
  invalidateSiteStore();
  const store = getSiteStore();
  return Response.json({ sites: store.sites.map((s) => ({ slug: s.slug, status: s.status })) });
}
