/**
 * Dealer feed import: JSON (an array, or an object holding one under cars/hits/data/records) or
 * CSV with a header row. Every row is checked by the precompiled car validator (generated from
 * schemas/entities/car.schema.json, as the platform's other validators are); rows that fail are
 * listed in a report with each reason (JSON pointer and message). Nothing is dropped silently:
 * total = accepted + rejected, always. CSV is read and the CSV report written with the
 * platform's CSV module (runtime/csv.ts), whose writer is formula-safe.
 *
 * CSV columns are coerced by the schema: numbers and integers, booleans (true/false, 1/0, yes/no),
 * arrays as JSON (`[...]`) or `|`-separated strings, objects as JSON; dotted headers such as
 * `youxQuote.weeklyRepaymentAmount` build nested objects; empty cells are left out.
 */
import fs from "node:fs";
import path from "node:path";
import carSchema from "../../schemas/entities/car.schema.json";
import type { Car } from "../../runtime/generated/types";
import type { AjvError } from "../../runtime/generated/validators";
import { validateCar } from "../../runtime/generated/validate-car.js";
import { parseCsv, toCsv } from "../../runtime/csv";
import { slugify } from "../../runtime/slug";
import { readCarsFile } from "../../runtime/stock/store";
import { findSiteByDealershipId } from "./dealers";
import { writeCarsFile } from "./store";

// ---------------------------------------------------------------------------------------------
// Schema and validator

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  [k: string]: unknown;
};

/** car.schema.json, read for the CSV coercion (which type a column holds). */
export function loadCarSchema(): JsonSchema {
  return carSchema as unknown as JsonSchema;
}

export interface RejectReason {
  /** JSON pointer into the row ("" for the row itself). */
  pointer: string;
  message: string;
}

