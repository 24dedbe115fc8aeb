import { currentRequest } from "../request";
import type { DealerManifest } from "../generated/types";
import { requestNow } from "../time";
import { sitemapEntries, type PageUrl, type PageUrlRegistry } from "./sitemap";
import { joinInTurns, keptSitemap, sitemapKey } from "./sitemap-cache";

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

const urlEntry = (base: string) => (u: PageUrl) => {
  const lastmod = u.lastModified ? `<lastmod>${u.lastModified.toISOString().replace(/\.\d{3}Z$/, "Z")}</lastmod>` : "";
  return `  <url><loc>${xmlEscape(base + u.path)}</loc>${lastmod}</url>`;
};
const urlset = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;

/** The sitemap document of these entries under the site's origin (W3C date-times in UTC for lastmod). */
export function sitemapDocument(base: string, urls: readonly PageUrl[]): string {
  return urlset(urls.map(urlEntry(base)).join("\n"));
}

/**
 * The same document written a part at a time, with turns for other work between parts
 * (runtime/render/sitemap-cache.ts).
 */
export async function sitemapDocumentInTurns(base: string, urls: readonly PageUrl[], pause?: () => Promise<void>): Promise<string> {
  return urlset(await joinInTurns(urls, urlEntry(base), pause));
}

/**
 * sitemap.xml for the dealer whose host asked: its static pages and the pages its blocks list
 * (runtime/render/sitemap.ts), from the registry app/ hands over (blocks/page-urls.ts). Built in
 * slices of the event loop and kept until the manifest, origin, served stock or minute changes
 * (runtime/render/sitemap-cache.ts).
 */
export async function sitemapXml(registry: PageUrlRegistry): Promise<Response> {
  const { tenant, origin } = await currentRequest();
  if (tenant.kind !== "site") return new Response("Not found", { status: 404 });
  const manifest = tenant.manifest;
  const base = canonicalOrigin(manifest, origin);
  const now = requestNow();
  const document = await keptSitemap(manifest, sitemapKey(base, now), async () => {
    const { urls } = await sitemapEntries(manifest, registry, { now });
    return sitemapDocumentInTurns(base, urls);
  });
  return new Response(document, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
