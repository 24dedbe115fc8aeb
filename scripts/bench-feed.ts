/**
 * How fast a dealer's stock feed is imported: a DMS export in Harbour Motor Group's layout (CSV with
 * a byte-order mark, CRLF, five photo addresses separated by bars, money with `$` and commas,
 * odometers with `km`, one row in fifty with a mistyped year) of 1,000 and 10,000 vehicles, through
 * the profile in its manifest and the import's own path (runFeedImport: rows streamed from the
 * parser into the converter, the stock file written a record at a time). The same rows are also
 * written as an Excel workbook (ExcelJS's streaming writer, shared strings as Excel writes them)
 * and as a JSON list of objects keyed by the same column names, and imported through the same
 * profile. The nightly case is measured: every car is already in stock from a first import, so
 * ids and slugs are kept. After the import the site's search index is rebuilt from the new stock
 * file as the server does it (refreshStockIndex): "shown" is the time from the import's start
 * until that index serves the new stock (the server looks for a new file every 2 s, not counted).
 *
 * Each size and format runs in a process of its own (the first import in one, the measured one in
 * another), so the peak RSS is that run's high-water mark and not the sizes before it; it is taken
 * when the import ends, before the index is built (a server holds its index anyway).
 *
 *   npm run bench:feed [-- --rows=1000,10000,100000] [--formats=csv,xlsx,json] [--smoke]
 *
 * --smoke (npm test): 200 rows of each format, one process each (no first import before the measured
 * one); asserts only that every figure was produced.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import ExcelJS from "exceljs";
import type { DealerManifest } from "../runtime/generated/types";
import { runFeedImport } from "../runtime/feeds/import";
import { SMOKE, assertFigures } from "./lib/bench-smoke";

const root = path.resolve(import.meta.dirname, "..");
const DEALER = "harbour-motor-group";

const MODELS = [
  ["Toyota", "RAV4", "GXL Hybrid AWD", "Wagon", "Hybrid (Petrol/Electric)"],
  ["Toyota", "HiLux", "SR5 Double Cab", "Ute", "Diesel"],
  ["Toyota", "Corolla", "Ascent Sport", "Hatchback", "Petrol"],
  ["Mazda", "CX-5", "Touring", "SUV", "Unleaded Petrol"],
  ["Hyundai", "Kona", "Elite", "SUV", "Petrol"],
  ["Kia", "Sportage", "SX+", "SUV", "Diesel"],
];
const HEADER =
  "Stock No,Rego,VIN,Make,Model,Variant,Yr,Odometer,Drive Away Price,Colour,Trans,Body,Fuel,Type (N/D/U),Status (In Stock/Sold/Hold),Web Blurb,Photo URLs";

/** The export's bytes: `rows` vehicles, deterministic. */
export function dmsExport(rows: number): Uint8Array {
  return dmsExportRows(0, rows);
}

const COLUMNS = HEADER.split(",");

/** Vehicle `i`'s cells as the DMS writes them, unquoted. */
function dmsCells(i: number): string[] {
  const [make, model, variant, body, fuel] = MODELS[i % MODELS.length];
  const stock = `B${String(i + 1).padStart(6, "0")}`;
  const year = i % 50 === 49 ? "20119" : String(2015 + (i % 10));
  const km = `${(5_000 + ((i * 7_919) % 150_000)).toLocaleString("en-AU")} km`;
  const price = `$${(15_000 + ((i * 1_237) % 60_000)).toLocaleString("en-AU")}`;
  const photos = Array.from({ length: 5 }, (_, n) => `https://photos.harbour-dms.example.com/stock/${stock}/${n + 1}.jpg`).join("|");
  const type = ["U", "U", "U", "D", "N"][i % 5];
  const status = i % 40 === 0 ? "Hold" : "In Stock";
  return [
    stock,
    `R${i}`,
    "",
    make,
    model,
    variant,
    year,
    km,
    price,
    "White",
    "Automatic",
    body,
    fuel,
    type,
    status,
    `Serviced, ${model} ready to drive.`,
    photos,
  ];
}

const csvCell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/** The header row and vehicles `from` to `to` (exclusive); the byte-order mark only when `from` is 0. */
function dmsExportRows(from: number, to: number): Uint8Array {
  const lines = [HEADER];
  for (let i = from; i < to; i++) lines.push(dmsCells(i).map(csvCell).join(","));
  return new TextEncoder().encode((from === 0 ? "\uFEFF" : "") + lines.join("\r\n") + "\r\n");
}

