import { statSync } from "node:fs";
import path from "node:path";
import { stockOverlayKey } from "@/runtime/search/stock-overlay";
import { listStockFiles, stockDirectory } from "@/runtime/stock/store";

/**
 * The stock files' version (names and mtimes of `.data/stock/*.json`): part of the per-car data
 * cache key (blocks/shared/vehicle-page/domain/cache.ts) and of the rendered page cache key
 * (runtime/page-cache/version.ts). Kept in its own small module so proxy.ts can compute it
 * without bundling the search engine.
 *
 * Re-read at most every 5 s; `force` re-reads now. The embedded engine
 * (runtime/inventory/stock-index.ts) indexes a new version in the background; cache keys use
 * `servedStockVersion`, the version it serves.
 */
export { stockDirectory };

/** The stock files of a directory as sorted paths (the stock store's rule for which files count), [] when unreadable. */
export function stockFiles(dir = stockDirectory()): string[] {
  try {
    return listStockFiles(dir).map((slug) => path.join(/*turbopackIgnore: true*/ dir, `${slug}.json`));
  } catch {
    return [];
  }
}

interface StockSnapshot {
  version: string;
  /** The files the version was taken from (what the embedded engine indexes for it). */
  files: string[];
}

let memo: (StockSnapshot & { at: number }) | null = null;

/** The stock version and the files it was taken from, from one listing of the directory. */
export function stockSnapshot(now = Date.now(), options: { force?: boolean } = {}): StockSnapshot {
  if (!options.force && memo && now - memo.at < 5000) return memo;
  const files = stockFiles();
  let version: string;
  try {
    version = files.length ? files.map((f) => `${path.basename(f)}:${Math.round(statSync(/*turbopackIgnore: true*/ f).mtimeMs)}`).join("|") : "none";
  } catch {
    version = "unreadable";
  }
  memo = { at: now, version, files };
  return memo;
}

export function stockVersion(now = Date.now(), options: { force?: boolean } = {}): string {
  return stockSnapshot(now, options).version;
}

/**
 * What the process's embedded engine serves (runtime/inventory/stock-index.ts), on globalThis
 * because proxy.ts, the pages and instrumentation.ts are separate module instances of this file.
 */
export interface StockIndexState {
  /** The stock folder the served engine was built from. */
  dir: string | null;
  /** The version (stockSnapshot) of the files the served engine was built from. */
  version: string | null;
  /**
   * The origins of the https URLs the served stock names (its photos' hosts), from the background
   * build; null when there were too many to list, undefined before a background build.
   */
  imageOrigins?: string[] | null;
  /**
   * The files the served engine was built from, each named with the SHA-256 of its bytes
   * (`{file}:{hash}|…`, see contentVersion): the same on every process serving the same stock,
   * whenever each wrote its copy. Hashed as the index is built, never on a request.
   */
  contentVersion?: string | null;
}

/** `{file}:{sha256}|…` for stock files and their bytes' hashes (in the files' order). */
export function contentVersion(files: readonly string[], hashes: readonly string[]): string {
  return files.length ? files.map((f, i) => `${path.basename(f)}:${hashes[i]}`).join("|") : "none";
}

const STOCK_INDEX_KEY = Symbol.for("dealer-platform.stock-index");

export function stockIndexState<T extends StockIndexState>(init: () => T): T {
  const holder = globalThis as { [STOCK_INDEX_KEY]?: T };
  return (holder[STOCK_INDEX_KEY] ??= init());
}

/**
 * The stock version of what searches answer from: the served engine's, not the files' (a new
 * snapshot is indexed in the background, and until it is swapped in, pages keyed with its version
 * would be rendered from the old one). The files' version before any engine is built. Cars laid
 * over the index (a newer snapshot's sales, runtime/search/stock-overlay.ts) are part of it, so a
 * page cached before a sale is not served after it.
 */
export function servedStockVersion(): string {
  const served = (globalThis as { [STOCK_INDEX_KEY]?: StockIndexState })[STOCK_INDEX_KEY];
  return (served?.version && served.dir === stockDirectory() ? served.version : stockVersion()) + stockOverlayKey();
}

/**
 * The served stock by content (contentVersion) with the overlay's key, the same on every process
 * serving the same snapshots: for keys shared between processes (the rendered pages in Redis).
 * Null before this process has built an index from its stock folder (then it has no such version
 * without reading the files, and the caller keeps a key of its own).
 */
export function servedContentVersion(): string | null {
  const served = (globalThis as { [STOCK_INDEX_KEY]?: StockIndexState })[STOCK_INDEX_KEY];
  return served?.contentVersion && served.dir === stockDirectory() ? served.contentVersion + stockOverlayKey() : null;
}

/**
 * The hosts the served stock's photos come from, for the pages' img-src; null when unknown (no
 * background build yet, or too many hosts to list): then any https picture is allowed.
 */
export function servedImageOrigins(): readonly string[] | null {
  const served = (globalThis as { [STOCK_INDEX_KEY]?: StockIndexState })[STOCK_INDEX_KEY];
  return served?.dir === stockDirectory() ? (served.imageOrigins ?? null) : null;
}
