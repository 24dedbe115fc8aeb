/**
 * A feed's table to Car records: each row's cells read through the dealer's column mapping and
 * the value readers (./values.ts), every field the platform owns derived here (id, objectID, slug,
 * name, path, timestamps, photos_count, images, custom_rank, dealership and location), and each
 * record checked by the precompiled car validator. A car already in the dealer's stock keeps its
 * id, slug and listing date, so its page and shared links stay where they were. Every row that is
 * rejected, hidden or read with a doubt gets an issue in the dealer's words (./report.ts). Pure.
 */
import type { Car, CarStatus, FeedField, ResolvedStockFeed, State, StockFeed } from "@/runtime/generated/types";
import { validateCar } from "@/runtime/generated/validate-car.js";
import { slugify } from "@/runtime/slug";
import { quoteValue, type FeedIssue } from "./report";
import { readRow, type FieldValues } from "./row-fields";

export interface FeedTableRow {
  /** Row as a spreadsheet numbers it (the header is row 1). */
  row: number;
  cells: string[];
}

export interface FeedTable {
  format: "csv" | "xlsx" | "json";
  /** What the reader made of the file ("comma-separated, UTF-8 with a byte-order mark"). */
  dialect: string;
  columns: string[];
  rows: FeedTableRow[];
}

export interface FeedLocation {
  id: number;
  name: string;
  slug: string;
  city: string;
  state: State;
  dealership_id: number;
}

export interface DealerContext {
  /** The site's slug. */
  slug: string;
  dealership: { id: number; slug: string; name: string };
  /** The site's locations of that dealership. */
  locations: readonly FeedLocation[];
  /** Where a car whose row names no location is. */
  defaultLocationId: number;
  /** Where a new, demo or used car whose row names no location is, when it differs from the default (stockFeed.locationByType). */
  locationByType?: StockFeed["locationByType"];
  /** Cars with fewer photos are hidden by the site's stock filter (search.minPhotos). */
  minPhotos: number;
}

export interface ConvertInput {
  table: FeedTable;
  profile: ResolvedStockFeed;
  dealer: DealerContext;
  /** The dealership's cars as the site holds them now (their ids, slugs and dates are kept). */
  previous: readonly Car[];
  now: Date;
  /** A slug another dealer's car already uses. */
  slugTaken?: (slug: string) => boolean;
  /** Told after each row: rows read so far, of all, and cars accepted so far. */
  onProgress?: (read: number, total: number, accepted: number) => void;
}

export interface Converted {
  cars: Car[];
  issues: FeedIssue[];
  rows: number;
  rejected: number;
  hidden: number;
  unusedColumns: string[];
}

/** Why a feed whose prices nobody described is not read. */
export const NO_PRICE_TYPE =
  "No column says what the prices are, and the feed does not say either: choose Drive away, Excluding government charges or Plus on-road costs under Prices are on the stock feed screen (stockFeed.transforms.priceType)";

/** What the feed must say of every car; the rest is optional or derived. */
const REQUIRED: ReadonlyArray<{ field: FeedField; what: string }> = [
  { field: "stocknum", what: "stock number" },
  { field: "make", what: "make" },
  { field: "model", what: "model" },
  { field: "year", what: "model year" },
];

/** The mapping turned around: field → the dealer's column and its index in the header. */
function fieldColumns(table: FeedTable, profile: ResolvedStockFeed): Map<FeedField, { column: string; index: number }> {
  const out = new Map<FeedField, { column: string; index: number }>();
  const byName = new Map(table.columns.map((c, i) => [c.trim().toLowerCase(), i]));
  for (const [column, field] of Object.entries(profile.columns)) {
    if (field === "ignore" || out.has(field)) continue;
    const index = byName.get(column.trim().toLowerCase());
    if (index !== undefined) out.set(field, { column: table.columns[index], index });
  }
  return out;
}

