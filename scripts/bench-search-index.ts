/**
 * npm run bench:search-index: a stock snapshot's search index built (as the first process of a
 * fleet does) against loaded from its stored bytes (as every other process does,
 * runtime/fleet/search-index.ts), at 10,000 and 100,000 generated vehicles. Each step runs in a
 * child process of its own, so its memory figures are its own: "build" builds and serialises (the
 * bytes go to a temporary file, standing in for the database's row), "load" reads that file and
 * loads. What both do alike is left out of the two times: reading the stock files (the records are
 * generated before the clock starts) and writing the records to the unlinked file the server keeps
 * them in (timed apart).
 * A benchmark, not a test: figures go to docs/performance.md.
 * --smoke (npm test): 1,000 vehicles; asserts only that the figures were produced.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildEngineInBackground } from "../runtime/search/engine";
import { FileRecords } from "../runtime/search/file-records";
import { STOCK_INDEX_SETTINGS, STOCK_SORT_REPLICAS } from "../runtime/search/index-settings";
import { normalizeSearchParams } from "../runtime/search/request";
import { loadEngine, serialiseEngine } from "../runtime/search/serialise";
import { SMOKE, assertFigures } from "./lib/bench-smoke";
import { allRecords, generateStock } from "./stock/generate";

// Timed without the records' file: writing it is the same work whether the index is built or
// loaded, and it is timed apart (spoolMs), so the two figures compare the index alone.
const options = { settings: STOCK_INDEX_SETTINGS, replicas: STOCK_SORT_REPLICAS, recordsInFile: false };
const mb = (b: number) => Math.round(b / 1048576);

interface Figures {
  /** The index built, or loaded from the stored bytes. */
  ms: number;
  serialiseMs?: number;
  bytes?: number;
  /** Writing the records to their unlinked file (the server does it after either). */
  spoolMs: number;
  /** What the index added to the heap and to typed arrays and buffers (the records were already there). */
  heapMB: number;
  arrayBuffersMB: number;
  rssMB: number;
  hits: number;
}

async function child(step: "build" | "load", size: number, file: string): Promise<Figures> {
  const records = allRecords(generateStock({ count: size, seed: "bench" })) as unknown as Record<string, unknown>[];
  const data = step === "load" ? readFileSync(file) : null;
  global.gc?.();
  global.gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const engine = data ? await loadEngine(data, records, options) : await buildEngineInBackground(records, options);
  if (!engine) throw new Error("the stored index did not load");
  const ms = performance.now() - started;
  let serialiseMs: number | undefined;
  let bytes: number | undefined;
  if (!data) {
    const t = performance.now();
    const stored = serialiseEngine(engine);
    serialiseMs = performance.now() - t;
    bytes = stored.byteLength;
    writeFileSync(file, stored);
  }
  global.gc?.();
  global.gc?.();
  const after = process.memoryUsage();
  const t = performance.now();
  (await FileRecords.spool(records)).close();
  const spoolMs = performance.now() - t;
  return {
    ms,
    serialiseMs,
    bytes,
    spoolMs,
    heapMB: mb(after.heapUsed - before.heapUsed),
    arrayBuffersMB: mb(after.arrayBuffers - before.arrayBuffers),
    rssMB: mb(after.rss),
    hits: hits(engine),
  };
}

/** A search both engines must answer alike (its hit count is compared). */
function hits(engine: { search: (i: string, p: ReturnType<typeof normalizeSearchParams>) => { nbHits: number } }): number {
  return engine.search("Car_production", normalizeSearchParams({ query: "toyota", facets: ["make", "model"] })).nbHits;
}

function run(step: "build" | "load", size: number, file: string): Figures {
  const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", import.meta.filename, "--child", step, String(size), file], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${step} at ${size}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").at(-1)!) as Figures;
}

async function main() {
  const at = process.argv.indexOf("--child");
  if (at >= 0) {
    const [step, size, file] = process.argv.slice(at + 1);
    console.log(JSON.stringify(await child(step as "build" | "load", Number(size), file)));
    return;
  }
  const sizes = SMOKE ? [1000] : [10_000, 100_000];
  const dir = mkdtempSync(path.join(tmpdir(), "bench-search-index-"));
  try {
    for (const size of sizes) {
      const file = path.join(dir, `index-${size}.bin`);
      const built = run("build", size, file);
      const loaded = run("load", size, file);
      if (built.hits !== loaded.hits) throw new Error(`at ${size} the loaded index answered ${loaded.hits} hits, the built one ${built.hits}`);
      console.log(
        `${size} vehicles: index built ${Math.round(built.ms)} ms (+ serialise ${Math.round(built.serialiseMs!)} ms, ${mb(built.bytes!)} MB stored), ` +
          `loaded ${Math.round(loaded.ms)} ms; records' file ${Math.round(built.spoolMs)} / ${Math.round(loaded.spoolMs)} ms; ` +
          `index heap ${built.heapMB} / ${loaded.heapMB} MB, typed arrays and buffers ${built.arrayBuffersMB} / ${loaded.arrayBuffersMB} MB, ` +
          `RSS ${built.rssMB} / ${loaded.rssMB} MB (built / loaded)`,
      );
      if (SMOKE)
        assertFigures("bench:search-index", {
          buildMs: built.ms,
          serialiseMs: built.serialiseMs,
          bytes: built.bytes,
          loadMs: loaded.ms,
          spoolMs: built.spoolMs,
          builtRssMB: built.rssMB,
          loadedRssMB: loaded.rssMB,
        });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
