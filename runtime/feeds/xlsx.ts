/**
 * An Excel workbook (XLSX) to a feed table. An XLSX is a zip of XML files, so before ExcelJS opens
 * it every part is unpacked once with yauzl, counting bytes, and the file is refused when the parts
 * would unpack to more than the cap (a "zip bomb": a small file that unpacks to gigabytes) or hold
 * too many parts; yauzl also checks that each part unpacks to the size its header states, so a
 * lying header is caught. Formulas are never worked out: a formula cell gives the value Excel saved
 * with it, or nothing. Dates become YYYY-MM-DD.
 */
import ExcelJS from "exceljs";
import yauzl from "yauzl";
import { FeedFileError, MAX_ROWS, tableOf } from "./read";
import type { FeedTable } from "./convert";

export interface XlsxLimits {
  /** Most bytes every part of the zip may unpack to together. */
  maxUnpackedBytes: number;
  /** Most parts in the zip. */
  maxEntries?: number;
}

/** Unpacks every part, counting; rejects when the total passes the cap or a part's size is not what its header says. */
export function checkZipSize(bytes: Uint8Array, limits: XlsxLimits): Promise<number> {
  const maxEntries = limits.maxEntries ?? 10_000;
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(new FeedFileError(`the file is not a readable Excel workbook: ${err?.message ?? "no zip"}`));
      if (zip.entryCount > maxEntries) {
        zip.close();
        return reject(new FeedFileError(`the workbook holds ${zip.entryCount} parts; at most ${maxEntries} are read`));
      }
      let total = 0;
      const tooBig = () =>
        new FeedFileError(
          `the workbook unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1_048_576)} MB; save a smaller export (or raise stockFeed.maxMegabytes)`,
        );
      zip.on("error", (e: Error) => reject(e instanceof FeedFileError ? e : new FeedFileError(`the workbook is damaged: ${e.message}`)));
      zip.on("end", () => resolve(total));
      zip.on("entry", (entry: yauzl.Entry) => {
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
