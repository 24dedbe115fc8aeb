/**
 * Writing stock files (`.data/stock/<site-slug>.json`, read by runtime/stock/store.ts), plus
 * `.data/stock/.meta.json` describing the last generation. Files are written to a temporary name
 * and renamed, so a reader never sees half a file.
 */
import fs from "node:fs";
import path from "node:path";
import carSchema from "../../schemas/entities/car.schema.json";
import type { Car } from "../../runtime/generated/types";

export const STOCK_META_FILE = ".meta.json";

/** Field order of written records: the schema's, for readable files. */
export const CAR_KEY_ORDER = Object.keys(carSchema.properties) as readonly (keyof Car)[];
const KNOWN = new Set<string>(CAR_KEY_ORDER);

/** One record as JSON with its keys in schema order (unknown keys last). */
export function carToJson(car: Car): string {
  const src = car as unknown as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of CAR_KEY_ORDER) {
    const v = src[k];
    if (v !== undefined) parts.push(`${JSON.stringify(k)}:${JSON.stringify(v)}`);
  }
  for (const k of Object.keys(src)) {
    if (!KNOWN.has(k) && src[k] !== undefined) parts.push(`${JSON.stringify(k)}:${JSON.stringify(src[k])}`);
  }
  return `{${parts.join(",")}}`;
}

/** Writes a JSON array, one record per line, in chunks (100,000 records stay well under V8's string limit). */
export function writeCarsFile(file: string, cars: readonly Car[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, "w");
  try {
    fs.writeSync(fd, "[\n");
    const CHUNK = 500;
    for (let i = 0; i < cars.length; i += CHUNK) {
      const slice = cars.slice(i, i + CHUNK).map(carToJson);
      const last = i + CHUNK >= cars.length;
      fs.writeSync(fd, slice.join(",\n") + (last ? "\n" : ",\n"));
    }
    fs.writeSync(fd, "]\n");
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

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
