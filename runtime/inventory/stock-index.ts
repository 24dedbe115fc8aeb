import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createEngine, type Engine } from "@/runtime/search/engine";
import { stockDirectory } from "./stock-version";

/**
 * The embedded engine's one shared index over every stock file in `.data/stock/`, as one
 * Algolia application holds every dealer's cars in one `Car_production` index: the dealer's
 * base filter (runtime/inventory/site-search.ts) is what keeps one dealer's search to its own
 * stock. Built once per process and rebuilt when a stock file changes.
 */
export { stockDirectory };

export const DEFAULT_INDEX_NAME = "Car_production";

let cached: { version: string; engine: Engine } | null = null;
let lastCheck = 0;

function stockFiles(dir: string): string[] {
  try {
    return readdirSync(/*turbopackIgnore: true*/ dir)
      .filter((f) => f.endsWith(".json") && !f.startsWith(".") && !f.endsWith(".report.json"))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

function versionOf(files: string[]): string {
  return files.map((f) => `${path.basename(f)}:${statSync(/*turbopackIgnore: true*/ f).mtimeMs}`).join("|");
}

export function loadStockRecords(dir = stockDirectory()): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (const file of stockFiles(dir)) {
    const data = JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as unknown;
    if (Array.isArray(data)) for (const r of data) records.push(r as Record<string, unknown>);
  }
  return records;
}

/**
 * Makes the next stockEngine() call look at the files now instead of waiting out its 5 s check
 * interval (the cached page render calls it when the proxy has already seen newer stock).
 */
export function recheckStockNow(): void {
  lastCheck = 0;
}

/** The shared stock engine (checked for changed files at most every 5 s). */
export function stockEngine(): Engine {
  const now = Date.now();
  if (cached && now - lastCheck < 5000) return cached.engine;
  lastCheck = now;
  const files = stockFiles(stockDirectory());
  const version = versionOf(files);
  if (!cached || cached.version !== version) {
    const started = Date.now();
    const engine = createEngine(loadStockRecords());
    cached = { version, engine };
    console.log(`[stock] indexed ${engine.size} vehicles from ${files.length} file(s) in ${Date.now() - started} ms`);
  }
  return cached.engine;
}
