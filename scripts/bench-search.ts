/**
 * npm run bench:search: the embedded engine against ItemsJS and Orama on the same generated stock
 * (10,000 and 100,000 vehicles), replaying a mixed InstantSearch workload:
 *   empty query with eight facets; text query; two disjunctive refinements with a price range
 *   (main query + the disjunctive facet query, as InstantSearch sends them); sort replica;
 *   facet-value search.
 * Engines (--engines=, all by default):
 *   embedded-prod  the production path: the server's own build options (STOCK_BUILD_OPTIONS: the
 *                  stock index's 16 searchable and 47 facet attributes, its sort replicas, records
 *                  in an unlinked file the reader thread writes), each batch of cars indexed as the
 *                  reader hands it over, as runtime/inventory/stock-index.ts builds a dealer's stock;
 *   embedded-peer  a configuration like the peers' (the 8 fields they search, the 8 facets plus
 *                  price and year), records kept as objects, built synchronously;
 *   itemsjs, orama the peers, each with its nearest equivalent of every workload.
 * Each engine and size runs in its own child process so memory figures are its own. The
 * embedded engine's result cache is off and every request differs, so nothing is answered
 * from a cache. A benchmark, not a test: figures go to docs/performance.md.
 * Answers: the hit counts of the kinds every engine answers alike (the empty query, the two
 * makes in a price range, the sort replica's year filter) are summed per engine and compared;
 * a difference is printed (and fails a smoke run).
 * --smoke (npm test): 1,000 vehicles and 5 requests of each kind per engine; asserts only that
 * every engine produced its figures (scripts/lib/bench-smoke.ts).
 *
 * Timings: per operation (the disjunctive operation is two queries, as InstantSearch sends
 * them) and per query (each query of the pair timed on its own); both are printed.
 * Memory: the records' heap (measured before the engine is built), the engine's own heap
 * and typed arrays (the difference the build makes, after a GC), the process RSS after the build,
 * and the process's peak RSS (VmHWM) during the build (which also holds the generated records).
 */
import { spawnSync } from "node:child_process";
import v8 from "node:v8";
import { buildSync } from "esbuild";
import { performance } from "node:perf_hooks";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import itemsjs from "itemsjs";
import { create as createOrama, insertMultiple as oramaInsert, search as oramaSearch } from "@orama/orama";
import { generateStock, allRecords } from "./stock/generate";
import { buildEngineInBackground, createEngine, EngineBuilder, STOCK_BUILD_OPTIONS, type Engine } from "../runtime/search/engine";
import { STOCK_INDEX_SETTINGS, type IndexSettings } from "../runtime/search/index-settings";
import { readStockRecords, STOCK_INDEXED_KEYS } from "../runtime/inventory/stock-index";
import { normalizeSearchParams } from "../runtime/search/request";
import { SMOKE, assertFigures } from "./lib/bench-smoke";
import { limitHeapGrowth, serverEnvironment } from "./lib/server-env.mjs";

