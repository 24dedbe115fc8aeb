/**
 * The platform's CSV, read and written with csv-parse and csv-stringify (RFC 4180: comma
 * separated, CRLF line ends, a field with a comma, quote, CR or LF in double quotes with quotes
 * doubled). Every written cell is formula-safe: a text cell starting with =, +, -, @, a tab or a
 * CR (or their full-width forms) gets a leading apostrophe, so a spreadsheet shows it as text
 * instead of running it. Numbers stay numbers (a negative number cannot run anything).
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

export interface CsvWriteOptions {
  /**
   * Write cells exactly as they are, formula-like text included: only for a reader that is not a
   * spreadsheet (support staff's `--raw` export).
   */
  raw?: boolean;
}

/** One cell's text: nothing for null and undefined, ISO 8601 for dates, JSON for objects and arrays. */
function cellText(value: unknown): string | number {
  if (value === undefined || value === null) return "";
  if (typeof value === "number" || typeof value === "bigint") return value as number;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Rows to CSV text, a CRLF after every row. */
export function toCsv(rows: readonly (readonly unknown[])[], options: CsvWriteOptions = {}): string {
  return stringify(
    rows.map((row) => row.map(cellText)),
    { record_delimiter: "\r\n", quote_record_delimiter: true, escape_formulas: !options.raw, cast: { number: (n) => String(n) } },
  );
}

/** One cell as toCsv writes it (quoted when needed, formula-safe unless raw). */
export function csvCell(value: unknown, options: CsvWriteOptions = {}): string {
  return toCsv([[value]], options).slice(0, -2);
}

export interface ParsedCsv {
  /** Rows of cells as text, empty lines skipped. */
  rows: string[][];
  /** 1-based line in the text where each row starts. */
  lines: number[];
}

/** CSV text (CRLF or LF, a leading byte-order mark allowed) to rows of cells, each with its starting line. */
export function parseCsv(text: string): ParsedCsv {
  const records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as Array<{
    record: string[];
    info: { lines: number };
  }>;
  const blank = text.split(/\r\n|\n|\r/).map((line) => line.replace(/^\uFEFF/, "").trim() === "");
  const rows: string[][] = [];
  const lines: number[] = [];
  let previousEnd = 0;
  for (const { record, info } of records) {
    // info.lines is the line a record ends on; it starts on the first non-blank line after the
    // previous record's last one.
    let start = previousEnd + 1;
    while (start < info.lines && blank[start - 1]) start++;
    rows.push(record);
    lines.push(start);
    previousEnd = info.lines;
  }
  return { rows, lines };
}