/** The whole table converted at once (the studio's preview, tests); runFeedImport converts row by row with RowConverter. */
export function convertTable(input: ConvertInput): Converted {
  const { table } = input;
  const converter = new RowConverter({ ...input, columns: table.columns });
  const cars: Car[] = [];
  table.rows.forEach((row, i) => {
    const car = converter.take(row);
    if (car) cars.push(car);
    input.onProgress?.(i + 1, table.rows.length, cars.length);
  });
  const { accepted: _accepted, acceptedKeys: _keys, ...summary } = converter.summary();
  return { cars, ...summary };
}

/** What the feed said of the dealership's cars the site holds now: the fields a car keeps from one run to the next. */
export type PreviousCar = Pick<Car, "id" | "slug" | "stocknum" | "created_at" | "views" | "sold_date_timestamp">;

export interface RowsInput extends Omit<ConvertInput, "table" | "onProgress" | "previous"> {
  /** The header row's column names. */
  columns: string[];
  previous: readonly PreviousCar[];
}

export interface ConvertSummary extends Omit<Converted, "cars"> {
  accepted: number;
  /** The accepted cars' stock numbers (stockKey), to find the cars that left the feed. */
  acceptedKeys: Set<string>;
}

/**
 * Rows converted one at a time, as a streaming reader gives them: `take` returns the car a row
 * became (or null for a blank or rejected row) and keeps only what later rows need (the stock
 * numbers and slugs seen, the issues), never the cars themselves.
 */
export class RowConverter {
  private state: RunState | null;
  private rows = 0;
  private missing: typeof REQUIRED;
  private unpriced: boolean;
  private unusedColumns: string[];

  constructor(private input: RowsInput) {
    const table: FeedTable = { format: "csv", dialect: "", columns: input.columns, rows: [] };
    const columns = fieldColumns(table, input.profile);
    const used = new Set([...columns.values()].map((c) => c.index));
    this.unusedColumns = input.columns.filter((c, i) => !used.has(i) && c.trim() !== "");
    this.missing = REQUIRED.filter((r) => !columns.has(r.field));
    // A price is advertised as drive away, before government charges or plus on-road costs only as the dealer says:
    // by a column of the feed, else by the profile's choice. Neither is a mapping to finish, never a guess.
    this.unpriced = !columns.has("price_type") && !input.profile.transforms.priceType;
    this.state = this.missing.length > 0 || this.unpriced ? null : new RunState(input, columns);
  }

  take(row: FeedTableRow): Car | null {
    if (row.cells.every((c) => c.trim() === "")) return null;
    this.rows++;
    return this.state?.take(row) ?? null;
  }

  summary(): ConvertSummary {
    const { rows, unusedColumns, state } = this;
    if (!state) {
      const issues: FeedIssue[] = this.missing.map((r) => ({
        kind: "rejected",
        message: `No column holds the ${r.what}: map one of the file's columns to ${r.field} (the file's columns are ${this.input.columns.join(", ")})`,
      }));
      if (this.unpriced) issues.push({ kind: "rejected", message: NO_PRICE_TYPE });
      return { issues, rows, rejected: rows, hidden: 0, unusedColumns, accepted: 0, acceptedKeys: new Set() };
    }
    return {
      issues: state.issues,
      rows,
      rejected: state.rejected,
      hidden: state.hidden,
      unusedColumns,
      accepted: state.acceptedKeys.size,
      acceptedKeys: state.acceptedKeys,
    };
  }
}

/** One import's running state: the stock numbers and slugs seen, the issues. */
class RunState {
  acceptedKeys = new Set<string>();
  issues: FeedIssue[] = [];
  rejected = 0;
  hidden = 0;
  private seen = new Map<string, number>();
  private slugs = new Set<string>();
  private previousByStock: Map<string, PreviousCar>;
  /** The slugs of the dealership's cars now, with whose stock number holds each. */
  private previousSlugs: Map<string, string>;
  private nextId: number;

  constructor(
    private input: RowsInput,
    private columns: Map<FeedField, { column: string; index: number }>,
  ) {
    this.previousByStock = new Map(input.previous.map((c) => [stockKey(c.stocknum), c]));
    this.previousSlugs = new Map(input.previous.map((c) => [c.slug, stockKey(c.stocknum)]));
    const base = input.dealer.dealership.id * 1_000_000;
    let top = base;
    for (const c of input.previous) if (c.id > top && c.id < base + 1_000_000) top = c.id;
    this.nextId = top + 1;
  }

