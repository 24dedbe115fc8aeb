/**
 * Writing stock files (`.data/stock/<site-slug>.json`, read by runtime/stock/store.ts), plus
 * `.data/stock/.meta.json` describing the last generation. Files are written to a temporary name
 * and renamed, so a reader never sees half a file.
 */
import fs from "node:fs";
import path from "node:path";
import { writeCarsFile } from "../../runtime/stock/write";
import type { Car } from "../../runtime/generated/types";

export const STOCK_META_FILE = ".meta.json";

export { CAR_KEY_ORDER, carToJson, writeCarsFile } from "../../runtime/stock/write";

export interface StockMeta {
  seed: string | number;
  count: number;
  now: string;
  generated_at: string;
  files: Record<string, number>;
}

export function writeStockFiles(dir: string, bySite: Record<string, Car[]>, meta?: Omit<StockMeta, "files" | "generated_at">): Record<string, number> {
  fs.mkdirSync(dir, { recursive: true });
  const files: Record<string, number> = {};
  for (const [slug, cars] of Object.entries(bySite)) {
    writeCarsFile(path.join(dir, `${slug}.json`), cars);
    files[slug] = cars.length;
  }
  if (meta) {
    const full: StockMeta = { ...meta, generated_at: new Date().toISOString(), files };
    fs.writeFileSync(path.join(dir, STOCK_META_FILE), JSON.stringify(full, null, 2) + "\n");
  }
  return files;
}
