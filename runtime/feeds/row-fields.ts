/**
 * One row of a feed read through the dealer's column mapping: each mapped cell goes through its
 * field's reader (./values.ts). A value that cannot be read is a problem: for a field every car
 * needs (stock number, make, model, year, price) it rejects the row; for any other field the value
 * is left out and the car is still imported, with a warning. Pure.
 */
import type { Car, CarStatus, CarType, FeedField, ItemType, PriceType, ResolvedStockFeed } from "@/runtime/generated/types";
import {
  cleanParagraphs,
  cleanText,
  gearCount,
  readCarType,
  readDate,
  readDecimal,
  readDrive,
  readEngineSize,
  readMoney,
  readOdometer,
  readPhotos,
  readPlate,
  readPriceType,
  readStatus,
  readVin,
  readWholeNumber,
  readYear,
  readYesNo,
  simpleBody,
  simpleFuel,
  simpleTransmission,
  type Read,
} from "./values";
import { quoteValue } from "./report";

export interface RowProblem {
  column: string;
  value: string;
  /** The sentence after the stock number ("Yr '20119' is not a year: …"). */
  message: string;
  /** True when the row cannot be imported without this value. */
  required: boolean;
}

/** What a row says, in the platform's terms, before the derived fields are added. */
export interface FieldValues {
  stocknum?: string;
  make?: string;
  model?: string;
  badge?: string;
  series?: string;
  year?: number;
  car_type?: CarType;
  status?: CarStatus;
  reserved?: boolean;
  item_type?: ItemType;
  price?: number;
  poa?: boolean;
  price_type?: PriceType;
  photos: string[];
  listed_date?: string;
  sold_date?: string;
  location?: string;
  /** Optional Car fields read as they are (km, colour, vin, fuel and their families…). */
  extra: Partial<Car>;
  problems: RowProblem[];
}

type Columns = Map<FeedField, { column: string; index: number }>;

const ITEM_TYPES: Record<string, ItemType> = {
  car: "car",
  cars: "car",
  motorcycle: "motorcycle",
  motorbike: "motorcycle",
  bike: "motorcycle",
  truck: "truck",
  caravan: "caravan",
  camper: "caravan",
};

/** Readers of optional fields that land on the Car as they are. */
const OPTIONAL: Partial<Record<FeedField, (raw: string, profile: ResolvedStockFeed) => Read<Partial<Car>>>> = {
  vin: (raw) => map(readVin(raw), (vin) => ({ vin })),
  regplate: (raw) => map(readPlate(raw), (regplate) => ({ regplate })),
  nvic: (raw) => {
    const nvic = cleanText(raw).toUpperCase();
    return /^[A-Z0-9]{5,6}$/.test(nvic)
      ? { ok: true, value: { nvic, has_nvic: true } }
      : { ok: false, problem: "is not an NVIC code: 5 or 6 letters and digits" };
  },
  km: (raw) => map(readOdometer(raw), (km) => ({ km })),
  before_price: (raw) => map(readMoney(raw), (m) => (m.poa ? {} : { before_price: m.dollars })),
  offer_price: (raw) => map(readMoney(raw), (m) => (m.poa ? {} : { offer_price: m.dollars })),
  colour: (raw) => text(raw, (colour) => ({ colour })),
  interior_colour: (raw) => text(raw, (interior_colour) => ({ interior_colour })),
  trans: (raw) =>
    text(raw, (trans) => {
      const out: Partial<Car> = { trans };
      const family = simpleTransmission(trans);
      const gears = gearCount(trans);
      if (family) out.simple_transmission = family;
      if (gears) out.gearnum = gears;
      return out;
    }),
  gearnum: (raw) => map(readWholeNumber(raw, 1, 18, "a number of gears"), (gearnum) => ({ gearnum })),
  body: (raw) =>
    text(raw, (body) => {
      const family = simpleBody(body);
      return family ? { body, simple_body: family } : { body };
    }),
  bodyconfiguration: (raw) => text(raw, (bodyconfiguration) => ({ bodyconfiguration })),
  fuel: (raw) =>
    text(raw, (fuel) => {
      const family = simpleFuel(fuel);
      return family ? { fuel, simple_fuel: family } : { fuel };
    }),
  drive: (raw) => map(readDrive(raw), (drive) => ({ drive })),
  seats: (raw) => map(readWholeNumber(raw, 1, 60, "a number of seats"), (seats) => ({ seats })),
  doors: (raw) => map(readWholeNumber(raw, 0, 6, "a number of doors"), (doors) => ({ doors })),
  engine_size: (raw) => map(readEngineSize(raw), (engine_size) => ({ engine_size, engine_size_litres: Math.round(engine_size / 100) / 10 })),
  engine_size_litres: (raw) => map(readDecimal(raw, 0, 20, "an engine size in litres"), (engine_size_litres) => ({ engine_size_litres })),
  dealercomments: (raw) => ({ ok: true, value: { dealercomments: cleanParagraphs(raw) } }),
  features: (raw) => {
    const list = raw
      .split(/[|;\n]/)
      .map(cleanText)
      .filter((x) => x !== "");
    return { ok: true, value: list.length > 0 ? { standardEquipment: [...new Set(list)] } : {} };
  },
  video_url: (raw) => {
    const url = cleanText(raw);
    return /^https?:\/\/\S+$/i.test(url) ? { ok: true, value: { video_url: url } } : { ok: false, problem: "is not a web address (https://…)" };
  },
  build_date: (raw, p) => map(readDate(raw, p.transforms.dateOrder), (build_date) => ({ build_date })),
  compliance_date: (raw, p) => map(readDate(raw, p.transforms.dateOrder), (compliance_date) => ({ compliance_date })),
  rego_expiry: (raw, p) => map(readDate(raw, p.transforms.dateOrder), (rego_expiry) => ({ rego_expiry })),
  tag: (raw) => text(raw, (tag) => ({ tag, tags: [tag] })),
  certified: (raw) => map(readYesNo(raw), (certified) => ({ certified })),
};

