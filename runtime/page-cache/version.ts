import { createHash } from "node:crypto";
import type { DealerManifest } from "@/runtime/generated/types";
import { servedContentVersion, servedStockVersion } from "@/runtime/inventory/stock-version";

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
 *    /api/revalidate cover it. When the pages are shared by every process (REDIS_URL), the files
 *    are named by the SHA-256 of their bytes instead (servedContentVersion, hashed as the index is
 *    built, off any request): every process copies the shared stock into its own folder at its own
 *    moment, so the times differ between processes while the content, and so the key, is the same.
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
  // Shared pages take the stock by content, hashed as the index was built: nothing is read here.
  // Before this process has built an index its own version serves (not kept: asked again next time).
  const version = process.env.REDIS_URL ? servedContentVersion() : servedStockVersion();
  if (version === null) return shortHash(servedStockVersion());
  if (lastStockHash.version !== version) lastStockHash = { version, hash: shortHash(version) };
  return lastStockHash.hash;
}

/** `{manifest hash}-{stock hash}` (lower-case letters, digits and one hyphen). */
export function pageVersion(manifest: DealerManifest): string {
  return `${manifestVersion(manifest)}-${stockPart(manifest)}`;
}

export function splitVersion(version: string): { manifest: string; stock: string } {
  const i = version.indexOf("-");
  return i < 0 ? { manifest: version, stock: "" } : { manifest: version.slice(0, i), stock: version.slice(i + 1) };
}
