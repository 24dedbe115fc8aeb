/**
 * The studio's long manifest work (diagnose-jobs.ts: diagnoses, a template preview's merge, a
 * published version's validation), run off the event loop: in one worker thread
 * (diagnose-worker.ts), started on the first job, kept while jobs keep coming and stopped
 * after IDLE_MS without one (it holds a copy of the pipeline: schemas, rules, stock facts).
 *
 * Under Next's server the worker is a chunk of its own, bundled from the TypeScript entry; where
 * the entry is still TypeScript (unit tests, scripts) it is started with tsx, as they are. When a
 * worker cannot be had (it fails to start or stops), the diagnosis runs here as before, after a
 * turn of the loop, so a check never fails for want of a thread.
 */
import { Worker } from "node:worker_threads";
import { ValidVersion, type CheckContext } from "../fleet/manifests";
import type { ManifestDiagnostics } from "../manifest/diagnostics";
import type { ManifestProblem } from "../manifest/problems";
import type { FileLoad, LoadedFile } from "../manifest/store";
import { yieldToLoop } from "../search/yield-to-loop";
import { runStudioJob, type DiagnoseJob, type JobResult, type StandaloneJob, type StudioJob } from "./diagnose-jobs";

export type { DiagnoseJob, StandaloneJob } from "./diagnose-jobs";

export type DiagnoseReply = { id: number; result: unknown } | { id: number; error: string };

/** How long the worker is kept without a job. */
export const IDLE_MS = 60_000;

interface Waiting {
  resolve: (result: unknown) => void;
  reject: (e: Error) => void;
  /** The worker it was sent to: a worker stopped (idle, released) must not fail the jobs of the one started after it. */
  worker: Worker;
}

/** The worker failed or stopped (not the diagnosis: a manifest the pipeline throws on throws here too). */
class NoWorker extends Error {}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, Waiting>();
let idle: ReturnType<typeof setTimeout> | null = null;
/** Set once a worker could not be had: later diagnoses run in this thread without trying again. */
let unavailable: string | null = null;

function failAll(of: Worker, error: Error) {
  for (const [id, job] of waiting)
    if (job.worker === of) {
      waiting.delete(id);
      job.reject(error);
    }
}

function startWorker(): Worker {
  // Under Next's server (NEXT_RUNTIME is set there) the bundler compiles the worker's entry into
  // a chunk of its own from the expression below. Elsewhere this module is still TypeScript (tests
  // and scripts, which run under tsx): the worker registers tsx's loader, then imports the entry.
  const w = !process.env.NEXT_RUNTIME
    ? new Worker(
        `import("tsx/esm/api").then((tsx) => tsx.register()).then(() => import(${JSON.stringify(new URL("./diagnose-worker.ts", import.meta.url).href)}))`,
        { eval: true },
      )
    : new Worker(new URL("./diagnose-worker.ts", import.meta.url));
  w.on("message", (reply: DiagnoseReply) => {
    const job = waiting.get(reply.id);
    if (!job) return;
    waiting.delete(reply.id);
    if ("error" in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.result);
    if (waiting.size === 0) w.unref();
  });
  w.on("error", (error) => {
    if (worker === w) worker = null;
    failAll(w, new NoWorker(error.message));
  });
  w.on("exit", (code) => {
    if (worker === w) worker = null;
    failAll(w, new NoWorker(`the diagnosis worker stopped (exit code ${code})`));
  });
  return w;
}

/** The worker's answer for one job (rejects when the worker fails or stops first). */
function inWorker<J extends StudioJob>(job: J): Promise<JobResult<J>> {
  worker ??= startWorker();
  const w = worker;
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    if (waiting.size === 0 && worker === w) {
      worker = null;
      void w.terminate();
    }
  }, IDLE_MS);
  idle.unref();
  const id = nextId++;
  w.ref();
  return new Promise<JobResult<J>>((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (result: unknown) => void, reject, worker: w });
    w.postMessage({ id, job });
  });
}

/**
 * One job's answer, computed in the worker thread; in this thread after a turn of the loop when
 * no worker can be had (`pause`, a timer by default).
 */
