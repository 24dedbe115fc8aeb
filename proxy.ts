import { NextResponse, type NextRequest } from "next/server";
import { resolveTenant } from "@/runtime/tenant";
import { plainPage } from "@/runtime/render/plain-page";
import { isInternalPath } from "@/runtime/page-cache/internal-path";
import { cachedPageTarget } from "@/runtime/page-cache/cacheable";
import { paintsFirst } from "@/runtime/render/paint-first";
import { resolvePage } from "@/runtime/render/resolve-page";
import { PAINT_FIRST_HEADER } from "@/runtime/http/after-paint-scripts.mjs";
import { draftPreview, previewOrigin } from "@/runtime/manifest/preview";
import { draftProblemsPage } from "@/runtime/render/preview-page";
import { DEALER_CSP_HEADER } from "@/runtime/http/security-headers.mjs";
import { dealerCspSources } from "@/runtime/http/csp-sources";
import { isStudioInternalPath, studioAllowed, studioSignInPage, studioTarget } from "@/runtime/studio/access";

const html = { "content-type": "text/html; charset=utf-8" };

/**
 * Runs before every page and API route. The host picks the dealer; a host that picks none gets
 * 'site not found' (404) and a dealer whose manifest is invalid gets 'site unavailable' (503)
 * while every other dealer keeps working.
 *
 * Cacheable pages (the vehicle page: runtime/page-cache/cacheable.ts) are rewritten to the
 * internal cached route /_cached/{proto}/{host}/{version}/{path}, rendered once and served from
 * Next's ISR cache. That internal path is 404 to any request from outside, on every host.
 */
export function proxy(request: NextRequest) {
  if (isInternalPath(request.nextUrl.pathname) || isStudioInternalPath(request.nextUrl.pathname)) {
    return new NextResponse(plainPage("Page not found", "There is no page at this address."), {
      status: 404,
      headers: { ...html, "cache-control": "no-store" },
    });
  }
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const tenant = resolveTenant(host);
  if (tenant.kind === "unknown") {
    return new NextResponse(plainPage("Site not found", "There is no dealer website at this address."), {
      status: 404,
      headers: { ...html, "cache-control": "no-store" },
    });
  }
  if (tenant.kind === "unavailable" && tenant.preview) {
    // A draft with errors: its preview lists them instead of the site.
    const d = draftPreview(tenant.preview)?.diagnostics;
    const port = request.nextUrl.port;
    return new NextResponse(
      draftProblemsPage(tenant.preview, d?.file ?? tenant.preview, d?.errors ?? [], d?.warnings ?? [], `http://localhost${port ? `:${port}` : ""}/`),
      {
        status: 200,
        headers: { ...html, "cache-control": "no-store", "x-robots-tag": "noindex" },
      },
    );
  }
  if (tenant.kind === "unavailable") {
    return new NextResponse(plainPage("Site unavailable", "This website is temporarily unavailable. Please try again soon."), {
      status: 503,
      headers: { ...html, "retry-after": "60", "cache-control": "no-store" },
    });
  }
  // The directory host's /preview/{draft}/{path} opens the draft's preview on its own host (runtime/manifest/preview.ts).
  const previewPath = tenant.kind === "directory" ? /^\/preview\/([a-z0-9-]+)(\/.*)?$/.exec(request.nextUrl.pathname) : null;
  if (previewPath) {
    const port = (host ?? "").match(/:(\d+)$/)?.[1] ?? "";
    return NextResponse.redirect(`${previewOrigin(previewPath[1], port)}${previewPath[2] ?? "/"}${request.nextUrl.search}`, 307);
  }
  // The studio (issue 19): directory host only, behind STUDIO_SECRET when set; its preview frames are the working copies' preview hosts.
  const studio = tenant.kind === "directory" ? studioTarget(request.nextUrl.pathname) : null;
  if (studio) {
    if (studio !== "/_studio/sign-in" && !studioAllowed(request.headers)) {
      return new NextResponse(studioSignInPage(), { status: 401, headers: { ...html, "cache-control": "no-store" } });
    }
    const port = (host ?? "").match(/:(\d+)$/)?.[1] ?? "";
    const sources = { frame: [`http://*.preview.localhost${port ? `:${port}` : ""}`] };
    return NextResponse.rewrite(new URL(studio + request.nextUrl.search, request.url), {
      headers: { [DEALER_CSP_HEADER]: JSON.stringify(sources), "x-robots-tag": "noindex", "cache-control": "no-store" },
    });
  }
  const catalogue = /^\/blocks(\/[a-z0-9-]+)?$/.test(request.nextUrl.pathname);
  if (tenant.kind === "directory" && request.nextUrl.pathname !== "/" && !catalogue && !request.nextUrl.pathname.startsWith("/api/revalidate")) {
    return new NextResponse(plainPage("Site not found", "Open a dealer site from the list at /."), { status: 404, headers: html });
  }
  // A preview is rendered per request, never from or into the page cache, and never indexed.
  // The studio's working copy (studio-{dealer}) is framed by the studio on the directory host.
  if (tenant.kind === "site" && tenant.preview?.startsWith("studio-")) {
    const port = (host ?? "").match(/:(\d+)$/)?.[1] ?? "";
    const sources = { ...dealerCspSources(tenant.manifest), ancestors: [`http://localhost${port ? `:${port}` : ""}`] };
    return NextResponse.next({ headers: { "x-robots-tag": "noindex", [DEALER_CSP_HEADER]: JSON.stringify(sources) } });
  }
  if (tenant.kind === "site" && tenant.preview) return NextResponse.next({ headers: { "x-robots-tag": "noindex" } });
  if (tenant.kind === "site") {
    // Resolved once for both decisions below; only page reads can be either.
    const page = request.method === "GET" || request.method === "HEAD" ? resolvePage(tenant.manifest, request.nextUrl.pathname) : null;
    const target = cachedPageTarget(
      tenant.manifest,
      {
        method: request.method,
        pathname: request.nextUrl.pathname,
        search: request.nextUrl.search,
        host,
        forwardedProto: request.headers.get("x-forwarded-proto"),
      },
      page,
    );
    // Vehicle pages load the framework's scripts after the first paint (scripts/server.mjs), and
    // every page's Content-Security-Policy gets the dealer's own sources (taken off by the server).
    const headers: Record<string, string> = { [DEALER_CSP_HEADER]: JSON.stringify(dealerCspSources(tenant.manifest)) };
    if (page && paintsFirst(page.route)) headers[PAINT_FIRST_HEADER] = "1";
    if (target) return NextResponse.rewrite(new URL(target, request.url), { headers });
    return NextResponse.next({ headers });
  }
  return NextResponse.next();
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
