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
// No car is parsed here: each file's bytes are scanned once (scanStockFile,
// a validating JSON scanner: the bytes must be JSON as JSON.parse takes it), each car's bytes are
// copied to the records' file as they are (JSON.parse, JSON.stringify and UTF-8 encoding of every
// car took most of the reader's time at 100,000 cars, and its garbage most of the rest), and the
// batches are made of the raw `"key": value` members of the keys the index reads, sent as bytes
// (transferred, not copied). The event loop's thread parses those, as before.
//
// Plain JavaScript: a worker is started from a file node runs as it is (no TypeScript loader in
// the server's bundle).
import { createHash } from "node:crypto";
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { scanStockFile } from "./stock-scan.mjs";

/** @type {{ files: string[], batchBytes: number, recordsFd?: number, keys?: string[], ahead: number }} */
const { files, batchBytes, recordsFd, keys, ahead } = workerData;

/** Bytes gathered before a write to the records' file. */
const WRITE_BYTES = 4 * 1024 * 1024;

/** The records' file being written (null without `recordsFd`). */
const spool =
  typeof recordsFd === "number" ? { fd: recordsFd, chunk: Buffer.allocUnsafe(WRITE_BYTES), used: 0, at: 0, /** @type {number[]} */ offsets: [] } : null;

/**
 * With the records' file and `keys`, the batches carry each car cut down to those keys (the ones
 * the index reads): the event loop's thread parses and holds a fifth of each car's JSON while
 * building, and reads the whole car from the file when it is a hit.
 */
const cut = spool && keys ? keys : null;

/** Writes `length` bytes of `bytes` from `from`, ending at the spool's current end. @param {Buffer} bytes @param {number} from @param {number} length */
function writeOut(bytes, from, length) {
  if (!spool) return;
  let written = 0;
  while (written < length) written += writeSync(spool.fd, bytes, from + written, length - written, spool.at - length + written);
}

/** Appends one car's JSON, bytes[start .. end) as they are in the stock file, to the records' file. @param {Buffer} bytes @param {number} start @param {number} end */
function spoolCar(bytes, start, end) {
  if (!spool) return;
  spool.offsets.push(spool.at);
  const length = end - start;
  if (spool.used + length > spool.chunk.length) {
    writeOut(spool.chunk, 0, spool.used);
    spool.used = 0;
  }
  if (length > spool.chunk.length) {
    spool.at += length;
    writeOut(bytes, start, length);
    return;
  }
  bytes.copy(spool.chunk, spool.used, start, end);
  spool.used += length;
  spool.at += length;
}

/** The records' offsets once every car is in the file (the last is its end). */
function finishSpool() {
  if (!spool) return null;
  writeOut(spool.chunk, 0, spool.used);
  spool.used = 0;
  return Float64Array.from([...spool.offsets, spool.at]);
}

/** More distinct origins than this and the policy keeps allowing any https picture. */
const MAX_ORIGINS = 64;
/** @type {Set<string> | null} */
let origins = new Set();
/** Each file's SHA-256 (hex), in the files' order. @type {string[]} */
const hashes = [];

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
    this.length += from.copy(this.bytes, this.length, start, end);
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
 * @param {string} file
 */
function readWhole(file) {
  const fd = openSync(file, "r");
  try {
    let got = 0;
    for (;;) {
      if (got === fileBuffer.length) {
        const grown = Buffer.allocUnsafeSlow(Math.max(1 << 20, Math.ceil(fileBuffer.length * 1.5)));
        fileBuffer.copy(grown, 0, 0, got);
        fileBuffer = grown;
      }
      const n = readSync(fd, fileBuffer, got, fileBuffer.length - got, null);
      if (n === 0) return fileBuffer.subarray(0, got);
      got += n;
    }
  } finally {
    closeSync(fd);
  }
}

/** Batches of cars as JSON array bytes, file by file. */
function* batches() {
  let batch = new Batch();
  for (const file of files) {
    const bytes = readWhole(file);
    hashes.push(createHash("sha256").update(bytes).digest("hex"));
    const cars = scanStockFile(bytes, { keys: cut, onUrl: origins ? addOrigin : null });
    for (let c = 0; c < cars.count; c++) {
      const start = cars.start[c];
      const end = cars.end[c];
      spoolCar(bytes, start, end);
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
      parentPort?.postMessage({ origins: origins && [...origins].sort(), hashes, offsets: finishSpool() });
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
