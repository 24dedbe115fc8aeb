import { createHash } from "node:crypto";
import { closeSync, readFileSync } from "node:fs";
import path from "node:path";
import { Worker, type WorkerOptions } from "node:worker_threads";
import { BUILD_TURN_MS, createEngine, EngineBuilder, STOCK_BUILD_OPTIONS, type Engine } from "@/runtime/search/engine";
import { yieldToLoop } from "@/runtime/search/yield-to-loop";
import { indexedKeys, STOCK_INDEX_SETTINGS, STOCK_SORT_REPLICAS } from "@/runtime/search/index-settings";
import { FileRecords, openStockFiles, type StockFile } from "@/runtime/search/file-records";
import { loadEngine, searchIndexVersion, serialiseEngine } from "@/runtime/search/serialise";
import { HEARTBEAT_MS, type SearchIndexClaim, type SharedSearchIndex } from "@/runtime/fleet/search-index";
import { contentVersion, stockDirectory, stockIndexState, stockSnapshot, type StockIndexState } from "./stock-version";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

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
 * answered from the current index; no request waits for a build. On PostgreSQL (shareStockIndex)
 * a snapshot's index is built by the first process to see it and loaded by the others
 * (runtime/fleet/search-index.ts), keyed by the files' content hashes (stock-hash-worker.mjs).
 *
 * The background build holds the one event loop only briefly: the files are read in a worker
 * thread (stock-read-worker.mjs), which notes where each car is in its file (hits are read from
 * the stock files themselves, which must be replaced, never rewritten in place: FileRecords.
 * inStockFiles) and hands back the indexed keys in batches; each batch is indexed as it arrives
 * (EngineBuilder), so the build runs beside the reading on the second core and no car is held
 * after its batch, and the build yields whenever a turn has run its budget (runtime/search/engine.ts).
 * Figures in docs/reliability.md and docs/performance.md.
 */

/** How this process came by the indexes it served: built here, or loaded as another process stored it. */
export interface StockIndexCounts {
  /** Built here (and, on a shared database, stored for the others). */
  built: number;
  /** Loaded from the shared database, built by another process. */
  loaded: number;
}

interface State extends StockIndexState {
  engine: Engine | null;
  building: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  /** Where a snapshot's index is built once for every process (runtime/fleet/search-index.ts); null when alone. */
  shared?: SharedSearchIndex | null;
  counts?: StockIndexCounts;
}

const state = () => stockIndexState<State>(() => ({ dir: null, version: null, engine: null, building: null, timer: null }));

/**
 * Shares the background builds with the other processes on this database: a new snapshot is
 * indexed by the first process to see it, and loaded by the others (null: build alone again).
 */
export function shareStockIndex(shared: SharedSearchIndex | null): void {
  state().shared = shared;
}

/** How many served indexes were built here and how many loaded from another process's build. */
export function stockIndexCounts(): StockIndexCounts {
  return { ...(state().counts ?? { built: 0, loaded: 0 }) };
}

/**
 * How long it waits in all before building the index itself (its builder may have died: its claim
 * is only taken over once stale, and a process starting meanwhile has no index to serve).
 */
const SHARED_WAIT_LIMIT_MS = 120_000;

const engineOptions = { settings: STOCK_INDEX_SETTINGS, replicas: STOCK_SORT_REPLICAS };
/** What the background build reads of each car (the reader keeps the whole car in the records' file). */
export const STOCK_INDEXED_KEYS = indexedKeys(STOCK_INDEX_SETTINGS, STOCK_SORT_REPLICAS);

/**
 * The index of these records: loaded when another process stored it for the same stock content,
 * else built here (and stored for the others when this process claimed it). `content` names the
 * files by their bytes' hashes (contentVersion), so equal content means equal records in equal order.
 * The builder has every car already (fed while reading: the content is only known once the files
 * are read); when the index is loaded instead, its work is dropped.
 */