  take(row: FeedTableRow): Car | null {
    const { columns } = this.input;
    if (row.cells.length > columns.length && row.cells.slice(columns.length).some((c) => c.trim() !== "")) {
      this.reject(row.row, undefined, {
        message: `the row has ${row.cells.length} cells but the header has ${columns.length}: a value probably holds the separator without quotes around it`,
      });
      return null;
    }
    const stockColumn = this.columns.get("stocknum")!;
    const values = readRow(row, this.columns, this.input.profile);
    const stocknum = values.stocknum;
    const label = stocknum ? `${stockColumn.column} ${stocknum}` : `${stockColumn.column} (empty)`;
    const problems = values.problems.filter((p) => p.required);
    for (const p of values.problems.filter((x) => !x.required))
      this.issues.push({ kind: "warning", row: row.row, stocknum, column: p.column, value: p.value, message: `${label}: ${p.message}` });
    if (problems.length > 0) {
      this.rejected++;
      for (const p of problems)
        this.issues.push({ kind: "rejected", row: row.row, stocknum, column: p.column, value: p.value, message: `${label}: ${p.message}` });
      return null;
    }
    const key = stockKey(stocknum!);
    const first = this.seen.get(key);
    if (first !== undefined) {
      this.reject(row.row, stocknum, {
        column: stockColumn.column,
        value: stocknum,
        message: `${stockColumn.column} ${stocknum} appears twice: rows ${first} and ${row.row}, the second was skipped`,
      });
      return null;
    }
    this.seen.set(key, row.row);
    const car = this.build(values, row.row);
    if (!validateCar(car)) {
      const e = validateCar.errors?.[0];
      const field = e?.instancePath.split("/")[1] ?? "";
      const column = this.columnOfCarField(field);
      this.reject(row.row, stocknum, { column, message: `${label}: ${column ?? field} ${e?.message ?? "is not valid"}` });
      return null;
    }
    this.slugs.add(car.slug);
    this.acceptedKeys.add(key);
    if (this.input.dealer.minPhotos > 0 && car.photos_count < this.input.dealer.minPhotos) {
      this.hidden++;
      const photos = this.columns.get("photos");
      this.issues.push({
        kind: "hidden",
        row: row.row,
        stocknum,
        column: photos?.column,
        message: `${label} has ${car.photos_count} ${car.photos_count === 1 ? "photo" : "photos"}; cars need ${this.input.dealer.minPhotos} to be shown`,
      });
    }
    return car;
  }

  private reject(row: number, stocknum: string | undefined, issue: Omit<FeedIssue, "kind" | "row" | "stocknum">): void {
    this.rejected++;
    this.issues.push({ kind: "rejected", row, ...(stocknum ? { stocknum } : {}), ...issue });
  }

  private columnOfCarField(field: string): string | undefined {
    const fromCar: Record<string, FeedField> = { standardEquipment: "features", images: "photos", created_at: "listed_date", sold_date_timestamp: "sold_date" };
    return this.columns.get((fromCar[field] ?? field) as FeedField)?.column;
  }

