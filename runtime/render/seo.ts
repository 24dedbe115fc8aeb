import { currentRequest } from "../request";
import type { DealerManifest } from "../generated/types";
import { requestNow } from "../time";
import { sitemapEntries, type PageUrl, type PageUrlRegistry } from "./sitemap";

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

/** The sitemap document of these entries under the site's origin (W3C date-times in UTC for lastmod). */
export function sitemapDocument(base: string, urls: readonly PageUrl[]): string {
  const entries = urls.map((u) => {
    const lastmod = u.lastModified ? `<lastmod>${u.lastModified.toISOString().replace(/\.\d{3}Z$/, "Z")}</lastmod>` : "";
    return `  <url><loc>${xmlEscape(base + u.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/**
 * sitemap.xml for the dealer whose host asked: its static pages and the pages its blocks list
 * (runtime/render/sitemap.ts), from the registry app/ hands over (blocks/page-urls.ts).
 */
export async function sitemapXml(registry: PageUrlRegistry): Promise<Response> {
  const { tenant, origin } = await currentRequest();
  if (tenant.kind !== "site") return new Response("Not found", { status: 404 });
  const base = canonicalOrigin(tenant.manifest, origin);
  const { urls } = await sitemapEntries(tenant.manifest, registry, { now: requestNow() });
  return new Response(sitemapDocument(base, urls), { headers: { "content-type": "application/xml; charset=utf-8" } });
}
