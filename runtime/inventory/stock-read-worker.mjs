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
// With `recordsFd` (an unlinked file the event loop's thread opened), each car's JSON (serialised
// here for the batches anyway) is also written to that file as it goes, and the last message gives
// each car's byte offsets: the engine reads its hits from that file (runtime/search/
// file-records.ts, FileRecords.adopt), so the event loop's thread no longer serialises and writes
// every car again after the index is built (about half the build's time at 100,000 cars). The
// file is opened by the thread that keeps it: a descriptor a worker opens is closed when it ends.
//
// Plain JavaScript: a worker is started from a file node runs as it is (no TypeScript loader in
// the server's bundle).
import { createHash } from "node:crypto";
import { readFileSync, writeSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ files: string[], batchBytes: number, recordsFd?: number, keys?: string[] }} */
const { files, batchBytes, recordsFd, keys } = workerData;

/**
 * With the records' file and `keys`, the batches carry each car cut down to those keys (the ones
 * the index reads): the event loop's thread parses and holds a fifth of each car's JSON while
 * building, and reads the whole car from the file when it is a hit.
 * @param {Record<string, unknown>} car
 */
function indexedPart(car) {
  if (!keys || !spool || !car || typeof car !== "object" || Array.isArray(car)) return car;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const k of keys) if (Object.prototype.hasOwnProperty.call(car, k)) out[k] = car[k];
  return out;
}

/** Bytes gathered before a write to the records' file. */
const WRITE_BYTES = 4 * 1024 * 1024;

/** The records' file being written (null without `recordsFd`). */
const spool =
  typeof recordsFd === "number" ? { fd: recordsFd, chunk: Buffer.allocUnsafe(WRITE_BYTES), used: 0, at: 0, /** @type {number[]} */ offsets: [] } : null;

/** Writes `length` bytes of `bytes`, ending at the spool's current end. @param {Buffer} bytes @param {number} length */
function writeOut(bytes, length) {
  if (!spool) return;
  let written = 0;
  while (written < length) written += writeSync(spool.fd, bytes, written, length - written, spool.at - length + written);
}

/** Appends one car's JSON to the records' file. @param {string} json */
function spoolCar(json) {
  if (!spool) return;
  spool.offsets.push(spool.at);
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (spool.used + json.length * 3 > spool.chunk.length) {
    writeOut(spool.chunk, spool.used);
    spool.used = 0;
  }
  if (json.length * 3 > spool.chunk.length) {
    const big = Buffer.from(json, "utf8");
    spool.at += big.length;
    writeOut(big, big.length);
    return;
  }
  const n = spool.chunk.write(json, spool.used, "utf8");
  spool.used += n;
  spool.at += n;
}

/** The records' offsets once every car is in the file (the last is its end). */
function finishSpool() {
  if (!spool) return null;
  writeOut(spool.chunk, spool.used);
  spool.used = 0;
  return Float64Array.from([...spool.offsets, spool.at]);
}

/** More distinct origins than this and the policy keeps allowing any https picture. */
const MAX_ORIGINS = 64;
/** @type {Set<string> | null} */
let origins = new Set();
/** @type {string[]} */
const hashes = [];

/** Whether the character before `at` is escaped by an odd run of backslashes. @param {string} json @param {number} at */
function escaped(json, at) {
  let slashes = 0;
  for (let k = at - 1; k >= 0 && json.charCodeAt(k) === 92; k--) slashes++;
  return slashes % 2 === 1;
}

/**
 * Adds the origin of every https URL in a car (any string value, at any depth, that starts with
 * https://) to `origins`, found in the car's JSON text (serialised for the records' file anyway)
 * rather than by walking every value of the car: the walk took about a tenth of the reader's time.
 * @param {string} json
 */
function collectOrigins(json) {
  let at = json.indexOf('"https://');
  while (origins && at >= 0) {
    // A quote escaped inside another string (\"https://…) starts no string of its own.
    if (escaped(json, at)) {
      at = json.indexOf('"https://', at + 1);
      continue;
    }
    let end = json.indexOf('"', at + 1);
    while (end >= 0 && escaped(json, end)) end = json.indexOf('"', end + 1);
    if (end < 0) return;
    // A key ("https://…": …) is not a value (JSON.stringify leaves no space before the colon).
    if (json.charCodeAt(end + 1) !== 58) {
      const raw = json.slice(at, end + 1);
      try {
        origins.add(new URL(raw.includes("\\") ? JSON.parse(raw) : raw.slice(1, -1)).origin);
      } catch {
        // Not a URL: nothing to allow.
      }
      if (origins.size > MAX_ORIGINS) origins = null;
    }
    at = json.indexOf('"https://', end + 1);
  }
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
      const json = JSON.stringify(car);
      collectOrigins(json);
      spoolCar(json);
      const sent = spool && keys ? JSON.stringify(indexedPart(car)) : json;
      parts.push(sent);
      batched += sent.length;
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
/** The batch made ahead: the next one is prepared while the event loop's thread parses this one. */
let ahead = null;
parentPort?.on("message", () => {
  const { value, done } = ahead ?? next.next();
  ahead = null;
  parentPort?.postMessage(done ? { origins: origins && [...origins].sort(), hashes, offsets: finishSpool() } : value);
  if (done) parentPort?.close();
  else ahead = next.next();
});