/** The fields the peers search (ItemsJS's searchableFields, Orama's string properties). */
const PEER_SEARCHABLE = ["make", "model", "badge", "series", "simple_body", "colour", "simple_fuel", "stocknum"];
const FACETS = ["car_type", "make", "model", "simple_body", "colour", "simple_fuel", "simple_transmission", "drive"];
/** The embedded engine configured like the peers: what they search and count, nothing more. */
const PEER_SETTINGS: IndexSettings = {
  ...STOCK_INDEX_SETTINGS,
  searchableAttributes: PEER_SEARCHABLE,
  attributesForFaceting: [...FACETS.map((f) => (f === "make" ? "searchable(make)" : f)), "price", "year"],
};
const WORDS = [
  "toyota",
  "rav4",
  "hilux",
  "mazda",
  "cx-5",
  "ranger",
  "kia",
  "sportage",
  "hybrid",
  "white",
  "ute",
  "corolla",
  "tucson",
  "i30",
  "omoda",
  "tiggo",
  "jayco",
  "diesel",
  "awd",
  "wagon",
  "yamaha",
  "isuzu",
  "everest",
  "camry",
  "mg",
  "outlander",
  "navara",
  "triton",
  "suv",
  "black",
];
const MAKE_PAIRS = [
  ["Toyota", "Mazda"],
  ["Kia", "Hyundai"],
  ["Ford", "Mitsubishi"],
  ["Chery", "MG"],
  ["Nissan", "Subaru"],
  ["Toyota", "Ford"],
];
const PREFIXES = ["to", "ma", "k", "hy", "fo", "ni", "su", "ch", "mi", "is", "ya", "ja"];
type Kind = "empty+8 facets" | "text query" | "2 disjunctive + price range" | "sort replica" | "facet-value search";
const KINDS: Kind[] = ["empty+8 facets", "text query", "2 disjunctive + price range", "sort replica", "facet-value search"];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Times one query into the current operation's laps. */
type Timed = <T>(fn: () => T) => T;
/**
 * Runs one request of a workload kind (its i-th variant) and returns the main query's hit count;
 * `holder` keeps the engine alive.
 */
type Runner = { run: (kind: Kind, i: number) => number; holder: unknown };

