import { currentRequest } from "./request";
import type { DealerManifest } from "./generated/types";
import { isEnabled } from "./flags";

// Kept here, not in runtime/render/site-page.tsx: robots.txt and sitemap.xml need it and should
// not pull in the block registry (every block) through the page renderer.
export function canonicalOrigin(manifest: DealerManifest, requestOrigin: string): string {
  const host = manifest.seo?.canonicalHost ?? manifest.hosts[0];
  return host ? `https://${host}` : requestOrigin;
}

/** robots.txt per host: allow the dealer's pages and point at its sitemap. */
export async function robotsTxt(): Promise<Response> {
  const { tenant, origin } = await currentRequest();
  if (tenant.kind !== "site") return new Response("User-agent: *\nDisallow: /\n", { headers: { "content-type": "text/plain" } });
  const base = canonicalOrigin(tenant.manifest, origin);
  return new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`, {
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * The static (parameter-free, indexable, enabled) routes of the dealer whose host asked, then its
 * visible locations' pages when the route under its locationPagePath exists.
 */
export function sitemapPaths(manifest: DealerManifest): string[] {
  const paths = Object.entries(manifest.routes)
    .filter(([pattern, route]) => !pattern.includes("[") && !route.noindex && isEnabled(manifest, route.flag) && pattern !== "/success")
    .map(([pattern]) => pattern);
  // The validator fills locationPagePath (default /locations) when the manifest loads.
  const base = manifest.locationPagePath!;
  const locationRoute = manifest.routes[`${base}/[slug]`];
  if (locationRoute && !locationRoute.noindex && isEnabled(manifest, locationRoute.flag))
    for (const l of manifest.locations ?? []) if (l.visible !== false) paths.push(`${base}/${l.slug}`);
  // Model pages (/models/[model]) and brand pages (/[brand]/overview) come from the catalogue and the brand lists.
  const listed = (pattern: string) => {
    const route = manifest.routes[pattern];
    return !!route && !route.noindex && isEnabled(manifest, route.flag);
  };
  if (listed("/models/[model]")) for (const m of manifest.models ?? []) paths.push(`/models/${m.slug}`);
  if (listed("/[brand]/overview"))
    for (const list of Object.values(manifest.brands ?? {})) for (const b of list ?? []) if (!b.skipPage) paths.push(`/${b.slug}/overview`);
  return paths;
}

export async function sitemapXml(): Promise<Response> {
  const { tenant, origin } = await currentRequest();
  if (tenant.kind !== "site") return new Response("Not found", { status: 404 });
  const base = canonicalOrigin(tenant.manifest, origin);
  const urls = sitemapPaths(tenant.manifest).map((p) => `  <url><loc>${xmlEscape(base + (p === "/" ? "/" : p))}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
