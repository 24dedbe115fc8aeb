/**
 * An Excel workbook (XLSX) to a feed table. An XLSX is a zip of XML parts; a zip ends with a
 * directory of its parts, so they can be read in any order. The directory states what each part
 * unpacks to: the file is refused before anything is unpacked when those sizes add up to more than
 * the cap (a "zip bomb": a small file that unpacks to gigabytes) or it holds too many parts, and
 * yauzl stops any part that unpacks to more than its stated size, so a lying directory is caught.
 *
 * The parts are read in the order the reader needs them, whatever order the zip holds them in: the
 * workbook's list of sheets and its relations (which part is which sheet), the styles (which cells
 * are dates), the shared strings (the workbook's text, which any row may use, kept as UTF-8 bytes in
 * one buffer), then the worksheet, parsed by saxes as it is unpacked and given a row at a time. Excel
 * writes the worksheet before the shared strings, so a reader that takes the parts in zip order has
 * to hold the whole worksheet until it has the strings; this one holds the strings and one row.
 *
 * It is written here on saxes and yauzl rather than taken from ExcelJS: ExcelJS's streaming reader
 * takes the parts in zip order (it puts the worksheet of a workbook Excel saved aside in a temporary
 * file until the strings are read) and builds a row object and cell objects for every row, which
 * took a 100,000-row import past its memory target. ExcelJS is kept as a development dependency
 * only: it writes the benchmark's and the test fixtures' workbooks, and is the reference reader the
 * tests compare this one with.
 *
 * Formulas are never worked out: a formula cell gives the value Excel saved with it, or nothing. A
 * number in a cell formatted as a date becomes YYYY-MM-DD; booleans are `true`/`false`; an error
 * cell is blank.
 */
import path from "node:path";
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import yauzl from "yauzl";
import { FeedFileError, MAX_ROWS, type FeedRows } from "./read";
import type { FeedTable, FeedTableRow } from "./convert";

export interface XlsxLimits {
  /** Most bytes every part of the zip may unpack to together. */
  maxUnpackedBytes: number;
  /** Most parts in the zip. */
  maxEntries?: number;
}

const NOT_READABLE = "the file is not a readable Excel workbook";
const damaged = (what: string) => new FeedFileError(`${NOT_READABLE}: ${what}`);
const asFeedError = (e: unknown) => (e instanceof FeedFileError ? e : damaged(String((e as Error)?.message ?? e)));

/** Excel's last column (XFD): a cell reference past it is a broken file, not a wide sheet. */
const MAX_COLUMNS = 16_384;

/** The zip's parts by name, read through its directory in any order. */
class Zip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    /** What every part unpacks to together, as the directory states it. */
    readonly unpacked: number,
  ) {}

  /** Reads the zip's directory; refuses it when its parts would unpack past the cap or are too many. */
  static open(bytes: Uint8Array, limits: XlsxLimits): Promise<Zip> {
    // A password-protected workbook is not a zip: Excel wraps it in an older compound file (as an .xls is).
    if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0)
      return Promise.reject(
        new FeedFileError(
          "the workbook is password-protected or an old .xls file: open it in Excel and save it as an Excel Workbook (.xlsx) without a password",
        ),
      );
    const maxEntries = limits.maxEntries ?? 10_000;
    return new Promise((resolve, reject) => {
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, autoClose: false }, (err, zip) => {
        if (err || !zip) return reject(damaged(err?.message ?? "no zip"));
        if (zip.entryCount > maxEntries) {
          zip.close();
          return reject(new FeedFileError(`the workbook holds ${zip.entryCount} parts; at most ${maxEntries} are read`));
        }
        const entries = new Map<string, yauzl.Entry>();
        let total = 0;
        zip.on("error", (e: Error) => reject(damaged(e.message)));
        zip.on("end", () => resolve(new Zip(zip, entries, total)));
        zip.on("entry", (entry: yauzl.Entry) => {
          total += entry.uncompressedSize;
          if (total > limits.maxUnpackedBytes) {
            zip.close();
            return reject(
              new FeedFileError(
                `the workbook unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1_048_576)} MB; save a smaller export (or raise stockFeed.maxMegabytes)`,
              ),
            );
          }
          if (!entry.fileName.endsWith("/")) entries.set(entry.fileName, entry);
          zip.readEntry();
        });
        zip.readEntry();
      });
    });
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** What the part unpacks to, as the directory states it. */
  size(name: string): number {
    return this.entries.get(name)?.uncompressedSize ?? 0;
  }

  /** The part unpacked as it is read. */
  stream(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) return Promise.reject(damaged(`it has no ${name}`));
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry, (e, stream) =>
        e || !stream ? reject(damaged(`${name} cannot be unpacked (${e?.message ?? "no data"})`)) : resolve(stream),
      ),
    );
  }

  close(): void {
    this.zip.close();
  }
}