/** Turns ajv errors into pointer + message pairs a person can act on. */
export function describeErrors(errors: readonly AjvError[] | null | undefined): RejectReason[] {
  if (!errors) return [];
  const out: RejectReason[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let pointer = e.instancePath;
    let message = e.message ?? "is invalid";
    const p = e.params as Record<string, unknown>;
    if (e.keyword === "required") {
      pointer = `${e.instancePath}/${String(p.missingProperty)}`;
      message = "is required";
    } else if (e.keyword === "additionalProperties") {
      pointer = `${e.instancePath}/${String(p.additionalProperty)}`;
      message = "is not a known field";
    } else if (e.keyword === "enum") {
      message = `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    }
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer, message });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// CSV (read with the platform's reader, runtime/csv.ts)

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let s = schema;
  while (s.$ref) {
    const m = /^#\/\$defs\/(.+)$/.exec(s.$ref);
    const target = m ? root.$defs?.[m[1]] : undefined;
    if (!target) break;
    s = { ...target, ...s, $ref: undefined };
  }
  return s;
}

function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

const TRUE = new Set(["true", "1", "yes", "y", "t"]);
const FALSE = new Set(["false", "0", "no", "n", "f"]);
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Coerces one CSV cell by its schema; leaves it as a string when it cannot (validation says why). */
export function coerceCell(raw: string, schema: JsonSchema | undefined, root: JsonSchema): unknown {
  const s = schema ? resolveRef(schema, root) : undefined;
  const t = typeOf(s);
  const v = raw.trim();
  switch (t) {
    case "integer":
    case "number": {
      const cleaned = v.replace(/[$,\s]/g, "");
      return NUMERIC.test(cleaned) ? Number(cleaned) : raw;
    }
    case "boolean": {
      const l = v.toLowerCase();
      return TRUE.has(l) ? true : FALSE.has(l) ? false : raw;
    }
    case "array": {
      if (v.startsWith("[")) {
        try {
          return JSON.parse(v);
        } catch {
          return raw;
        }
      }
      const itemSchema = s?.items ? resolveRef(s.items, root) : undefined;
      if (typeOf(itemSchema) === "object") return raw;
      return v
        .split("|")
        .map((x) => x.trim())
        .filter((x) => x !== "")
        .map((x) => coerceCell(x, itemSchema, root));
    }
    case "object": {
      if (v.startsWith("{")) {
        try {
          return JSON.parse(v);
        } catch {
          return raw;
        }
      }
      return raw;
    }
    default:
      return raw;
  }
}

export interface FeedRow {
  /** 1-based data row number (header excluded for CSV; array index + 1 for JSON). */
  row: number;
  /** 1-based line in the file where the row starts (CSV only). */
  line?: number;
  data: unknown;
}

/** CSV text to rows of objects, coerced by the car schema. */
export function csvToRows(text: string): FeedRow[] {
  const root = loadCarSchema();
  const { rows, lines } = parseCsv(text);
  if (rows.length === 0) return [];
  const header = rows[0].map((h) => h.trim());
  const out: FeedRow[] = [];
  for (let r = 1; r < rows.length; r++) {
    const cells = rows[r];
    const obj: Record<string, unknown> = {};
    header.forEach((name, c) => {
      const raw = cells[c];
      if (raw === undefined || raw.trim() === "" || name === "") return;
      const pathParts = name.split(".");
      let target = obj;
      let schema: JsonSchema | undefined = root;
      for (let k = 0; k < pathParts.length - 1; k++) {
        const key = pathParts[k];
        schema = schema ? resolveRef(schema, root).properties?.[key] : undefined;
        if (typeof target[key] !== "object" || target[key] === null) target[key] = {};
        target = target[key] as Record<string, unknown>;
      }
      const leaf = pathParts[pathParts.length - 1];
      const leafSchema = schema ? resolveRef(schema, root).properties?.[leaf] : undefined;
      target[leaf] = coerceCell(raw, leafSchema, root);
    });
    if (cells.length > header.length && cells.slice(header.length).some((c) => c.trim() !== "")) {
      obj.__extra_cells__ = cells.slice(header.length);
    }
    out.push({ row: r, line: lines[r], data: obj });
  }
  return out;
}

/** JSON text to rows: an array, or an object with the array under cars, hits, data or records. */
export function jsonToRows(text: string): FeedRow[] {
  const parsed: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  let list: unknown;
  if (Array.isArray(parsed)) list = parsed;
  else if (parsed && typeof parsed === "object") {
    const o = parsed as Record<string, unknown>;
    list = [o.cars, o.hits, o.data, o.records].find(Array.isArray);
  }
  if (!Array.isArray(list)) throw new Error("JSON feed must be an array of cars (or an object with a cars, hits, data or records array)");
  return list.map((data, i) => ({ row: i + 1, data }));
}

// ---------------------------------------------------------------------------------------------
// Validation with a report

export interface Rejection {
  row: number;
  line?: number;
  id: string | number | null;
  reasons: RejectReason[];
}

export interface ValidationOutcome {
  total: number;
  accepted: Car[];
  rejected: Rejection[];
}

function rowId(data: unknown): string | number | null {
  if (!data || typeof data !== "object") return null;
  const o = data as Record<string, unknown>;
  for (const k of ["id", "objectID", "stocknum", "slug", "vin"]) {
    const v = o[k];
    if (typeof v === "string" || typeof v === "number") return v;
  }
  return null;
}

/** Validates rows with the precompiled car validator; duplicates of id, objectID or slug are rejected after the first. */
export function validateRows(rows: readonly FeedRow[], onProgress?: (done: number, total: number) => void): ValidationOutcome {
  const validate = validateCar;
  const accepted: Car[] = [];
  const rejected: Rejection[] = [];
  const firstSeen = { id: new Map<unknown, number>(), objectID: new Map<unknown, number>(), slug: new Map<unknown, number>() };
  rows.forEach((r, i) => {
    const reasons: RejectReason[] = [];
    if (!r.data || typeof r.data !== "object" || Array.isArray(r.data)) {
      reasons.push({ pointer: "", message: "row is not an object" });
    } else {
      const extra = (r.data as Record<string, unknown>).__extra_cells__;
      if (extra !== undefined) {
        reasons.push({ pointer: "", message: `row has ${(extra as unknown[]).length} more cells than the header` });
        delete (r.data as Record<string, unknown>).__extra_cells__;
      }
      if (!validate(r.data)) reasons.push(...describeErrors(validate.errors));
      const o = r.data as Record<string, unknown>;
      for (const key of ["id", "objectID", "slug"] as const) {
        const v = o[key];
        if (v === undefined) continue;
        const prev = firstSeen[key].get(v);
        if (prev !== undefined) reasons.push({ pointer: `/${key}`, message: `duplicates row ${prev}` });
        else firstSeen[key].set(v, r.row);
      }
    }
    if (reasons.length > 0) rejected.push({ row: r.row, ...(r.line !== undefined ? { line: r.line } : {}), id: rowId(r.data), reasons });
    else accepted.push(r.data as Car);
    if (onProgress) onProgress(i + 1, rows.length);
  });
  return { total: rows.length, accepted, rejected };
}

// ---------------------------------------------------------------------------------------------
// Report

export interface ImportReport {
  file: string;
  format: "json" | "csv";
  total: number;
  accepted: number;
  rejected: number;
  output: string | null;
  replaced_dealerships: number[];
  kept_records: number;
  generated_at: string;
  rejections: Rejection[];
}

/** The report as CSV (the platform's formula-safe writer): one line per reason (row, line, id, pointer, message). */
export function reportToCsv(report: ImportReport): string {
  const rows: unknown[][] = [["row", "line", "id", "pointer", "message"]];
  for (const r of report.rejections) {
    for (const reason of r.reasons) rows.push([r.row, r.line ?? "", r.id ?? "", reason.pointer, reason.message]);
  }
  return toCsv(rows);
}

// ---------------------------------------------------------------------------------------------
// Import to the stock directory

export interface ImportOptions {
  /** Stock directory to write into. */
  outDir: string;
  /** Target site file (slug); default: the site of the rows' dealership, else the feed's name. */
  dealer?: string;
  reportFormat?: "json" | "csv";
  /** Where to write the report; default `<file>.report.json` or `.csv`. */
  reportPath?: string;
  onProgress?: (done: number, total: number) => void;
  /** Validate and report only. */
  dryRun?: boolean;
}

export interface ImportResult extends ValidationOutcome {
  report: ImportReport;
  reportPath: string;
  outputPath: string | null;
  /** The cars of the feed's dealerships the stock file held before (what an Algolia push compares with). */
  previous: Car[];
}

export function readFeed(file: string): { format: "json" | "csv"; rows: FeedRow[] } {
  const text = fs.readFileSync(file, "utf8");
  const ext = path.extname(file).toLowerCase();
  const looksJson = /^\s*[[{]/.test(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (ext === ".json" || (ext !== ".csv" && looksJson)) return { format: "json", rows: jsonToRows(text) };
  return { format: "csv", rows: csvToRows(text) };
}

function targetSlug(file: string, accepted: readonly Car[], explicit?: string): string {
  if (explicit) return slugify(explicit);
  const sites = new Set(accepted.map((c) => findSiteByDealershipId(c.dealership_id)?.slug ?? null));
  if (sites.size === 1) {
    const only = [...sites][0];
    if (only) return only;
  }
  return slugify(path.basename(file, path.extname(file))) || "imported";
}

/**
 * Imports a feed: validates every row, writes accepted rows into `<outDir>/<slug>.json` (replacing
 * the records of the dealerships the feed contains, keeping the others), and writes the report.
 */
export function importFeed(file: string, options: ImportOptions): ImportResult {
  const { format, rows } = readFeed(file);
  const outcome = validateRows(rows, options.onProgress);
  let outputPath: string | null = null;
  const replaced = [...new Set(outcome.accepted.map((c) => c.dealership_id))].sort((a, b) => a - b);
  let kept = 0;
  let previous: Car[] = [];
  if (outcome.accepted.length > 0) {
    const slug = targetSlug(file, outcome.accepted, options.dealer);
    const target = path.join(options.outDir, `${slug}.json`);
    const ids = new Set(replaced);
    const before = fs.existsSync(target) ? readCarsFile(target) : [];
    previous = before.filter((c) => ids.has(c.dealership_id));
    if (!options.dryRun) {
      outputPath = target;
      const keep = before.filter((c) => !ids.has(c.dealership_id));
      kept = keep.length;
      writeCarsFile(outputPath, [...keep, ...outcome.accepted]);
    }
  }
  const reportFormat = options.reportFormat ?? "json";
  const reportPath = options.reportPath ?? `${file}.report.${reportFormat}`;
  const report: ImportReport = {
    file: path.resolve(file),
    format,
    total: outcome.total,
    accepted: outcome.accepted.length,
    rejected: outcome.rejected.length,
    output: outputPath ? path.resolve(outputPath) : null,
    replaced_dealerships: outputPath ? replaced : [],
    kept_records: kept,
    generated_at: new Date().toISOString(),
    rejections: outcome.rejected,
  };
  fs.writeFileSync(reportPath, reportFormat === "csv" ? reportToCsv(report) : JSON.stringify(report, null, 2) + "\n");
  return { ...outcome, report, reportPath, outputPath, previous };
}

// ---------------------------------------------------------------------------------------------
// Algolia: the push lives in the runtime (a feed run on the server pushes too); the command line's names stay.

export {
  ALGOLIA_BATCH_SIZE,
  ALGOLIA_INDEX,
  algoliaChanges,
  buildAlgoliaPlan,
  pushToAlgolia,
  type AlgoliaBatchRequest,
  type AlgoliaChanges,
  type AlgoliaCredentials,
  type AlgoliaPlan,
  type AlgoliaPushResult,
} from "../../runtime/search/algolia-push";

// ---------------------------------------------------------------------------------------------
// Progress bar (plain ANSI on a TTY, a few plain lines otherwise)

export function createProgressBar(label: string, stream: NodeJS.WriteStream = process.stderr): (done: number, total: number) => void {
  const tty = Boolean(stream.isTTY);
  let lastDraw = 0;
  let lastQuarter = -1;
  return (done, total) => {
    const frac = total === 0 ? 1 : done / total;
    if (tty) {
      const now = Date.now();
      if (done !== total && now - lastDraw < 50) return;
      lastDraw = now;
      const width = 30;
      const filled = Math.round(frac * width);
      stream.write(
        `\r\x1b[2K${label} [\x1b[32m${"█".repeat(filled)}\x1b[0m${"░".repeat(width - filled)}] ${String(Math.floor(frac * 100)).padStart(3)}% ${done}/${total}`,
      );
      if (done === total) stream.write("\n");
    } else {
      const quarter = Math.floor(frac * 4);
      if (quarter !== lastQuarter) {
        lastQuarter = quarter;
        stream.write(`${label} ${Math.floor(frac * 100)}% ${done}/${total}\n`);
      }
    }
  };
}
