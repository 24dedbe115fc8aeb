import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { DealerManifest } from "@/runtime/generated/types";
import { servedStockVersion, stockDirectory } from "@/runtime/inventory/stock-version";

/**
 * The version part of a cached page's key (runtime/page-cache/internal-path.ts): a change to
 * either part gives every page of that dealer a new key, so the next request renders afresh
 * (MISS) instead of waiting for the 60 s revalidate window.
 *
 *  - the dealer's manifest: a hash of the validated manifest object (its template merged in), so
 *    a section reorder in one dealer's file changes that dealer's pages only. The manifest store
 *    re-reads changed files (runtime/manifest/store.ts), so this needs no rebuild;
 *  - the stock the embedded engine serves (the names and mtimes of the files it was built from),
 *    as the per-car data cache uses. With Algolia there is no local signal; the 60 s window and
 *    /api/revalidate cover it. When the pages are shared by every process (REDIS_URL), each
 *    file's modification time is replaced by a hash of its content (sharedStockVersion): every
 *    process copies the shared stock into its own folder at its own moment, so the times differ
 *    between processes while the content, and so the key, is the same.
 */

const manifestHashes = new WeakMap<DealerManifest, string>();

const shortHash = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 12);

/** A short hash of the manifest, memoised per manifest object (the store builds new objects when files change). */
export function manifestVersion(manifest: DealerManifest): string {
  let v = manifestHashes.get(manifest);
  if (!v) {
    v = shortHash(JSON.stringify(manifest));
    manifestHashes.set(manifest, v);
  }
  return v;
}

// The proxy asks on every vehicle-page request; the stock version changes rarely, so its hash is kept.
let lastStockHash = { version: "", hash: "" };

export function stockPart(manifest: DealerManifest): string {
  if (manifest.search?.engine === "algolia") return "remote";
  const version = servedStockVersion();
  if (lastStockHash.version !== version) {
    const shared = process.env.REDIS_URL ? sharedStockVersion(version, stockDirectory()) : version;
    // A version whose files changed since the index was built stays this process's own (not kept: asked again next time).
    if (shared === null) return shortHash(version);
    lastStockHash = { version, hash: shortHash(shared) };
  }
  return lastStockHash.hash;
}

/** Content hashes of stock files by folder and `{name}:{mtime}` (one per file version; a stock change adds one per changed file). */
const contentHashes = new Map<string, string>();
const MAX_CONTENT_HASHES = 20_000;

/**
 * The served stock version (`{file}:{mtime}|…` and the overlay's `+s…` suffix) with each file's
 * modification time replaced by a hash of its content: the same on every process serving the same
 * stock. Each file is read once per version. Null when a file no longer has the modification time
 * the version names (changed since the served index was built): its content is then unknown, and
 * the caller keeps the process's own version rather than risk another process's key. Pure but for
 * reading the files (unit-tested in version.test.ts).
 */
export function sharedStockVersion(version: string, dir: string): string | null {
  const plus = version.indexOf("+");
  const files = plus < 0 ? version : version.slice(0, plus);
  const overlay = plus < 0 ? "" : version.slice(plus);
  if (files === "none" || files === "unreadable" || files === "") return version;
  const parts: string[] = [];
  for (const entry of files.split("|")) {
    const colon = entry.lastIndexOf(":");
    const name = entry.slice(0, colon);
    let hash = contentHashes.get(`${dir}\n${entry}`);
    if (hash === undefined) {
      try {
        const file = path.join(/*turbopackIgnore: true*/ dir, path.basename(name));
        const content = readFileSync(file);
        // Read, then checked: the bytes read are those of the named version only if it is still that version.
        if (colon < 0 || String(Math.round(statSync(file).mtimeMs)) !== entry.slice(colon + 1)) return null;
        hash = createHash("sha256").update(content).digest("hex").slice(0, 16);
      } catch {
        return null;
      }
      if (contentHashes.size >= MAX_CONTENT_HASHES) contentHashes.clear();
      contentHashes.set(`${dir}\n${entry}`, hash);
    }
    parts.push(`${name}:${hash}`);
  }
  return parts.join("|") + overlay;
}

/** `{manifest hash}-{stock hash}` (lower-case letters, digits and one hyphen). */
export function pageVersion(manifest: DealerManifest): string {
  return `${manifestVersion(manifest)}-${stockPart(manifest)}`;
}

export function splitVersion(version: string): { manifest: string; stock: string } {
  const i = version.indexOf("-");
  return i < 0 ? { manifest: version, stock: "" } : { manifest: version.slice(0, i), stock: version.slice(i + 1) };
}
