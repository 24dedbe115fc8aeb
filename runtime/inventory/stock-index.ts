import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { buildEngineInBackground, createEngine, type Engine } from "@/runtime/search/engine";
import { STOCK_INDEX_SETTINGS, STOCK_SORT_REPLICAS } from "@/runtime/search/index-settings";
import { stockDirectory, stockIndexState, stockSnapshot, type StockIndexState } from "./stock-version";

/**
 * The embedded engine's one shared index over every stock file in `.data/stock/`, as one
 * Algolia application holds every dealer's cars in one index: the dealer's base filter
 * (runtime/inventory/site-search.ts) is what keeps one dealer's search to its own stock. Its
 * settings and sort replicas are the ones the Algolia push sends (runtime/search/index-settings.ts).
 *
 * One per process (on globalThis: the pages and instrumentation.ts are separate module
 * instances). The server builds it when it starts (instrumentation.ts) and then checks the stock
 * files every 2 s: a new snapshot is read and indexed in the background, with the records kept
 * out of the heap (runtime/search/file-records.ts), and swapped in when ready. Searches meanwhile are
 * answered from the current index; no request waits for a build.
 */

interface State extends StockIndexState {
  engine: Engine | null;
  building: Promise<void> | null;
  timer: NodeJS.Timeout | null;
}

const state = () => stockIndexState<State>(() => ({ dir: null, version: null, engine: null, building: null, timer: null }));

const CHECK_INTERVAL_MS = 2000;

function recordsOfText(texts: string[]): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (const text of texts) {
    const data = JSON.parse(text) as unknown;
    if (Array.isArray(data)) for (const r of data) records.push(r as Record<string, unknown>);
  }
  return records;
}

const engineOptions = { settings: STOCK_INDEX_SETTINGS, replicas: STOCK_SORT_REPLICAS };

/**
 * The shared stock engine. Built synchronously only when nothing has built one in this process
 * yet (scripts and tests; the server builds it at start), or when STOCK_DIR now names another
 * folder (tests).
 */
export function stockEngine(): Engine {
  const s = state();
  const dir = stockDirectory();
  if (!s.engine || s.dir !== dir) {
    const started = Date.now();
    const { version, files } = stockSnapshot(Date.now(), { force: true });
    s.engine = createEngine(recordsOfText(files.map((f) => readFileSync(/*turbopackIgnore: true*/ f, "utf8"))), engineOptions);
    s.version = version;
    s.dir = dir;
    console.log(`[stock] indexed ${s.engine.size} vehicles from ${files.length} file(s) in ${Date.now() - started} ms`);
  }
  return s.engine;
}

/**
 * Indexes the stock files if they changed since the served index was built, in the background,
 * and swaps the new index in. Resolves when the index is current (concurrent calls share one build).
 */
export function refreshStockIndex(): Promise<void> {
  const s = state();
  if (s.building) return s.building;
  const dir = stockDirectory();
  const { version, files } = stockSnapshot(Date.now(), { force: true });
  if (s.engine && s.dir === dir && s.version === version) return Promise.resolve();
  s.building = (async () => {
    const started = Date.now();
    const texts = await Promise.all(files.map((f) => readFile(/*turbopackIgnore: true*/ f, "utf8")));
    const records = recordsOfText(texts);
    const engine = await buildEngineInBackground(records, { ...engineOptions, recordsInFile: true });
    const replaced = s.engine;
    Object.assign(s, { engine, version, dir });
    // Searches run synchronously, but a caller may still hold the old index across an await:
    // its records' file is closed a minute later, not now.
    if (replaced) setTimeout(() => replaced.close(), 60_000).unref();
    console.log(`[stock] indexed ${engine.size} vehicles from ${files.length} file(s) in the background in ${Date.now() - started} ms`);
  })()
    .catch((error: Error) => console.error(`[stock] indexing failed; still serving the previous index: ${error.message}`))
    .finally(() => {
      s.building = null;
    });
  return s.building;
}

/** The server's start: the first index, then a check for new stock every 2 s. */
export async function startStockIndexing(): Promise<void> {
  const s = state();
  await refreshStockIndex();
  if (s.timer) return;
  s.timer = setInterval(() => void refreshStockIndex(), CHECK_INTERVAL_MS);
  s.timer.unref();
}
