/**
 * Deterministic demo stock for the sample dealers: a tool (npm run stock:generate, and the
 * missing-stock setup before start and test), not part of the running platform.
 *
 * `generateStock({ seed, count, now })` returns the same records for the same arguments. Each
 * dealership draws from its own PRNG stream (seed + dealership id), so one dealer's stock does
 * not change when another's share changes. `now` anchors every date (listing dates, sold dates
 * inside and outside the include-sold window, rego expiry); it defaults to the start of the
 * current UTC day so a rerun on the same day is identical.
 *
 * Slugs, repayments and the date windows are the platform's own: runtime/slug.ts, the finance
 * engine's repayment, and the search settings' defaults from the schema.
 */
import fs from "node:fs";
import path from "node:path";
import type {
  Car,
  CarImage,
  CarLocation,
  CarStatus,
  CarType,
  CarVariant,
  Hotspot,
  HotspotPosition,
  ItemType,
  PriceType,
  SimpleBody,
  SimpleFuel,
  State as AuState,
} from "../../runtime/generated/types";
import { searchSettingsDefaults } from "../../runtime/generated/defaults";
import { QUOTE_LOAN_TERM_YEARS } from "../../runtime/finance/defaults";
import { repaymentFor } from "../../runtime/finance/repayment";
import { slugify } from "../../runtime/slug";
import { seedFrom } from "../../runtime/stock/prng";
import { listStockFiles, stockDir } from "../../runtime/stock/store";
import {
  GALLERY_ANGLES,
  SPIN_FRAMES,
  spinAngle,
  vehicleImageUrl,
  type ImageAngle,
  type ImageBody,
  type ImageColour,
} from "../../runtime/images/vehicle-image-url";
import { CAR_MODELS, CARAVAN_MODELS, MOTORCYCLE_MODELS, TRUCK_MODELS, type BadgeDef, type CaravanDef, type ModelDef } from "./catalogue";
import { STOCK_SITES, type StockDealership, type StockLocation, type StockSite } from "./dealers";
import { createRng, type Rng } from "./rng";
import { fileDigest, readStockMeta, writeStockFiles, type StockMeta } from "./store";

export const DEFAULT_STOCK_SEED = "dealer-demo";
export const DEFAULT_STOCK_COUNT = 3600;
/** A site's include-sold window (the schema's default): sold dates are generated on both sides of it. */
export const INCLUDE_SOLD_WINDOW_DAYS = searchSettingsDefaults.includeSoldCarsDays;
/** A site's just-arrived window (the schema's default), the 'New' card tag's. */
export const JUST_ARRIVED_DAYS = searchSettingsDefaults.justArrivedDays;

export interface GenerateStockOptions {
  seed?: string | number;
  /** Total vehicles across all sites, the foreign dealership included (about 1.3% of it). */
  count?: number;
  /** Reference time (ms since epoch or Date). Default: start of the current UTC day. */
  now?: number | Date;
  sites?: StockSite[];
}

export interface GeneratedStock {
  seed: string | number;
  count: number;
  /** Reference time in ms. */
  now: number;
  /** Records per site slug (file name), each holding its dealerships' stock. */
  bySite: Record<string, Car[]>;
}

const DAY = 86_400_000;

export function startOfUtcDay(ms: number = Date.now()): number {
  return Math.floor(ms / DAY) * DAY;
}

/** Splits `total` over the weights (largest remainder), at least 1 each. */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map((r) => Math.max(1, Math.floor(r)));
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[order[k][1]]++;
  // The minimum of 1 each can overshoot a tiny total: take back from the largest shares.
  while (left < 0) {
    let big = 0;
    for (let i = 1; i < out.length; i++) if (out[i] > out[big]) big = i;
    if (out[big] <= 1) break;
    out[big]--;
    left++;
  }
  return out;
}

export function generateStock(options: GenerateStockOptions = {}): GeneratedStock {
  const seed = options.seed ?? DEFAULT_STOCK_SEED;
  const count = Math.max(1, Math.floor(options.count ?? DEFAULT_STOCK_COUNT));
  const now = options.now === undefined ? startOfUtcDay() : typeof options.now === "number" ? options.now : options.now.getTime();
  const sites = options.sites ?? STOCK_SITES;

  const dealerships = sites.flatMap((site) => site.dealerships.map((d) => ({ site, d })));
  const counts = allocate(
    count,
    dealerships.map(({ d }) => d.weight),
  );
  const slugs = new Set<string>();
  const bySite: Record<string, Car[]> = {};
  for (const site of sites) bySite[site.slug] = [];

  dealerships.forEach(({ site, d }, k) => {
    const ctx = new DealerContext(site, d, now, createRng(`${seed}:${d.id}`), slugs);
    const list = bySite[site.slug];
    for (let i = 0; i < counts[k]; i++) list.push(ctx.vehicle(i));
  });
  return { seed, count, now, bySite };
}

/** All records of a generation, sites in order. */
export function allRecords(stock: GeneratedStock): Car[] {
  return Object.values(stock.bySite).flat();
}

export interface GenerateToDirResult {
  dir: string;
  files: Record<string, number>;
  total: number;
  generateMs: number;
  writeMs: number;
}

/** Generates stock and writes one file per site into `dir`. */
export function generateStockFiles(dir: string, options: GenerateStockOptions = {}): GenerateToDirResult {
  const t0 = performance.now();
  const stock = generateStock(options);
  const t1 = performance.now();
  const files = writeStockFiles(dir, stock.bySite, {
    seed: stock.seed,
    count: stock.count,
    now: new Date(stock.now).toISOString(),
  });
  const t2 = performance.now();
  return { dir, files, total: Object.values(files).reduce((a, b) => a + b, 0), generateMs: t1 - t0, writeMs: t2 - t1 };
}

export interface EnsureStockResult {
  dir: string;
  generated: boolean;
  /** The files written (site slugs). */
  files: string[];
  /** The anchor the demo stock had before, when it was made again on another day. */
  reanchoredFrom?: string;
  /** Files left as they were although the demo stock was made again: not the generated demo stock (an imported feed). */
  kept: string[];
}

export interface EnsureStockOptions extends GenerateStockOptions {
  /** The stock folder; `<root>/.data/stock` when left out. */
  dir?: string;
  /**
   * Whether demo stock anchored on `anchor` (ms) is to be made again on `now`. Left out, stock is
   * never made again: only missing files are generated.
   */
  reanchor?: (anchor: number) => boolean;
}

/**
 * Whether `slug`'s file in `dir` is still the demo stock the last generation wrote: its content has
 * the digest the generation recorded or, for a generation that recorded none, the file is no newer
 * than the generation (an import writes it later).
 */
function isGeneratedDemo(dir: string, slug: string, meta: StockMeta): boolean {
  const file = path.join(dir, `${slug}.json`);
  if (meta.digests) return meta.digests[slug] !== undefined && fileDigest(file) === meta.digests[slug];
  if (meta.files?.[slug] === undefined) return false;
  return fs.statSync(file).mtimeMs <= Date.parse(meta.generated_at);
}

/**
 * Makes sure the stock folder holds a file for every sample site (and the foreign dealer). Missing
 * files are generated from the default set (seed "dealer-demo", 3,600 vehicles) on the stored
 * demo stock's anchor, or on `now` when there is none. When `reanchor` says the stored anchor is
 * out of date, the default set is made again on `now`, but only the files that are still what the
 * generator wrote: a file replaced since (a dealer's imported feed) is kept, and so is a set made
 * with another seed or size (a benchmark's). `files` lists what was written.
 */