function map<T, U>(r: Read<T>, f: (v: T) => U): Read<U> {
  return r.ok ? { ok: true, value: f(r.value) } : r;
}

function text(raw: string, f: (v: string) => Partial<Car>): Read<Partial<Car>> {
  const t = cleanText(raw);
  return { ok: true, value: t === "" ? {} : f(t) };
}

/** Reads a row's cells through the mapping. */
export function readRow(row: { cells: string[] }, columns: Columns, profile: ResolvedStockFeed): FieldValues {
  const out: FieldValues = { photos: [], extra: {}, problems: [] };
  for (const [field, { column, index }] of columns) {
    const raw = row.cells[index] ?? "";
    if (cleanText(raw) === "" && field !== "price") continue;
    readOne(out, field, column, raw, profile);
  }
  for (const field of ["make", "model"] as const) {
    const col = columns.get(field)!;
    if (!out[field]) out.problems.push({ column: col.column, value: "", message: `${col.column} is empty; every car needs its ${field}`, required: true });
  }
  const year = columns.get("year")!;
  if (out.year === undefined && !out.problems.some((p) => p.column === year.column))
    out.problems.push({ column: year.column, value: "", message: `${year.column} is empty; every car needs its model year`, required: true });
  const stock = columns.get("stocknum")!;
  if (!out.stocknum)
    out.problems.push({ column: stock.column, value: "", message: `${stock.column} is empty; every car needs its stock number`, required: true });
  return out;
}

function problem(out: FieldValues, column: string, raw: string, read: { problem: string }, required: boolean, consequence = ""): void {
  out.problems.push({ column, value: raw, message: `${column} ${quoteValue(cleanText(raw))} ${read.problem}${consequence}`, required });
}

function readOne(out: FieldValues, field: FeedField, column: string, raw: string, profile: ResolvedStockFeed): void {
  switch (field) {
    case "stocknum": {
      const s = cleanText(raw);
      if (s.length > 32) problem(out, column, raw, { problem: "is too long for a stock number (32 characters at most)" }, true);
      else out.stocknum = s;
      return;
    }
    case "make":
    case "model":
    case "badge":
    case "series":
    case "location":
      out[field] = cleanText(raw);
      return;
    case "year": {
      const r = readYear(raw);
      if (r.ok) out.year = r.value;
      else problem(out, column, raw, r, true);
      return;
    }
    case "price": {
      if (cleanText(raw) === "") {
        out.problems.push({ column, value: "", message: `${column} is empty; the car is shown as price on application`, required: false });
        out.poa = true;
        return;
      }
      const r = readMoney(raw);
      if (r.ok) {
        out.price = r.value.dollars;
        out.poa = r.value.poa;
      } else problem(out, column, raw, r, true);
      return;
    }
    case "car_type": {
      const r = readCarType(raw);
      if (r.ok) out.car_type = r.value;
      else problem(out, column, raw, r, false, `; the car is listed as ${profile.transforms.carType}`);
      return;
    }
    case "status": {
      const r = readStatus(raw);
      if (r.ok) {
        out.status = r.value.status;
        if (r.value.reserved) out.reserved = true;
      } else problem(out, column, raw, r, false, "; the car is listed as in stock");
      return;
    }
    case "price_type": {
      const r = readPriceType(raw);
      if (r.ok) out.price_type = r.value;
      else if (profile.transforms.priceType) problem(out, column, raw, r, false, `; the price is shown as ${profile.transforms.priceType}`);
      // With no price type chosen for the feed, an unreadable one leaves nothing true to advertise the price as.
      else problem(out, column, raw, r, true);
      return;
    }
    case "item_type": {
      const t = ITEM_TYPES[cleanText(raw).toLowerCase()];
      if (t) out.item_type = t;
      else
        problem(
          out,
          column,
          raw,
          { problem: "is not an item type: write Car, Motorcycle, Truck or Caravan" },
          false,
          `; the item is listed as a ${profile.transforms.itemType}`,
        );
      return;
    }
    case "photos": {
      const { urls, notUrls } = readPhotos(raw, profile.transforms.photoSeparator);
      out.photos = urls.slice(0, 200);
      for (const bad of notUrls) problem(out, column, bad, { problem: "is not a web address (https://…)" }, false, "; that photo was left out");
      return;
    }
    case "listed_date":
    case "sold_date": {
      const r = readDate(raw, profile.transforms.dateOrder);
      if (r.ok) out[field] = r.value;
      else problem(out, column, raw, r, false, "; the date was left out");
      return;
    }
    case "ignore":
      return;
    default: {
      const reader = OPTIONAL[field];
      if (!reader) return;
      const r = reader(raw, profile);
      if (r.ok) Object.assign(out.extra, r.value);
      else problem(out, column, raw, r, false, "; the car is shown without it");
    }
  }
}
