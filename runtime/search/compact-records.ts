import { deflateRaw, deflateRawSync, inflateRawSync } from "node:zlib";
import { promisify } from "node:util";
import { LRUCache } from "lru-cache";

/**
 * The embedded engine's records kept compactly: each record's JSON deflated against a shared
 * dictionary (the JSON of the first few records: every car repeats the same keys and many of the
 * same values), all in one buffer. A search returns a page of hits, so a record is inflated and
 * parsed only when it is a hit (about 40 µs each), and the most recent are kept parsed.
 *
 * Measured on the generated stock: a car is 6.2 KB as JSON and about 0.6 KB deflated so; as
 * objects on the heap 100,000 cars took 286 MB (docs/performance.md).
 */

export interface RecordSource {
  readonly length: number;
  get(doc: number): Record<string, unknown>;
}

const deflateRawAsync = promisify(deflateRaw);

/** Bytes of JSON used as the dictionary: deflate looks back at most 32 KiB. */
const DICTIONARY_BYTES = 32 * 1024;
/** Deflate runs in libuv's thread pool; this many at once keeps the pool busy without queueing the whole stock. */
const IN_FLIGHT = 64;

export class CompactRecords implements RecordSource {
  readonly length: number;
  private readonly parsed: LRUCache<number, Record<string, unknown>>;

  private constructor(
    private readonly dictionary: Buffer,
    private readonly bytes: Buffer,
    /** Record i is bytes[offsets[i] .. offsets[i + 1]). */
    private readonly offsets: Uint32Array | Float64Array,
  ) {
    this.length = offsets.length - 1;
    this.parsed = new LRUCache({ max: 512 });
  }

  get(doc: number): Record<string, unknown> {
    let rec = this.parsed.get(doc);
    if (!rec) {
      if (doc < 0 || doc >= this.length) throw new RangeError(`no record ${doc}`);
      const slice = this.bytes.subarray(this.offsets[doc], this.offsets[doc + 1]);
      rec = JSON.parse(inflateRawSync(slice, { dictionary: this.dictionary }).toString("utf8")) as Record<string, unknown>;
      this.parsed.set(doc, rec);
    }
    return rec;
  }

  /** Compresses synchronously (tests, small stock). */
  static fromRecords(records: readonly unknown[]): CompactRecords {
    const json = records.map((r) => JSON.stringify(r));
    const dictionary = dictionaryOf(json);
    return CompactRecords.assemble(
      dictionary,
      json.map((j) => deflateRawSync(j, { dictionary })),
    );
  }

  /**
   * Compresses in the thread pool, a bounded number at a time, so the server keeps answering
   * while a new stock snapshot is prepared.
   */
  static async fromRecordsAsync(records: readonly unknown[]): Promise<CompactRecords> {
    const sample: string[] = [];
    for (let i = 0; i < Math.min(records.length, 16); i++) sample.push(JSON.stringify(records[i]));
    const dictionary = dictionaryOf(sample);
    const parts: Buffer[] = new Array<Buffer>(records.length);
    let next = 0;
    const lane = async () => {
      while (next < records.length) {
        const i = next++;
        parts[i] = await deflateRawAsync(JSON.stringify(records[i]), { dictionary });
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, records.length) }, lane));
    return CompactRecords.assemble(dictionary, parts);
  }

  private static assemble(dictionary: Buffer, parts: Buffer[]): CompactRecords {
    let total = 0;
    for (const p of parts) total += p.length;
    const offsets = total < 2 ** 32 ? new Uint32Array(parts.length + 1) : new Float64Array(parts.length + 1);
    const bytes = Buffer.allocUnsafe(total);
    let at = 0;
    parts.forEach((p, i) => {
      offsets[i] = at;
      p.copy(bytes, at);
      at += p.length;
    });
    offsets[parts.length] = at;
    return new CompactRecords(dictionary, bytes, offsets);
  }

  /** Bytes held (compressed records, offsets and dictionary), for the benchmarks. */
  get byteLength(): number {
    return this.bytes.length + this.offsets.byteLength + this.dictionary.length;
  }
}

function dictionaryOf(json: readonly string[]): Buffer {
  // The most useful bytes go last: deflate prefers the nearest match.
  const joined = Buffer.from(json.slice(0, 16).join("\n"), "utf8");
  return joined.subarray(Math.max(0, joined.length - DICTIONARY_BYTES));
}

/** Plain records as a RecordSource. */
export function arraySource(records: readonly Record<string, unknown>[]): RecordSource {
  return { length: records.length, get: (doc) => records[doc] };
}