async function indexOf(s: State, builder: EngineBuilder, content: string, file: FileRecords): Promise<{ engine: Engine; how: string }> {
  const counts = (s.counts ??= { built: 0, loaded: 0 });
  const build = async (how: string) => {
    const engine = await builder.finish(file);
    counts.built++;
    return { engine, how };
  };
  const shared = s.shared;
  if (!shared) return build("built");
  const snapshot = createHash("sha256").update(content).digest("hex");
  const version = searchIndexVersion(engineOptions.settings, engineOptions.replicas);
  const waitUntil = performance.now() + SHARED_WAIT_LIMIT_MS;
  for (;;) {
    // Listening before the claim: the builder's announcement may come before this process waits.
    const watch = shared.watch(snapshot, version);
    let claim: SearchIndexClaim;
    try {
      claim = await shared.claim(snapshot, version);
      if (!("wait" in claim)) watch.stop();
    } catch (error) {
      watch.stop();
      console.error(`[stock] the shared search index could not be asked for; building here: ${(error as Error).message}`);
      return build("built (the shared index was unreachable)");
    }
    if ("ready" in claim) {
      const loaded = await loadEngine(claim.ready, file, STOCK_BUILD_OPTIONS);
      if (!loaded) return build("built (the shared index did not fit this stock)");
      counts.loaded++;
      return { engine: loaded, how: `loaded the shared index (${Math.round(claim.ready.byteLength / 1024)} KB) built by another process` };
    }
    if ("build" in claim) {
      const started = performance.now();
      let built: { engine: Engine; how: string };
      // The claim renewed while building, so a long build is not taken over as a dead one's.
      const heartbeat = setInterval(() => void shared.renew(snapshot, version).catch(() => undefined), HEARTBEAT_MS);
      heartbeat.unref();
      try {
        built = await build("built and shared");
      } catch (error) {
        await shared.release(snapshot, version).catch(() => undefined);
        throw error;
      } finally {
        clearInterval(heartbeat);
      }
      try {
        await shared.store(snapshot, version, serialiseEngine(built.engine), performance.now() - started);
      } catch (error) {
        // Another process then claims it after the claim goes stale, or builds its own.
        console.error(`[stock] the search index could not be shared: ${(error as Error).message}`);
        await shared.release(snapshot, version).catch(() => undefined);
        return { ...built, how: "built (not shared)" };
      }
      return built;
    }
    if (performance.now() > waitUntil) {
      watch.stop();
      return build("built (another process's build of it took too long)");
    }
    await watch.next;
  }
}

const CHECK_INTERVAL_MS = 2000;

function recordsOfText(texts: string[]): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (const text of texts) {
    const data = JSON.parse(text) as unknown;
    if (Array.isArray(data)) for (const r of data) records.push(r as Record<string, unknown>);
  }
  return records;
}

/** The stock reader thread's old-generation heap bound (see readStockRecords). */
const READER_HEAP_MB = 256;

/** JSON bytes per batch from the reader: parsing one takes a few milliseconds. */
export const READ_BATCH_BYTES = 256 * 1024;

/** How the stock files are read (readStockRecords). */
export interface StockReadOptions {
  /** JSON bytes per batch (READ_BATCH_BYTES). */
  batchBytes?: number;
  /**
   * Whether the cars are then read where they are, in the stock files (FileRecords.inStockFiles):
   * the reader reports each car's bytes in its file, and the files stay open for that.
   */
  records?: boolean;
  /** The keys each car is cut down to before it is handed over (the ones the index reads); whole cars without. */
  keys?: readonly string[];
  /**
   * Each batch of cars, in order, as it arrives: the index build adds it at once (EngineBuilder),
   * so no car is held after its batch. The next batch is only asked for once this has resolved.
   */
  onBatch: (cars: Record<string, unknown>[]) => void | Promise<void>;
  /**
   * Milliseconds of batches handled in one turn of the event loop before it is let go
   * (BUILD_TURN_MS); 0: one batch a turn.
   */
  turnBudgetMs?: number;
}

/** What the reader gives back once every file is read: the cars' records, and what it found in passing. */
export interface StockRead {
  /** With `records`: the cars, read where they are in the stock files, in the order of the batches. */
  file?: FileRecords;
  /** How many cars the batches held. */
  count: number;
  /** The origins of the https URLs the cars name (their photos'), or null when too many to list. */
  imageOrigins: string[] | null;
  /** The SHA-256 (hex) of each file's bytes, in the files' order. */
  hashes: string[];
}

/**
 * The cars of the stock files, in order, read and parsed in a worker thread and handed to
 * `onBatch` a few milliseconds' worth per turn of the event loop (stock-read-worker.mjs), and the
 * files' hashes, taken in another (stock-hash-worker.mjs). The workers are started from the source
 * tree, as the server runs from the project's root (the stock folder is found the same way).
 * Rejects, with the files closed, when a file cannot be read or `onBatch` throws.
 *
 * The reader sends batches without being asked, up to READ_AHEAD not yet handled, and each one
 * handled here gives it room for another. It used to send one only when asked, so while it scanned
 * a new file (about 95 ms for 5,000 cars) the request waited, and the build with it, though
 * batches were ready: the build spent about half of a 100,000-car read waiting. The batches that
 * arrive wait in `queue` and are handled in turns of at most `turnBudgetMs`, never a queue's worth
 * in one turn.
 */
