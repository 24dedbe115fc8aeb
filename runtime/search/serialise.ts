/**
 * The embedded engine's built index as bytes, so that one process builds a stock snapshot's index
 * and every other loads it (runtime/fleet/search-index.ts) instead of building its own.
 *
 * Format (little-endian):
 *   "DPSI" | u32 format version | u32 header length | header (JSON, UTF-8) | zero padding to 8 |
 *   the typed arrays' bytes, each at a multiple of 8.
 * The header holds the strings (terms, facet values, attribute names, lookups) and, for each
 * typed array, its kind, offset and length. Why this rather than JSON or MessagePack throughout:
 * nearly all of an index is typed arrays (postings, codes, sorted columns), tens of megabytes at
 * 100,000 cars; here they load as views over the one buffer, with no parse and no copy, and only
 * the strings go through JSON.parse (fast in V8, and the header stays readable for debugging).
 * Not compressed: the arrays are already dense, and loading must cost less than building.
 *
 * What it is keyed by: the stock's content (the caller's snapshot hash) and `searchIndexVersion`,
 * which changes with SEARCH_INDEX_FORMAT (raise it whenever what the parts hold or mean changes)
 * and with the index settings and replicas. Bytes of another version load as null: the caller
 * builds the index itself.
 */
import { createHash } from "node:crypto";
import { engineIndexParts, restoreEngineInBackground, type BackgroundBuildOptions, type Engine, type EngineIndexParts } from "./engine";
import type { FileRecords } from "./file-records";
import { STOCK_INDEX_SETTINGS, STOCK_SORT_REPLICAS, type IndexSettings, type SortReplica } from "./index-settings";

/** The layout of the stored parts; raise it with any change to the engine's index structures. */
export const SEARCH_INDEX_FORMAT = 1;

const MAGIC = 0x49535044; // "DPSI" read as a little-endian u32

type Kind = "u8" | "u16" | "u32" | "i32" | "f64";
type Typed = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;
const CTOR = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array } as const;

function kindOf(a: Typed): Kind {
  if (a instanceof Uint8Array) return "u8";
  if (a instanceof Uint16Array) return "u16";
  if (a instanceof Uint32Array) return "u32";
  if (a instanceof Int32Array) return "i32";
  return "f64";
}

/** A typed array in the header: its place among the sections. */
interface ArrayRef {
  $a: number;
}

interface Header {
  version: string;
  sections: Array<{ kind: Kind; offset: number; length: number }>;
  parts: unknown;
}

/** The version an index is stored under: the format, and the settings and replicas it was built with. */
export function searchIndexVersion(settings: IndexSettings = STOCK_INDEX_SETTINGS, replicas: readonly SortReplica[] = STOCK_SORT_REPLICAS): string {
  const fingerprint = createHash("sha256").update(JSON.stringify({ settings, replicas })).digest("hex").slice(0, 16);
  return `${SEARCH_INDEX_FORMAT}.${fingerprint}`;
}

const isTyped = (v: unknown): v is Typed =>
  v instanceof Uint8Array || v instanceof Uint16Array || v instanceof Uint32Array || v instanceof Int32Array || v instanceof Float64Array;

/** The engine's built index as bytes (see the format above). */
export function serialiseEngine(engine: Engine, version: string = searchIndexVersion(engine.settings, engine.replicas)): Uint8Array {
  const arrays: Typed[] = [];
  const replace = (v: unknown): unknown => {
    if (isTyped(v)) {
      arrays.push(v);
      return { $a: arrays.length - 1 } satisfies ArrayRef;
    }
    if (Array.isArray(v)) return v.map(replace);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replace(x)]));
    return v;
  };
  const parts = replace(engineIndexParts(engine));
  const sections: Header["sections"] = [];
  let offset = 0;
  for (const a of arrays) {
    sections.push({ kind: kindOf(a), offset, length: a.length });
    offset += Math.ceil(a.byteLength / 8) * 8;
  }
  const header = Buffer.from(JSON.stringify({ version, sections, parts } satisfies Header), "utf8");
  const start = Math.ceil((12 + header.length) / 8) * 8;
  const out = new Uint8Array(start + offset);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, SEARCH_INDEX_FORMAT, true);
  view.setUint32(8, header.length, true);
  out.set(header, 12);
  arrays.forEach((a, i) => out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), start + sections[i].offset));
  return out;
}

/** The stored version of serialised bytes, or null when they are not a stored index at all. */
export function storedVersion(bytes: Uint8Array): string | null {
  return readHeader(bytes)?.header.version ?? null;
}

function readHeader(bytes: Uint8Array): { header: Header; start: number } | null {
  if (bytes.byteLength < 12) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== SEARCH_INDEX_FORMAT) return null;
  const length = view.getUint32(8, true);
  if (12 + length > bytes.byteLength) return null;
  const header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 12, length).toString("utf8")) as Header;
  return { header, start: Math.ceil((12 + length) / 8) * 8 };
}

/**
 * The parts stored in the bytes, their arrays as views over them (the bytes are copied once when
 * they do not start at a multiple of 8, as a typed array's view must), or null when the bytes are
 * of another format or version.
 */
export function deserialiseParts(input: Uint8Array, version: string): EngineIndexParts | null {
  const bytes = input.byteOffset % 8 === 0 ? input : new Uint8Array(input);
  const read = readHeader(bytes);
  if (!read || read.header.version !== version) return null;
  const { header, start } = read;
  const arrays = header.sections.map((s) => {
    const end = start + s.offset + s.length * CTOR[s.kind].BYTES_PER_ELEMENT;
    if (end > bytes.byteLength) throw new Error("the stored search index is cut short");
    return new CTOR[s.kind](bytes.buffer as ArrayBuffer, bytes.byteOffset + start + s.offset, s.length);
  });
  const revive = (v: unknown): unknown => {
    // Arrays of strings or numbers (terms, facet values, lookups' ordinals) are taken as parsed.
    if (Array.isArray(v)) return v.length === 0 || typeof v[0] !== "object" ? v : v.map(revive);
    if (v && typeof v === "object") {
      if (typeof (v as ArrayRef).$a === "number" && Object.keys(v).length === 1) return arrays[(v as ArrayRef).$a];
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
    }
    return v;
  };
  return revive(header.parts) as EngineIndexParts;
}

/**
 * An engine over the records from serialised bytes (the records the index was built from, in the
 * same order: as objects, or in the file the stock reader wrote them to), or null when the bytes
 * are of another version (then build).
 */
export async function loadEngine(
  bytes: Uint8Array,
  records: readonly Record<string, unknown>[] | FileRecords,
  options: BackgroundBuildOptions = {},
): Promise<Engine | null> {
  const parts = deserialiseParts(bytes, searchIndexVersion(options.settings, options.replicas));
  if (!parts || parts.size !== records.length) return null;
  return restoreEngineInBackground(records, parts, options);
}
