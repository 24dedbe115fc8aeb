import type { NextRequest } from "next/server";
import { resolveTenant } from "@/runtime/tenant";
import { gateContext, runGates, toResponse } from "@/runtime/proxy/run";
import { previewGate } from "@/runtime/proxy/preview-guard";

/**
 * Runs before every page and API route (Node runtime). The host picks the dealer
 * (runtime/tenant.ts); then the gates in runtime/proxy/gates.ts decide, in order: the internal
 * paths' 404, the unknown host's 404 (never another dealer), drafts, the unavailable dealer's 503,
 * the directory host and its studio, previews, and a dealer's pages (CSP sources, paint-first,
 * the rewrite of cacheable pages to the cached route). A draft's preview host first answers only
 * a studio editor of the draft (runtime/proxy/preview-guard.ts, the one check that reads the database).
 */
export async function proxy(request: NextRequest) {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const context = gateContext(request, host, resolveTenant(host));
  return toResponse((await previewGate(context)) ?? runGates(context), request.url);
}

export const config = {
  matcher: [
    // Static build assets and files in public/ (anything with an extension except robots.txt and sitemap.xml) skip the proxy.
    "/((?!_next/static|_next/image|.*\\.(?:svg|png|jpg|jpeg|webp|avif|ico|css|js|woff2?)$).*)",
    // ...but the APIs always do (the vehicle images end like pictures): they answer on dealer hosts only.
    "/api/:path*",
    // ...but the internal cached route never does, whatever its last segment looks like.
    "/_cached/:path*",
    "/%5Fcached/:path*",
    "/%5fcached/:path*",
  ],
};
