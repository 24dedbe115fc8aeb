/**
 * The studio's long manifest work (diagnose-jobs.ts: a check's diagnosis, a template preview's
 * merge, a published version's validation) in a worker thread, for diagnose-off-loop.ts: each is
 * tens of milliseconds of synchronous work, a template's check one per dealer using it, and on the
 * server's one event loop each would hold every other dealer's requests. Each message is one job;
 * the answer carries its id.
 */
import { parentPort } from "node:worker_threads";
import { runStudioJob, type StudioJob } from "./diagnose-jobs";
import type { DiagnoseReply } from "./diagnose-off-loop";

const port = parentPort;
if (!port) throw new Error("diagnose-worker.ts runs as a worker thread");

port.on("message", (message: { id: number; job: StudioJob }) => {
  let reply: DiagnoseReply;
  try {
    reply = { id: message.id, result: runStudioJob(message.job) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
