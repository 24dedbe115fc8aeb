import type { DealerManifest } from "./generated/types";
import { getSiteStore, type SiteStore } from "./manifest/store";
import { draftPreview, previewNameOf } from "./manifest/preview";

export type Tenant =
  /** `preview`: the draft's name when this is a draft's preview host (runtime/manifest/preview.ts), never a dealer's host. */
  | { kind: "site"; slug: string; manifest: DealerManifest; preview?: string }
  | { kind: "unavailable"; slug: string; preview?: string }
  /** A dealer's redirect host (`redirectHosts`): answered with a permanent redirect to `to`, the dealer's first host. */
  | { kind: "redirect"; slug: string; to: string }
  | { kind: "unknown"; host: string }
  | { kind: "directory" };

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
  // A draft's preview: only on its own preview host and only where the directory is on (never in production).
  const draftName = previewNameOf(h);
  if (draftName !== null) {
    const draft = directoryEnabled() ? draftPreview(draftName) : null;
    if (!draft) return { kind: "unknown", host: h };
    const d = draft.diagnostics;
    return d.ok && d.manifest
      ? { kind: "site", slug: d.manifest.slug, manifest: d.manifest, preview: draftName }
      : { kind: "unavailable", slug: d.slug ?? draftName, preview: draftName };
  }
  let site = store.byHost.get(h);
  if (!site && h.endsWith(".localhost")) {
    const slug = h.slice(0, -".localhost".length);
    if (!slug.includes(".")) site = store.bySlug.get(slug);
  }
  if (!site) {
    const from = store.byRedirectHost?.get(h);
    const to = from?.manifest.hosts[0]?.toLowerCase();
    return from && to ? { kind: "redirect", slug: from.slug, to } : { kind: "unknown", host: h };
  }
  if (site.status === "invalid") return { kind: "unavailable", slug: site.slug };
  return { kind: "site", slug: site.slug, manifest: site.manifest };
}