export function readStockRecords(files: readonly string[], options: StockReadOptions): Promise<StockRead> {
  const { batchBytes = READ_BATCH_BYTES, records = false, keys, onBatch, turnBudgetMs = BUILD_TURN_MS } = options;
  return new Promise((resolve, reject) => {
    let count = 0;
    // Opened here, not in the worker (a descriptor a worker opens is closed when the worker ends),
    // and before anything is read: a file replaced meanwhile (renamed over) is still read, and
    // its records served, as the reader sees it.
    let opened: StockFile[];
    try {
      opened = openStockFiles(files);
    } catch (error) {
      reject(asError(error));
      return;
    }
    const fds = opened.map((file) => file.fd);
    const worker = stockWorker("stock-read-worker.mjs", {
      workerData: { fds, batchBytes, keys, places: records, ahead: READ_AHEAD },
      // Left to itself the reader's heap grew to about 700 MB over 100,000 cars when it parsed every
      // car (garbage collected late); it now scans the bytes (stock-scan.mjs) and holds little
      // besides one file's bytes, but a bound still makes it collect as it goes.
      resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
    });
    // The files' hashes are taken beside the reader, which is what the build waits for (stock-hash-worker.mjs).
    const hasher = stockWorker("stock-hash-worker.mjs", { workerData: { fds } });
    const hashed = new Promise<string[]>((resolveHashes, rejectHashes) => {
      hasher.once("message", (hashes: unknown) =>
        Array.isArray(hashes) && hashes.length === files.length
          ? resolveHashes(hashes as string[])
          : rejectHashes(new Error("the stock hasher sent an unexpected message")),
      );
      hasher.once("error", rejectHashes);
      hasher.once("exit", (code) => rejectHashes(new Error(`the stock hasher stopped (exit code ${code}) before hashing every file`)));
    });
    let finished = false;
    /**
     * Closes the files once both threads have stopped: one may be reading a file at this moment,
     * and a number closed now could be given to another file first.
     */
    const closeFiles = () => void Promise.allSettled([worker.terminate(), hasher.terminate()]).finally(() => fds.forEach((fd) => closeSync(fd)));
    const fail = (error: unknown) => {
      if (finished) return;
      finished = true;
      closeFiles();
      reject(asError(error));
    };
    hashed.catch(fail);
    /** Batches sent and not yet handled, in order. */
    const queue: Uint8Array[] = [];
    /**
     * How the reader ended: its last message, or its failure. Either is acted on once the batches
     * that came before it are handled, in the order they came (a failure still drops the build).
     */
    let outcome: { last: unknown } | { error: unknown } | undefined;
    let handling = false;
    const end = (message: unknown) => {
      const { origins, places } = (message ?? {}) as { origins?: unknown; places?: { starts?: unknown; ends?: unknown; counts?: unknown } | null };
      if (origins !== null && !Array.isArray(origins)) throw new Error("the stock reader sent an unexpected message");
      // The places are checked by inStockFiles (one per car the batches held, and per file).
      const file = records
        ? FileRecords.inStockFiles(opened, places?.counts as number[], places?.starts as Float64Array, places?.ends as Float64Array)
        : undefined;
      if (file && file.length !== count) throw new Error(`the stock reader placed ${file.length} cars and sent ${count}`);
      finished = true;
      hashed.then(
        (hashes) => {
          if (file) void worker.terminate();
          else closeFiles();
          resolve({ file, count, imageOrigins: origins as string[] | null, hashes });
        },
        (error: unknown) => {
          closeFiles();
          reject(asError(error));
        },
      );
    };
    const handle = async () => {
      handling = true;
      // Not in the message's own turn: Node delivers every message waiting on a port in one turn,
      // so handling each as it came held the loop for a queue's worth (about 100 ms).
      await yieldToLoop();
      let turn = performance.now();
      while (!finished && queue.length > 0) {
        const batch = queue.shift()!;
        // The batch's JSON bytes (transferred by the reader, not copied).
        const cars = JSON.parse(Buffer.from(batch.buffer, batch.byteOffset, batch.byteLength).toString("utf8")) as Record<string, unknown>[];
        count += cars.length;
        await onBatch(cars);
        if (finished) return;
        worker.postMessage("handled");
        if (performance.now() - turn >= turnBudgetMs) {
          await yieldToLoop();
          turn = performance.now();
        }
      }
      handling = false;
      if (finished || !outcome) return;
      if ("error" in outcome) fail(outcome.error);
      else end(outcome.last);
    };
    const arrived = () => {
      if (!handling && !finished) void handle().catch(fail);
    };
    worker.on("message", (message: unknown) => {
      if (finished) return;
      if (message instanceof Uint8Array) queue.push(message);
      else outcome ??= { last: message };
      arrived();
    });
    // A failure is acted on at the reader's exit, which follows it and which Node reports only
    // once every message the reader sent before it has arrived (an error comes on a port of its own).
    let failure: unknown;
    worker.on("error", (error) => (failure ??= error));
    worker.on("exit", (code) => {
      // Its last message in hand, the reader is done (its batches may still be waiting here).
      outcome ??= { error: failure ?? new Error(`the stock reader stopped (exit code ${code}) before reading every file`) };
      arrived();
    });
  });
}

