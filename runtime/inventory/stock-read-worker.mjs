// The stock files read and parsed off the event loop (worker_threads), for the background index
// build (stock-index.ts). A stock file is one JSON array of cars, up to several megabytes: one
// JSON.parse of it held the server's one event loop for hundreds of milliseconds. Here the files
// are parsed in a worker, and the cars go back to the loop in batches of about `batchBytes` of
// JSON, one batch each time the loop asks for the next (so each is parsed in a turn of its own,
// a few milliseconds, rather than many queued messages in one turn). Same cars, same order:
// file by file, each array in its order; a file that is not an array holds no cars, as before.
// The last message lists the origins of the https URLs the cars name (their photos' hosts, for
// the pages' Content-Security-Policy), or null when there are more than MAX_ORIGINS, and the
// SHA-256 of each file's bytes (what the shared stock records as the snapshot's hash): the served
// stock's identity across processes, hashed here rather than on a request.
//
// Plain JavaScript: a worker is started from a file node runs as it is (no TypeScript loader in
// the server's bundle).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ files: string[], batchBytes: number }} */
const { files, batchBytes } = workerData;

/** More distinct origins than this and the policy keeps allowing any https picture. */
const MAX_ORIGINS = 64;
/** @type {Set<string> | null} */
let origins = new Set();
/** @type {string[]} */
const hashes = [];

/** Adds the origin of every https URL in a car (any depth) to `origins`. @param {unknown} value */
function collectOrigins(value) {
  if (!origins) return;
  if (typeof value === "string") {
    if (!value.startsWith("https://")) return;
    try {
      origins.add(new URL(value).origin);
    } catch {
      return;
    }
    if (origins.size > MAX_ORIGINS) origins = null;
  } else if (Array.isArray(value)) for (const v of value) collectOrigins(v);
  else if (value && typeof value === "object") for (const v of Object.values(value)) collectOrigins(v);
}

/** Batches of cars as JSON array text, file by file. */
function* batches() {
  for (const file of files) {
    const bytes = readFileSync(file);
    hashes.push(createHash("sha256").update(bytes).digest("hex"));
    const data = JSON.parse(bytes.toString("utf8"));
    if (!Array.isArray(data)) continue;
    /** @type {string[]} */
    let parts = [];
    let batched = 0;
    for (const car of data) {
      collectOrigins(car);
      const json = JSON.stringify(car);
      parts.push(json);
      batched += json.length;
      if (batched >= batchBytes) {
        yield `[${parts.join(",")}]`;
        parts = [];
        batched = 0;
      }
    }
    if (parts.length) yield `[${parts.join(",")}]`;
  }
}

const next = batches();
parentPort?.on("message", () => {
  const { value, done } = next.next();
  parentPort?.postMessage(done ? { origins: origins && [...origins].sort(), hashes } : value);
  if (done) parentPort?.close();
});
