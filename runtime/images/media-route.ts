import "server-only";
import type { ApiContext } from "../http/api-route";
import type { Tenant } from "../tenant";
import { getBlobStore, isBlobKey } from "../blobs";

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain", "cache-control": "no-store" } });

/** Picture types served from the blob store; anything else stored there is not served here. */
const SERVED = new Set(["image/png", "image/jpeg", "image/webp", "image/svg+xml", "image/gif", "image/avif", "image/x-icon"]);

/** A path segment decoded, or null for one that is not valid percent-encoding ("%ZZ"): no such picture. */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * GET /api/media/{key}: an uploaded picture from the shared blob store (runtime/blobs), the same on
 * every process. A dealer's site (and its previews) serves its own pictures (`dealers/{slug}/…`);
 * the directory host, where the studio shows them, serves any. Keys hold the content's hash, so a
 * picture is cached for a year; an SVG is served with a policy that lets nothing in it run.
 */
export async function mediaResponse(ctx: ApiContext<undefined, { key: string[] }, Tenant>): Promise<Response> {
  const parts = ctx.params.key.map(decodedSegment);
  if (parts.includes(null)) return notFound();
  const key = parts.join("/");
  if (!isBlobKey(key)) return notFound();
  if (ctx.tenant.kind === "site" ? !key.startsWith(`dealers/${ctx.tenant.slug}/`) : ctx.tenant.kind !== "directory") return notFound();
  const etagAsked = ctx.request.headers.get("if-none-match");
  const store = await getBlobStore();
  const blob = await store.get(key);
  if (!blob || !SERVED.has(blob.contentType)) return notFound();
  const headers: Record<string, string> = {
    "content-type": blob.contentType,
    "cache-control": "public, max-age=31536000, immutable",
    etag: `"${blob.etag}"`,
    "x-content-type-options": "nosniff",
    ...(blob.contentType === "image/svg+xml" ? { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" } : {}),
  };
  if (etagAsked && etagAsked.replace(/^W\//, "") === headers.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(blob.body.buffer as ArrayBuffer, blob.body.byteOffset, blob.body.byteLength), { headers });
}
