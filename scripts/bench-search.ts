/**
 * npm run bench:search: the embedded engine against ItemsJS on the same generated stock
 * (10,000 and 100,000 vehicles), replaying a mixed InstantSearch workload:
 *   empty query with eight facets; text query; two disjunctive refinements with a price range
 *   (main query + the disjunctive facet query, as InstantSearch sends them); sort replica;
 *   facet-value search.
 * Each engine and size runs in its own child process so memory figures are its own. The
 * embedded engine's result cache is off and every request differs, so nothing is answered
 * from a cache. A benchmark, not a test: figures go to docs/performance.md.
 * --smoke (npm test): 1,000 vehicles and 5 requests of each kind per engine; asserts only that
 * every engine produced its figures (scripts/lib/bench-smoke.ts).
 *
 * Timings: per operation (the disjunctive operation is two queries, as InstantSearch sends
 * them) and per query (each query of the pair timed on its own); both are printed.
 * "embedded-file" is the engine as the server keeps it (records in an unlinked file, runtime/
 * search/file-records.ts): its RSS is the figure against the 300 MB target at 100,000 vehicles.
 * Memory: the records' heap (measured before the engine is built), the engine's own heap
 * and typed arrays (the difference the build makes, after a GC), and the process RSS (which
 * also holds whatever the stock generator left for the GC to return).
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import itemsjs from "itemsjs";
import { generateStock, allRecords } from "./stock/generate";
import { buildEngineInBackground, createEngine, type Engine } from "../runtime/search/engine";
import { normalizeSearchParams } from "../runtime/search/request";
import { SMOKE, assertFigures } from "./lib/bench-smoke";

const FACETS = ["car_type", "make", "model", "simple_body", "colour", "simple_fuel", "simple_transmission", "drive"];
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
/** Runs one request of a workload kind (its i-th variant); `holder` keeps the engine alive. */
type Runner = { run: (kind: Kind, i: number) => void; holder: unknown };

/** The embedded engine ("embedded", or "embedded-file" as the server keeps it) and its workload. */
async function embeddedRunner(engineName: string, records: Record<string, unknown>[], timed: Timed): Promise<Runner> {
  let engine: Engine;
  if (engineName === "embedded") engine = createEngine(records, { cacheSize: 0 });
  else {
    // As the server keeps its stock index (runtime/inventory/stock-index.ts): built in the
    // background with the records moved to a file; the objects are then left to the GC.
    engine = await buildEngineInBackground(records, { cacheSize: 0, recordsInFile: true });
    records.length = 0;
  }
  // Parameters are normalised inside the timing, as the HTTP handler does for each request.
  const search = (index: string, raw: Record<string, unknown>) => timed(() => engine.search(index, normalizeSearchParams(raw)));
  const run = (kind: Kind, i: number) => {
    const price = 10000 + (i % 50) * 1000;
    const pair = MAKE_PAIRS[i % MAKE_PAIRS.length];
    if (kind === "empty+8 facets") search("Car_production", { query: "", hitsPerPage: 21, page: i % 5, facets: FACETS });
    else if (kind === "text query")
      search("Car_production", {
        query: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`.slice(0, 3 + (i % 12)),
        hitsPerPage: 21,
        facets: FACETS,
      });
    else if (kind === "2 disjunctive + price range") {
      const numericFilters = [`price>=${price}`, `price<=${price + 30000}`];
      search("Car_production", { query: "", hitsPerPage: 21, facets: FACETS, facetFilters: [pair.map((m) => `make:${m}`)], numericFilters });
      search("Car_production", { query: "", hitsPerPage: 0, facets: ["make"], numericFilters });
    } else if (kind === "sort replica")
      search("Car_production:price:desc", { query: "", hitsPerPage: 21, page: i % 10, facets: FACETS, numericFilters: [`year>=${2010 + (i % 10)}`] });
    else
      timed(() =>
        engine.searchForFacetValues(
          "Car_production",
          normalizeSearchParams({ facet: "make", facetQuery: PREFIXES[i % PREFIXES.length], maxFacetHits: 10, numericFilters: [`price>=${price}`] }),
        ),
      );
  };
  return { run, holder: engine };
}

/** ItemsJS on the same records and its nearest equivalent of each workload. */
function itemsjsRunner(records: Record<string, unknown>[], timed: Timed): Runner {
  const aggregations = Object.fromEntries(FACETS.map((f) => [f, { title: f, size: 100, conjunction: f !== "make" }]));
  const engine = itemsjs(records, {
    aggregations,
    searchableFields: ["make", "model", "badge", "series", "simple_body", "colour", "simple_fuel", "stocknum"],
    sortings: { price_desc: { field: "price", order: "desc" } },
  });
  const run = (kind: Kind, i: number) => {
    const price = 10000 + (i % 50) * 1000;
    const pair = MAKE_PAIRS[i % MAKE_PAIRS.length];
    if (kind === "empty+8 facets") timed(() => engine.search({ per_page: 21, page: 1 + (i % 5) }));
    else if (kind === "text query")
      timed(() => engine.search({ query: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`.slice(0, 3 + (i % 12)), per_page: 21 }));
    // ItemsJS answers the disjunctive facets in one call: one query per operation.
    else if (kind === "2 disjunctive + price range")
      timed(() =>
        engine.search({ per_page: 21, filters: { make: pair }, filter: (item: { price: number }) => item.price >= price && item.price <= price + 30000 }),
      );
    else if (kind === "sort replica")
      timed(() => engine.search({ per_page: 21, page: 1 + (i % 10), sort: "price_desc", filter: (item: { year: number }) => item.year >= 2010 + (i % 10) }));
    else timed(() => engine.aggregation({ name: "make", query: PREFIXES[i % PREFIXES.length], per_page: 10 }));
  };
  return { run, holder: engine };
}

