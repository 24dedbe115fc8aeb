/**
 * An Excel workbook (XLSX) to a feed table. An XLSX is a zip of XML files, so before ExcelJS opens
 * it every part is unpacked once with yauzl, counting bytes, and the file is refused when the parts
 * would unpack to more than the cap (a "zip bomb": a small file that unpacks to gigabytes) or hold
 * too many parts; yauzl also checks that each part unpacks to the size its header states, so a
 * lying header is caught. Formulas are never worked out: a formula cell gives the value Excel saved
 * with it, or nothing. Dates become YYYY-MM-DD. An import reads the worksheet a row at a time with
 * ExcelJS's streaming WorkbookReader (streamXlsxRows); the studio's preview reads it whole.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import yauzl from "yauzl";
import { FeedFileError, MAX_ROWS, rowsOfTable, tableOf, type FeedRows } from "./read";
import type { FeedTable } from "./convert";

export interface XlsxLimits {
  /** Most bytes every part of the zip may unpack to together. */
  maxUnpackedBytes: number;
  /** Most parts in the zip. */
  maxEntries?: number;
}

/** Unpacks every part, counting; rejects when the total passes the cap or a part's size is not what its header says. */
export async function checkZipSize(bytes: Uint8Array, limits: XlsxLimits): Promise<number> {
  return (await inspectZip(bytes, limits)).unpacked;
}

/** checkZipSize, also giving the parts' names in the zip's order. */
function inspectZip(bytes: Uint8Array, limits: XlsxLimits): Promise<{ unpacked: number; parts: string[] }> {
  const maxEntries = limits.maxEntries ?? 10_000;
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(new FeedFileError(`the file is not a readable Excel workbook: ${err?.message ?? "no zip"}`));
      if (zip.entryCount > maxEntries) {
        zip.close();
        return reject(new FeedFileError(`the workbook holds ${zip.entryCount} parts; at most ${maxEntries} are read`));
      }
      let total = 0;
      const parts: string[] = [];
      const tooBig = () =>
        new FeedFileError(
          `the workbook unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1_048_576)} MB; save a smaller export (or raise stockFeed.maxMegabytes)`,
        );
      zip.on("error", (e: Error) => reject(e instanceof FeedFileError ? e : new FeedFileError(`the workbook is damaged: ${e.message}`)));
      zip.on("end", () => resolve({ unpacked: total, parts }));
      zip.on("entry", (entry: yauzl.Entry) => {
        parts.push(entry.fileName);
        if (total + entry.uncompressedSize > limits.maxUnpackedBytes) {
          zip.close();
          return reject(tooBig());
        }
        if (/\/$/.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(new FeedFileError(`the workbook is damaged: ${e?.message ?? "unreadable part"}`));
          stream.on("data", (chunk: Buffer) => {
            total += chunk.length;
            if (total > limits.maxUnpackedBytes) {
              stream.destroy();
              zip.close();
              reject(tooBig());
            }
          });
          stream.on("error", (se: Error) => reject(new FeedFileError(`the workbook is damaged: ${se.message}`)));
          stream.on("end", () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}

/** A cell's value as text: the saved result of a formula, never the formula; rich text joined; dates as YYYY-MM-DD. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return isoDay(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return value;
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("formula" in value || "sharedFormula" in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ("hyperlink" in value) return typeof value.text === "string" ? value.text : value.hyperlink;
  if ("error" in value) return "";
  return "";
}

function isoDay(d: Date): string {
  // Excel's dates carry no zone; ExcelJS gives them as UTC midnight, so the UTC day is the day written.
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** A workbook's sheet (the named one, else the first) to a table. */
export async function readXlsxTable(bytes: Uint8Array, sheetName: string | undefined, limits: XlsxLimits): Promise<FeedTable> {
  await checkZipSize(bytes, limits);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch (e) {
    throw new FeedFileError(`the file is not a readable Excel workbook: ${(e as Error).message}`);
  }
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet)
    throw new FeedFileError(
      sheetName
        ? `the workbook has no worksheet named '${sheetName}' (it has ${workbook.worksheets.map((w) => w.name).join(", ")})`
        : "the workbook has no worksheet",
    );
  if (sheet.rowCount > MAX_ROWS + 1) throw new FeedFileError(`the worksheet has ${sheet.rowCount} rows; at most ${MAX_ROWS} are read`);
  const records: string[][] = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
    records.push(cells);
  }
  return tableOf(records, "xlsx", `worksheet '${sheet.name}'`);
}

const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * Whether ExcelJS's streaming reader reads these parts right. It reads a worksheet where it meets
 * it once the shared strings and the workbook's relations are read (else it keeps the sheet in a
 * temporary file until the end of the zip); a sheet read where it is met before the workbook's
 * sheet list or its styles would lose its name or its dates. Excel and ExcelJS write the parts
 * in orders where this never happens; a workbook that does is read whole instead.
 */
export function streamableOrder(parts: readonly string[]): boolean {
  const seen = new Set<string>();
  const hasStyles = parts.includes("xl/styles.xml");
  for (const part of parts) {
    if (WORKSHEET.test(part) && seen.has("xl/sharedStrings.xml") && seen.has("xl/_rels/workbook.xml.rels")) {
      if (!seen.has("xl/workbook.xml") || (hasStyles && !seen.has("xl/styles.xml"))) return false;
    }
    seen.add(part);
  }
  return true;
}

/** A row's cells as text, 1-based values to 0-based cells, trailing blanks dropped. */
function rowCells(row: ExcelJS.Row): string[] {
  const values = row.values as ExcelJS.CellValue[];
  const cells: string[] = [];
  for (let c = 1; c < values.length; c++) cells.push(cellText(values[c] ?? null));
  while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
  return cells;
}

const damaged = (e: unknown) =>
  e instanceof FeedFileError ? e : new FeedFileError(`the file is not a readable Excel workbook: ${(e as Error).message ?? String(e)}`);

type SheetReader = ExcelJS.stream.xlsx.WorksheetReader;

async function nextOf<T>(it: AsyncIterator<T>): Promise<IteratorResult<T>> {
  try {
    return await it.next();
  } catch (e) {
    throw damaged(e);
  }
}

/** Closes a sheet the reader put aside in a temporary file, unread; `remove` deletes the file now (else the reader does, as it moves on). */
function closeSheet(sheet: SheetReader | undefined, remove: boolean): void {
  const source = (sheet as unknown as { iterator?: unknown } | undefined)?.iterator;
  if (!(source instanceof fs.ReadStream)) return;
  source.destroy();
  if (remove && typeof source.path === "string") fs.rmSync(source.path, { force: true });
}

/** ExcelJS's streaming reader over the bytes, fed 64 KB at a time; `fed()` is how many it has taken. */
function openWorkbook(bytes: Uint8Array) {
  let fed = 0;
  const input = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 1 << 16) {
        const end = Math.min(at + (1 << 16), bytes.length);
        fed = end;
        yield Buffer.from(bytes.buffer, bytes.byteOffset + at, end - at);
      }
    })(),
  );
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  const names = () => ((reader as unknown as { model?: { sheets?: Array<{ name: string }> } }).model?.sheets ?? []).map((w) => w.name);
  return { input, sheets: reader[Symbol.asyncIterator](), names, fed: () => fed };
}

