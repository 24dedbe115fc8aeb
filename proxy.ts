import { NextResponse, type NextRequest } from "next/server";
import { resolveTenant } from "@/runtime/tenant";
import { plainPage } from "@/runtime/render/plain-page";

/**
 * Runs before every page and API route. The host picks the dealer; a host that picks none gets
 * 'site not found' (404) and a dealer whose manifest is invalid gets 'site unavailable' (503)
 * while every other dealer keeps working. There are no internal rewrite paths to reach.
 */
export function proxy(request: NextRequest) {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const tenant = resolveTenant(host);
  if (tenant.kind === "unknown") {
    return new NextResponse(plainPage("Site not found", "There is no dealer website at this address."), { status: 404, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
  }
  if (tenant.kind === "unavailable") {
    return new NextResponse(plainPage("Site unavailable", "This website is temporarily unavailable. Please try again soon."), { status: 503, headers: { "content-type": "text/html; charset=utf-8", "retry-after": "60", "cache-control": "no-store" } });
  }
  if (tenant.kind === "directory" && request.nextUrl.pathname !== "/" && !request.nextUrl.pathname.startsWith("/api/revalidate")) {
    return new NextResponse(plainPage("Site not found", "Open a dealer site from the list at /."), { status: 404, headers: { "content-type": "text/html; charset=utf-8" } });
  }
  return NextResponse.next();
}

export const config = {
  // Static build assets and files in public/ (anything with an extension except robots.txt and sitemap.xml) skip the proxy.
  matcher: ["/((?!_next/static|_next/image|.*\\.(?:svg|png|jpg|jpeg|webp|avif|ico|css|js|woff2?)$).*)"],
};