/** The i-th variant's parameters, shared by every engine so that their answers can be compared. */
function variant(i: number) {
  return {
    price: 10000 + (i % 50) * 1000,
    pair: MAKE_PAIRS[i % MAKE_PAIRS.length],
    text: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`.slice(0, 3 + (i % 12)),
    prefix: PREFIXES[i % PREFIXES.length],
    year: 2010 + (i % 10),
  };
}

/** The stock files embedded-prod reads (written before its clock starts), and how long until the last batch was read and indexed. */
let stockFiles: string[] = [];
let readStarted = 0;
let readMs: number | undefined;

/**
 * Writes generated stock as stock files (one JSON array per 5,000 cars, as a feed run leaves a
 * dealer's cars) in a new temporary folder, in a process of its own (`--stock-files`), so that
 * embedded-prod's process holds nothing but what the server would: its memory figures are the
 * production path's alone.
 */
function writeStockFiles(size: number): string {
  const records = allRecords(generateStock({ count: size, seed: "bench" })) as unknown as Record<string, unknown>[];
  const dir = mkdtempSync(path.join(tmpdir(), "bench-search-stock-"));
  for (let i = 0, n = 0; i < records.length; i += 5000, n++)
    writeFileSync(path.join(dir, `stock-${String(n).padStart(5, "0")}.json`), JSON.stringify(records.slice(i, i + 5000)));
  return dir;
}

/**
 * The embedded engine ("embedded-prod" as the server indexes a snapshot, "embedded-objects" with
 * the same options over records in memory, or "embedded-peer") and its workload.
 */
async function embeddedRunner(engineName: string, records: Record<string, unknown>[], timed: Timed): Promise<Runner> {
  let engine: Engine;
  if (engineName === "embedded-peer") engine = createEngine(records, { settings: PEER_SETTINGS, cacheSize: 0 });
  else if (engineName === "embedded-objects") {
    // The production options over records already in memory (the records' file written here).
    engine = await buildEngineInBackground(records, { ...STOCK_BUILD_OPTIONS, cacheSize: 0 });
    records.length = 0;
  } else {
    // As the server indexes a changed snapshot (runtime/inventory/stock-index.ts, refreshStockIndex):
    // the stock files read and parsed by its reader thread, which writes the records' file as it
    // goes, then built in the background with the server's own options. The records were written
    // to stock files (stockFiles) before the clock started.
    // Each batch is indexed as it arrives (EngineBuilder), as the server does.
    const builder = new EngineBuilder({ ...STOCK_BUILD_OPTIONS, cacheSize: 0 });
    const read = await readStockRecords(stockFiles, { records: true, keys: STOCK_INDEXED_KEYS, onBatch: (cars) => builder.add(cars) });
    readMs = performance.now() - readStarted;
    engine = await builder.finish(read.file);
  }
  // Parameters are normalised inside the timing, as the HTTP handler does for each request.
  const search = (index: string, raw: Record<string, unknown>) => timed(() => engine.search(index, normalizeSearchParams(raw))).nbHits;
  const run = (kind: Kind, i: number): number => {
    const { price, pair, text, prefix, year } = variant(i);
    if (kind === "empty+8 facets") return search("Car_production", { query: "", hitsPerPage: 21, page: i % 5, facets: FACETS });
    if (kind === "text query") return search("Car_production", { query: text, hitsPerPage: 21, facets: FACETS });
    if (kind === "2 disjunctive + price range") {
      const numericFilters = [`price>=${price}`, `price<=${price + 30000}`];
      const hits = search("Car_production", { query: "", hitsPerPage: 21, facets: FACETS, facetFilters: [pair.map((m) => `make:${m}`)], numericFilters });
      search("Car_production", { query: "", hitsPerPage: 0, facets: ["make"], numericFilters });
      return hits;
    }
    if (kind === "sort replica")
      return search("Car_production:price:desc", { query: "", hitsPerPage: 21, page: i % 10, facets: FACETS, numericFilters: [`year>=${year}`] });
    return timed(() =>
      engine.searchForFacetValues(
        "Car_production",
        normalizeSearchParams({ facet: "make", facetQuery: prefix, maxFacetHits: 10, numericFilters: [`price>=${price}`] }),
      ),
    ).facetHits.length;
  };
  return { run, holder: engine };
}

/** ItemsJS on the same records and its nearest equivalent of each workload. */
function itemsjsRunner(records: Record<string, unknown>[], timed: Timed): Runner {
  const aggregations = Object.fromEntries(FACETS.map((f) => [f, { title: f, size: 100, conjunction: f !== "make" }]));
  const engine = itemsjs(records, {
    aggregations,
    searchableFields: PEER_SEARCHABLE,
    sortings: { price_desc: { field: "price", order: "desc" } },
  });
  type Answer = { pagination: { total: number } };
  const total = (fn: () => unknown) => (timed(fn) as Answer).pagination.total;
  const run = (kind: Kind, i: number): number => {
    const { price, pair, text, prefix, year } = variant(i);
    if (kind === "empty+8 facets") return total(() => engine.search({ per_page: 21, page: 1 + (i % 5) }));
    if (kind === "text query") return total(() => engine.search({ query: text, per_page: 21 }));
    // ItemsJS answers the disjunctive facets in one call: one query per operation.
    if (kind === "2 disjunctive + price range")
      return total(() =>
        engine.search({ per_page: 21, filters: { make: pair }, filter: (item: { price: number }) => item.price >= price && item.price <= price + 30000 }),
      );
    if (kind === "sort replica")
      return total(() => engine.search({ per_page: 21, page: 1 + (i % 10), sort: "price_desc", filter: (item: { year: number }) => item.year >= year }));
    return (timed(() => engine.aggregation({ name: "make", query: prefix, per_page: 10 })) as { data: { buckets: unknown[] } }).data.buckets.length;
  };
  return { run, holder: engine };
}

/**
 * Orama (@orama/orama 3) on the same records: the peers' text fields as strings (searched, every
 * word required: threshold 0), the facets as enums (counted, and filtered by `in`), price and year
 * as numbers. It has no facet-value search: the nearest is a search of the prefix in `make` that
 * counts `make`.
 */
async function oramaRunner(records: Record<string, unknown>[], timed: Timed): Promise<Runner> {
  const schema: Record<string, "string" | "enum" | "number"> = { price: "number", year: "number" };
  for (const f of PEER_SEARCHABLE) schema[f] = "string";
  for (const f of FACETS) schema[`f_${f}`] = "enum";
  const db = createOrama({ schema: schema as Record<string, "string"> });
  const docs = records.map((r) => {
    const d: Record<string, unknown> = { price: r.price, year: r.year };
    for (const f of PEER_SEARCHABLE) if (typeof r[f] === "string") d[f] = r[f];
    for (const f of FACETS) if (typeof r[f] === "string") d[`f_${f}`] = r[f];
    return d;
  });
  await oramaInsert(db, docs as never, 1000);
  const facets = Object.fromEntries(FACETS.map((f) => [`f_${f}`, {}]));
  type Answer = { count: number; facets?: Record<string, { values: Record<string, number> }> };
  const q = (params: Record<string, unknown>) => timed(() => oramaSearch(db, params as never) as unknown as Answer);
  const run = (kind: Kind, i: number): number => {
    const { price, pair, text, prefix, year } = variant(i);
    if (kind === "empty+8 facets") return q({ term: "", limit: 21, offset: (i % 5) * 21, facets }).count;
    if (kind === "text query") return q({ term: text, properties: PEER_SEARCHABLE, threshold: 0, limit: 21, facets }).count;
    if (kind === "2 disjunctive + price range") {
      const range = { price: { between: [price, price + 30000] } };
      const hits = q({ term: "", limit: 21, facets, where: { ...range, f_make: { in: pair } } }).count;
      q({ term: "", limit: 0, facets: { f_make: {} }, where: range });
      return hits;
    }
    if (kind === "sort replica")
      return q({ term: "", limit: 21, offset: (i % 10) * 21, facets, where: { year: { gte: year } }, sortBy: { property: "price", order: "DESC" } }).count;
    const a = q({ term: prefix, properties: ["make"], limit: 0, facets: { f_make: { limit: 10 } }, where: { price: { gte: price } } });
    return Object.keys(a.facets?.f_make?.values ?? {}).length;
  };
  return { run, holder: db };
}

/** The requests of each kind whose hit counts are compared: as many as the fewest any engine makes. */
const COMPARED_REQUESTS = SMOKE ? 5 : 40;

/** The kinds whose hit counts every engine must agree on (the text query's matching rules differ). */
const COMPARED: Kind[] = ["empty+8 facets", "2 disjunctive + price range", "sort replica"];

/** The process's peak resident set so far (Linux's VmHWM), in bytes; 0 where it cannot be read. */
function peakRss(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Starts the peak (VmHWM) again from the current RSS (Linux: "5" to clear_refs); nothing elsewhere. */
function resetPeakRss(): void {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    // Not Linux: the peak then includes what came before the build.
  }
}

async function worker(engineName: string, size: number, iterations: number) {
  const records = engineName === "embedded-prod" ? [] : (allRecords(generateStock({ count: size, seed: "bench" })) as unknown as Record<string, unknown>[]);
  global.gc?.();
  global.gc?.();
  const before = process.memoryUsage();
  // The longest the event loop was held while building (the server's bound is 50 ms a turn);
  // only the background builds let it turn at all.
  // The peak from here on: what generating the records took before is not the build's.
  resetPeakRss();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t0 = performance.now();
  readStarted = t0;
  // Per-query timings of the current operation (the disjunctive operation has two).
  let laps: number[] = [];
  const timed = <T>(fn: () => T): T => {
    const s = performance.now();
    const r = fn();
    laps.push(performance.now() - s);
    return r;
  };
  const { run, holder } = engineName.startsWith("embedded")
    ? await embeddedRunner(engineName, records, timed)
    : engineName === "orama"
      ? await oramaRunner(records, timed)
      : itemsjsRunner(records, timed);
  const buildMs = performance.now() - t0;
  loop.disable();
  const loopMaxMs = loop.max / 1e6;
  const rssPeakMB = Math.round(peakRss() / 1048576);

  global.gc?.();
  global.gc?.();
  const after = process.memoryUsage();
  // Warm-up, by the same rule for every engine: V8 compiles a function's optimised code only after it has
  // run for a while, and with 5 requests of each kind the first of the measured ones still ran
  // unoptimised (the embedded engine's text queries at 100,000 cars: the first 200 took 1.5-2.5
  // times as long as the same 200 again, and no longer than those after 200 queries of other
  // words). These 50 (as many as an engine measures, if fewer) give the steady state a server
  // reaches after its first few hundred searches. They are the variants after the measured ones,
  // not their first ones (the workload's words and filters recur every few dozen variants, in the
  // measured requests as in these).
  const warmUp = SMOKE ? 5 : Math.min(50, iterations);
  for (let i = 0; i < warmUp; i++) for (const k of KINDS) run(k, iterations + 5 + i);
  const mb = (b: number) => Math.round(b / 1048576);
  const out: Record<string, unknown> = {
    engine: engineName,
    size,
    buildMs: Math.round(buildMs),
    recordsHeapMB: mb(before.heapUsed),
    engineHeapMB: mb(after.heapUsed - before.heapUsed),
    engineArrayBuffersMB: mb(after.arrayBuffers - before.arrayBuffers),
    heapUsedMB: mb(after.heapUsed),
    rssMB: mb(after.rss),
    rssBeforeMB: mb(before.rss),
    rssPeakMB,
    loopMaxMs: Math.round(loopMaxMs),
    readMs: readMs === undefined ? undefined : Math.round(readMs),
    kinds: {},
    hits: {},
  };
  const pct = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  };
  const allOps: number[] = [];
  const allQueries: number[] = [];
  const tStart = performance.now();
  for (const kind of KINDS) {
    const ops: number[] = [];
    const queries: number[] = [];
    for (let i = 0; i < iterations; i++) {
      laps = [];
      const hits = run(kind, i + 5);
      // Summed over the requests every engine makes (the peers make fewer at 100,000).
      const sums = out.hits as Record<string, number>;
      if (i < COMPARED_REQUESTS) sums[kind] = (sums[kind] ?? 0) + hits;
      ops.push(laps.reduce((a, b) => a + b, 0));
      queries.push(...laps);
    }
    allOps.push(...ops);
    allQueries.push(...queries);
    (out.kinds as Record<string, unknown>)[kind] = { ...pct(ops), perQuery: pct(queries) };
  }
  const totalS = (performance.now() - tStart) / 1000;
  Object.assign(out, pct(allOps), { perQuery: pct(allQueries), throughput: Math.round(allQueries.length / totalS) });
  void holder;
  console.log(JSON.stringify(out));
}

/**
 * This file compiled to one JavaScript module, for the workers: the server runs compiled code on
 * plain Node, and tsx's loader (a second V8 isolate resolving and compiling modules) adds about
 * 45 MB of RSS to a process that loads it, which the peak and settled figures would otherwise
 * count as the engine's. Written under node_modules/.cache so its bare imports resolve from the
 * project's node_modules.
 */
function compiledWorker(): string {
  const outfile = path.join(import.meta.dirname, "..", "node_modules", ".cache", "bench-search", "worker.mjs");
  buildSync({
    entryPoints: [import.meta.filename],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: `node${process.versions.node.split(".")[0]}`,
    packages: "external",
    logLevel: "error",
  });
  return outfile;
}

if (process.argv[2] === "--stock-files") {
  console.log(writeStockFiles(Number(process.argv[3])));
} else if (process.argv[2] === "--worker") {
  // The embedded engine's heap held as the server holds its own (scripts/server.mjs does the same).
  if (process.argv[3].startsWith("embedded")) limitHeapGrowth(v8, process.execArgv);
  if (process.argv[6])
    stockFiles = readdirSync(process.argv[6])
      .sort()
      .map((f) => path.join(process.argv[6], f));
  await worker(process.argv[3], Number(process.argv[4]), Number(process.argv[5]));
} else {
  const sizes = (process.argv.find((a) => a.startsWith("--sizes="))?.slice(8) ?? (SMOKE ? "1000" : "10000,100000")).split(",").map(Number);
  const engines = (process.argv.find((a) => a.startsWith("--engines="))?.slice(10) ?? "embedded-prod,embedded-peer,itemsjs,orama").split(",");
  interface Percentiles {
    p50: number;
    p95: number;
    p99: number;
  }
  /** One worker's figures (printed by its last line as JSON). */
  interface WorkerResult extends Percentiles {
    engine: string;
    size: number;
    buildMs: number;
    throughput: number;
    perQuery: Percentiles;
    recordsHeapMB: number;
    engineHeapMB: number;
    engineArrayBuffersMB: number;
    heapUsedMB: number;
    rssMB: number;
    rssBeforeMB: number;
    rssPeakMB: number;
    loopMaxMs: number;
    readMs?: number;
    kinds: Record<string, Percentiles & { perQuery: Percentiles }>;
    hits: Record<string, number>;
  }
  const results: WorkerResult[] = [];
  const workerScript = compiledWorker();
  for (const size of sizes) {
    for (const engine of engines) {
      // The peers take tens to hundreds of milliseconds a query at 100,000: fewer of them.
      const iterations = SMOKE ? 5 : (engine === "itemsjs" || engine === "orama") && size >= 100000 ? 40 : 200;
      let stockDir = "";
      if (engine === "embedded-prod") {
        const w = spawnSync(process.execPath, ["--import", "tsx", import.meta.filename, "--stock-files", String(size)], { encoding: "utf8" });
        stockDir = w.stdout.trim().split("\n").pop() ?? "";
        if (w.status !== 0 || !stockDir) {
          console.error(w.stderr);
          process.exit(1);
        }
      }
      // The embedded engine under the production server's V8 settings (scripts/lib/server-env.mjs),
      // as the server builds and queries its index in its own process; the peers, which would not
      // run there, under Node's defaults (their heaps of 0.5-0.8 GB at 100,000 cars made them
      // 2-3 times slower with the server's heap growth).
      const asServer = engine.startsWith("embedded");
      const r = spawnSync(
        process.execPath,
        ["--expose-gc", "--max-old-space-size=4096", workerScript, "--worker", engine, String(size), String(iterations), stockDir],
        { encoding: "utf8", maxBuffer: 1 << 24, env: asServer ? serverEnvironment(process.env) : process.env },
      );
      if (stockDir) rmSync(stockDir, { recursive: true, force: true });
      const line = r.stdout.trim().split("\n").pop() ?? "";
      if (r.status !== 0 || !line.startsWith("{")) {
        console.error(r.stderr);
        process.exit(1);
      }
      results.push(JSON.parse(line) as WorkerResult);
      console.error(`done: ${engine} ${size}`);
    }
  }
  const f = (n: number) => n.toFixed(2);
  console.log("Per operation (the disjunctive operation is two queries for the embedded engine, one call for ItemsJS):");
  console.log(
    "| Engine | Vehicles | Build (embedded-prod: from the stock files; in brackets, until the last batch is read, the index built meanwhile) | Longest turn while building | Peak RSS building | p50 ms | p95 ms | p99 ms | Queries/s |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of results)
    console.log(
      `| ${r.engine} | ${r.size.toLocaleString("en-AU")} | ${r.buildMs} ms${r.readMs === undefined ? "" : ` (${r.readMs} ms)`} | ${r.loopMaxMs} ms | ${r.rssPeakMB} MB (${r.rssBeforeMB} before) | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${r.throughput} |`,
    );
  console.log("\nPer query (each query of the disjunctive pair timed on its own):");
  console.log("| Engine | Vehicles | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|");
  for (const r of results)
    console.log(`| ${r.engine} | ${r.size.toLocaleString("en-AU")} | ${f(r.perQuery.p50)} | ${f(r.perQuery.p95)} | ${f(r.perQuery.p99)} |`);
  console.log(
    "\nMemory (MB): records' heap before the build; the engine's own heap and typed arrays (after − before, after a GC); heap in use after the build (the engine and the records it keeps); RSS of the process (which still holds what the generator left):",
  );
  console.log(
    "| Engine | Vehicles | Records heap | Engine heap | Engine typed arrays | Engine total | Heap after build | RSS |\n|---|---|---|---|---|---|---|---|",
  );
  for (const r of results)
    console.log(
      `| ${r.engine} | ${r.size.toLocaleString("en-AU")} | ${r.recordsHeapMB} | ${r.engineHeapMB} | ${r.engineArrayBuffersMB} | ${r.engineHeapMB + r.engineArrayBuffersMB} | ${r.heapUsedMB} | ${r.rssMB} |`,
    );
  console.log("\nPer workload p95 per operation (ms):\n| Engine | Vehicles | " + KINDS.join(" | ") + " |\n|---|---|" + KINDS.map(() => "---").join("|") + "|");
  for (const r of results) console.log(`| ${r.engine} | ${r.size.toLocaleString("en-AU")} | ${KINDS.map((k) => f(r.kinds[k].p95)).join(" | ")} |`);
  console.log("\nPer workload p95 per query (ms):\n| Engine | Vehicles | " + KINDS.join(" | ") + " |\n|---|---|" + KINDS.map(() => "---").join("|") + "|");
  for (const r of results) console.log(`| ${r.engine} | ${r.size.toLocaleString("en-AU")} | ${KINDS.map((k) => f(r.kinds[k].perQuery.p95)).join(" | ")} |`);
  if (SMOKE)
    assertFigures(
      "bench:search",
      Object.fromEntries(
        results.flatMap((r) => [
          [`${r.engine} ${r.size} p95 ms`, r.p95],
          [`${r.engine} ${r.size} build ms`, r.buildMs],
          [`${r.engine} ${r.size} RSS MB`, r.rssMB],
          // NaN (and so refused) when a workload kind has no figure.
          [`${r.engine} ${r.size} slowest kind p95 ms`, Math.max(...KINDS.map((k) => r.kinds[k]?.p95 ?? NaN))],
        ]),
      ),
    );
  // Answers: the hit counts each engine summed per compared kind must be equal at each size.
  const disagreements: string[] = [];
  for (const size of sizes) {
    const here = results.filter((r) => r.size === size);
    for (const kind of COMPARED) {
      const counts = here.map((r) => `${r.engine} ${r.hits[kind]}`);
      if (new Set(here.map((r) => r.hits[kind])).size > 1) disagreements.push(`${size} ${kind}: ${counts.join(", ")}`);
    }
  }
  console.log(disagreements.length ? `\nAnswers differ:\n${disagreements.join("\n")}` : `\nAnswers agree (hit counts of ${COMPARED.join(", ")}).`);
  if (SMOKE && disagreements.length) process.exit(1);
  for (const size of sizes) {
    const e = results.find((r) => r.engine === "embedded-prod" && r.size === size);
    if (!e) continue;
    for (const peer of results.filter((r) => r.size === size && !r.engine.startsWith("embedded")))
      console.log(
        `${size.toLocaleString("en-AU")} vehicles: embedded-prod is ${(peer.p95 / e.p95).toFixed(1)}× faster than ${peer.engine} at p95 and ${(peer.p50 / e.p50).toFixed(1)}× at p50 (per operation); slowest kind p95 ${f(Math.max(...KINDS.map((k) => e.kinds[k].p95)))} ms against ${f(Math.max(...KINDS.map((k) => peer.kinds[k].p95)))} ms.`,
      );
  }
}
