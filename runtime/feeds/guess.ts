/**
 * The mapping that guesses itself: from a feed's header row, which of the dealer's columns holds
 * which car field. Each header is compared with the names real exports use for each field
 * (below), first exactly, then as words inside a longer header ("Status (In Stock/Sold/Hold)"),
 * then by letter pairs for misspellings ("Odomoter"); each proposal carries a confidence from 0 to
 * 1, and a field goes to the one column that matches it best. A price header that says what the
 * price covers ("Drive Away Price") proposes the price type too. Pure.
 */
import type { FeedField, PriceType } from "@/runtime/generated/types";

type MappedField = Exclude<FeedField, "ignore">;

/**
 * The names exports give each field, lower case with punctuation as spaces. Keyed by every field
 * the schema lets a column hold, so adding a field to the schema without names here fails to compile.
 */
export const FIELD_NAMES: Record<MappedField, readonly string[]> = {
  stocknum: [
    "stocknum",
    "stock no",
    "stock number",
    "stock num",
    "stockno",
    "stock id",
    "stock code",
    "stock",
    "stk no",
    "stk",
    "stock ref",
    "ref",
    "reference",
    "dealer stock no",
    "unit no",
    "inventory no",
  ],
  vin: ["vin", "vin number", "vin no", "chassis", "chassis no", "chassis number"],
  regplate: [
    "regplate",
    "rego",
    "rego no",
    "registration",
    "registration number",
    "registration no",
    "reg",
    "reg no",
    "plate",
    "number plate",
    "licence plate",
    "registration plate",
  ],
  nvic: ["nvic", "nvic code", "glass code", "glasses code"],
  make: ["make", "manufacturer", "brand", "marque", "vehicle make"],
  model: ["model", "model name", "vehicle model"],
  badge: ["badge", "variant", "trim", "grade", "model variant", "badge description"],
  series: ["series", "series code", "model year code", "model code"],
  year: ["year", "yr", "model year", "build year", "year of manufacture", "manufacture year", "vehicle year"],
  car_type: [
    "car type",
    "type",
    "condition",
    "new used",
    "new demo used",
    "type n d u",
    "n d u",
    "vehicle condition",
    "stock type",
    "sale type",
    "listing type",
    "new used demo",
  ],
  status: ["status", "stock status", "availability", "vehicle status", "sold status"],
  item_type: ["item type", "vehicle type", "category", "vehicle category"],
  price: [
    "price",
    "drive away price",
    "driveaway price",
    "drive away",
    "sale price",
    "selling price",
    "advertised price",
    "retail price",
    "asking price",
    "web price",
    "internet price",
    "our price",
    "list price",
    "price dap",
    "dap price",
    "egc price",
    "price egc",
  ],
  before_price: ["before price", "was price", "was", "rrp", "previous price", "original price"],
  offer_price: ["offer price", "special price", "promo price", "special"],
  price_type: ["price type", "price basis", "pricing type", "price method"],
  km: ["km", "kms", "odometer", "odometer km", "odometer reading", "odo", "kilometres", "kilometers", "mileage", "kms travelled"],
  colour: ["colour", "color", "exterior colour", "exterior color", "ext colour", "ext color", "paint", "body colour", "body color"],
  interior_colour: ["interior colour", "interior color", "interior", "trim colour", "trim color", "upholstery", "int colour", "int color"],
  trans: ["trans", "transmission", "gearbox", "transmission type", "gear type"],
  gearnum: ["gearnum", "gears", "number of gears", "no of gears", "gear count", "speeds"],
  body: ["body", "body type", "body style", "bodytype", "shape"],
  bodyconfiguration: ["bodyconfiguration", "body configuration", "cab type", "cab", "cab configuration"],
  fuel: ["fuel", "fuel type", "engine fuel", "fuel description"],
  drive: ["drive", "drive type", "drivetrain", "drive train", "driven wheels"],
  seats: ["seats", "seating", "seating capacity", "no of seats", "number of seats"],
  doors: ["doors", "no of doors", "number of doors"],
  engine_size: ["engine size", "engine cc", "cc", "engine capacity", "capacity", "displacement", "engine"],
  engine_size_litres: ["engine size litres", "engine litres", "litres", "engine l"],
  dealercomments: [
    "dealercomments",
    "dealer comments",
    "comments",
    "description",
    "notes",
    "vehicle description",
    "seller comments",
    "remarks",
    "ad text",
    "advert text",
  ],
  features: ["features", "options", "equipment", "standard equipment", "extras", "feature list", "standardequipment"],
  photos: [
    "photos",
    "photo urls",
    "photo url",
    "photo links",
    "photo",
    "images",
    "image urls",
    "image url",
    "image links",
    "image",
    "pictures",
    "picture urls",
    "pics",
  ],
  video_url: ["video url", "video", "video link", "youtube", "walkaround video"],
  build_date: ["build date", "built", "build month", "date built", "build"],
  compliance_date: ["compliance date", "compliance", "comp date", "complied"],
  rego_expiry: ["rego expiry", "registration expiry", "rego due", "rego exp", "reg expiry", "rego expires"],
  listed_date: ["date in stock", "in stock date", "stock date", "date listed", "listed", "listed date", "date added", "arrival date", "date in", "created at"],
  sold_date: ["sold date", "date sold"],
  location: ["location", "yard", "branch", "site", "dealer location", "lot", "store", "showroom", "location id", "location name"],
  tag: ["tag", "card tag", "label", "banner", "promo tag"],
  certified: ["certified", "certified pre owned", "cpo", "approved", "certified used"],
};