async function worker(engineName: string, size: number, iterations: number) {
  const records = allRecords(generateStock({ count: size, seed: "bench" })) as unknown as Record<string, unknown>[];
  global.gc?.();
  global.gc?.();
  const before = process.memoryUsage();
  const t0 = performance.now();
  // Per-query timings of the current operation (the disjunctive operation has two).
  let laps: number[] = [];
  const timed = <T>(fn: () => T): T => {
    const s = performance.now();
    const r = fn();
    laps.push(performance.now() - s);
    return r;
  };
  const { run, holder } =
    engineName === "embedded" || engineName === "embedded-file" ? await embeddedRunner(engineName, records, timed) : itemsjsRunner(records, timed);
  const buildMs = performance.now() - t0;
  global.gc?.();
  global.gc?.();
  const after = process.memoryUsage();
  for (let i = 0; i < 5; i++) for (const k of KINDS) run(k, i); // warm-up
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
    kinds: {},
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
      run(kind, i + 5);
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

if (process.argv[2] === "--worker") {
  await worker(process.argv[3], Number(process.argv[4]), Number(process.argv[5]));
} else {
  const sizes = (process.argv.find((a) => a.startsWith("--sizes="))?.slice(8) ?? (SMOKE ? "1000" : "10000,100000")).split(",").map(Number);
  const engines = (process.argv.find((a) => a.startsWith("--engines="))?.slice(10) ?? "embedded,embedded-file,itemsjs").split(",");
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
    kinds: Record<string, Percentiles & { perQuery: Percentiles }>;
  }
  const results: WorkerResult[] = [];
  for (const size of sizes) {
    for (const engine of engines) {
      const iterations = SMOKE ? 5 : engine === "itemsjs" && size >= 100000 ? 40 : 200;
      const r = spawnSync(
        process.execPath,
        ["--expose-gc", "--max-old-space-size=4096", "--import", "tsx", import.meta.filename, "--worker", engine, String(size), String(iterations)],
        { encoding: "utf8", maxBuffer: 1 << 24 },
      );
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
  console.log("| Engine | Vehicles | Build | p50 ms | p95 ms | p99 ms | Queries/s |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of results)
    console.log(`| ${r.engine} | ${r.size.toLocaleString("en-AU")} | ${r.buildMs} ms | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${r.throughput} |`);
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
  for (const size of sizes) {
    const e = results.find((r) => r.engine === "embedded" && r.size === size);
    const i = results.find((r) => r.engine === "itemsjs" && r.size === size);
    if (!e || !i) continue;
    console.log(
      `\n${size.toLocaleString("en-AU")} vehicles: embedded is ${(i.p95 / e.p95).toFixed(1)}× faster than ItemsJS at p95 and ${(i.p50 / e.p50).toFixed(1)}× at p50 (per operation).`,
    );
  }
}
