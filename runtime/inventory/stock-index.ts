import { readFileSync } from "node:fs";
import { createEngine, type Engine } from "@/runtime/search/engine";
import { STOCK_INDEX_SETTINGS, STOCK_SORT_REPLICAS } from "@/runtime/search/index-settings";
import { stockSnapshot } from "./stock-version";

/**
 * The embedded engine's one shared index over every stock file in `.data/stock/`, as one
 * Algolia application holds every dealer's cars in one index: the dealer's base filter
 * (runtime/inventory/site-search.ts) is what keeps one dealer's search to its own stock. Its
 * settings and sort replicas are the ones the Algolia push sends (runtime/search/index-settings.ts).
 * Built once per process and rebuilt when the stock files' version changes (checked at most every
 * 5 s, runtime/inventory/stock-version.ts).
 */

let cached: { version: string; engine: Engine } | null = null;

function recordsOf(files: string[]): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (const file of files) {
    const data = JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as unknown;
    if (Array.isArray(data)) for (const r of data) records.push(r as Record<string, unknown>);
  }
  return records;
}

/** The shared stock engine, rebuilt when the stock files' version changes. */
export function stockEngine(): Engine {
  const { version, files } = stockSnapshot();
  if (!cached || cached.version !== version) {
    const started = Date.now();
    const engine = createEngine(recordsOf(files), { settings: STOCK_INDEX_SETTINGS, replicas: STOCK_SORT_REPLICAS });
    cached = { version, engine };
    console.log(`[stock] indexed ${engine.size} vehicles from ${files.length} file(s) in ${Date.now() - started} ms`);
  }
  return cached.engine;
}
