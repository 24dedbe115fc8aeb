/**
 * How fast a dealer's stock feed is imported: a DMS export in Harbour Motor Group's layout (CSV with
 * a byte-order mark, CRLF, five photo addresses separated by bars, money with `$` and commas,
 * odometers with `km`, one row in fifty with a mistyped year) of 1,000 and 10,000 vehicles, through
 * the profile in its manifest and the import's own path (runFeedImport: rows streamed from the
 * parser into the converter, the stock file written a record at a time). The nightly case is
 * measured: every car is already in stock from a first import, so ids and slugs are kept.
 *
 * Each size runs in a process of its own (the first import in one, the measured one in another),
 * so the peak RSS is that run's high-water mark and not the sizes before it.
 *
 *   npm run bench:feed [-- --rows=1000,10000,100000] [--smoke]
 *
 * --smoke (npm test): 200 rows; asserts only that every figure was produced.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
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

/** The header row and vehicles `from` to `to` (exclusive); the byte-order mark only when `from` is 0. */
function dmsExportRows(from: number, to: number): Uint8Array {
  const lines = [HEADER];
  for (let i = from; i < to; i++) {
    const [make, model, variant, body, fuel] = MODELS[i % MODELS.length];
    const stock = `B${String(i + 1).padStart(6, "0")}`;
    const year = i % 50 === 49 ? "20119" : String(2015 + (i % 10));
    const km = `"${(5_000 + ((i * 7_919) % 150_000)).toLocaleString("en-AU")} km"`;
    const price = `"$${(15_000 + ((i * 1_237) % 60_000)).toLocaleString("en-AU")}"`;
    const photos = Array.from({ length: 5 }, (_, n) => `https://photos.harbour-dms.example.com/stock/${stock}/${n + 1}.jpg`).join("|");
    const type = ["U", "U", "U", "D", "N"][i % 5];
    const status = i % 40 === 0 ? "Hold" : "In Stock";
    lines.push(
      [
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
        `"Serviced, ${model} ready to drive."`,
        photos,
      ].join(","),
    );
  }
  return new TextEncoder().encode((from === 0 ? "\uFEFF" : "") + lines.join("\r\n") + "\r\n");
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
  rows: number;
  megabytes: number;
  rowsPerS: number;
  totalS: number;
  peakRssMb: number;
}

/** One import of `file` into `stockDir`, as the nightly run does it (no database: the dealer counts as imported before). */
async function importOnce(file: string, stockDir: string) {
  return runFeedImport({
    dealer: DEALER,
    file,
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
  // Warm-up: modules loaded and compiled before anything is timed (a small file, its own folder).
  const warm = path.join(stockDir, "warm");
  const warmFile = path.join(warm, "warm.csv");
  fs.mkdirSync(warm, { recursive: true });
  writeDmsExport(warmFile, 100);
  await importOnce(warmFile, warm);
  const t0 = performance.now();
  const { report } = await importOnce(file, stockDir);
  const t1 = performance.now();
  if (!report.published) throw new Error(`not published: ${report.keptLastGood}`);
  if (report.accepted !== rows - Math.floor(rows / 50)) throw new Error(`expected ${rows - Math.floor(rows / 50)} cars, got ${report.accepted}`);
  const figures: Omit<Figures, "megabytes"> = {
    rows,
    rowsPerS: Math.round(rows / ((t1 - t0) / 1000)),
    totalS: (t1 - t0) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
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

function measure(rows: number, dir: string): Figures {
  const file = path.join(dir, `export-${rows}.csv`);
  const stockDir = path.join(dir, `stock-${rows}`);
  const size = writeDmsExport(file, rows);
  runChild("seed", file, stockDir, rows);
  const last = runChild("measure", file, stockDir, rows).trim().split("\n").pop()!;
  return { ...(JSON.parse(last) as Omit<Figures, "megabytes">), megabytes: size / 1_048_576 };
}

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const stage = arg("child");
  if (stage) return child(stage, arg("file")!, arg("stock")!, Number(arg("rows")));
  const given = arg("rows");
  const sizes = SMOKE ? [200] : given ? given.split(",").map(Number) : [1_000, 10_000];
  if (sizes.some((n) => !Number.isInteger(n) || n < 50)) throw new Error("--rows takes whole numbers of at least 50, separated by commas");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-feed-"));
  try {
    const results: Figures[] = [];
    for (const n of sizes) results.push(measure(n, dir));
    console.log(`Stock feed import (${DEALER}'s DMS layout, the nightly run), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
    console.log("| Vehicles | File | Rows/s | Total | Peak RSS |");
    console.log("|---:|---:|---:|---:|---:|");
    for (const r of results)
      console.log(
        `| ${r.rows.toLocaleString("en-AU")} | ${r.megabytes.toFixed(1)} MB | ${r.rowsPerS.toLocaleString("en-AU")} | ${r.totalS.toFixed(2)} s | ${Math.round(r.peakRssMb)} MB |`,
      );
    if (SMOKE) {
      const r = results[0];
      assertFigures("bench:feed", { rowsPerS: r.rowsPerS, total: r.totalS, rss: r.peakRssMb });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
