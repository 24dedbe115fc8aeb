import { closeSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { yieldToLoop } from "./yield-to-loop";

/**
 * The embedded engine's records kept out of the heap: each record's JSON written once to a file
 * that is unlinked at once and read through its open descriptor, so only the byte offsets stay
 * in memory, the operating system's page cache holds the bytes (shared, outside the process's
 * RSS, dropped under memory pressure), and nothing is left on disk when the process ends, even
 * by a crash. A search returns a page of hits, so a record is read and parsed only when it is a
 * hit (about 30 µs), and the most recent of those read more than once are kept parsed.
 *
 * Why not compress in memory: a car is 6.2 KB of JSON and 100,000 of them parsed from the stock
 * files take about 820 MB of heap. Deflating each against a shared dictionary cut them to about
 * 0.8 KB, but Node's zlib makes a stream per call: 31 s and 2.1 GB of RSS to build at 100,000
 * cars (60 s in the thread pool). Writing them to a file takes a second or two.
 */

export interface RecordSource {
  readonly length: number;
  get(doc: number): Record<string, unknown>;
}

/** Parsed records kept (a few pages of hits that are asked for again and again). */
const PARSED_MAX = 512;

/** After this many reads of records not kept, which records were read once is forgotten. */
const FORGET_AFTER_READS = 8 * PARSED_MAX;

/** Bytes written per call while spooling (a few milliseconds of work between turns of the event loop). */
const CHUNK_BYTES = 4 * 1024 * 1024;
let spoolCounter = 0;

export class FileRecords implements RecordSource {
  readonly length: number;
  private readonly parsed = new LRUCache<number, Record<string, unknown>>({ max: PARSED_MAX });
  /**
   * Which records were read once since the last forgetting: a record is kept parsed only when read
   * a second time. Most hits are read once (another query's page); keeping each of them pushed out
   * one kept earlier, and every one kept had lived long enough for V8 to move it to the old
   * generation, so a stream of varied queries made old-generation garbage at about 15 KB a hit
   * and a full collection every few hundred milliseconds at 100,000 cars (text queries' p95 6.7-6.8
   * ms against 4.4-4.7 without keeping any; bench:search). Pages asked for again are still kept.
   */
  private readonly readOnce: Uint8Array;
  private readsNotKept = 0;
  private buffer = Buffer.allocUnsafe(64 * 1024);
  private closed = false;

  private constructor(
    private readonly fd: number,
    /** Record i is bytes offsets[i] .. offsets[i + 1] of the file. */
    private readonly offsets: Float64Array,
  ) {
    this.length = offsets.length - 1;
    this.readOnce = new Uint8Array(this.length);
  }

  get(doc: number): Record<string, unknown> {
    let rec = this.parsed.get(doc);
    if (!rec) {
      if (doc < 0 || doc >= this.length) throw new RangeError(`no record ${doc}`);
      if (this.closed) throw new Error("the records of a replaced stock index were read after it was closed");
      const start = this.offsets[doc];
      const length = this.offsets[doc + 1] - start;
      if (this.buffer.length < length) this.buffer = Buffer.allocUnsafe(length * 2);
      let read = 0;
      while (read < length) read += readSync(this.fd, this.buffer, read, length - read, start + read);
      rec = JSON.parse(this.buffer.toString("utf8", 0, length)) as Record<string, unknown>;
      if (this.readOnce[doc]) this.parsed.set(doc, rec);
      else {
        this.readOnce[doc] = 1;
        if (++this.readsNotKept >= FORGET_AFTER_READS) {
          this.readOnce.fill(0);
          this.readsNotKept = 0;
        }
      }
    }
    return rec;
  }

  /** A new file in `dir`, open for reading and writing and already unlinked: its descriptor. */
  static openUnlinked(dir = os.tmpdir()): number {
    const file = path.join(dir, `stock-records-${process.pid}-${++spoolCounter}-${Date.now()}.jsonl`);
    const fd = openSync(file, "w+", 0o600);
    unlinkSync(file);
    return fd;
  }

  /**
   * Records another thread of this process wrote to an unlinked file (openUnlinked): its descriptor and
   * the byte offset of each record (offsets[i] .. offsets[i + 1]), as the stock reader sends them
   * (runtime/inventory/stock-read-worker.mjs writes each car's JSON as it serialises it anyway), so
   * the event loop's thread neither serialises nor writes them again.
   */
  static adopt(fd: number, offsets: Float64Array): FileRecords {
    if (offsets.length < 1) throw new RangeError("a records file needs at least its end offset");
    return new FileRecords(fd, offsets);
  }

  /** Releases the file (its space goes back to the disk). Reads afterwards throw. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.parsed.clear();
    closeSync(this.fd);
  }

  /** Bytes the records take in the file. */
  get byteLength(): number {
    return this.offsets[this.length];
  }

  /**
   * Writes the records to a new unlinked file in `dir` (the system's temporary folder by
   * default), a few megabytes at a time with other work let run in between.
   */
  static async spool(records: readonly unknown[], dir = os.tmpdir()): Promise<FileRecords> {
    const fd = FileRecords.openUnlinked(dir);
    try {
      const offsets = new Float64Array(records.length + 1);
      // Each record's JSON is written straight into one reused buffer (no Buffer per record and
      // no concatenation: two copies of every byte less), which goes to the file when full.
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      let used = 0;
      let at = 0;
      const write = (bytes: Buffer, length: number) => {
        let written = 0;
        while (written < length) written += writeSync(fd, bytes, written, length - written, at - length + written);
      };
      for (let i = 0; i < records.length; i++) {
        const json = JSON.stringify(records[i]);
        offsets[i] = at;
        // UTF-8 takes at most 3 bytes per UTF-16 code unit: a record that may not fit goes after a flush.
        if (used + json.length * 3 > chunk.length) {
          write(chunk, used);
          used = 0;
          await yieldToLoop();
        }
        if (json.length * 3 > chunk.length) {
          const big = Buffer.from(json, "utf8");
          at += big.length;
          write(big, big.length);
          continue;
        }
        const n = chunk.write(json, used, "utf8");
        used += n;
        at += n;
      }
      if (used) write(chunk, used);
      offsets[records.length] = at;
      return new FileRecords(fd, offsets);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }
}

/** Plain records as a RecordSource. */
export function arraySource(records: readonly Record<string, unknown>[]): RecordSource {
  return { length: records.length, get: (doc) => records[doc] };
}