/** An element's name without its namespace prefix (`x:row` is `row`). */
const local = (name: string) => name.slice(name.indexOf(":") + 1);

interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** A parser calling the handlers with prefix-less element names; text in CDATA sections counts as text. */
function xmlParser(handlers: XmlHandlers): SaxesParser<{ xmlns: false; position: false }> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  if (handlers.open) {
    const open = handlers.open;
    parser.on("opentag", (tag: SaxesTagPlain) => open(local(tag.name), tag.attributes));
  }
  if (handlers.text) {
    parser.on("text", handlers.text);
    parser.on("cdata", handlers.text);
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on("closetag", (tag: SaxesTagPlain) => close(local(tag.name)));
  }
  return parser;
}

/** Parses a whole part (the small ones: relations, the workbook, styles, shared strings), a piece at a time as it is unpacked. */
async function readXml(zip: Zip, name: string, handlers: XmlHandlers): Promise<void> {
  const stream = await zip.stream(name);
  const parser = xmlParser(handlers);
  const decoder = new StringDecoder("utf8");
  const parse = (text: string, end = false) => {
    try {
      parser.write(text);
      if (end) parser.close();
    } catch (e) {
      throw damaged(`${name} is not valid XML (${(e as Error).message})`);
    }
  };
  try {
    for await (const chunk of stream) parse(decoder.write(chunk as Buffer));
    parse(decoder.end(), true);
  } catch (e) {
    throw e instanceof FeedFileError ? e : damaged(`${name} cannot be unpacked (${(e as Error).message})`);
  } finally {
    stream.destroy();
  }
}

/** The zip part a relation points to, from the part that holds the relation. */
function partOf(from: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), target));
}

/** A part's relations (`dir/_rels/name.rels`): id to target part and type (the type's last word). */
async function relationsOf(zip: Zip, part: string): Promise<Map<string, { part: string; type: string }>> {
  const rels = path.posix.join(path.posix.dirname(part), "_rels", `${path.posix.basename(part)}.rels`);
  const found = new Map<string, { part: string; type: string }>();
  if (!zip.has(rels)) return found;
  await readXml(zip, rels, {
    open(name, a) {
      if (name !== "Relationship" || !a.Id || !a.Target || a.TargetMode === "External") return;
      found.set(a.Id, { part: partOf(part, a.Target), type: (a.Type ?? "").split("/").pop() ?? "" });
    },
  });
  return found;
}

/**
 * The workbook's shared strings, as UTF-8 bytes end to end in one buffer with where each ends. A
 * large export's text is tens of megabytes; kept as one JavaScript string each, a string could also
 * keep alive the piece of XML it was parsed from. The buffer is the size of the part's XML (the text
 * is never longer), taken from outside the JavaScript heap; pages never written are never used.
 */
class SharedStrings {
  private readonly bytes: Buffer;
  private used = 0;
  private ends = new Uint32Array(1024);
  count = 0;

  constructor(xmlBytes: number) {
    this.bytes = Buffer.allocUnsafeSlow(Math.max(xmlBytes, 1));
  }

