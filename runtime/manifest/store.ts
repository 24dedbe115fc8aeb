import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { DealerManifest } from "../generated/types";
import { loadManifest } from "./load";
import { formatProblem, type ManifestProblem } from "./problems";
import { findDuplicateHostsAndSlugs } from "./rules/unique-hosts";

export type SiteRecord =
  | { status: "ok"; slug: string; file: string; hosts: string[]; manifest: DealerManifest }
  | { status: "invalid"; slug: string; file: string; hosts: string[]; problems: ManifestProblem[] };

export interface SiteStore {
  sites: SiteRecord[];
  bySlug: Map<string, SiteRecord>;
  byHost: Map<string, SiteRecord>;
  /** Changes whenever any manifest or template changes; used as a cache key. */
  version: string;
}

export function manifestsDir(): string {
  return process.env.MANIFESTS_DIR ? path.resolve(process.env.MANIFESTS_DIR) : path.join(process.cwd(), "manifests");
}

export function publicDir(): string {
  return path.join(process.cwd(), "public");
}

/**
 * Reads and validates every manifest in a folder (no caching): the shared core of the CLI and the
 * server. `version` is the files' fingerprint taken before reading them (the server passes the one
 * it has just compared), so an edit that lands while they are read shows as a change next time
 * instead of being recorded as already seen.
 */
export function buildSiteStore(dir = manifestsDir(), version = fingerprint(dir)): SiteStore {
  const files = listManifestFiles(dir);
  const sites: SiteRecord[] = files.map((file) => {
    const result = loadManifest(file, { manifestsDir: dir, publicDir: publicDir() });
    if (result.ok)
      return {
        status: "ok",
        slug: result.manifest.slug,
        file: result.file,
        hosts: result.manifest.hosts.map((h) => h.toLowerCase()),
        manifest: result.manifest,
      };
    return {
      status: "invalid",
      slug: result.slug ?? path.basename(file, ".json"),
      file: result.file,
      hosts: (result.hosts ?? []).map((h) => h.toLowerCase()),
      problems: result.problems,
    };
  });
  // Uniqueness across manifests: the later file (alphabetically) is the one refused.
  for (const dup of findDuplicateHostsAndSlugs(sites.map((s) => ({ file: s.file, slug: s.slug, hosts: s.hosts })))) {
    const index = sites.findIndex((s) => s.file === dup.file);
    const site = sites[index];
    const problem: ManifestProblem = { file: site.file, line: 1, column: 1, pointer: dup.pointer, message: dup.message, source: "unique-hosts" };
    sites[index] = { status: "invalid", slug: site.slug, file: site.file, hosts: [], problems: [...(site.status === "invalid" ? site.problems : []), problem] };
  }
  const bySlug = new Map<string, SiteRecord>();
  const byHost = new Map<string, SiteRecord>();
  for (const site of sites) {
    if (!bySlug.has(site.slug)) bySlug.set(site.slug, site);
    for (const h of site.hosts) if (!byHost.has(h)) byHost.set(h, site);
  }
  return { sites, bySlug, byHost, version };
}

export function listManifestFiles(dir: string): string[] {
  return readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Names and modification times of every manifest and template: cheap to compute, changes on any edit. */
function fingerprint(dir: string): string {
  const parts: string[] = [];
  for (const sub of [dir, path.join(dir, "templates")]) {
    let names: string[] = [];
    try {
      names = readdirSync(/*turbopackIgnore: true*/ sub)
        .filter((f) => f.endsWith(".json"))
        .sort();
    } catch {
      continue;
    }
    for (const f of names) {
      const st = statSync(/*turbopackIgnore: true*/ path.join(sub, f));
      parts.push(`${f}:${st.mtimeMs}:${st.size}`);
    }
  }
  return parts.join("|");
}

// The server keeps one store per process and re-reads it when a file changes: manifests are
// data read at run time, so adding or editing a dealer needs no rebuild. The fingerprint is
// checked at most once a second; `invalidateSiteStore` (the revalidation endpoint) forces it.
const CHECK_INTERVAL_MS = 1000;
let cached: SiteStore | null = null;
let lastCheck = 0;

export function getSiteStore(): SiteStore {
  const now = Date.now();
  if (cached && now - lastCheck < CHECK_INTERVAL_MS) return cached;
  lastCheck = now;
  const dir = manifestsDir();
  const version = fingerprint(dir);
  if (cached && cached.version === version) return cached;
  const next = buildSiteStore(dir, version);
  logInvalid(next, cached);
  cached = next;
  return cached;
}

/**
 * Makes the next getSiteStore() compare the files' fingerprint now instead of waiting out the
 * one-second interval (the cached page render calls it when proxy.ts, which holds its own store,
 * has already seen a newer manifest). Unlike invalidateSiteStore it rebuilds only on a change.
 */
export function recheckSiteStoreNow(): void {
  lastCheck = 0;
}

export function invalidateSiteStore(): void {
  cached = null;
  lastCheck = 0;
}

function logInvalid(next: SiteStore, previous: SiteStore | null) {
  for (const site of next.sites) {
    if (site.status !== "invalid") continue;
    const before = previous?.bySlug.get(site.slug);
    if (before?.status === "invalid" && JSON.stringify(before.problems) === JSON.stringify(site.problems)) continue;
    console.error(
      `[manifest] site '${site.slug}' is offline (503) until its manifest is fixed:\n${site.problems.map((p) => "  " + formatProblem(p)).join("\n")}`,
    );
  }
}