type Format = "csv" | "xlsx" | "json";
const FORMATS: readonly Format[] = ["csv", "xlsx", "json"];

/** The same vehicles as an Excel workbook, written row by row with ExcelJS's streaming writer; the year a number, as Excel keeps it. */
async function writeDmsWorkbook(file: string, rows: number): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet("Stock");
  ws.addRow(COLUMNS).commit();
  for (let i = 0; i < rows; i++) {
    const cells: (string | number)[] = dmsCells(i);
    cells[6] = Number(cells[6]);
    ws.addRow(cells).commit();
  }
  ws.commit();
  await wb.commit();
  return fs.statSync(file).size;
}

/** The same vehicles as a JSON list of objects keyed by the export's column names, one a line. */
function writeDmsJson(file: string, rows: number): number {
  const fd = fs.openSync(file, "w");
  try {
    fs.writeSync(fd, "[\n");
    for (let i = 0; i < rows; i += 1_000) {
      const part: string[] = [];
      for (let j = i; j < Math.min(rows, i + 1_000); j++) part.push(JSON.stringify(Object.fromEntries(dmsCells(j).map((c, k) => [COLUMNS[k], c]))));
      fs.writeSync(fd, (i > 0 ? ",\n" : "") + part.join(",\n"));
    }
    fs.writeSync(fd, "\n]\n");
  } finally {
    fs.closeSync(fd);
  }
  return fs.statSync(file).size;
}

async function writeExport(format: Format, file: string, rows: number): Promise<number> {
  if (format === "xlsx") return writeDmsWorkbook(file, rows);
  if (format === "json") return writeDmsJson(file, rows);
  return writeDmsExport(file, rows);
}

/** Writes the export for `rows` vehicles to `file` a slice at a time (the bench's own memory stays out of the figures). */
function writeDmsExport(file: string, rows: number): number {
  const fd = fs.openSync(file, "w");
  try {
    for (let i = 0; i < rows; i += 1_000) {
      const bytes = dmsExportRows(i, Math.min(rows, i + 1_000));
      fs.writeSync(fd, i === 0 ? bytes : bytes.subarray(bytes.indexOf(0x0a) + 1));
    }
  } finally {
    fs.closeSync(fd);
  }
  return fs.statSync(file).size;
}

interface Figures {
  format: Format;
  rows: number;
  megabytes: number;
  rowsPerS: number;
  totalS: number;
  /** From the import's start until the rebuilt search index serves the new stock. */
  shownS: number;
  peakRssMb: number;
}

/**
 * One import of `file` into `stockDir`, as the nightly run does it (no database: the dealer counts as
 * imported before), through the manifest's profile. A JSON list of 100,000 objects keyed by the
 * export's long column names is about 62 MB, past the default 50 MB limit: the profile's limit is
 * raised to 100 MB for JSON, as a dealer with such a feed would set stockFeed.maxMegabytes.
 */
async function importOnce(file: string, stockDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "manifests", `${DEALER}.json`), "utf8")) as DealerManifest;
  const json = path.extname(file) === ".json";
  return runFeedImport({
    dealer: DEALER,
    file,
    ...(json && manifest.stockFeed ? { profile: { ...manifest.stockFeed, maxMegabytes: 100 } } : {}),
    manifestsDir: path.join(root, "manifests"),
    publicDir: path.join(root, "public"),
    stockDir,
    dataDir: path.join(stockDir, ".data"),
    db: null,
    now: new Date("2026-11-20T00:00:00Z"),
  });
}