  add(text: string): void {
    if (this.count === this.ends.length) {
      const ends = new Uint32Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.used += this.bytes.write(text, this.used);
    this.ends[this.count++] = this.used;
  }

  /** The string at `index`; blank when there is none (as Excel shows a cell pointing past the list). */
  get(index: number): string {
    if (!(index >= 0 && index < this.count)) return "";
    return this.bytes.toString("utf8", index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}

/** Excel's escape for characters XML cannot hold (`_x000D_` is a carriage return). */
const unescapeText = (s: string) => (s.includes("_x") ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : s);

/** The shared strings part read into a SharedStrings; rich text's runs joined, phonetic guides left out. */
async function readSharedStrings(zip: Zip, part: string | undefined): Promise<SharedStrings> {
  if (!part || !zip.has(part)) return new SharedStrings(0);
  const strings = new SharedStrings(zip.size(part));
  let text: string | null = null;
  let inT = false;
  let phonetic = false;
  await readXml(zip, part, {
    open(name) {
      if (name === "si") text = "";
      else if (name === "rPh") phonetic = true;
      else if (name === "t" && text !== null && !phonetic) inT = true;
    },
    text(t) {
      if (inT) text += t;
    },
    close(name) {
      if (name === "t") inT = false;
      else if (name === "rPh") phonetic = false;
      else if (name === "si" && text !== null) {
        strings.add(unescapeText(text));
        text = null;
      }
    },
  });
  return strings;
}

/** Excel's built-in number formats that show a date or a time (14-22, 45-47). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format shows a date or time: any of y m d h s b outside quoted text and [brackets] (the test ExcelJS applies). */
export function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));
}

/** Which cell styles (by their number in the styles part's cell formats) show a number as a date. */
async function readDateStyles(zip: Zip, part: string | undefined): Promise<boolean[]> {
  const dates: boolean[] = [];
  if (!part || !zip.has(part)) return dates;
  const codes = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  await readXml(zip, part, {
    open(name, a) {
      if (name === "numFmt" && a.numFmtId && a.formatCode !== undefined) codes.set(Number(a.numFmtId), a.formatCode);
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) styleFormats.push(Number(a.numFmtId ?? 0));
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  for (const id of styleFormats) {
    const code = codes.get(id);
    dates.push(code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id));
  }
  return dates;
}

/** The day an Excel date number falls on, as YYYY-MM-DD (the day written: Excel's dates carry no zone). */
export function excelDay(serial: number, date1904: boolean): string {
  // Days since 30 December 1899 (1 January 1904 in a 1904 workbook), as ExcelJS counts them.
  const d = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** A column's number from a cell reference (`C12` is 3); 0 when the reference has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) break;
    col = col * 26 + (c - 0x60);
  }
  return col;
}

/** What a workbook holds that the worksheet's cells need, and which part the sheet is. */
interface Workbook {
  zip: Zip;
  sheet: { name: string; part: string };
  strings: SharedStrings;
  dateStyles: boolean[];
  date1904: boolean;
}

/** Opens the workbook and reads everything but the worksheet: which part is the sheet asked for, the styles and the shared strings. */
async function openWorkbook(bytes: Uint8Array, sheetName: string | undefined, limits: XlsxLimits): Promise<Workbook> {
  const zip = await Zip.open(bytes, limits);
  try {
    const root = await relationsOf(zip, "");
    const bookPart = [...root.values()].find((r) => r.type === "officeDocument")?.part ?? "xl/workbook.xml";
    if (!zip.has(bookPart)) throw damaged(`it has no ${bookPart} (is it a zip of something else, or a Word or PowerPoint file?)`);
    const sheets: Array<{ name: string; rel: string }> = [];
    let date1904 = false;
    await readXml(zip, bookPart, {
      open(name, a) {
        if (name === "workbookPr") date1904 = a.date1904 === "1" || a.date1904 === "true";
        else if (name === "sheet") {
          const rel = Object.entries(a).find(([k]) => k === "id" || k.endsWith(":id"))?.[1] ?? "";
          sheets.push({ name: a.name ?? "", rel });
        }
      },
    });
    const rels = await relationsOf(zip, bookPart);
    const worksheets = sheets.filter((s) => rels.get(s.rel)?.type === "worksheet");
    const chosen = sheetName === undefined ? worksheets[0] : worksheets.find((s) => s.name === sheetName);
    if (!chosen)
      throw new FeedFileError(
        sheetName !== undefined
          ? `the workbook has no worksheet named '${sheetName}' (it has ${sheets.map((s) => s.name).join(", ")})`
          : "the workbook has no worksheet",
      );
    const part = rels.get(chosen.rel)!.part;
    if (!zip.has(part)) throw damaged(`worksheet '${chosen.name}' should be ${part}, which is not in the file`);
    const partOfType = (type: string) => [...rels.values()].find((r) => r.type === type)?.part;
    const dateStyles = await readDateStyles(zip, partOfType("styles"));
    const strings = await readSharedStrings(zip, partOfType("sharedStrings"));
    return { zip, sheet: { name: chosen.name, part }, strings, dateStyles, date1904 };
  } catch (e) {
    zip.close();
    throw asFeedError(e);
  }
}

