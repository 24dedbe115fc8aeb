/**
 * Stock files: `.data/stock/<site-slug>.json` (a JSON array of Car records holding the stock of
 * that site's dealerships), plus `.data/stock/.meta.json` describing the last generation. Files
 * are written to a temporary name and renamed, so a reader never sees half a file.
 */
import fs from "node:fs";
import path from "node:path";
import type { Car } from "./car";

export const STOCK_DIR_RELATIVE = path.join(".data", "stock");
export const STOCK_META_FILE = ".meta.json";

export function stockDir(root: string): string {
  return path.join(root, STOCK_DIR_RELATIVE);
}

/** Field order of written records (the schema's order), for readable files. */
export const CAR_KEY_ORDER: readonly (keyof Car)[] = [
  "objectID", "id", "slug", "name", "year", "make", "model", "badge", "series", "path",
  "car_type", "status", "sold", "sold_date_timestamp", "tag", "tags", "reserved", "certified", "item_type",
  "price", "before_price", "subscription_price", "offer_price", "preorder", "price_type", "youxQuote", "autograb_data",
  "km", "stocknum", "vin", "nvic", "has_nvic", "regplate", "rego_expiry", "build_date", "compliance_date", "created_at", "created_at_timestamp",
  "colour", "interior_colour", "gearnum", "simple_transmission", "trans", "simple_body", "body", "bodyconfiguration", "simple_fuel", "fuel",
  "drive", "seats", "doors", "engine_size", "engine_size_litres", "dealercomments", "standardEquipment", "file",
  "photos_count", "images", "thumbnails", "primary_image_url", "video_url", "external_video_url", "spin_images", "spin_code", "spin_interior_image", "hotspots",
  "location_id", "location_name", "city", "state", "dealership_id", "dealership_slug", "dealership_name", "private_suburb", "private_postcode",
  "views", "show_on_dealer_website", "carsales_title", "location",
  "body_width", "body_length", "tare_weight", "axle_type", "sleeps", "aggregate_trailer_mass",
  "variant", "custom_rank", "_tags", "make_model", "price_range", "weekly_price_range", "categories", "filtered_features",
];
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