export async function offLoop<J extends StudioJob>(job: J, pause: () => Promise<void> = yieldToLoop): Promise<JobResult<J>> {
  if (!unavailable) {
    try {
      return await inWorker(job);
    } catch (error) {
      if (!(error instanceof NoWorker)) throw error;
      unavailable = error.message;
      console.error(`[studio] manifest checks run on the server's own thread: no worker (${unavailable})`);
    }
  }
  await pause();
  return runStudioJob(job);
}

/** The diagnosis of one manifest text, off the event loop (`offLoop`). */
export function diagnoseOffLoop(job: DiagnoseJob, pause?: () => Promise<void>): Promise<ManifestDiagnostics> {
  return offLoop({ ...job, kind: "diagnose" as const }, pause);
}

/** A manifest merged with its templates into one pretty self-contained text (null when it does not load), off the event loop. */
export function standaloneOffLoop(job: Omit<StandaloneJob, "kind">, pause?: () => Promise<void>): Promise<string | null> {
  return offLoop({ ...job, kind: "standalone" as const }, pause);
}

/**
 * runtime/fleet/manifests.ts `validateVersion` off the event loop: the same validation, run in the
 * worker, its version rebuilt here from the fields it sent back.
 */
export async function validateVersionOffLoop(
  name: string,
  text: string,
  ctx: CheckContext,
  pause?: () => Promise<void>,
): Promise<{ ok: true; version: ValidVersion } | { ok: false; problems: ManifestProblem[] }> {
  const r = await offLoop({ kind: "version" as const, name, text, manifestsDir: ctx.manifestsDir, publicDir: ctx.publicDir }, pause);
  return r.ok ? { ok: true, version: ValidVersion.revive(r.version) } : r;
}

/** Files sent to the worker in one message: in this thread, when there is no worker, one message is run between two turns of the loop. */
const FILES_PER_JOB = 10;

/**
 * Manifest files loaded as the store's first load() loads them (runtime/manifest/store.ts
 * `loadFile`), in the worker: the server's start (runtime/fleet/start.ts). Once done, call
 * `releaseDiagnoseWorker` so the worker's heap, where the validation's garbage was, goes at once.
 */
export async function loadFilesOffLoop(files: FileLoad[], pause?: () => Promise<void>): Promise<LoadedFile[]> {
  const parts: Promise<LoadedFile[]>[] = [];
  for (let i = 0; i < files.length; i += FILES_PER_JOB) parts.push(offLoop({ kind: "files" as const, files: files.slice(i, i + FILES_PER_JOB) }, pause));
  return (await Promise.all(parts)).flat();
}

/** Files sent to the worker in one go-live message: tens of milliseconds of work each. */
const GO_LIVE_FILES_PER_JOB = 10;

/**
 * The go-live check of each manifest file (problems in the files' order), in the worker: the
 * staff directory's list of every dealer. One message at a time, so a save's check sent meanwhile
 * waits behind ten files, not behind a thousand.
 */
export async function goLiveOffLoop(
  files: string[],
  dirs: { manifestsDir: string; publicDir: string },
  pause?: () => Promise<void>,
): Promise<ManifestProblem[][]> {
  const out: ManifestProblem[][] = [];
  for (let i = 0; i < files.length; i += GO_LIVE_FILES_PER_JOB)
    out.push(...(await offLoop({ kind: "goLive" as const, files: files.slice(i, i + GO_LIVE_FILES_PER_JOB), ...dirs }, pause)));
  return out;
}

/** Stops the worker now unless a job is waiting for it (after the start's load: its heap is no longer needed). */
export function releaseDiagnoseWorker(): void {
  if (waiting.size === 0 && worker) void stopDiagnoseWorker();
}

/** Whether checks run in the worker (false once it could not be had). For tests and the start-up log. */
export const diagnosesOffLoop = () => unavailable === null;

/** Stops the worker (tests; the server's shutdown does not wait for it). */
export async function stopDiagnoseWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (idle) clearTimeout(idle);
  if (w) await w.terminate();
}
