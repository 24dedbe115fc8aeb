/**
 * A feed file's bytes to a table of text cells (./convert.ts reads the cells). CSV in any common
 * dialect: the encoding from a byte-order mark, else UTF-8 when the bytes are valid UTF-8, else
 * Windows-1252 (older Windows exports; iconv-lite, since Node's TextDecoder reads that label as
 * Latin-1 and loses €, curly quotes and dashes); the separator
 * (comma, semicolon, bar or tab) from the header row; CRLF, LF or CR line ends; parsed with
 * csv-parse. JSON: an array of objects (or one under cars, hits, data, records, stock or vehicles),
 * its keys the columns; an import reads it with @streamparser/json's streaming parser a car at a
 * time. XLSX is read in ./xlsx.ts. Nothing in a file is run.
 */
import { isUtf8 } from "node:buffer";
import { Readable } from "node:stream";
import { parse as parseStream } from "csv-parse";
import { parse } from "csv-parse/sync";
import { JSONParser } from "@streamparser/json";
import { setImmediate as nextTurn } from "node:timers/promises";
import iconv from "iconv-lite";
import type { ResolvedStockFeed } from "@/runtime/generated/types";
import type { FeedTable, FeedTableRow } from "./convert";

/** The most data rows a file may hold (100,000 cars is the largest dealer group the platform plans for, twice over). */
export const MAX_ROWS = 200_000;

export class FeedFileError extends Error {}

export type Encoding = "utf-8" | "utf-8 with a byte-order mark" | "utf-16le" | "utf-16be" | "windows-1252";

