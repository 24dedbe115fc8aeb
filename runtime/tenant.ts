import type { DealerManifest } from "./generated/types";
import { getSiteStore, type SiteStore } from "./manifest/store";

export type Tenant =
  { kind: "site"; slug: string; manifest: DealerManifest } | { kind: "unavailable"; slug: string } | { kind: "unknown"; host: string } | { kind: "directory" };

const DIRECTORY_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Lower-cases and strips the port and any trailing dot. */
export function normaliseHost(host: string | null | undefined): string {
  if (!host) return "";
  const h = host.trim().toLowerCase();
  const withoutPort = h.startsWith("[") ? h.replace(/(\]):\d+$/, "$1") : h.replace(/:\d+$/, "");
  return withoutPort.replace(/\.$/, "");
}

export function directoryEnabled(): boolean {
  return !/^(off|false|0|no)$/i.test(process.env.SITE_DIRECTORY ?? "");
}

/**
 * The request's host picks the dealer: one of its listed hosts, or {slug}.localhost.
 * An unknown host is never given another dealer's site.
 */
export function resolveTenant(host: string | null | undefined, store: SiteStore = getSiteStore()): Tenant {
  const h = normaliseHost(host);
  if (DIRECTORY_HOSTS.has(h)) return directoryEnabled() ? { kind: "directory" } : { kind: "unknown", host: h };
  let site = store.byHost.get(h);
  if (!site && h.endsWith(".localhost")) {
    const slug = h.slice(0, -".localhost".length);
    if (!slug.includes(".")) site = store.bySlug.get(slug);
  }
  if (!site) return { kind: "unknown", host: h };
  if (site.status === "invalid") return { kind: "unavailable", slug: site.slug };
  return { kind: "site", slug: site.slug, manifest: site.manifest };
}
