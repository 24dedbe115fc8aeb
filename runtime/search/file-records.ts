import { closeSync, fstatSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { yieldToLoop } from "./yield-to-loop";

/**
 * The embedded engine's records kept out of the heap: each record's JSON read through an open
 * descriptor when it is a hit, so only the byte offsets stay in memory and the operating system's
 * page cache holds the bytes (shared, outside the process's RSS, dropped under memory pressure).
 * The stock index reads its cars where they are, in the stock files it was built from
 * (inStockFiles); other builds write their records once to a file that is unlinked at once
 * (spool), so nothing is left on disk when the process ends, even by a crash. A search returns a
 * page of hits, so a record is read and parsed only when it is a hit (about 30 µs), and the most
 * recent of those read more than once are kept parsed.
 *
 * Why not compress in memory: a car is 6.2 KB of JSON and 100,000 of them parsed from the stock
 * files take about 820 MB of heap. Deflating each against a shared dictionary cut them to about
 * 0.8 KB, but Node's zlib makes a stream per call: 31 s and 2.1 GB of RSS to build at 100,000
 * cars (60 s in the thread pool). Writing them to a file takes a second or two.
 */

export interface RecordSource {
  readonly length: number;
  /**
   * The record at a position, or null when it can no longer be read as it was indexed (its stock
   * file was rewritten in place since: see FileRecords.inStockFiles).
   */
  get(doc: number): Record<string, unknown> | null;
}

/** Parsed records kept (a few pages of hits that are asked for again and again). */
const PARSED_MAX = 512;

/** After this many reads of records not kept, which records were read once is forgotten. */
const FORGET_AFTER_READS = 8 * PARSED_MAX;

/** Bytes written per call while spooling (a few milliseconds of work between turns of the event loop). */
const CHUNK_BYTES = 4 * 1024 * 1024;
let spoolCounter = 0;

/** A stock file the records are read from in place: what it was when opened, to notice a rewrite. */
export interface StockFile {
  fd: number;
  name: string;
  size: number;
  mtimeMs: number;
  changed: boolean;
}

/**
 * The stock files opened for reading, in order, each with its size and time as opened (taken
 * before anything is read, so a rewrite in place while the reader reads is noticed too); none
 * left open when one fails.
 */
export function openStockFiles(names: readonly string[]): StockFile[] {
  const fds: number[] = [];
  try {
    return names.map((name) => {
      const fd = openSync(name, "r");
      fds.push(fd);
      const { size, mtimeMs } = fstatSync(fd);
      return { fd, name, size, mtimeMs, changed: false };
    });
  } catch (error) {
    for (const fd of fds) closeSync(fd);
    throw error;
  }
}

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
    /** The open files, in order: file f holds records firstDocs[f] .. firstDocs[f + 1]. */
    private readonly fds: readonly number[],
    private readonly firstDocs: Uint32Array,
    /** Record i is bytes starts[i] .. ends[i] of its file. */
    private readonly starts: Float64Array,
    private readonly ends: Float64Array,
    /** For records read from stock files in place: each file as it was opened (null for a file of this process's own). */
    private readonly stockFiles: StockFile[] | null,
  ) {
    this.length = starts.length;
    this.readOnce = new Uint8Array(this.length);
  }

  get(doc: number): Record<string, unknown> | null {
    let rec = this.parsed.get(doc);
    if (!rec) {
      if (doc < 0 || doc >= this.length) throw new RangeError(`no record ${doc}`);
      if (this.closed) throw new Error("the records of a replaced stock index were read after it was closed");
      const f = this.fileOf(doc);
      if (this.stockFiles && this.changedInPlace(f)) return null;
      const start = this.starts[doc];
      const length = this.ends[doc] - start;
      if (this.buffer.length < length) this.buffer = Buffer.allocUnsafe(length * 2);
      let read = 0;
      while (read < length) {
        const n = readSync(this.fds[f], this.buffer, read, length - read, start + read);
        if (n === 0) break;
        read += n;
      }
      try {
        if (read < length) throw new Error("the file is shorter than when it was indexed");
        rec = JSON.parse(this.buffer.toString("utf8", 0, length)) as Record<string, unknown>;
        if (rec === null || typeof rec !== "object" || Array.isArray(rec)) throw new Error("not a record");
      } catch (error) {
        // Only a stock file changed under the index gets here (this process's own files are not
        // written after the fact): that file's records are left out until the next build.
        if (!this.stockFiles) throw error;
        this.markChanged(f);
        return null;
      }
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

  /** Which of the files holds record `doc`. */
  private fileOf(doc: number): number {
    const firstDocs = this.firstDocs;
    let lo = 0;
    let hi = firstDocs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (firstDocs[mid] <= doc) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * Whether stock file f was rewritten in place since it was indexed (its size or time changed):
   * its records are then no longer where the index says. Asked at each read from the file (an
   * fstat, about a microsecond, against the 30 µs of reading and parsing a record).
   */
  private changedInPlace(f: number): boolean {
    const file = this.stockFiles![f];
    if (file.changed) return true;
    const stat = fstatSync(this.fds[f]);
    if (stat.size !== file.size || stat.mtimeMs !== file.mtimeMs) this.markChanged(f);
    return file.changed;
  }

  private markChanged(f: number): void {
    const file = this.stockFiles![f];
    if (file.changed) return;
    file.changed = true;
    console.error(
      `[stock] ${file.name} was rewritten in place after it was indexed: its cars are left out of search results until the index is rebuilt from it (within seconds). Stock files must be replaced, not rewritten: write a new file and rename it over the old one, as the platform's own writers do.`,
    );
  }

  /**
   * Records read where they are, in the stock files the index was built from (the stock reader's
   * `records`: runtime/inventory/stock-read-worker.mjs reports each car's bytes in its file), so
   * no copy of them is written: writing one took the reader a quarter of a 100,000-car build.
   * The files' descriptors were opened before they were read and stay open with the index, so a
   * file replaced since (a new file renamed over it, as every writer of stock files here does) is
   * still read as it was indexed. One rewritten in place is noticed (its size or time changed
   * since it was opened, or a record no longer parses) and its records are left out until the next
   * build, which its new time brings within seconds.
   * `files[f]` (openStockFiles) holds `counts[f]` records; record i is bytes starts[i] .. ends[i] of its file.
   */
  static inStockFiles(files: StockFile[], counts: readonly number[], starts: Float64Array, ends: Float64Array): FileRecords {
    if (files.length !== counts.length) throw new RangeError("each stock file needs its number of records");
    const total = counts.reduce((n, c) => n + c, 0);
    if (starts.length !== total || ends.length !== total) throw new RangeError(`the stock files hold ${total} records, not ${starts.length}`);
    const firstDocs = new Uint32Array(files.length);
    for (let f = 1; f < files.length; f++) firstDocs[f] = firstDocs[f - 1] + counts[f - 1];
    return new FileRecords(
      files.map((file) => file.fd),
      firstDocs,
      starts,
      ends,
      files,
    );
  }

  /** A new file in `dir`, open for reading and writing and already unlinked: its descriptor. */
  static openUnlinked(dir = os.tmpdir()): number {
    const file = path.join(dir, `stock-records-${process.pid}-${++spoolCounter}-${Date.now()}.jsonl`);
    const fd = openSync(file, "w+", 0o600);
    unlinkSync(file);
    return fd;
  }

  /** Releases the files (a spooled file's space goes back to the disk). Reads afterwards throw. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.parsed.clear();
    for (const fd of this.fds) closeSync(fd);
  }

  /** Bytes the records take in their files. */
  get byteLength(): number {
    let bytes = 0;
    for (let i = 0; i < this.length; i++) bytes += this.ends[i] - this.starts[i];
    return bytes;
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
      return new FileRecords([fd], new Uint32Array(1), offsets.subarray(0, records.length), offsets.subarray(1), null);
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
