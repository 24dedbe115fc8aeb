/**
 * Writing stock files (`.data/stock/<site-slug>.json`, read by ./store.ts): one record a line with
 * the schema's field order, written to a temporary name and renamed, so a reader never sees half a
 * file. Used by the demo generator and the feed importer.
 */
import fs from "node:fs";
import path from "node:path";
import carSchema from "../../schemas/entities/car.schema.json";
import type { Car } from "../generated/types";

/**
 * Writes a stock file whole under a temporary name and renames it over the old one. Stock files
 * are replaced, never rewritten in place: a served index reads its cars from the files it was
 * built from (runtime/search/file-records.ts, FileRecords.inStockFiles), and a reader never sees
 * half a file.
 */
export function replaceStockFile(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

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