/** A stock thread (runtime/inventory/*.mjs), started from the source tree as the server runs from the project's root. */
function stockWorker(file: string, options: WorkerOptions): Worker {
  return new Worker(path.join(/*turbopackIgnore: true*/ process.cwd(), "runtime/inventory", file), options);
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Batches the reader may have sent and not yet seen handled: about 6 MB of JSON, more than the
 * build handles while the reader scans its next file.
 */
const READ_AHEAD = 24;

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
    const bytes = files.map((f) => readFileSync(/*turbopackIgnore: true*/ f));
    s.engine = createEngine(recordsOfText(bytes.map((b) => b.toString("utf8"))), engineOptions);
    s.version = version;
    s.contentVersion = contentVersion(files, bytes.map(sha256));
    s.dir = dir;
    console.log(`[stock] indexed ${s.engine.size} vehicles from ${files.length} file(s) in ${Date.now() - started} ms`);
  }
  return s.engine;
}

/** Called as a background build starts; the function it returns is called when that build is swapped in. */
export type StockBuildWatcher = () => () => void;

const WATCHERS = Symbol.for("dealer-platform.stock-index.watchers");

function watchers(): Set<StockBuildWatcher> {
  const g = globalThis as { [WATCHERS]?: Set<StockBuildWatcher> };
  return (g[WATCHERS] ??= new Set());
}

/**
 * Watches the background builds: `start` runs before a build lists the stock files (so whatever
 * it notes is in the files the build reads), and what it returns runs once the build serves.
 */
export function watchStockBuilds(start: StockBuildWatcher): () => void {
  watchers().add(start);
  return () => watchers().delete(start);
}

/**
 * Indexes the stock files if they changed since the served index was built, in the background,
 * and swaps the new index in. Resolves when the index is current (concurrent calls share one build).
 */
export function refreshStockIndex(): Promise<void> {
  const s = state();
  if (s.building) return s.building;
  const dir = stockDirectory();
  const served = [...watchers()].map((start) => start());
  const { version, files } = stockSnapshot(Date.now(), { force: true });
  if (s.engine && s.dir === dir && s.version === version) {
    for (const done of served) done();
    return Promise.resolve();
  }
  s.building = (async () => {
    const started = Date.now();
    // Built while the files are read: each batch of cars is indexed as it arrives (on this thread,
    // while the reader parses the next one on another) and dropped; hits are read whole from the
    // stock files. A file that fails to read rejects here and the builder is dropped.
    const builder = new EngineBuilder(STOCK_BUILD_OPTIONS);
    const { file, imageOrigins, hashes } = await readStockRecords(files, {
      records: true,
      keys: STOCK_INDEXED_KEYS,
      onBatch: (cars) => builder.add(cars),
    });
    const content = contentVersion(files, hashes);
    let indexed: { engine: Engine; how: string };
    try {
      indexed = await indexOf(s, builder, content, file!);
    } catch (error) {
      file?.close();
      throw error;
    }
    const { engine, how } = indexed;
    const replaced = s.engine;
    Object.assign(s, { engine, version, dir, imageOrigins, contentVersion: content });
    // Searches run synchronously, but a caller may still hold the old index across an await:
    // its records' file is closed a minute later, not now.
    if (replaced) setTimeout(() => replaced.close(), 60_000).unref();
    for (const done of served) done();
    console.log(`[stock] indexed ${engine.size} vehicles from ${files.length} file(s) in the background in ${Date.now() - started} ms: ${how}`);
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
