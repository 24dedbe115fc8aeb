/**
 * A workbook's first sheet read by ExcelJS, whole: the reference the feed's own XLSX reader
 * (runtime/feeds/xlsx.ts) is compared with in tests. ExcelJS is a different reader of the same
 * files, so the two agreeing on a workbook ExcelJS wrote, or on a fixture, is evidence the feed's
 * reader reads cells as Excel means them (dates, formulas' saved values, shared and rich text).
 */
import ExcelJS from "exceljs";
import { tableOf } from "../../runtime/feeds/read";
import type { FeedTable } from "../../runtime/feeds/convert";

/** A cell's value as text: a formula's saved result, rich text joined, dates as YYYY-MM-DD (UTC: Excel's dates carry no zone). */
export function excelJsCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return value;
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("formula" in value || "sharedFormula" in value) return excelJsCellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ("hyperlink" in value) return typeof value.text === "string" ? value.text : value.hyperlink;
  return "";
}

/** The first worksheet as a table, every row from the first to the last (rows that are not there are blank). */
export async function excelJsTable(bytes: Uint8Array): Promise<FeedTable> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const records: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(excelJsCellText(row.getCell(c).value));
    while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
    records.push(cells);
  }
  return tableOf(records, "xlsx", `worksheet '${sheet.name}'`);
}
