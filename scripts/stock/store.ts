/**
 * Writing stock files (`.data/stock/<site-slug>.json`, read by runtime/stock/store.ts), plus
 * `.data/stock/.meta.json` describing the last generation. Files are written to a temporary name
 * and renamed, so a reader never sees half a file.
 */
import { createHash } from "node:crypto";
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
  /**
   * SHA-256 of each file as the generator wrote it: a file whose content still has this digest is
   * the generated demo stock; any other (a dealer's imported feed, an edit) is not. Older metas
   * have none.
   */
  digests?: Record<string, string>;
}

/** SHA-256 (hex) of a file's bytes. */
export function fileDigest(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/** The last generation's description in `dir`, or null when there is none or it is unreadable. */
export function readStockMeta(dir: string): StockMeta | null {
  try {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, STOCK_META_FILE), "utf8")) as StockMeta;
    return meta && typeof meta.now === "string" && !Number.isNaN(Date.parse(meta.now)) ? meta : null;
  } catch {
    return null;
  }
}

/**
 * Writes one file per site and, with `meta`, the description of this generation; `meta.files` and
 * `meta.digests`, when given, describe earlier generated files that stay (this write's are added).
 */
export function writeStockFiles(
  dir: string,
  bySite: Record<string, Car[]>,
  meta?: Omit<StockMeta, "files" | "generated_at" | "digests"> & Partial<Pick<StockMeta, "files" | "digests">>,
): Record<string, number> {
  fs.mkdirSync(dir, { recursive: true });
  const files: Record<string, number> = {};
  for (const [slug, cars] of Object.entries(bySite)) {
    writeCarsFile(path.join(dir, `${slug}.json`), cars);
    files[slug] = cars.length;
  }
  if (meta) {
    const digests: Record<string, string> = { ...meta.digests };
    for (const slug of Object.keys(bySite)) digests[slug] = fileDigest(path.join(dir, `${slug}.json`));
    const full: StockMeta = { ...meta, generated_at: new Date().toISOString(), files: { ...meta.files, ...files }, digests };
    fs.writeFileSync(path.join(dir, STOCK_META_FILE), JSON.stringify(full, null, 2) + "\n");
  }
  return files;
}
