import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The stock files' version (names and mtimes of `.data/stock/*.json`): part of the per-car data
 * cache key (runtime/vehicle-page/cache.ts) and of the rendered page cache key
 * (runtime/page-cache/version.ts). Kept in its own small module so proxy.ts can compute it
 * without bundling the search engine.
 *
 * Re-read at most every 5 s (like runtime/inventory/stock-index.ts); `force` re-reads now, for
 * the page render that finds the proxy already saw a newer version than this module instance.
 */
export function stockDirectory(): string {
  return process.env.STOCK_DIR ? path.resolve(process.env.STOCK_DIR) : path.join(process.cwd(), ".data", "stock");
}

let memo: { at: number; version: string } | null = null;

export function stockVersion(now = Date.now(), options: { force?: boolean } = {}): string {
  if (!options.force && memo && now - memo.at < 5000) return memo.version;
  let version = "none";
  try {
    const dir = stockDirectory();
    version = readdirSync(/*turbopackIgnore: true*/ dir)
      .filter((f) => f.endsWith(".json") && !f.startsWith(".") && !f.endsWith(".report.json"))
      .sort()
      .map((f) => `${f}:${Math.round(statSync(/*turbopackIgnore: true*/ path.join(dir, f)).mtimeMs)}`)
      .join("|");
  } catch {
    version = "unreadable";
  }
  memo = { at: now, version };
  return version;
}