/** A cell's text from its type (`t`), its saved value (`<v>`), its inline text and whether its style shows a date. */
function cellText(book: Workbook, type: string, value: string | null, inline: string | null, style: number): string {
  if (type === "inlineStr") return unescapeText(inline ?? value ?? "");
  if (value === null) return "";
  switch (type) {
    case "s":
      return book.strings.get(parseInt(value, 10));
    case "str":
      return unescapeText(value);
    case "b":
      return String(parseInt(value, 10) !== 0);
    case "e":
      return "";
    case "d":
      // An ISO date (strict Open XML): its day.
      return value.slice(0, 10);
    default: {
      const n = parseFloat(value);
      return book.dateStyles[style] ? excelDay(n, book.date1904) : String(n);
    }
  }
}

/** A parser of the worksheet's XML that adds each row to `ready` as its end tag is read; `lastRow()` is the last row begun. */
function sheetParser(book: Workbook, ready: FeedTableRow[]) {
  let inData = false;
  let row: FeedTableRow | null = null;
  let lastRow = 0;
  // The cell being read: its column, type, style, saved value and inline text.
  let col = 0;
  let inCell = false;
  let type = "n";
  let style = 0;
  let value: string | null = null;
  let inline: string | null = null;
  let capture: "v" | "t" | null = null;
  let text = "";
  let phonetic = false;

  const parser = xmlParser({
    open(name, a) {
      if (name === "sheetData") inData = true;
      else if (!inData) return;
      else if (name === "row") {
        // A row without its number (some writers leave it out) follows the one before.
        const r = parseInt(a.r ?? "", 10);
        lastRow = r > 0 ? r : lastRow + 1;
        row = { row: lastRow, cells: [] };
        col = 0;
      } else if (name === "c" && row) {
        col = (a.r && columnOf(a.r)) || col + 1;
        if (col > MAX_COLUMNS) throw new FeedFileError(`${NOT_READABLE}: cell ${a.r ?? `${col}`} in row ${lastRow} is past Excel's last column (XFD)`);
        inCell = true;
        type = a.t ?? "n";
        style = a.s ? parseInt(a.s, 10) : 0;
        value = null;
        inline = null;
      } else if (!inCell) return;
      else if (name === "v") {
        capture = "v";
        text = "";
      } else if (name === "is") {
        inline = "";
      } else if (name === "rPh") phonetic = true;
      else if (name === "t" && inline !== null && !phonetic) {
        capture = "t";
        text = "";
      }
    },
    text(t) {
      if (capture) text += t;
    },
    close(name) {
      if (!inData) return;
      if (name === "v" && capture === "v") {
        value = text;
        capture = null;
      } else if (name === "t" && capture === "t") {
        inline += text;
        capture = null;
      } else if (name === "rPh") phonetic = false;
      else if (name === "c" && row && inCell) {
        inCell = false;
        const cells = row.cells;
        while (cells.length < col - 1) cells.push("");
        cells[col - 1] = cellText(book, type, value, inline, style);
      } else if (name === "row" && row) {
        const cells = row.cells;
        while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
        ready.push(row);
        row = null;
      } else if (name === "sheetData") inData = false;
    },
  });
  return { parser, lastRow: () => lastRow };
}

