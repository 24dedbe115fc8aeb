/**
 * How fast a dealer's stock feed is imported: a DMS export in Harbour Motor Group's layout (CSV with
 * a byte-order mark, CRLF, five photo addresses separated by bars, money with `$` and commas,
 * odometers with `km`, one row in fifty with a mistyped year) of 1,000 and 10,000 vehicles, through
 * the profile in its manifest. Each size is timed stage by stage, in rows a second:
 * - read: bytes to a table (encoding and separator found, cells parsed);
 * - convert: the table to Car records with the report (the nightly case: every car already in stock,
 *   so ids and slugs are kept);
 * - publish: the decision to publish, cars that left the feed marked sold, the stock file written.
 * Peak RSS is the process's high-water mark after the size.
 *
 *   npm run bench:feed [-- --rows=1000,10000,100000] [--smoke]
 *
 * --smoke (npm test): 200 rows; asserts only that every figure was produced.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { convertTable } from "../runtime/feeds/convert";
import { dealerContext, loadDealer, readTable } from "../runtime/feeds/import";
import { resolveStockFeed } from "../runtime/feeds/profile";
import { planPublish } from "../runtime/feeds/publish";
import { writeCarsFile } from "../runtime/stock/write";
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
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
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
  return new TextEncoder().encode("\uFEFF" + lines.join("\r\n") + "\r\n");
}

interface Figures {
  rows: number;
  megabytes: number;
  readRowsPerS: number;
  convertRowsPerS: number;
  publishRowsPerS: number;
  totalS: number;
  peakRssMb: number;
}

async function measure(rows: number, dir: string): Promise<Figures> {
  const manifest = loadDealer(DEALER, path.join(root, "manifests"), path.join(root, "public"));
  if (!manifest.stockFeed) throw new Error(`${DEALER} has no stockFeed in its manifest`);
  const profile = resolveStockFeed(manifest.stockFeed);
  const dealer = dealerContext(manifest, profile);
  const bytes = dmsExport(rows);
  const now = new Date("2026-11-20T00:00:00Z");
  // The stock as the previous night left it: every car already imported once.
  const first = convertTable({ table: await readTable(bytes, profile), profile, dealer, previous: [], now, slugTaken: () => false });
  const stockFile = path.join(dir, `${DEALER}.json`);

  const t0 = performance.now();
  const table = await readTable(bytes, profile);
  const t1 = performance.now();
  const converted = convertTable({ table, profile, dealer, previous: first.cars, now, slugTaken: () => false });
  const t2 = performance.now();
  const plan = planPublish({
    converted,
    current: first.cars,
    dealershipId: dealer.dealership.id,
    rejectLimitPercent: profile.rejectLimitPercent,
    keepSoldDays: profile.keepSoldDays,
    importedBefore: true,
    now,
  });
  if (!plan.publish) throw new Error(`not published: ${plan.reason}`);
  writeCarsFile(stockFile, plan.cars);
  const t3 = performance.now();
  if (converted.cars.length !== rows - Math.floor(rows / 50)) throw new Error(`expected ${rows - Math.floor(rows / 50)} cars, got ${converted.cars.length}`);
  const perS = (ms: number) => Math.round(rows / (ms / 1000));
  return {
    rows,
    megabytes: bytes.length / 1_048_576,
    readRowsPerS: perS(t1 - t0),
    convertRowsPerS: perS(t2 - t1),
    publishRowsPerS: perS(t3 - t2),
    totalS: (t3 - t0) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

async function main() {
  const given = process.argv.find((a) => a.startsWith("--rows="));
  const sizes = SMOKE ? [200] : given ? given.slice(7).split(",").map(Number) : [1_000, 10_000];
  if (sizes.some((n) => !Number.isInteger(n) || n < 50)) throw new Error("--rows takes whole numbers of at least 50, separated by commas");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-feed-"));
  try {
    await measure(100, dir); // warm-up: modules loaded and compiled before anything is timed
    const results: Figures[] = [];
    for (const n of sizes) results.push(await measure(n, dir));
    console.log(`Stock feed import (${DEALER}'s DMS layout), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
    console.log("| Vehicles | File | Read rows/s | Convert rows/s | Publish rows/s | Total | Peak RSS |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of results)
      console.log(
        `| ${r.rows.toLocaleString("en-AU")} | ${r.megabytes.toFixed(1)} MB | ${r.readRowsPerS.toLocaleString("en-AU")} | ${r.convertRowsPerS.toLocaleString("en-AU")} | ${r.publishRowsPerS.toLocaleString("en-AU")} | ${r.totalS.toFixed(2)} s | ${Math.round(r.peakRssMb)} MB |`,
      );
    if (SMOKE) {
      const r = results[0];
      assertFigures("bench:feed", { read: r.readRowsPerS, convert: r.convertRowsPerS, publish: r.publishRowsPerS, rss: r.peakRssMb });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
