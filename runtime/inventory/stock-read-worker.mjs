// The stock files read and parsed off the event loop (worker_threads), for the background index
// build (stock-index.ts). A stock file is one JSON array of cars, up to several megabytes: one
// JSON.parse of it held the server's one event loop for hundreds of milliseconds. Here the files
// are parsed in a worker, and the cars go back to the loop in batches of about `batchBytes` of
// JSON. Same cars, same order: file by file, each array in its order; a file that is not an array
// holds no cars, as before. The last message lists the origins of the https URLs the cars name
// (their photos' hosts, for the pages' Content-Security-Policy), or null when there are more than
// MAX_ORIGINS. (The files' hashes are taken beside it: stock-hash-worker.mjs.)
//
// The files are read through descriptors the event loop's thread opened (a descriptor a worker
// opens is closed when it ends): with `places`, the last message also gives each car's bytes in
// its file (starts and ends) and how many cars each file holds, and the engine reads its hits from
// those files where they are (runtime/search/file-records.ts, FileRecords.inStockFiles). A copy of
// every car written to a file of the index's own took a quarter of a 100,000-car build.
//
// No car is parsed here: each file's bytes are scanned once (scanStockFile, a validating JSON
// scanner: the bytes must be JSON as JSON.parse takes it; JSON.parse, JSON.stringify and UTF-8
// encoding of every car took most of the reader's time at 100,000 cars, and its garbage most of
// the rest), and with `keys` the batches are made of the raw `"key": value` members of the keys
// the index reads, sent as bytes (transferred, not copied). The event loop's thread parses those.
//
// Plain JavaScript: a worker is started from a file node runs as it is (no TypeScript loader in
// the server's bundle).
import { readSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { scanStockFile } from "./stock-scan.mjs";

/** @type {{ fds: number[], batchBytes: number, keys?: string[], places: boolean, ahead: number }} */
const { fds, batchBytes, keys, places, ahead } = workerData;

/**
 * With `keys`, the batches carry each car cut down to those keys (the ones the index reads): the
 * event loop's thread parses and holds a fifth of each car's JSON while building, and reads the
 * whole car from its file when it is a hit.
 */
const cut = keys ?? null;

/** Each car's bytes in its file, and how many cars each file holds (with `places`). */
const found = places ? { starts: /** @type {number[][]} */ ([]), ends: /** @type {number[][]} */ ([]), counts: /** @type {number[]} */ ([]) } : null;

/** One file's offsets after another, as one array to send. @param {number[][]} perFile */
function joined(perFile) {
  const all = new Float64Array(perFile.reduce((n, offsets) => n + offsets.length, 0));
  let at = 0;
  for (const offsets of perFile) {
    all.set(offsets, at);
    at += offsets.length;
  }
  return all;
}

/** More distinct origins than this and the policy keeps allowing any https picture. */
const MAX_ORIGINS = 64;
/** @type {Set<string> | null} */
let origins = new Set();

/** Adds the origin of an https URL a car names (any string value, at any depth). @param {string} url */
function addOrigin(url) {
  if (!origins) return;
  try {
    origins.add(new URL(url).origin);
  } catch {
    // Not a URL: nothing to allow.
  }
  if (origins.size > MAX_ORIGINS) origins = null;
}

/** Byte ranges up to this long are copied into a batch in JavaScript (see Batch#put). */
const SHORT_COPY = 64;

/** A batch being filled: JSON array text as bytes, made of raw byte ranges of the stock file. */
class Batch {
  constructor() {
    this.bytes = Buffer.allocUnsafeSlow(Math.max(1024, batchBytes + 64 * 1024));
    this.length = 1;
    this.bytes[0] = 0x5b; // [
    this.count = 0;
  }

  /** @param {Buffer} from @param {number} start @param {number} end */
  put(from, start, end) {
    const need = this.length + end - start + 2;
    if (need > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(need, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    if (end - start > SHORT_COPY) {
      this.length += from.copy(this.bytes, this.length, start, end);
      return;
    }
    // Most members are a few dozen bytes (`"year":2019`): copied here, byte by byte, rather than
    // by Buffer#copy, whose call into native code cost more than the copy (a quarter second of
    // the reader's time over 100,000 cars' three million members).
    const bytes = this.bytes;
    let at = this.length;
    for (let i = start; i < end; i++) bytes[at++] = from[i];
    this.length = at;
  }

  /** @param {number} byte */
  byte(byte) {
    if (this.length + 2 > this.bytes.length) this.put(Buffer.from([byte]), 0, 1);
    else this.bytes[this.length++] = byte;
  }

  /** The array's bytes, closed, as a view to transfer. */
  done() {
    this.byte(0x5d); // ]
    return new Uint8Array(this.bytes.buffer, this.bytes.byteOffset, this.length);
  }
}

/** The buffer every file is read into in turn (see readWhole). */
let fileBuffer = Buffer.allocUnsafeSlow(0);

/**
 * A file's bytes, in the one buffer reused for every file (valid until the next file is read):
 * a new buffer per file (readFileSync) left each one to the garbage collector, which this thread's
 * small heap seldom runs, so several files' bytes (30 MB each at 5,000 cars) stayed resident.
 * Read from its start through the descriptor the event loop's thread opened, which stays open.
 * @param {number} fd
 */
function readWhole(fd) {
  let got = 0;
  for (;;) {
    if (got === fileBuffer.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(1 << 20, Math.ceil(fileBuffer.length * 1.5)));
      fileBuffer.copy(grown, 0, 0, got);
      fileBuffer = grown;
    }
    const n = readSync(fd, fileBuffer, got, fileBuffer.length - got, got);
    if (n === 0) return fileBuffer.subarray(0, got);
    got += n;
  }
}

/** Batches of cars as JSON array bytes, file by file. */
function* batches() {
  let batch = new Batch();
  for (const fd of fds) {
    const bytes = readWhole(fd);
    const cars = scanStockFile(bytes, { keys: cut, onUrl: origins ? addOrigin : null });
    if (found) {
      found.counts.push(cars.count);
      found.starts.push(cars.start);
      found.ends.push(cars.end);
    }
    for (let c = 0; c < cars.count; c++) {
      const start = cars.start[c];
      const end = cars.end[c];
      if (batch.count > 0) batch.byte(0x2c); // ,
      batch.count++;
      const first = cars.fieldsFrom[c];
      if (first < 0) {
        // The whole car (no cutting asked for, or not an object).
        batch.put(bytes, start, end);
      } else {
        batch.byte(0x7b); // {
        for (let f = first, last = cars.fieldsTo[c]; f < last; f += 2) {
          if (f > first) batch.byte(0x2c);
          batch.put(bytes, cars.fields[f], cars.fields[f + 1]);
        }
        batch.byte(0x7d); // }
      }
      if (batch.length >= batchBytes) {
        yield batch.done();
        batch = new Batch();
      }
    }
  }
  if (batch.count > 0) yield batch.done();
}

/**
 * Batches are sent as they are made, up to `ahead` that the event loop's thread has not yet handled
 * (it says "handled" for each): the reader works on while the build indexes the ones sent, and the
 * batches made while this thread scans a new file (a few dozen milliseconds) are already there.
 * Waiting to be asked for each one made the build wait whenever a request came in during a scan.
 */
let room = ahead;
const next = batches();
/** Sends batches while there is room; after the last, what was found in passing. A file that cannot be read or is not JSON throws here: the caller sees the worker's error. */
const pump = () => {
  for (; room > 0; room--) {
    const step = next.next();
    if (step.done) {
      const placed = found && { starts: joined(found.starts), ends: joined(found.ends), counts: found.counts };
      parentPort?.postMessage({ origins: origins && [...origins].sort(), places: placed }, placed ? [placed.starts.buffer, placed.ends.buffer] : []);
      parentPort?.close();
      return;
    }
    parentPort?.postMessage(step.value, [step.value.buffer]);
  }
};
parentPort?.on("message", () => {
  room++;
  pump();
});
pump();