/**
 * The worksheet's rows as its XML is unpacked and parsed, each as soon as its end tag is read: a
 * row's cells by the column their reference names (a missing cell is blank), trailing blanks
 * dropped. `onBytes` is told how much of the sheet's XML has been read.
 */
async function* sheetRows(book: Workbook, onBytes: (n: number) => void): AsyncGenerator<FeedTableRow> {
  const ready: FeedTableRow[] = [];
  const { parser, lastRow } = sheetParser(book, ready);
  const stream = await book.zip.stream(book.sheet.part);
  const decoder = new StringDecoder("utf8");
  const breaksOff = (e: unknown) =>
    e instanceof FeedFileError
      ? e
      : damaged(`the worksheet breaks off after row ${lastRow()} (${String((e as Error)?.message ?? e).replace(/^\d+:\d+: /, "")})`);
  try {
    for await (const chunk of stream) {
      onBytes((chunk as Buffer).length);
      try {
        parser.write(decoder.write(chunk as Buffer));
      } catch (e) {
        throw breaksOff(e);
      }
      // Handed over one at a time; the list is emptied before the next piece is parsed.
      for (let i = 0; i < ready.length; i++) yield ready[i];
      ready.length = 0;
    }
    try {
      parser.write(decoder.end()).close();
    } catch (e) {
      throw breaksOff(e);
    }
    yield* ready;
  } catch (e) {
    // The unpacking failed (a damaged part, or one longer than the directory says).
    throw e instanceof FeedFileError ? e : damaged(`the worksheet breaks off after row ${lastRow()} (${(e as Error).message})`);
  } finally {
    stream.destroy();
  }
}

/**
 * A workbook's sheet (the named one, else the first) as rows read a row at a time: the header is
 * the first row with any text, then every row after it with its row number as Excel shows it.
 */
export async function streamXlsxRows(bytes: Uint8Array, sheetName: string | undefined, limits: XlsxLimits): Promise<FeedRows> {
  const book = await openWorkbook(bytes, sheetName, limits);
  const dialect = `worksheet '${book.sheet.name}'`;
  const size = Math.max(book.zip.size(book.sheet.part), 1);
  let read = 0;
  let finished = false;
  const rows = sheetRows(book, (n) => (read += n));
  let header: string[] | undefined;
  try {
    for (let r = await rows.next(); !r.done; r = await rows.next()) {
      if (r.value.cells.some((c) => c.trim() !== "")) {
        header = r.value.cells;
        break;
      }
    }
  } catch (e) {
    book.zip.close();
    throw e;
  }
  if (!header) {
    book.zip.close();
    return { format: "xlsx", dialect, columns: [], rows: (async function* () {})(), progress: () => 1 };
  }
  return {
    format: "xlsx",
    dialect,
    columns: header.map((h) => h.replace(/^\ufeff/, "").trim()),
    rows: (async function* () {
      try {
        let count = 0;
        for (let r = await rows.next(); !r.done; r = await rows.next()) {
          if (++count > MAX_ROWS) throw new FeedFileError(`the worksheet has more than ${MAX_ROWS} rows; at most ${MAX_ROWS} are read`);
          yield r.value;
        }
        finished = true;
      } finally {
        await rows.return(undefined);
        book.zip.close();
      }
    })(),
    progress: () => (finished ? 1 : Math.min(read / size, 0.999)),
  };
}

/** A workbook's sheet (the named one, else the first) as a whole table (the studio's preview), read as streamXlsxRows reads it. */
export async function readXlsxTable(bytes: Uint8Array, sheetName: string | undefined, limits: XlsxLimits): Promise<FeedTable> {
  const streamed = await streamXlsxRows(bytes, sheetName, limits);
  const rows: FeedTableRow[] = [];
  for await (const row of streamed.rows) rows.push(row);
  return { format: "xlsx", dialect: streamed.dialect, columns: streamed.columns, rows };
}

/** Reads the zip's directory as a workbook is read, refusing it as a workbook would be; what its parts unpack to. */
export async function checkZipSize(bytes: Uint8Array, limits: XlsxLimits): Promise<number> {
  const zip = await Zip.open(bytes, limits);
  zip.close();
  return zip.unpacked;
}