export interface ColumnProposal {
  /** The dealer's header, as written. */
  column: string;
  /** The proposed field; null when nothing matched well enough, or a better column took it. */
  field: MappedField | null;
  /** 0 to 1: 1 for a known name, less for a name inside a longer header or a near spelling. */
  confidence: number;
  /** Why, in a few words ("known name", "contains 'status'", "spelt like 'odometer'", "'price' is better matched by 'Drive Away Price'"). */
  reason: string;
}

export interface GuessedMapping {
  /** The columns to write into the profile (`stockFeed.columns`): proposed fields only. */
  columns: Record<string, MappedField>;
  proposals: ColumnProposal[];
  /** Headers with no field. */
  unmapped: string[];
  /** The price type the price column's header states, if any. */
  priceType?: PriceType;
}

/** A header as the names above are written: lower case, `&` as 'and', every other run of punctuation one space. */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/#/g, " no ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/\s+/g, " ");
}

const EXACT = new Map<string, MappedField>();
for (const [field, names] of Object.entries(FIELD_NAMES) as [MappedField, readonly string[]][]) {
  for (const n of names) if (!EXACT.has(n)) EXACT.set(n, field);
}

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  const t = s.replace(/ /g, "");
  for (let i = 0; i < t.length - 1; i++) m.set(t.slice(i, i + 2), (m.get(t.slice(i, i + 2)) ?? 0) + 1);
  return m;
}

/** Sørensen–Dice similarity of two strings' letter pairs, 0 to 1. */
export function similarity(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  let common = 0;
  let total = 0;
  for (const [k, n] of x) {
    common += Math.min(n, y.get(k) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return total === 0 ? 0 : (2 * common) / total;
}

function bestMatch(header: string): { field: MappedField; confidence: number; reason: string } | null {
  const norm = normaliseHeader(header);
  if (norm === "") return null;
  const exact = EXACT.get(norm);
  if (exact) return { field: exact, confidence: 1, reason: "known name" };
  let best: { field: MappedField; confidence: number; reason: string } | null = null;
  const words = ` ${norm} `;
  for (const [name, field] of EXACT) {
    let score = 0;
    let reason = "";
    if (words.includes(` ${name} `)) {
      // A known name as whole words inside a longer header: more when it is a larger share of it, and more at the start.
      score = 0.6 + 0.25 * (name.length / norm.length) + (norm.startsWith(`${name} `) ? 0.1 : 0);
      reason = `contains '${name}'`;
    } else {
      const sim = similarity(norm, name);
      if (sim >= 0.7 && Math.min(norm.length, name.length) >= 4) {
        score = 0.85 * sim;
        reason = `spelt like '${name}'`;
      }
    }
    if (score > (best?.confidence ?? 0)) best = { field, confidence: Math.round(score * 100) / 100, reason };
  }
  return best && best.confidence >= 0.55 ? best : null;
}

/** What a price header says the price covers ("Drive Away Price" → DAP), if anything. */
export function priceTypeOfHeader(header: string): PriceType | undefined {
  const n = normaliseHeader(header);
  if (/\b(drive ?away|dap)\b/.test(n)) return "DAP";
  if (/\b(egc|excl? gov|excluding gov)/.test(n)) return "EGC";
  if (/\b(orc|plus on road|on road costs)\b/.test(n)) return "ORC";
  return undefined;
}

/** Proposes a field for each header; a field goes to the header that matches it best (the first on a tie). */
export function guessMapping(headers: readonly string[]): GuessedMapping {
  const matches = headers.map((h) => bestMatch(h));
  const winner = new Map<MappedField, number>();
  matches.forEach((m, i) => {
    if (!m) return;
    const held = winner.get(m.field);
    if (held === undefined || matches[held]!.confidence < m.confidence) winner.set(m.field, i);
  });
  const proposals: ColumnProposal[] = headers.map((column, i) => {
    const m = matches[i];
    if (!m) return { column, field: null, confidence: 0, reason: "no known name matches" };
    const held = winner.get(m.field)!;
    if (held !== i) return { column, field: null, confidence: 0, reason: `'${m.field}' is better matched by '${headers[held]}'` };
    return { column, field: m.field, confidence: m.confidence, reason: m.reason };
  });
  const columns: Record<string, MappedField> = {};
  for (const p of proposals) if (p.field) columns[p.column] = p.field;
  const priceColumn = proposals.find((p) => p.field === "price")?.column;
  const priceType = priceColumn ? priceTypeOfHeader(priceColumn) : undefined;
  return {
    columns,
    proposals,
    unmapped: proposals.filter((p) => !p.field && p.column.trim() !== "").map((p) => p.column),
    ...(priceType ? { priceType } : {}),
  };
}