/** In a child process: `seed` imports the file once (the stock the previous night left); `measure` times the next import. */
async function child(stage: string, file: string, stockDir: string, rows: number): Promise<void> {
  if (stage === "seed") {
    await importOnce(file, stockDir);
    return;
  }
  const format = path.extname(file).slice(1) as Format;
  // Warm-up: modules loaded and compiled before anything is timed (a small file of the same format, its own folder).
  const warm = path.join(stockDir, "warm");
  const warmFile = path.join(warm, `warm.${format}`);
  fs.mkdirSync(warm, { recursive: true });
  await writeExport(format, warmFile, 100);
  await importOnce(warmFile, warm);
  const t0 = performance.now();
  const { report } = await importOnce(file, stockDir);
  const t1 = performance.now();
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  if (!report.published) throw new Error(`not published: ${report.keptLastGood}`);
  if (report.accepted !== rows - Math.floor(rows / 50)) throw new Error(`expected ${rows - Math.floor(rows / 50)} cars, got ${report.accepted}`);
  // The site's search index rebuilt from the stock folder, as the server does when it sees a new file.
  fs.rmSync(warm, { recursive: true, force: true });
  process.env.STOCK_DIR = stockDir;
  const { refreshStockIndex, stockEngine } = await import("../runtime/inventory/stock-index");
  await refreshStockIndex();
  const t2 = performance.now();
  if (stockEngine().size !== report.accepted) throw new Error(`the index serves ${stockEngine().size} cars, not ${report.accepted}`);
  const figures: Omit<Figures, "megabytes"> = {
    format,
    rows,
    rowsPerS: Math.round(rows / ((t1 - t0) / 1000)),
    totalS: (t1 - t0) / 1000,
    shownS: (t2 - t0) / 1000,
    peakRssMb,
  };
  console.log(JSON.stringify(figures));
}

function runChild(stage: string, file: string, stockDir: string, rows: number): string {
  const out = spawnSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, `--child=${stage}`, `--file=${file}`, `--stock=${stockDir}`, `--rows=${rows}`],
    {
      encoding: "utf8",
      maxBuffer: 16 * 1_048_576,
    },
  );
  if (out.status !== 0) throw new Error(`bench:feed ${stage} of ${rows} rows failed:\n${out.stderr}`);
  return out.stdout;
}

async function measure(format: Format, rows: number, dir: string): Promise<Figures> {
  const file = path.join(dir, `export-${rows}.${format}`);
  const stockDir = path.join(dir, `stock-${format}-${rows}`);
  const size = await writeExport(format, file, rows);
  // The smoke run only needs the figures: its one import finds no stock from the night before.
  if (!SMOKE) runChild("seed", file, stockDir, rows);
  const last = runChild("measure", file, stockDir, rows).trim().split("\n").pop()!;
  fs.rmSync(file, { force: true });
  fs.rmSync(stockDir, { recursive: true, force: true });
  return { ...(JSON.parse(last) as Omit<Figures, "megabytes">), megabytes: size / 1_048_576 };
}

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const stage = arg("child");
  if (stage) return child(stage, arg("file")!, arg("stock")!, Number(arg("rows")));
  const given = arg("rows");
  const sizes = SMOKE ? [200] : given ? given.split(",").map(Number) : [1_000, 10_000];
  if (sizes.some((n) => !Number.isInteger(n) || n < 50)) throw new Error("--rows takes whole numbers of at least 50, separated by commas");
  const formats = (arg("formats") ?? FORMATS.join(",")).split(",") as Format[];
  if (formats.some((f) => !FORMATS.includes(f))) throw new Error(`--formats takes ${FORMATS.join(", ")}, separated by commas`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-feed-"));
  const load = [os.loadavg()[0]];
  try {
    const results: Figures[] = [];
    for (const format of formats)
      for (const n of sizes) {
        const r = await measure(format, n, dir);
        results.push(r);
        load.push(os.loadavg()[0]);
        // Each as it is measured (a long run shows its progress).
        console.error(`bench:feed ${JSON.stringify(r)} (load ${os.loadavg()[0].toFixed(1)})`);
      }
    console.log(
      `Stock feed import (${DEALER}'s DMS layout, the nightly run), ${os.cpus().length} cores, load ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`,
    );
    console.log("| Format | Vehicles | File | Rows/s | Import | Shown | Peak RSS |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of results)
      console.log(
        `| ${r.format.toUpperCase()} | ${r.rows.toLocaleString("en-AU")} | ${r.megabytes.toFixed(1)} MB | ${r.rowsPerS.toLocaleString("en-AU")} | ${r.totalS.toFixed(2)} s | ${r.shownS.toFixed(2)} s | ${Math.round(r.peakRssMb)} MB |`,
      );
    if (SMOKE)
      assertFigures(
        "bench:feed",
        Object.fromEntries(
          results.flatMap((r) => [
            [`${r.format} rowsPerS`, r.rowsPerS],
            [`${r.format} total`, r.totalS],
            [`${r.format} shown`, r.shownS],
            [`${r.format} rss`, r.peakRssMb],
          ]),
        ),
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