/** Text from bytes, and the encoding it was read in. */
export function decodeText(bytes: Uint8Array, wanted: ResolvedStockFeed["csv"]["encoding"] = "auto"): { text: string; encoding: Encoding } {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8 with a byte-order mark" };
  if (a === 0xff && b === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  if (a === 0xfe && b === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  if (wanted === "windows-1252") return { text: iconv.decode(Buffer.from(bytes), "win1252"), encoding: "windows-1252" };
  if (wanted === "utf-16le") return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    if (wanted === "utf-8") throw new FeedFileError("the file is not UTF-8 text: save it as CSV UTF-8, or set stockFeed.csv.encoding to windows-1252");
    return { text: iconv.decode(Buffer.from(bytes), "win1252"), encoding: "windows-1252" };
  }
}

const DELIMITERS = [",", ";", "|", "\t"] as const;
const DELIMITER_NAMES: Record<string, string> = { ",": "comma", ";": "semicolon", "|": "bar", "\t": "tab" };

/** The separator the header row uses most (outside quotes); a comma when it has none. */
export function sniffDelimiter(text: string): string {
  const header = firstLine(text);
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ",";
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

function firstLine(text: string): string {
  for (const line of text.split(/\r\n|\n|\r/, 50)) if (line.trim() !== "") return line;
  return "";
}

/** A CSV file to a table; the header is the first non-blank row. */
export function readCsvTable(bytes: Uint8Array, dialect: ResolvedStockFeed["csv"]): FeedTable {
  const { text, encoding } = decodeText(bytes, dialect.encoding);
  const delimiter = dialect.delimiter === "auto" ? sniffDelimiter(text) : dialect.delimiter;
  let records: string[][];
  try {
    // Blank lines are kept as empty rows so row numbers match what a spreadsheet shows.
    records = parse(text, { delimiter, bom: true, relax_column_count: true, relax_quotes: true });
  } catch (e) {
    throw csvError(e);
  }
  return tableOf(records, "csv", `${DELIMITER_NAMES[delimiter]}-separated, ${encoding}`);
}

/**
 * A table read as it goes: the header first, then each data row once, in file order, without the
 * whole file's rows held at once (a 100,000-row export is converted as it is parsed).
 */
export interface FeedRows {
  format: FeedTable["format"];
  dialect: string;
  columns: string[];
  rows: AsyncIterable<FeedTableRow>;
  /** How much of the file has been read, 0 to 1 (for progress). */
  progress(): number;
}

/** A table already in memory (XLSX, JSON) as rows to iterate. */
export function rowsOfTable(table: FeedTable): FeedRows {
  let read = 0;
  return {
    format: table.format,
    dialect: table.dialect,
    columns: table.columns,
    rows: (async function* () {
      for (const row of table.rows) {
        read++;
        yield row;
      }
    })(),
    progress: () => (table.rows.length === 0 ? 1 : read / table.rows.length),
  };
}

const csvError = (e: unknown) => {
  const err = e as Error & { lines?: number };
  return new FeedFileError(`the file cannot be read as CSV${err.lines ? ` at line ${err.lines}` : ""}: ${err.message.replace(/^Invalid [^:]*: /, "")}`);
};

/** The encoding decodeText reads the bytes in (and the byte-order mark's length), found without decoding them all. */
function encodingOf(bytes: Uint8Array, wanted: ResolvedStockFeed["csv"]["encoding"]): { encoding: Encoding; skip: number } {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: "utf-8 with a byte-order mark", skip: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: "utf-16le", skip: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: "utf-16be", skip: 2 };
  if (wanted === "windows-1252" || wanted === "utf-16le") return { encoding: wanted, skip: 0 };
  if (isUtf8(bytes)) return { encoding: "utf-8", skip: 0 };
  if (wanted === "utf-8") throw new FeedFileError("the file is not UTF-8 text: save it as CSV UTF-8, or set stockFeed.csv.encoding to windows-1252");
  return { encoding: "windows-1252", skip: 0 };
}

/** The bytes as text a piece at a time (a character split between two pieces is kept whole); `onBytes` is told how far it got. */
function* decodePieces(bytes: Uint8Array, encoding: Encoding, skip: number, onBytes: (end: number) => void): Generator<string> {
  const SIZE = 1 << 16;
  const decoder =
    encoding === "windows-1252"
      ? { write: (chunk: Uint8Array) => iconv.decode(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), "win1252"), end: () => "" }
      : (() => {
          const d = new TextDecoder(encoding.startsWith("utf-8") ? "utf-8" : encoding, { ignoreBOM: true });
          return { write: (chunk: Uint8Array) => d.decode(chunk, { stream: true }), end: () => d.decode() };
        })();
  for (let at = skip; at < bytes.length; at += SIZE) {
    const end = Math.min(at + SIZE, bytes.length);
    const piece = decoder.write(bytes.subarray(at, end));
    onBytes(end);
    if (piece) yield piece;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * A CSV file as rows read by csv-parse's streaming parser, in the dialect readCsvTable finds, with
 * the same rows and numbers; the text is decoded a piece at a time as the parser asks for it.
 */
export async function streamCsvRows(bytes: Uint8Array, dialect: ResolvedStockFeed["csv"]): Promise<FeedRows> {
  const { encoding, skip } = encodingOf(bytes, dialect.encoding);
  let head = "";
  for (const piece of decodePieces(bytes.subarray(0, skip + (1 << 16)), encoding, skip, () => {})) head += piece;
  const delimiter = dialect.delimiter === "auto" ? sniffDelimiter(head) : dialect.delimiter;
  const described = `${DELIMITER_NAMES[delimiter]}-separated, ${encoding}`;
  let fed = 0;
  const pieces = decodePieces(bytes, encoding, skip, (end) => (fed = end));
  const parser = parseStream({ delimiter, bom: true, relax_column_count: true, relax_quotes: true });
  Readable.from(pieces).pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const next = async () => {
    try {
      return await records.next();
    } catch (e) {
      throw csvError(e);
    }
  };
  const blank = (r: string[]) => r.every((c) => c.trim() === "");
  const progress = () => (bytes.length === 0 ? 1 : fed / bytes.length);
  // Row numbers as a spreadsheet shows them: the record's place in the file (blank lines count).
  let index = 0;
  let header: string[] | undefined;
  for (let r = await next(); !r.done; r = await next()) {
    index++;
    if (!blank(r.value)) {
      header = r.value;
      break;
    }
  }
  if (!header) return { format: "csv", dialect: described, columns: [], rows: (async function* () {})(), progress };
  return {
    format: "csv",
    dialect: described,
    columns: header.map((h) => h.replace(/^\ufeff/, "").trim()),
    rows: (async function* () {
      let count = 0;
      for (let r = await next(); !r.done; r = await next()) {
        index++;
        if (++count > MAX_ROWS) {
          parser.destroy();
          throw new FeedFileError(`the file has more than ${MAX_ROWS} rows; at most ${MAX_ROWS} are read`);
        }
        yield { row: index, cells: r.value };
      }
    })(),
    progress,
  };
}

/** Rows of text cells (the first is the header) to a table, rows numbered as a spreadsheet numbers them. */
export function tableOf(all: string[][], format: FeedTable["format"], dialect: string, firstRowNumber = 1): FeedTable {
  const blank = (r: string[]) => r.every((c) => c.trim() === "");
  const skip = Math.max(
    0,
    all.findIndex((r) => !blank(r)),
  );
  const records = all.slice(skip);
  firstRowNumber += skip;
  if (records.length === 0 || blank(records[0])) return { format, dialect, columns: [], rows: [] };
  if (records.length - 1 > MAX_ROWS) throw new FeedFileError(`the file has ${records.length - 1} rows; at most ${MAX_ROWS} are read`);
  const columns = records[0].map((h) => h.replace(/^\ufeff/, "").trim());
  const rows: FeedTableRow[] = records.slice(1).map((cells, i) => ({ row: firstRowNumber + i + 1, cells }));
  return { format, dialect, columns, rows };
}

/** One JSON value as cell text: lists of text or of photos (`{image: {url}}`, `{url}`) one per line, objects as JSON. */
function jsonCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map((v) => photoUrlOf(v) ?? jsonCell(v)).join("\n");
  return JSON.stringify(value);
}

function photoUrlOf(v: unknown): string | undefined {
  if (!v || typeof v !== "object") return undefined;
  const o = v as { url?: unknown; image?: { url?: unknown } };
  if (typeof o.image?.url === "string") return o.image.url;
  return typeof o.url === "string" ? o.url : undefined;
}

/** The keys a JSON feed's list of cars may be under when the file is an object, in the order they are looked for. */
const LIST_KEYS = ["cars", "hits", "data", "records", "stock", "vehicles"] as const;
const NO_LIST = "a JSON feed must be a list of cars, or an object holding one under cars, data, records, stock or vehicles";

/** One item of a JSON list as a row's cells, in the columns' order (anything but an object or a list is a blank row). */
function jsonCells(item: unknown, columns: readonly string[]): string[] {
  return item && typeof item === "object" ? columns.map((c) => jsonCell((item as Record<string, unknown>)[c])) : [];
}

/** Whether the JSON text starts with `[` (after any byte-order mark and white space), in UTF-8 or UTF-16. */
function jsonRootIsList(bytes: Uint8Array): boolean {
  const { encoding, skip } = encodingOf(bytes.subarray(0, 256), "auto");
  const head = encoding.startsWith("utf-16")
    ? new TextDecoder(encoding).decode(bytes.subarray(skip, skip + 256))
    : new TextDecoder().decode(bytes.subarray(skip, skip + 256));
  return /^\s*\[/.test(head);
}

/**
 * Every item of the file's list of cars, parsed as the text is decoded a piece at a time; `list`
 * is the key the list is under (null for a file that is a list). Items of any other key, or of a
 * key whose value is not a list, are never kept. The event loop is let go after each piece.
 */
async function* jsonItems(bytes: Uint8Array, onBytes: (end: number) => void = () => {}): AsyncGenerator<{ item: unknown; list: string | null }> {
  const { encoding, skip } = encodingOf(bytes, "utf-8");
  const rootIsList = jsonRootIsList(bytes);
  // A list's items (`$.*`), or the items of each of the object's lists (`$.*.*`, kept only when under a list key).
  const parser = new JSONParser({ paths: [rootIsList ? "$.*" : "$.*.*"], keepStack: false });
  let queue: Array<{ item: unknown; list: string | null }> = [];
  let items = 0;
  parser.onValue = ({ value, parent, stack }) => {
    items++;
    if (rootIsList) queue.push({ item: value, list: null });
    else if (Array.isArray(parent) && typeof stack[1]?.key === "string" && (LIST_KEYS as readonly string[]).includes(stack[1].key))
      queue.push({ item: value, list: stack[1].key });
  };
  // Counted as the parser finds them (an item of a list that is not the cars' counts too, which only shifts the number).
  const invalid = (e: unknown) =>
    new FeedFileError(`the file is not valid JSON${items > 0 ? ` after car ${items}` : ""}: ${(e as Error).message.replace(/ at chunk position "\d+"/, "")}`);
  for (const piece of decodePieces(bytes, encoding, skip, onBytes)) {
    try {
      parser.write(piece);
    } catch (e) {
      throw invalid(e);
    }
    for (const q of queue) yield q;
    queue = [];
    await nextTurn();
  }
  try {
    if (!parser.isEnded) parser.end();
  } catch (e) {
    throw invalid(e);
  }
  for (const q of queue) yield q;
}

/**
 * A JSON feed as rows read a car at a time, the same header, rows and row numbers as readJsonTable
 * gives. The file is parsed twice: first for the columns (every key any car has, in the order first
 * met, which the header needs before the first row) and to check the whole file is valid JSON, so a
 * file broken half way is refused before any row is converted; then for the rows. Neither pass
 * holds more than one piece of text and the cars parsed from it.
 */
export async function streamJsonRows(bytes: Uint8Array): Promise<FeedRows> {
  const lists = new Map<string | null, { columns: string[]; seen: Set<string>; count: number }>();
  for await (const { item, list } of jsonItems(bytes)) {
    let found = lists.get(list);
    if (!found) lists.set(list, (found = { columns: [], seen: new Set(), count: 0 }));
    found.count++;
    if (found.count > MAX_ROWS) throw new FeedFileError(`the file has more than ${MAX_ROWS} cars; at most ${MAX_ROWS} are read`);
    if (!item || typeof item !== "object" || Array.isArray(item)) continue;
    for (const k of Object.keys(item)) {
      if (found.seen.has(k)) continue;
      found.seen.add(k);
      found.columns.push(k);
    }
  }
  const chosen = lists.has(null) ? null : LIST_KEYS.find((k) => lists.has(k));
  if (chosen === undefined) {
    if (jsonRootIsList(bytes)) return emptyJsonRows();
    // No list item was met: an object whose list keys hold empty lists (an empty feed) or none at
    // all (the wrong file). Nothing in it is a car, so it is read whole to tell which.
    const o = JSON.parse(decodeText(bytes, "utf-8").text) as Record<string, unknown> | null;
    if (o && LIST_KEYS.some((k) => Array.isArray(o[k]))) return emptyJsonRows();
    throw new FeedFileError(NO_LIST);
  }
  const { columns, count } = lists.get(chosen)!;
  if (columns.length === 0) return emptyJsonRows();
  let read = 0;
  return {
    format: "json",
    dialect: "JSON list",
    columns,
    rows: (async function* () {
      for await (const { item, list } of jsonItems(bytes)) {
        if (list !== chosen) continue;
        read++;
        // JSON has no header row: the first object is row 1.
        yield { row: read, cells: jsonCells(item, columns) };
      }
    })(),
    progress: () => (count === 0 ? 1 : read / count),
  };
}

function emptyJsonRows(): FeedRows {
  return { format: "json", dialect: "JSON list", columns: [], rows: (async function* () {})(), progress: () => 1 };
}

/** A JSON feed to a table: the objects' keys, in the order first met, are the columns. */
export function readJsonTable(bytes: Uint8Array): FeedTable {
  const { text } = decodeText(bytes, "utf-8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new FeedFileError(`the file is not valid JSON: ${(e as Error).message}`);
  }
  const o = parsed as Record<string, unknown>;
  const list = Array.isArray(parsed) ? parsed : LIST_KEYS.map((k) => o?.[k]).find(Array.isArray);
  if (!Array.isArray(list)) throw new FeedFileError(NO_LIST);
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    if (!item || typeof item !== "object" || Array.isArray(item)) continue;
    for (const k of Object.keys(item)) {
      if (seen.has(k)) continue;
      seen.add(k);
      columns.push(k);
    }
  }
  const records = list.map((item) => jsonCells(item, columns));
  // JSON has no header row: the first object is row 1.
  return tableOf([columns, ...records], "json", "JSON list", 0);
}

/** The format a file is in, from its first bytes: an XLSX is a zip ("PK"), JSON starts with [ or {. */
export function sniffFormat(bytes: Uint8Array): "csv" | "xlsx" | "json" {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return "xlsx";
  // A compound file: a password-protected workbook (or an old .xls), which the XLSX reader names as such.
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return "xlsx";
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  return bytes[i] === 0x5b || bytes[i] === 0x7b ? "json" : "csv";
}