  /** The Car record: the row's values and everything the platform derives. */
  private build(v: FieldValues, row: number): Car {
    const { dealer, profile, now } = this.input;
    const previous = this.previousByStock.get(stockKey(v.stocknum!));
    const name = [String(v.year), v.make, v.model, v.badge].filter((x) => x).join(" ");
    const id = previous?.id ?? this.nextId++;
    const slug = previous?.slug ?? this.uniqueSlug(name, v.stocknum!);
    const listed = v.listed_date ? new Date(`${v.listed_date}T00:00:00Z`) : previous ? new Date(previous.created_at) : now;
    const status: CarStatus = v.status ?? "in_stock";
    const location = this.location(v.location, v.car_type ?? profile.transforms.carType);
    if (v.location && !location.matched) {
      const column = this.columns.get("location")!.column;
      this.issues.push({
        kind: "warning",
        row,
        stocknum: v.stocknum,
        column,
        value: v.location,
        message: `${this.columns.get("stocknum")!.column} ${v.stocknum}: ${column} ${quoteValue(v.location)} is not one of the dealer's locations; the car is shown at ${location.name}`,
      });
    }
    const itemType = v.item_type ?? profile.transforms.itemType;
    const car: Car = {
      objectID: String(id),
      id,
      slug,
      name,
      year: v.year!,
      make: v.make!,
      model: v.model!,
      ...(v.badge ? { badge: v.badge } : {}),
      ...(v.series ? { series: v.series } : {}),
      path: `/cars/${slug}`,
      car_type: v.car_type ?? profile.transforms.carType,
      status,
      sold: status === "sold",
      ...(v.reserved ? { reserved: true } : {}),
      item_type: itemType,
      price: v.price ?? 0,
      // The converter runs only with a price-type column or the profile's choice (above); a row whose column was unreadable was refused.
      price_type: v.price_type ?? (v.poa || v.price === undefined ? "POA" : profile.transforms.priceType!),
      stocknum: v.stocknum!,
      created_at: listed.toISOString(),
      created_at_timestamp: Math.floor(listed.getTime() / 1000),
      photos_count: v.photos.length,
      images: v.photos.map((url) => ({ image: { url } })),
      ...(v.photos.length > 0 ? { primary_image_url: v.photos[0] } : {}),
      location_id: location.id,
      location_name: location.name,
      city: location.city,
      state: location.state,
      dealership_id: dealer.dealership.id,
      dealership_slug: dealer.dealership.slug,
      dealership_name: dealer.dealership.name,
      show_on_dealer_website: true,
      custom_rank: 0,
      ...(previous?.views !== undefined ? { views: previous.views } : {}),
    };
    if (status === "sold")
      car.sold_date_timestamp = v.sold_date
        ? Math.floor(Date.parse(`${v.sold_date}T00:00:00Z`) / 1000)
        : (previous?.sold_date_timestamp ?? Math.floor(now.getTime() / 1000));
    Object.assign(car, v.extra);
    if (itemType === "motorcycle" && !car.simple_body) car.simple_body = "motorcycle";
    if (itemType === "caravan" && !car.simple_body) car.simple_body = "caravan";
    return car;
  }

  /** The location a row names (its id, slug, name, city, or a part of its name), else the one for its kind of car, else the default one. */
  private location(value: string | undefined, carType: string): FeedLocation & { matched: boolean } {
    const { dealer } = this.input;
    const byType = dealer.locationByType?.[carType as keyof NonNullable<StockFeed["locationByType"]>];
    const fallback = dealer.locations.find((l) => l.id === byType) ?? dealer.locations.find((l) => l.id === dealer.defaultLocationId) ?? dealer.locations[0];
    if (!value) return { ...fallback, matched: true };
    const v = value.trim().toLowerCase();
    const found =
      dealer.locations.find((l) => String(l.id) === v || l.slug === v || l.name.toLowerCase() === v || l.city.toLowerCase() === v) ??
      dealer.locations.find((l) => l.name.toLowerCase().includes(v));
    return found ? { ...found, matched: true } : { ...fallback, matched: false };
  }

  /** `{year-make-model-badge}-{stock number}`, with the dealership id (then a count) added when another car has it. */
  private uniqueSlug(name: string, stocknum: string): string {
    const tail = slugify(stocknum) || "car";
    const base = `${slugify(name).slice(0, 120).replace(/-+$/, "")}-${tail}`;
    const taken = (s: string) =>
      this.slugs.has(s) || (this.input.slugTaken?.(s) ?? false) || (this.previousSlugs.has(s) && this.previousSlugs.get(s) !== stockKey(stocknum));
    if (!taken(base)) return base;
    const withDealer = `${base}-${this.input.dealer.dealership.id}`;
    let candidate = withDealer;
    for (let n = 2; taken(candidate); n++) candidate = `${withDealer}-${n}`;
    return candidate;
  }
}

/** Stock numbers compare without case or spaces ("u 8816" is "U8816"). */
export function stockKey(stocknum: string): string {
  return stocknum.replace(/\s+/g, "").toUpperCase();
}