export function ensureStock(root: string, options: EnsureStockOptions = {}): EnsureStockResult {
  const { dir = stockDir(root), reanchor, ...generate } = options;
  const wanted = STOCK_SITES.map((s) => s.slug);
  const present = new Set(listStockFiles(dir));
  const missing = wanted.filter((slug) => !present.has(slug));
  const meta = readStockMeta(dir);
  const defaultSet =
    meta !== null && String(meta.seed) === String(generate.seed ?? DEFAULT_STOCK_SEED) && meta.count === (generate.count ?? DEFAULT_STOCK_COUNT);
  const stale = defaultSet && reanchor ? reanchor(Date.parse(meta.now)) : false;
  const remake = stale ? wanted.filter((slug) => present.has(slug) && isGeneratedDemo(dir, slug, meta!)) : [];
  const kept = stale ? wanted.filter((slug) => present.has(slug) && !remake.includes(slug)) : [];
  const todo = [...missing, ...remake];
  if (todo.length === 0) return { dir, generated: false, files: [], kept };
  // Missing files join the stock that is there on its anchor; a stale set moves to `now`.
  const now = !stale && meta && defaultSet && missing.length < wanted.length ? Date.parse(meta.now) : generate.now;
  const stock = generateStock({ seed: DEFAULT_STOCK_SEED, count: DEFAULT_STOCK_COUNT, ...generate, now });
  const subset: Record<string, Car[]> = {};
  for (const slug of todo) subset[slug] = stock.bySite[slug] ?? [];
  const describe = { seed: stock.seed, count: stock.count, now: new Date(stock.now).toISOString() };
  if (stale || missing.length === wanted.length) writeStockFiles(dir, subset, describe);
  else if (defaultSet) writeStockFiles(dir, subset, { ...describe, files: meta!.files, digests: meta!.digests });
  else writeStockFiles(dir, subset);
  return { dir, generated: true, files: todo, kept, ...(stale ? { reanchoredFrom: meta!.now } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Reference data

const COLOUR_WEIGHTS: Record<ItemType, [ImageColour, number][]> = {
  car: [
    ["white", 30],
    ["grey", 16],
    ["black", 12],
    ["silver", 12],
    ["blue", 9],
    ["red", 8],
    ["green", 2],
    ["orange", 2],
    ["brown", 2],
    ["beige", 2],
    ["yellow", 1],
    ["gold", 1],
    ["purple", 0.5],
  ],
  motorcycle: [
    ["black", 25],
    ["red", 15],
    ["blue", 14],
    ["grey", 14],
    ["white", 10],
    ["orange", 8],
    ["green", 6],
    ["yellow", 4],
    ["silver", 3],
    ["gold", 1],
  ],
  truck: [
    ["white", 70],
    ["silver", 8],
    ["red", 6],
    ["blue", 6],
    ["grey", 5],
    ["yellow", 3],
    ["black", 2],
  ],
  caravan: [
    ["white", 82],
    ["silver", 6],
    ["grey", 6],
    ["black", 4],
    ["beige", 2],
  ],
};

const INTERIORS = ["Black Cloth", "Black Leather", "Black Leatherette", "Grey Cloth", "Charcoal Cloth", "Tan Leather", "Red/Black Leather", "Beige Leather"];

const MAKE_POPULARITY: Record<string, number> = {
  Toyota: 9,
  Mazda: 6,
  Hyundai: 5,
  Kia: 5,
  Ford: 6,
  Mitsubishi: 5,
  Nissan: 4,
  Volkswagen: 4,
  Subaru: 3,
  Holden: 4,
  Honda: 3,
  Isuzu: 3,
  Tesla: 2,
  BYD: 2,
  MG: 3,
  GWM: 2,
  BMW: 2,
  "Mercedes-Benz": 2,
  Audi: 1.5,
  Suzuki: 2,
  Jeep: 1,
  "Land Rover": 1,
  Lexus: 1.2,
  Volvo: 1,
  Renault: 0.6,
  LDV: 1,
  Porsche: 0.5,
  Chery: 1.5,
};

const WMI: Record<string, string[]> = {
  Toyota: ["JTM", "MR0", "JTN"],
  Mazda: ["JM0", "MM0"],
  Hyundai: ["KMH"],
  Kia: ["KNA"],
  Chery: ["LVV"],
  Mitsubishi: ["JMF", "MMA"],
  Ford: ["MNA", "6FP"],
  Nissan: ["JN1", "MNT"],
  Volkswagen: ["WVW", "WV1", "WV2"],
  Subaru: ["JF1", "JF2"],
  Holden: ["6G1", "KL3"],
  Honda: ["MRH", "JHM"],
  Isuzu: ["MPA", "JAL"],
  Tesla: ["LRW", "5YJ"],
  BYD: ["LC0"],
  MG: ["LSJ"],
  GWM: ["LGW"],
  BMW: ["WBA", "WB1"],
  "Mercedes-Benz": ["W1K", "WDD"],
  Audi: ["WAU"],
  Suzuki: ["JS3"],
  Jeep: ["1C4"],
  "Land Rover": ["SAL"],
  Lexus: ["JTH"],
  Volvo: ["YV1"],
  Renault: ["VF1"],
  LDV: ["LSK"],
  Porsche: ["WP0"],
  Yamaha: ["JYA"],
  Kawasaki: ["JKA"],
  "Harley-Davidson": ["1HD"],
  Ducati: ["ZDM"],
  Triumph: ["SMT"],
  KTM: ["VBK"],
  Hino: ["JHH"],
  Fuso: ["JLF"],
};

const PRIVATE_SUBURBS: Partial<Record<AuState, [string, string][]>> = {
  QLD: [
    ["Logan Central", "4114"],
    ["Redcliffe", "4020"],
    ["Ipswich", "4305"],
    ["Caboolture", "4510"],
    ["Cleveland", "4163"],
    ["Toowong", "4066"],
    ["Highfields", "4352"],
  ],
  NSW: [
    ["Blacktown", "2148"],
    ["Hornsby", "2077"],
    ["Campbelltown", "2560"],
    ["Bankstown", "2200"],
    ["Chatswood", "2067"],
  ],
};

const FEATURES_BASE = ["Apple CarPlay", "Android Auto", "Reversing Camera", "Bluetooth", "Cruise Control", "Autonomous Emergency Braking", "Lane Keep Assist"];
const FEATURES_MID = [
  "Adaptive Cruise Control",
  "Blind Spot Monitor",
  "Rear Cross Traffic Alert",
  "Keyless Entry",
  "Push Button Start",
  "Dual Zone Climate Control",
  "Alloy Wheels",
  "LED Headlights",
  "Satellite Navigation",
  "Wireless Charging",
];
const FEATURES_HIGH = [
  "Leather Seats",
  "Heated Seats",
  "Ventilated Seats",
  "Sunroof",
  "360 Degree Camera",
  "Head-Up Display",
  "Power Tailgate",
  "Premium Audio",
  "Memory Seats",
];
const FEATURES_4X4 = ["Tow Bar", "Roof Racks", "Rear Diff Lock", "Hill Descent Control", "Tub Liner", "Nudge Bar"];
const FEATURES_EV = ["Vehicle-to-Load", "DC Fast Charging", "Heat Pump", "Regenerative Braking", "Charging Cable"];
const FEATURES_BIKE = [
  "ABS",
  "Traction Control",
  "Ride Modes",
  "LED Lighting",
  "Quickshifter",
  "Cruise Control",
  "TFT Display",
  "USB Charging",
  "Heated Grips",
  "Panniers",
];
const FEATURES_TRUCK = [
  "Air Conditioning",
  "Exhaust Brake",
  "Reversing Camera",
  "Bluetooth",
  "Cruise Control",
  "Airbag",
  "Tow Hitch",
  "Tipper Body",
  "Tail Lift",
];
const FEATURES_CARAVAN = [
  "Ensuite",
  "Solar Panels",
  "Lithium Battery",
  "Diesel Heater",
  "Air Conditioner",
  "Washing Machine",
  "Roll-out Awning",
  "Outdoor Kitchen",
  "Queen Bed",
  "Bunk Beds",
  "Water Tanks x3",
  "Independent Suspension",
  "Gas Cooktop",
  "Microwave",
  "TV",
];
const FILTERABLE = new Set([
  "Apple CarPlay",
  "Android Auto",
  "Adaptive Cruise Control",
  "Blind Spot Monitor",
  "Heated Seats",
  "Sunroof",
  "Leather Seats",
  "360 Degree Camera",
  "Tow Bar",
  "Vehicle-to-Load",
  "ABS",
  "Quickshifter",
  "Ensuite",
  "Solar Panels",
  "Lithium Battery",
  "Bunk Beds",
  "Air Conditioner",
]);

const HOTSPOT_EXTERIOR = [
  ["Alloy wheels", "Genuine alloy wheels with near-new tyres."],
  ["Paint chip", "Small stone chip on the bonnet, touched up."],
  ["Bumper scuff", "Light scuff on the rear bumper corner."],
  ["LED headlights", "Full LED headlights with automatic high beam."],
  ["Tow bar", "Factory tow bar with electric brake controller wiring."],
  ["Roof racks", "Roof racks rated to 75 kg dynamic load."],
  ["Windscreen", "Windscreen replaced at the last service."],
] as const;
const HOTSPOT_INTERIOR = [
  ["Infotainment", "Touchscreen with wireless Apple CarPlay and Android Auto."],
  ["Seat wear", "Minor wear on the driver's seat bolster."],
  ["Panoramic roof", "Panoramic glass roof with power blind."],
  ["Climate control", "Dual-zone climate control with rear vents."],
  ["Boot space", "Cargo area with 12V socket and tie-down points."],
] as const;

const COMMENT_OPENERS = [
  "Just arrived and ready for a new home!",
  "Looking for a reliable everyday vehicle? This one ticks every box.",
  "One owner, full service history and a clean record.",
  "Be quick: vehicles like this never last long on our lot.",
  "Our finance team can arrange competitive finance with fast approval.",
];
const COMMENT_MIDDLES = [
  "It has been put through a multi-point inspection by our qualified technicians.",
  "Comes with the remaining factory warranty and roadside assistance.",
  "Trade-ins are welcome and we can value yours on the spot.",
  "Nationwide delivery can be arranged to your door.",
  "Presented in excellent condition inside and out.",
  "Features include smartphone mirroring, a reversing camera and modern safety technology.",
  "Extended warranty options are available for extra peace of mind.",
  "Log books and two keys are included.",
];
const COMMENT_CLOSERS = [
  "Call our friendly sales team today to book a test drive.",
  "Enquire now to reserve it online with a fully refundable deposit.",
  "Visit our showroom seven days a week.",
];

const TRUCK_BODIES = ["Cab Chassis", "Tray Top", "Tipper", "Pantech", "Curtainsider", "Refrigerated Pantech"];

const IMAGE_BODY_OF: Record<SimpleBody, ImageBody> = {
  "4x4": "suv",
  bus: "van",
  cabChassis: "cabchassis",
  convertible: "convertible",
  coupe: "coupe",
  ev: "hatch",
  hardtop: "coupe",
  hatch: "hatch",
  hatchback: "hatch",
  motorhome: "van",
  lightTruck: "truck",
  peopleMover: "peoplemover",
  prestige: "suv",
  sedan: "sedan",
  softtop: "convertible",
  suv: "suv",
  ute: "ute",
  van: "van",
  wagon: "wagon",
  stationWagon: "wagon",
  motorcycle: "motorcycle",
  caravan: "caravan",
};

const ANGLES_BY_ITEM: Record<ItemType, readonly ImageAngle[]> = {
  car: GALLERY_ANGLES,
  truck: ["front-34", "side", "rear-34", "front", "rear", "interior", "dash", "wheel", "front-34-right", "rear-34-right"],
  motorcycle: ["front-34", "side", "rear-34", "front", "rear", "dash", "wheel", "front-34-right", "rear-34-right"],
  caravan: ["front-34", "side", "rear-34", "interior", "rear-seats", "front", "rear", "wheel", "front-34-right", "rear-34-right"],
};

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const VIN_TRANSLIT: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const PLATE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

function vinYearCode(year: number): string {
  if (year >= 2010) return "ABCDEFGHJKLMNPRSTVWXY123456789"[(year - 2010) % 30];
  return String((year - 2000 + 30) % 10);
}

/** Builds a VIN with a valid charset and an ISO 3779 / North American check digit. */
export function makeVin(rng: Rng, wmi: string, year: number): string {
  let body = wmi;
  for (let i = 0; i < 5; i++) body += VIN_CHARS[rng.int(0, VIN_CHARS.length - 1)];
  const tail = vinYearCode(year) + VIN_CHARS[rng.int(0, 22)] + String(rng.int(0, 999_999)).padStart(6, "0");
  const draft = body + "0" + tail;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = draft[i];
    const v = c >= "0" && c <= "9" ? Number(c) : VIN_TRANSLIT[c];
    sum += v * VIN_WEIGHTS[i];
  }
  const check = sum % 11 === 10 ? "X" : String(sum % 11);
  return body + check + tail;
}

/** "$12,345" (no Intl: NumberFormat per call is slow at 100,000 records). */
function money(n: number): string {
  return "$" + String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const PRICE_BUCKETS = [0, 10_000, 20_000, 30_000, 40_000, 50_000, 75_000, 100_000];
export function priceRangeLabel(price: number): string {
  for (let i = PRICE_BUCKETS.length - 1; i >= 0; i--) {
    if (price >= PRICE_BUCKETS[i]) {
      const hi = PRICE_BUCKETS[i + 1];
      return hi === undefined ? `${money(PRICE_BUCKETS[i])}+` : `${money(PRICE_BUCKETS[i])} - ${money(hi)}`;
    }
  }
  return `${money(0)} - ${money(PRICE_BUCKETS[1])}`;
}
const WEEKLY_BUCKETS = [0, 100, 150, 200, 300, 500];
export function weeklyRangeLabel(weekly: number): string {
  for (let i = WEEKLY_BUCKETS.length - 1; i >= 0; i--) {
    if (weekly >= WEEKLY_BUCKETS[i]) {
      const hi = WEEKLY_BUCKETS[i + 1];
      return hi === undefined ? `${money(WEEKLY_BUCKETS[i])}+` : `${money(WEEKLY_BUCKETS[i])} - ${money(hi)}`;
    }
  }
  return `${money(0)} - ${money(100)}`;
}

/**
 * The weekly repayment the platform's finance engine gives for the full price at `ratePct` over
 * the quote's term (five years), no deposit or fees: what a cached quote holds.
 */
export function weeklyRepayment(price: number, ratePct: number): number {
  return repaymentFor({ price, annualRate: ratePct, termYears: QUOTE_LOAN_TERM_YEARS, frequency: "weekly" }).payment;
}

/** A list the schema requires to hold at least one item (hotspot positions). */
function nonEmpty(items: HotspotPosition[]): [HotspotPosition, ...HotspotPosition[]] {
  if (items.length === 0) throw new Error("a hotspot needs at least one position");
  return items as [HotspotPosition, ...HotspotPosition[]];
}

function hashUnit(text: string): number {
  return seedFrom(text) / 4294967296;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function roundPrice(v: number): number {
  if (v < 1000) return Math.max(0, Math.round(v / 10) * 10);
  return Math.max(990, Math.round(v / 1000) * 1000 - 10);
}

const TRANS_TEXT = (code: string): { trans: string; gear?: number; simple: "Automatic" | "Manual"; geartype: string } => {
  if (code === "CVT") return { trans: "Constantly Variable Transmission", simple: "Automatic", geartype: "CVT" };
  const m = /^(AM|DCT|A|M|R)(\d+)$/.exec(code);
  if (!m) return { trans: code, simple: "Automatic", geartype: "Automatic" };
  const n = Number(m[2]);
  switch (m[1]) {
    case "M":
      return { trans: `${n} Speed Manual`, gear: n, simple: "Manual", geartype: "Manual" };
    case "DCT":
      return { trans: `${n} Speed Auto Dual Clutch`, gear: n, simple: "Automatic", geartype: "Dual Clutch" };
    case "AM":
      return { trans: `${n} Speed Automated Manual`, gear: n, simple: "Automatic", geartype: "Automated Manual" };
    case "R":
      return { trans: `${n} Speed Reduction Gear`, gear: n, simple: "Automatic", geartype: "Reduction Gear" };
    default:
      return { trans: `${n} Speed Automatic`, gear: n, simple: "Automatic", geartype: "Automatic" };
  }
};

const FUEL_TEXT: Record<SimpleFuel, string> = {
  Petrol: "Unleaded Petrol",
  Diesel: "Diesel",
  Hybrid: "Hybrid (Petrol/Electric)",
  PHEV: "Plug-in Hybrid (Petrol/Electric)",
  Electric: "Electric",
  LPG: "LPG",
};

// Base dimensions by body (mm) and mass (kg).
const DIMS: Partial<Record<SimpleBody, [number, number, number, number, number]>> = {
  // length, width, height, GVM, braked towing
  sedan: [4850, 1840, 1450, 2050, 1600],
  hatch: [4300, 1790, 1460, 1850, 1200],
  suv: [4650, 1860, 1690, 2400, 2000],
  ute: [5350, 1880, 1820, 3150, 3500],
  van: [5270, 1950, 1990, 3300, 1900],
  coupe: [4350, 1790, 1310, 1700, 0],
  convertible: [3915, 1735, 1235, 1400, 0],
  peopleMover: [5155, 1995, 1775, 2700, 2000],
  wagon: [4870, 1875, 1675, 2300, 1800],
  cabChassis: [5230, 1870, 1950, 3510, 3500],
  "4x4": [3645, 1645, 1720, 1435, 1300],
  softtop: [4785, 1875, 1850, 2600, 2495],
  prestige: [4950, 2000, 1820, 3100, 3500],
  lightTruck: [6900, 2000, 2300, 7500, 3500],
  motorcycle: [2100, 820, 1150, 400, 0],
};

// ---------------------------------------------------------------------------------------------

interface Picked {
  kind: "vehicle" | "caravan";
  model?: ModelDef;
  badge?: BadgeDef;
  caravan?: CaravanDef;
  caravanBadge?: CaravanDef["badges"][number];
  make: string;
  modelName: string;
  badgeName: string;
  series: string;
  newPrice: number;
  from: number;
  to: number;
}

// Low-cardinality strings (names, labels, dates) are interned so 100,000 records share them.
const internTable = new Map<string, string>();
function intern(value: string): string {
  const hit = internTable.get(value);
  if (hit !== undefined) return hit;
  internTable.set(value, value);
  return value;
}
const EMPTY: string[] = Object.freeze([]) as unknown as string[];

// Shared, frozen pieces: at 100,000 records, one object per distinct image or location (rather
// than per car) keeps generation fast and memory small. Records must be treated as read-only.
const imageCache = new Map<string, CarImage>();
const spinCache = new Map<string, readonly string[]>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function imageEntry(body: ImageBody, colour: ImageColour, angle: ImageAngle, variation: number): CarImage {
  const key = `${body}/${colour}/${angle}/${variation}`;
  let entry = imageCache.get(key);
  if (!entry) {
    entry = deepFreeze({
      image: {
        url: vehicleImageUrl(body, colour, angle, { variation }),
        thumb: { url: vehicleImageUrl(body, colour, angle, { width: 320, quality: 60, variation }) },
      },
    });
    imageCache.set(key, entry);
  }
  return entry;
}

const MAX_PHOTOS = 30;
const galleryCache = new Map<string, { images: CarImage[]; thumbnails: string[] }>();

/** The first MAX_PHOTOS gallery entries for a body, colour and item type; cars take a prefix. */
function galleryFor(body: ImageBody, colour: ImageColour, item: ItemType): { images: CarImage[]; thumbnails: string[] } {
  const key = `${body}/${colour}/${item}`;
  let g = galleryCache.get(key);
  if (!g) {
    const angles = ANGLES_BY_ITEM[item];
    const images = Array.from({ length: MAX_PHOTOS }, (_, i) => imageEntry(body, colour, angles[i % angles.length], Math.floor(i / angles.length)));
    g = { images, thumbnails: images.map((e) => e.image.thumb!.url) };
    galleryCache.set(key, g);
  }
  return g;
}

function spinFrames(body: ImageBody, colour: ImageColour): string[] {
  const key = `${body}/${colour}`;
  let frames = spinCache.get(key);
  if (!frames) {
    frames = Object.freeze(Array.from({ length: SPIN_FRAMES }, (_, f) => vehicleImageUrl(body, colour, spinAngle(f))));
    spinCache.set(key, frames);
  }
  return frames as string[];
}

class DealerContext {
  private readonly year: number;
  private readonly locations = new Map<number, CarLocation>();
  private readonly currentModels: ModelDef[];
  private readonly usedPool: [ModelDef, number][];

  constructor(
    private readonly site: StockSite,
    private readonly d: StockDealership,
    private readonly now: number,
    private readonly rng: Rng,
    private readonly slugs: Set<string>,
  ) {
    this.year = new Date(now).getUTCFullYear();
    const mix = d.mix;
    const all = mix.kind === "motorcycles" ? MOTORCYCLE_MODELS : mix.kind === "trucks" ? TRUCK_MODELS : CAR_MODELS;
    const own = mix.kind === "franchise" ? all.filter((m) => mix.makes.includes(m.make)) : all;
    this.currentModels = own.filter((m) => m.to === 0 && m.from <= this.year);
    if (this.currentModels.length === 0) this.currentModels = own;
    this.usedPool = all
      .filter((m) => m.from < this.year)
      .map((m) => {
        let w = mix.kind === "franchise" || mix.kind === "used-cars" ? (MAKE_POPULARITY[m.make] ?? 1) : 1;
        if (mix.kind === "franchise" && mix.makes.includes(m.make)) w *= 4;
        return [m, w / Math.max(1, m.badges.length ** 0.3)] as [ModelDef, number];
      });
  }

  private carType(): CarType {
    const { rng } = this;
    const mix = this.d.mix;
    const u = rng.next();
    switch (mix.kind) {
      case "franchise":
        return u < mix.newShare ? "new" : u < mix.newShare + mix.demoShare ? "demo" : "used";
      case "used-cars":
        return u < 0.12 ? "new" : u < 0.2 ? "demo" : "used";
      case "motorcycles":
        return u < 0.45 ? "new" : u < 0.5 ? "demo" : "used";
      case "trucks":
        return u < 0.4 ? "new" : u < 0.45 ? "demo" : "used";
      case "caravans":
        return u < 0.55 ? "new" : u < 0.6 ? "demo" : "used";
    }
  }

  private pick(carType: CarType): Picked {
    const { rng } = this;
    if (this.d.mix.kind === "caravans") {
      const caravan = rng.pick(CARAVAN_MODELS);
      const cb = rng.pick(caravan.badges);
      return {
        kind: "caravan",
        caravan,
        caravanBadge: cb,
        make: caravan.make,
        modelName: caravan.model,
        badgeName: cb.badge,
        series: "",
        newPrice: cb.price,
        from: caravan.from,
        to: 0,
      };
    }
    const model = carType === "used" ? rng.weighted(this.usedPool) : rng.pick(this.currentModels);
    const year = carType === "used" ? this.year - 1 : this.year;
    const offered = model.badges.filter((b) => (b.from ?? 0) <= year);
    const badge = rng.pick(offered.length > 0 ? offered : model.badges);
    return {
      kind: "vehicle",
      model,
      badge,
      make: model.make,
      modelName: model.model,
      badgeName: badge.badge,
      series: model.series,
      newPrice: badge.price,
      from: Math.max(model.from, badge.from ?? 0),
      to: model.to,
    };
  }

  private modelYear(carType: CarType, p: Picked): number {
    const { rng, year } = this;
    const last = p.to === 0 ? year : Math.min(p.to, year);
    if (carType === "new") return Math.max(p.from, rng.chance(0.8) ? last : last - 1);
    if (carType === "demo") return Math.max(p.from, rng.chance(0.7) ? last : last - 1);
    const age = rng.weighted<number>([
      [1, 10],
      [2, 14],
      [3, 14],
      [4, 12],
      [5, 10],
      [6, 9],
      [7, 8],
      [8, 7],
      [9, 5],
      [10, 4],
      [11, 3],
      [12, 3],
      [13, 2],
      [14, 2],
      [15, 1],
    ]);
    const y = year - age;
    return Math.min(last, Math.max(p.from, y));
  }

  /**
   * One vehicle of this dealer. Each step below draws from the same seeded generator in a fixed
   * order, so a seed always gives the same stock: a step may be moved or split only if the draws
   * keep their order.
   */
  vehicle(index: number): Car {
    const { rng, d, year } = this;
    const carType = this.carType();
    const p = this.pick(carType);
    const itemType: ItemType = p.kind === "caravan" ? "caravan" : p.model!.itemType;
    const modelYear = this.modelYear(carType, p);
    const age = Math.max(0, year - modelYear);
    const location: StockLocation = d.locations.length === 1 ? d.locations[0] : rng.chance(0.55) ? d.locations[0] : rng.pick(d.locations.slice(1));
    const { status, createdAt, soldAt } = this.statusAndDates();
    const { id, stocknum, name, slug } = this.identity(index, modelYear, p);
    const { colour, colourName, simpleBody, bodyText, bodyConfiguration } = this.colourAndBody(p, itemType);
    const km = this.odometer(itemType, carType, age);
    const { price, priceType } = this.pricing(p, carType, itemType, age, km);
    const available = status === "in_stock" || status === "coming_soon";
    const { vin, regplate, buildMs, compliance } = this.registration(p, carType, itemType, modelYear, location);
    const { photos, imageBody, images, thumbnails } = this.media(status, simpleBody, colour, itemType);
    const car = this.record({
      id,
      slug,
      name,
      modelYear,
      p,
      carType,
      status,
      itemType,
      price,
      priceType,
      stocknum,
      vin,
      createdAt,
      colourName,
      simpleBody,
      bodyText,
      photos,
      images,
      thumbnails,
      location,
    });
    this.applyDates(car, { soldAt, photos, images, km, bodyConfiguration, regplate, buildMs, compliance });
    this.applySpecs(car, p, simpleBody, bodyConfiguration, modelYear, itemType);
    const tag = this.applyClassification(car, { carType, modelYear, available, status, make: p.make, age });
    this.applyPrices(car, { price, available, carType, itemType, status });
    this.applyVideoAndSpin(car, { stocknum, status, photos, itemType, imageBody, colour });
    this.applyWords(car, { name, itemType, simpleBody, p, carType, vin, location, modelYear });
    this.applySearchHelpers(car, { p, price, itemType, simpleBody, carType, tag, status, createdAt, photos });
    return car;
  }

  /** Status, and when the car was listed (and sold): sold cars inside and outside the include-sold window. */
  private statusAndDates(): { status: CarStatus; createdAt: number; soldAt: number | undefined } {
    const { rng, now } = this;
    const status: CarStatus = rng.weighted<CarStatus>([
      ["in_stock", 78],
      ["coming_soon", 9],
      ["sold", 11],
      ["unavailable", 2],
    ]);
    let createdAt: number;
    let soldAt: number | undefined;
    if (status === "sold") {
      soldAt = rng.chance(0.45)
        ? now - rng.int(10 * 60, INCLUDE_SOLD_WINDOW_DAYS * 86_400 - 3600) * 1000 // inside the window
        : now - rng.int((INCLUDE_SOLD_WINDOW_DAYS + 1) * 86_400, 90 * 86_400) * 1000; // outside it
      createdAt = soldAt - rng.int(3 * 86_400, 120 * 86_400) * 1000;
    } else if (status === "coming_soon") {
      createdAt = now - rng.int(0, 20 * 86_400) * 1000;
    } else {
      const days = rng.chance(0.15) ? rng.float(0, JUST_ARRIVED_DAYS) : Math.min(365, -Math.log(1 - rng.next()) * 45);
      createdAt = now - Math.floor(days * 86_400) * 1000 - rng.int(0, 86_399) * 1000;
    }
    createdAt = Math.floor(createdAt / 1000) * 1000;
    return { status, createdAt, soldAt };
  }

  /** Id, stock number, display name and a unique slug. */
  private identity(index: number, modelYear: number, p: Picked): { id: number; stocknum: string; name: string; slug: string } {
    const { rng, d } = this;
    const id = d.id * 1_000_000 + index + 1;
    const stocknum = `${d.stockPrefix}${String(10_000 + index).padStart(5, "0")}`;
    const nameParts = [String(modelYear), p.make, p.modelName];
    if (p.badgeName && p.badgeName !== p.modelName) nameParts.push(p.badgeName);
    const name = intern(nameParts.join(" "));
    let slug = "";
    for (;;) {
      let suffix = "";
      for (let i = 0; i < 6; i++) suffix += "abcdefghijklmnopqrstuvwxyz0123456789"[rng.int(0, 35)];
      slug = `${slugify(name)}-${suffix}`;
      if (!this.slugs.has(slug)) break;
    }
    this.slugs.add(slug);
    return { id, stocknum, name, slug };
  }

  /** Colour, and body style with its cab configuration for utes, trucks and cab chassis. */
  private colourAndBody(p: Picked, itemType: ItemType) {
    const { rng } = this;
    const colour = rng.weighted(COLOUR_WEIGHTS[itemType]);
    const colourName = intern(colour[0].toUpperCase() + colour.slice(1));
    let simpleBody: SimpleBody = p.kind === "caravan" ? "caravan" : p.model!.simpleBody;
    let bodyText = p.kind === "caravan" ? p.caravan!.bodyText : p.model!.bodyText;
    let bodyConfiguration: string | undefined;
    if (/Convertible|Cabriolet/.test(p.badgeName)) {
      simpleBody = "convertible";
      bodyText = "Convertible";
    }
    if (simpleBody === "ute") {
      bodyConfiguration = rng.weighted<string>([
        ["Dual Cab", 70],
        ["Extra Cab", 12],
        ["Single Cab", 18],
      ]);
      if (p.model!.bodyText === "Utility") bodyConfiguration = "Single Cab";
      else if (bodyConfiguration === "Single Cab") {
        simpleBody = "cabChassis";
        bodyText = "Cab Chassis";
      } else bodyText = intern(`${bodyConfiguration} Pick-up`);
    } else if (itemType === "truck") {
      bodyText = rng.pick(TRUCK_BODIES);
      bodyConfiguration = rng.chance(0.2) ? "Crew Cab" : rng.chance(0.3) ? "Wide Cab" : "Standard Cab";
    } else if (p.model?.simpleBody === "cabChassis") {
      bodyConfiguration = p.badgeName.includes("Double") ? "Double Cab" : "Single Cab";
    }
    return { colour, colourName, simpleBody, bodyText, bodyConfiguration };
  }

  /** Kilometres: none for caravans, a few for new cars, more for demos, by age and kind for used. */
  private odometer(itemType: ItemType, carType: CarType, age: number): number | undefined {
    const { rng } = this;
    let km: number | undefined;
    if (itemType !== "caravan") {
      if (carType === "new") km = rng.int(0, 49);
      else if (carType === "demo") km = rng.int(300, 7_999);
      else {
        const perYear = itemType === "motorcycle" ? 5_000 : itemType === "truck" ? 45_000 : 15_000;
        const spread = Math.exp(rng.gauss() * 0.35);
        const years = Math.max(0.4, age + rng.float(-0.4, 0.6));
        km = Math.max(600, Math.round((perYear * years * spread) / 10) * 10);
      }
    }
    return km;
  }

  /** Advertised price (new, demo, or depreciated by age and kilometres) and its type; a few are POA. */
  private pricing(p: Picked, carType: CarType, itemType: ItemType, age: number, km: number | undefined): { price: number; priceType: PriceType } {
    const { rng } = this;
    let price: number;
    if (carType === "new") price = roundPrice(p.newPrice * rng.float(0.98, 1.03));
    else if (carType === "demo") price = roundPrice(p.newPrice * rng.float(0.88, 0.95));
    else {
      const rrpThen = p.newPrice * Math.max(0.6, 1 - 0.022 * age);
      const retention =
        itemType === "caravan" || itemType === "truck" ? 0.86 * Math.pow(0.92, Math.max(0, age - 1)) : 0.84 * Math.pow(0.89, Math.max(0, age - 1));
      const kmFactor = km === undefined ? 1 : Math.min(1.08, Math.max(0.75, 1 - ((km - 15_000 * Math.max(1, age)) / 200_000) * 0.5));
      const floor = itemType === "motorcycle" ? 2_500 : 4_990;
      price = roundPrice(Math.max(floor, rrpThen * retention * kmFactor * rng.float(0.93, 1.07)));
    }
    let priceType: PriceType = carType === "used" ? (rng.chance(0.6) ? "DAP" : "EGC") : rng.chance(0.75) ? "DAP" : "EGC";
    if (itemType === "caravan") priceType = rng.chance(0.8) ? "DAP" : "ORC";
    if (rng.chance(0.012)) {
      price = 0;
      priceType = "POA";
    }
    return { price, priceType };
  }

  /** VIN, number plate (not for new cars), build and compliance dates. */
  private registration(p: Picked, carType: CarType, itemType: ItemType, modelYear: number, location: StockLocation) {
    const { rng, now, year } = this;
    const vin = makeVin(rng, itemType === "caravan" ? "6T9" : rng.pick(WMI[p.make] ?? ["6F0"]), modelYear);
    const registered = carType !== "new";
    const regplate = registered ? this.plate(location.state) : undefined;
    const buildMonth = carType === "new" || carType === "demo" ? Math.max(0, new Date(now).getUTCMonth() - rng.int(1, 8)) : rng.int(0, 11);
    const buildYear = carType === "new" || carType === "demo" ? (modelYear === year ? year : modelYear) : modelYear;
    const latestBuild = new Date(now - 30 * DAY);
    const buildMs = Math.min(Date.UTC(buildYear, buildMonth, 1), Date.UTC(latestBuild.getUTCFullYear(), latestBuild.getUTCMonth(), 1));
    const compMs = Math.min(buildMs + rng.int(1, 3) * 30 * DAY, now);
    const compliance = new Date(compMs);
    return { vin, regplate, buildMs, compliance };
  }

  /** How many photos, and the gallery and thumbnails they are taken from. */
  private media(status: CarStatus, simpleBody: SimpleBody, colour: ImageColour, itemType: ItemType) {
    const { rng } = this;
    const photos =
      status === "coming_soon"
        ? rng.chance(0.5)
          ? 0
          : rng.int(1, 8)
        : rng.weighted<() => number>([
            [() => 0, 5],
            [() => rng.int(1, 2), 5],
            [() => rng.int(3, 9), 20],
            [() => rng.int(10, 24), 55],
            [() => rng.int(25, 30), 15],
          ])();
    const imageBody = IMAGE_BODY_OF[simpleBody];
    const gallery = galleryFor(imageBody, colour, itemType);
    const images = gallery.images.slice(0, photos);
    const thumbnails = gallery.thumbnails.slice(0, photos);
    return { photos, imageBody, images, thumbnails };
  }

  /** The record's fixed fields, in the order they are written. */
  private record(f: {
    id: number;
    slug: string;
    name: string;
    modelYear: number;
    p: Picked;
    carType: CarType;
    status: CarStatus;
    itemType: ItemType;
    price: number;
    priceType: PriceType;
    stocknum: string;
    vin: string;
    createdAt: number;
    colourName: string;
    simpleBody: SimpleBody;
    bodyText: string;
    photos: number;
    images: CarImage[];
    thumbnails: string[];
    location: StockLocation;
  }): Car {
    const { rng, d } = this;
    const { p, location } = f;
    const car: Car = {
      objectID: String(f.id),
      id: f.id,
      slug: f.slug,
      name: f.name,
      year: f.modelYear,
      make: p.make,
      model: p.modelName,
      badge: p.badgeName,
      series: p.series,
      path: `/cars/${f.slug}`,
      car_type: f.carType,
      status: f.status,
      sold: f.status === "sold",
      item_type: f.itemType,
      price: f.price,
      price_type: f.priceType,
      stocknum: f.stocknum,
      vin: f.vin,
      created_at: new Date(f.createdAt).toISOString(),
      created_at_timestamp: Math.floor(f.createdAt / 1000),
      colour: f.colourName,
      simple_body: f.simpleBody,
      body: f.bodyText,
      photos_count: f.photos,
      images: f.images,
      thumbnails: f.thumbnails,
      location_id: location.id,
      location_name: location.name,
      city: location.city,
      state: location.state,
      dealership_id: d.id,
      dealership_slug: d.slug,
      dealership_name: d.name,
      views: Math.floor(Math.exp(rng.next() * 7.2)) - 1,
      show_on_dealer_website: rng.chance(0.96),
      location: this.carLocation(location),
      custom_rank: 0,
    };
    return car;
  }

  /** Sold date, main picture, odometer, cab, registration expiry, build and compliance dates. */
  private applyDates(
    car: Car,
    f: {
      soldAt: number | undefined;
      photos: number;
      images: CarImage[];
      km: number | undefined;
      bodyConfiguration: string | undefined;
      regplate: string | undefined;
      buildMs: number;
      compliance: Date;
    },
  ): void {
    const { rng, now } = this;
    const { soldAt, photos, images, km, bodyConfiguration, regplate, buildMs, compliance } = f;
    if (soldAt !== undefined) car.sold_date_timestamp = Math.floor(soldAt / 1000);
    if (photos > 0) car.primary_image_url = images[0].image.url;
    if (km !== undefined) car.km = km;
    if (bodyConfiguration) car.bodyconfiguration = bodyConfiguration;
    if (regplate) {
      car.regplate = regplate;
      car.rego_expiry = intern(isoDate(now + rng.int(20, 365) * DAY));
    }
    car.build_date = intern(isoDate(buildMs));
    car.compliance_date = intern(`${compliance.getUTCFullYear()}-${String(compliance.getUTCMonth() + 1).padStart(2, "0")}-01`);
  }

  /** Drivetrain and specifications (or a caravan's), and the NVIC of most cars. */
  private applySpecs(car: Car, p: Picked, simpleBody: SimpleBody, bodyConfiguration: string | undefined, modelYear: number, itemType: ItemType): void {
    const { rng } = this;
    const badge = p.badge;
    if (badge) this.applyDrivetrain(car, p.model!, badge, simpleBody, bodyConfiguration, modelYear);
    else this.applyCaravan(car, p.caravanBadge!);
    if (itemType === "car" && badge && rng.chance(0.8)) {
      car.nvic = Array.from({ length: 6 }, () => "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"[rng.int(0, 32)]).join("");
      car.has_nvic = true;
    } else if (itemType === "car") car.has_nvic = false;
  }

  /** Runout and test-drive tags, reserved and certified; returns the tag. */
  private applyClassification(car: Car, f: { carType: CarType; modelYear: number; available: boolean; status: CarStatus; make: string; age: number }): string {
    const { rng, year } = this;
    const { carType, modelYear, available, status, make, age } = f;
    let tag = "";
    if (carType === "new" && modelYear < year && rng.chance(0.6)) tag = "runout sale";
    else if ((carType === "demo" && rng.chance(0.35)) || (carType === "new" && available && rng.chance(0.04))) tag = "Test Drive Only";
    car.tag = tag;
    car.tags = tag ? [tag] : EMPTY;
    car.reserved = status === "in_stock" && rng.chance(0.045);
    const franchiseMake = this.d.mix.kind === "franchise" && this.d.mix.makes.includes(make);
    car.certified = carType === "used" && age <= 6 && (franchiseMake ? rng.chance(0.45) : rng.chance(0.04));
    return tag;
  }

  /** Was-price, offer, subscription, pre-order, finance quote, price ranges and market data. */
  private applyPrices(car: Car, f: { price: number; available: boolean; carType: CarType; itemType: ItemType; status: CarStatus }): void {
    const { rng } = this;
    const { price, available, carType, itemType, status } = f;
    if (price > 0 && available && rng.chance(0.12)) car.before_price = price + rng.int(1, 8) * 500;
    if (carType === "new" && price > 0 && rng.chance(0.08)) car.offer_price = roundPrice(price - rng.int(1, 6) * 500);
    if (itemType === "car" && price > 0 && rng.chance(0.05)) car.subscription_price = Math.round(price / rng.int(180, 260));
    if (status === "coming_soon" && carType === "new") car.preorder = rng.chance(0.5);
    const estimateRate = carType === "used" ? 10.99 : 8.99;
    const weekly = price > 0 ? weeklyRepayment(price, estimateRate) : 0;
    if (price > 0 && available && rng.chance(itemType === "caravan" ? 0.2 : 0.35)) {
      const rate = Math.round((carType === "used" ? rng.float(8.49, 12.99) : rng.float(5.99, 9.99)) * 100) / 100;
      car.youxQuote = {
        weeklyRepaymentAmount: weeklyRepayment(price, rate),
        advertisedRate: rate,
        comparisonRate: Math.round((rate + rng.float(0.3, 1.2)) * 100) / 100,
      };
    }
    if (price > 0) {
      car.price_range = intern(priceRangeLabel(price));
      car.weekly_price_range = intern(weeklyRangeLabel(car.youxQuote?.weeklyRepaymentAmount ?? weekly));
    }
    if ((carType === "used" || (carType === "demo" && rng.chance(0.3))) && itemType !== "caravan" && price > 0 && rng.chance(0.85)) {
      const avg = Math.round((price * (1.02 + rng.gauss() * 0.07)) / 100) * 100;
      const state = Math.round((avg * (1 + rng.gauss() * 0.03)) / 100) * 100;
      car.autograb_data = {
        state_average_market_price: state,
        average_market_price: avg,
        market_range_min: Math.round((avg * 0.86) / 100) * 100,
        market_range_max: Math.round((avg * 1.14) / 100) * 100,
        confidence: Math.round(rng.float(0.1, 0.97) * 100) / 100,
        sample_size: rng.int(4, 260),
      };
    }
  }

  /** Video links, and for some cars in stock a 360 spin with exterior and interior hotspots. */
  private applyVideoAndSpin(
    car: Car,
    f: { stocknum: string; status: CarStatus; photos: number; itemType: ItemType; imageBody: ImageBody; colour: ImageColour },
  ): void {
    const { rng } = this;
    const { stocknum, status, photos, itemType, imageBody, colour } = f;
    const videoRoll = rng.next();
    if (videoRoll < 0.11) car.video_url = `https://www.youtube.com/embed/${this.youtubeId()}`;
    else if (videoRoll < 0.16) car.video_url = `https://media.dealer-cdn.example.com.au/walkaround/${stocknum.toLowerCase()}.mp4`;
    if (rng.chance(0.06)) car.external_video_url = `https://www.youtube.com/watch?v=${this.youtubeId()}`;
    if (status === "in_stock" && photos >= 10 && itemType !== "caravan" && rng.chance(0.14)) {
      car.spin_images = spinFrames(imageBody, colour);
      car.spin_code = `SPN-${rng.int(0x100000, 0xffffff).toString(16).toUpperCase()}`;
      const ext: Hotspot[] = rng.sample(HOTSPOT_EXTERIOR, rng.int(2, 4)).map(([title, description], h) => {
        const frame = rng.int(0, SPIN_FRAMES - 1);
        const x = rng.float(25, 75);
        const y = rng.float(35, 70);
        return {
          id: `ext-${h + 1}`,
          title,
          description,
          positions: nonEmpty(
            [-2, -1, 0, 1, 2].map((k) => ({
              angle: (frame + k + SPIN_FRAMES) % SPIN_FRAMES,
              x: Math.round(Math.min(100, Math.max(0, x - k * 4)) * 10) / 10,
              y: Math.round(y * 10) / 10,
            })),
          ),
        };
      });
      car.hotspots = { exterior: ext };
      if (itemType !== "motorcycle") {
        car.spin_interior_image = vehicleImageUrl(imageBody, colour, "interior", { width: 1920 });
        car.hotspots.interior = rng.sample(HOTSPOT_INTERIOR, rng.int(1, 3)).map(([title, description], h) => ({
          id: `int-${h + 1}`,
          title,
          description,
          positions: [{ angle: rng.int(0, 359), x: Math.round(rng.float(15, 85) * 10) / 10, y: Math.round(rng.float(30, 75) * 10) / 10 }],
        }));
      }
    }
  }

  /** Comments, equipment, history report, private seller suburb, interior colour and the carsales title. */
  private applyWords(
    car: Car,
    f: { name: string; itemType: ItemType; simpleBody: SimpleBody; p: Picked; carType: CarType; vin: string; location: StockLocation; modelYear: number },
  ): void {
    const { rng } = this;
    const { name, itemType, simpleBody, p, carType, vin, location, modelYear } = f;
    car.dealercomments = rng.chance(0.15) ? "" : this.comments(name);
    const equipment = this.equipment(itemType, car.simple_fuel, simpleBody, p.newPrice);
    car.standardEquipment = equipment;
    car.filtered_features = equipment.filter((f) => FILTERABLE.has(f));
    if (carType === "used" && itemType === "car" && rng.chance(0.3)) car.file = `https://reports.dealer-cdn.example.com.au/history/${vin}.pdf`;
    if (carType === "used" && rng.chance(0.03)) {
      const list = PRIVATE_SUBURBS[location.state];
      if (list) {
        const [suburb, postcode] = rng.pick(list);
        car.private_suburb = suburb;
        car.private_postcode = postcode;
      }
    }
    if (itemType !== "caravan") car.interior_colour = itemType === "motorcycle" ? "Black" : rng.pick(INTERIORS);
    car.carsales_title = intern(
      [
        modelYear,
        p.make,
        p.modelName,
        p.badgeName !== p.modelName ? p.badgeName : "",
        car.series,
        car.simple_transmission === "Manual" ? "Manual" : car.simple_transmission ? "Auto" : "",
        car.drive && !["Chain", "Belt", "Shaft"].includes(car.drive) ? car.drive : "",
      ]
        .filter(Boolean)
        .join(" "),
    );
  }

  /** Make > model, categories, tags and the custom rank the search sorts by. */
  private applySearchHelpers(
    car: Car,
    f: {
      p: Picked;
      price: number;
      itemType: ItemType;
      simpleBody: SimpleBody;
      carType: CarType;
      tag: string;
      status: CarStatus;
      createdAt: number;
      photos: number;
    },
  ): void {
    const { rng, now } = this;
    const { p, price, itemType, simpleBody, carType, tag, status, createdAt, photos } = f;
    car.make_model = intern(`${p.make} > ${p.modelName}`);
    const cats = new Set<string>();
    if (car.simple_fuel === "Electric" || car.simple_fuel === "Hybrid" || car.simple_fuel === "PHEV") cats.add("Electric & Hybrid");
    if (price > 0 && price < 20_000) cats.add("Under $20k");
    if ((car.seats ?? 0) >= 7 || (itemType === "caravan" && (car.sleeps ?? 0) >= 5)) cats.add("Family");
    if (car.drive === "4WD" || simpleBody === "ute" || simpleBody === "4x4") cats.add("4x4 & Off-Road");
    if (simpleBody === "van" || simpleBody === "cabChassis" || itemType === "truck") cats.add("Commercial");
    if (p.newPrice >= 90_000 && itemType === "car") cats.add("Luxury");
    if (carType === "new" && tag === "runout sale") cats.add("Runout");
    car.categories = cats.size ? [...cats] : EMPTY;
    const tags = new Set<string>([carType, itemType, status]);
    if (tag) tags.add(tag);
    if (car.reserved) tags.add("reserved");
    if (car.certified) tags.add("certified");
    if (car.simple_fuel) tags.add(car.simple_fuel.toLowerCase());
    car._tags = [...tags];

    const ageDays = (now - createdAt) / DAY;
    car.custom_rank =
      (status === "in_stock" ? 400 : status === "coming_soon" ? 300 : 0) +
      Math.min(photos, 30) * 5 +
      (ageDays <= JUST_ARRIVED_DAYS ? 150 : Math.max(0, 100 - Math.floor(ageDays))) +
      (car.reserved ? -50 : 0) +
      rng.int(0, 99);
  }

  private applyDrivetrain(car: Car, m: ModelDef, b: BadgeDef, body: SimpleBody, config: string | undefined, year: number): void {
    const { rng } = this;
    const t = TRANS_TEXT(b.transCode);
    car.simple_transmission = t.simple;
    car.trans = t.trans;
    if (t.gear !== undefined) car.gearnum = t.gear;
    car.simple_fuel = b.fuel;
    car.fuel = b.fuel === "Petrol" && (b.induction !== "Aspirated" || b.price >= 70_000) ? "Premium Unleaded Petrol" : FUEL_TEXT[b.fuel];
    car.drive = b.drive;
    car.seats = body === "cabChassis" && config === "Single Cab" ? Math.min(m.seats, 3) : body === "ute" && config === "Extra Cab" ? 4 : m.seats;
    if (m.itemType !== "motorcycle") car.doors = body === "cabChassis" && config === "Single Cab" ? 2 : body === "ute" && config === "Extra Cab" ? 4 : m.doors;
    const cc = Math.round(b.litres * 1000);
    car.engine_size = cc;
    car.engine_size_litres = Math.round(b.litres * 10) / 10;

    const dims = DIMS[body] ?? DIMS.suv!;
    const j = (salt: string) => hashUnit(`${m.make}|${m.model}|${salt}`) - 0.5;
    const bigSuv = body === "suv" && m.seats >= 7;
    let [len, wid, hei, gvm, tow] = dims;
    if (bigSuv) [len, wid, hei, gvm, tow] = [4950, 1930, 1800, 2950, 2700];
    if (m.itemType === "truck") {
      const heavy = b.price >= 120_000;
      [len, wid, hei, gvm, tow] = heavy
        ? [8600, 2490, 2900, b.price >= 250_000 ? 26_000 : 14_000, 6000]
        : [6300, 1995, 2270, b.price >= 90_000 ? 8_500 : 4_500, 3500];
    }
    const variant: CarVariant = {
      cylinders: b.cylinders,
      enginesize: cc,
      enginesize_litres: Math.round(b.litres * 10) / 10,
      induction: b.induction,
      geartype: t.geartype,
      vehiclelength: Math.round(len * (1 + j("l") * 0.08)),
      vehiclewidth: Math.round(wid * (1 + j("w") * 0.04)),
      vehicleheight: Math.round(hei * (1 + j("h") * 0.06)),
    };
    if (m.itemType !== "motorcycle") variant.grossvehiclemass = Math.round((gvm * (1 + j("g") * 0.1)) / 5) * 5;
    else variant.grossvehiclemass = Math.round((180 + b.litres * 90) * (1 + j("g") * 0.1)) + 180;
    if (tow > 0 && m.itemType !== "motorcycle") {
      variant.towingcapacitybraked = b.fuel === "Electric" ? Math.min(tow, m.itemType === "truck" ? 3500 : 1600) : Math.round(tow / 50) * 50;
    }
    if (config) variant.bodyconfiguration = config;
    if (b.fuel === "Electric") {
      variant.fuelconsumptioncombined = Math.round(rng.float(13.5, 21) * 10) / 10;
      variant.fuelcapacity = b.batteryKwh;
      variant.torque = Math.min(900, Math.round(b.batteryKwh * 4.5 + 120));
    } else {
      const heavyBody = body === "suv" || body === "ute" || body === "van" || body === "cabChassis" || body === "peopleMover" || body === "prestige";
      let l100: number;
      switch (b.fuel) {
        case "Diesel":
          l100 = 4.6 + b.litres * 1.0 + (heavyBody ? 0.8 : 0);
          break;
        case "Hybrid":
          l100 = 3.6 + b.litres * 0.55;
          break;
        case "PHEV":
          l100 = 1.4 + b.litres * 0.3;
          break;
        case "LPG":
          l100 = 8 + b.litres * 1.4;
          break;
        default:
          l100 = 3.2 + b.litres * 1.75 + (heavyBody ? 1.2 : 0) + (b.induction === "Aspirated" ? 0 : -0.3);
      }
      if (m.itemType === "motorcycle") l100 = 2.2 + b.litres * 3;
      if (m.itemType === "truck") l100 = 11 + b.litres * 2.2;
      variant.fuelconsumptioncombined = Math.round(l100 * (1 + j("f") * 0.1) * 10) / 10;
      variant.fuelcapacity =
        m.itemType === "motorcycle"
          ? Math.round(10 + b.litres * 8)
          : m.itemType === "truck"
            ? b.price >= 120_000
              ? 200
              : 100
            : Math.round(len >= 5000 ? 80 : len >= 4600 ? 60 : 45);
      const perLitre = b.fuel === "Diesel" ? 165 : b.induction === "Twin Turbo" ? 190 : b.induction === "Turbo" ? 160 : 100;
      variant.torque = Math.round(b.litres * perLitre * (m.itemType === "motorcycle" ? 0.85 : 1) + (b.fuel === "Hybrid" || b.fuel === "PHEV" ? 80 : 0));
    }
    if (m.itemType === "car") {
      variant.ancaprating = m.model === "LandCruiser 70" ? 0 : year >= 2018 ? (rng.chance(0.85) ? 5 : 4) : rng.chance(0.7) ? 5 : 4;
    }
    car.variant = variant;
  }

  private applyCaravan(car: Car, cb: CaravanDef["badges"][number]): void {
    const { rng } = this;
    car.body_length = cb.lengthFt;
    car.body_width = Math.round(rng.float(7.2, 7.9) * 10) / 10;
    car.tare_weight = Math.round((cb.tare * rng.float(0.98, 1.03)) / 10) * 10;
    car.aggregate_trailer_mass = cb.atm;
    car.axle_type = cb.axle;
    car.sleeps = cb.sleeps;
    car.variant = {
      vehiclelength: Math.round(cb.lengthFt * 304.8 + 1800),
      vehiclewidth: Math.round((car.body_width * 304.8) / 10) * 10,
      vehicleheight: car.body === "Pop Top" || car.body === "Camper Trailer" || car.body === "Hybrid Camper" ? 2100 : 3000,
      grossvehiclemass: cb.atm - 200,
    };
  }

  private carLocation(location: StockLocation): CarLocation {
    let out = this.locations.get(location.id);
    if (!out) {
      out = deepFreeze<CarLocation>({
        id: location.id,
        name: location.name,
        phone: location.phone,
        slug: location.slug,
        place_url: `https://www.google.com/maps/search/?api=1&query=${location.lat},${location.long}`,
        address: {
          id: location.id * 10 + 1,
          street: location.street,
          city: location.city,
          state: location.state,
          postcode: location.postcode,
          lat: location.lat,
          long: location.long,
        },
        distribution_locations: this.d.locations.map((l) => l.id),
        location_type: "sales",
        dealership: { id: this.d.id, slug: this.d.slug },
        website: { ...this.site.website },
      });
      this.locations.set(location.id, out);
    }
    return out;
  }

  private plate(state: AuState): string {
    const { rng } = this;
    const L = () => PLATE_LETTERS[rng.int(0, PLATE_LETTERS.length - 1)];
    const D = () => String(rng.int(0, 9));
    if (state === "NSW") return L() + L() + D() + D() + L() + L();
    if (state === "QLD") return D() + D() + D() + L() + L() + L();
    return L() + L() + L() + D() + D() + D();
  }

  private youtubeId(): string {
    const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let s = "";
    for (let i = 0; i < 11; i++) s += chars[this.rng.int(0, 63)];
    return s;
  }

  private comments(name: string): string {
    const { rng } = this;
    const parts = [
      rng.pick(COMMENT_OPENERS),
      `This ${name} is available now at ${this.d.name}.`,
      ...rng.sample(COMMENT_MIDDLES, rng.int(1, 6)),
      rng.pick(COMMENT_CLOSERS),
    ];
    return parts.join(" ");
  }

  private equipment(item: ItemType, fuel: SimpleFuel | undefined, body: SimpleBody, newPrice: number): string[] {
    const { rng } = this;
    if (item === "motorcycle") return rng.sample(FEATURES_BIKE, rng.int(3, 8));
    if (item === "truck") return rng.sample(FEATURES_TRUCK, rng.int(3, 7));
    if (item === "caravan") return rng.sample(FEATURES_CARAVAN, rng.int(5, 12));
    const list = [...FEATURES_BASE];
    list.push(...rng.sample(FEATURES_MID, newPrice >= 35_000 ? rng.int(5, 10) : rng.int(1, 4)));
    if (newPrice >= 50_000) list.push(...rng.sample(FEATURES_HIGH, rng.int(2, 7)));
    if (body === "ute" || body === "4x4" || body === "cabChassis") list.push(...rng.sample(FEATURES_4X4, rng.int(1, 4)));
    if (fuel === "Electric" || fuel === "PHEV") list.push(...rng.sample(FEATURES_EV, rng.int(2, 4)));
    return list;
  }
}
