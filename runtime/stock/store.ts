/**
 * Stock files as the platform reads them: `.data/stock/<site-slug>.json`, a JSON array of Car
 * records holding the stock of that site's dealerships. The tools that write them are in
 * scripts/stock/ (the demo generator and the feed importer).
 */
import fs from "node:fs";
import path from "node:path";
import type { Car } from "@/runtime/generated/types";

export const STOCK_DIR_RELATIVE = path.join(".data", "stock");

export function stockDir(root: string): string {
  return path.join(root, STOCK_DIR_RELATIVE);
}

/** The stock folder this process serves: STOCK_DIR when set, else `.data/stock` under `root`. */
export function stockDirectory(root = process.cwd()): string {
  return process.env.STOCK_DIR ? path.resolve(process.env.STOCK_DIR) : stockDir(root);
}

export function readCarsFile(file: string): Car[] {
  const data: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  if (!Array.isArray(data)) throw new Error(`${file}: expected a JSON array of cars`);
  return data as Car[];
}

/** Stock file names in a directory (site slugs), ignoring the meta file, reports and temporaries. */
export function listStockFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json") && !f.startsWith(".") && !f.endsWith(".report.json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}
