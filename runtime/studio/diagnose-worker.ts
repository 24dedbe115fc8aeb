/**
 * The manifest pipeline's diagnosis (runtime/manifest/diagnostics.ts) in a worker thread, for the
 * studio's check and save (diagnose-off-loop.ts): one diagnosis of a dealer's manifest is tens of
 * milliseconds of synchronous work (its schema, rules, stock facts and go-live check), a template's
 * check one per dealer using it, and on the server's one event loop each would hold every other
 * dealer's requests. Each message is one job; the answer carries its id.
 */
import { parentPort } from "node:worker_threads";
import { diagnoseManifest } from "../manifest/diagnostics";
import type { DiagnoseJob, DiagnoseReply } from "./diagnose-off-loop";

const port = parentPort;
if (!port) throw new Error("diagnose-worker.ts runs as a worker thread");

port.on("message", (job: DiagnoseJob & { id: number }) => {
  let reply: DiagnoseReply;
  try {
    const template = job.template;
    const result = diagnoseManifest(
      job.file,
      {
        manifestsDir: job.manifestsDir,
        publicDir: job.publicDir,
        ...(template ? { templateText: (name: string) => (name === template.name ? template.text : undefined) } : {}),
      },
      job.text,
    );
    reply = { id: job.id, result };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