/** The named sheet, else the first of the workbook's list; the sheets before it are closed unread. */
async function findSheet(book: ReturnType<typeof openWorkbook>, sheetName: string | undefined): Promise<SheetReader> {
  for (let s = await nextOf(book.sheets); !s.done; s = await nextOf(book.sheets)) {
    if ((s.value as unknown as { name?: string }).name === (sheetName ?? book.names()[0])) return s.value;
    closeSheet(s.value, false);
  }
  throw new FeedFileError(
    sheetName ? `the workbook has no worksheet named '${sheetName}' (it has ${book.names().join(", ")})` : "the workbook has no worksheet",
  );
}

/**
 * A workbook's sheet (the named one, else the first) as rows read a row at a time, the same header,
 * cells and row numbers as readXlsxTable gives: the zip is checked as readXlsxTable checks it, then
 * ExcelJS's streaming reader parses the sheet's XML as it unpacks it, keeping only the shared
 * strings (the workbook's text, which any row may use) and the row in hand.
 */
export async function streamXlsxRows(bytes: Uint8Array, sheetName: string | undefined, limits: XlsxLimits): Promise<FeedRows> {
  const { parts } = await inspectZip(bytes, limits);
  if (!streamableOrder(parts)) return rowsOfTable(await readXlsxTable(bytes, sheetName, limits));
  const book = openWorkbook(bytes);
  const sheet = await findSheet(book, sheetName);
  const dialect = `worksheet '${(sheet as unknown as { name: string }).name}'`;
  const rows = (sheet as unknown as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
  /** Lets the reader finish the zip (the temporary files of sheets it put aside are removed as it goes). */
  const finish = async () => {
    for (let s = await nextOf(book.sheets); !s.done; s = await nextOf(book.sheets)) closeSheet(s.value, false);
  };
  /** Reading stopped early (a broken sheet, too many rows): the zip is dropped, the sheet's temporary file removed now. */
  const stop = () => {
    book.input.destroy();
    closeSheet(sheet, true);
    void book.sheets.return?.(undefined).catch(() => {});
  };
  let last = 0;
  // A sheet that breaks off part-way says after which row (the rows before it were read).
  const nextRow = () =>
    rows.next().catch((e: unknown) => {
      if (e instanceof FeedFileError) throw e;
      const what = String((e as Error)?.message ?? e).replace(/^\d+:\d+: /, "");
      throw new FeedFileError(`the file is not a readable Excel workbook: the worksheet breaks off after row ${last} (${what})`);
    });
  let header: string[] | undefined;
  try {
    for (let r = await nextRow(); !r.done; r = await nextRow()) {
      last = r.value.number;
      const cells = rowCells(r.value);
      if (cells.some((c) => c.trim() !== "")) {
        header = cells;
        break;
      }
    }
    if (!header) await finish();
  } catch (e) {
    stop();
    throw e;
  }
  if (!header) return { format: "xlsx", dialect, columns: [], rows: (async function* () {})(), progress: () => 1 };
  let finished = false;
  return {
    format: "xlsx",
    dialect,
    columns: header.map((h) => h.replace(/^\ufeff/, "").trim()),
    rows: (async function* () {
      try {
        let count = 0;
        for (let r = await nextRow(); !r.done; r = await nextRow()) {
          if (++count > MAX_ROWS) throw new FeedFileError(`the worksheet has more than ${MAX_ROWS} rows; at most ${MAX_ROWS} are read`);
          last = r.value.number;
          yield { row: r.value.number, cells: rowCells(r.value) };
        }
        await finish();
        finished = true;
      } finally {
        if (!finished) stop();
      }
    })(),
    // How much of the zip the reader has taken (a sheet it put aside is read after the whole zip: then 1 until the end).
    progress: () => (finished ? 1 : Math.min(book.fed() / Math.max(bytes.length, 1), 0.999)),
  };
}
