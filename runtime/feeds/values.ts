/**
 * Reading one cell of a dealer's feed: the messy ways real exports write money, odometers, years,
 * dates, condition and status words, photo lists and text. Every reader returns the value in the
 * platform's form or a problem phrased to follow the dealer's column name and value
 * ("Yr '20119' is not a year…"), so a report speaks the dealer's words. Pure; no I/O.
 */
import type { CarStatus, CarType, Drive, PriceType, SimpleBody, SimpleFuel, SimpleTransmission } from "@/runtime/generated/types";

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = <T>(problem: string): Read<T> => ({ ok: false, problem });

// Spaces other than the plain one (no-break, figure, thin, narrow, ideographic…) and tabs.
const ODD_SPACES = /[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
// Zero-width characters and byte-order marks, which spreadsheets leave at the start of cells.
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
// Control characters other than the line breaks.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** One line of text: Unicode NFC, odd spaces made plain, invisible and control characters dropped, runs of spaces made one, trimmed. */
export function cleanText(raw: string): string {
  return raw.normalize("NFC").replace(INVISIBLE, "").replace(CONTROL, "").replace(ODD_SPACES, " ").replace(/\s+/g, " ").trim();
}

/** Text that may hold paragraphs (dealer comments): cleaned like cleanText, line breaks kept (CRLF made LF, at most one blank line). */
export function cleanParagraphs(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(INVISIBLE, "")
    .replace(CONTROL, "")
    .replace(ODD_SPACES, " ")
    .split("\n")
    .map((line) => line.replace(/ +/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const POA_WORDS = /^(poa|p\.o\.a\.?|price on application|call|call us|enquire|enquire now|tba|tbc)$/i;

/**
 * A price in dollars: `$12,990.00`, `12 990`, `AUD 12990`, `$12,990 DAP`. Commas group thousands
 * (Australian exports), a point starts the cents. POA and its kin read as 0 with `poa`.
 */
export function readMoney(raw: string): Read<{ dollars: number; poa: boolean }> {
  const text = cleanText(raw);
  if (POA_WORDS.test(text)) return ok({ dollars: 0, poa: true });
  const core = text
    .replace(/^(aud|a\$|au\$)\s*/i, "")
    .replace(/\s*(aud|dap|egc|orc|inc\.? gst|incl\.? gst|drive ?away)$/i, "")
    .replace(/^\$\s*/, "")
    .replace(/\s/g, "");
  if (/^-/.test(core) || /^\(.*\)$/.test(core)) return bad("is not a price: a price cannot be negative");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(core)) return bad("is not a price: write the amount in dollars, such as 12990 or $12,990.00");
  const dollars = Math.round(Number(core.replace(/,/g, "")) * 100) / 100;
  if (dollars > 100_000_000) return bad("is not a price: more than $100 million");
  return ok({ dollars, poa: false });
}

/** An odometer in whole kilometres: `45,000 km`, `45000kms`, `45 000`. */
export function readOdometer(raw: string): Read<number> {
  const core = cleanText(raw)
    .replace(/\s*(km|kms|kilometres|kilometers|k)\.?$/i, "")
    .replace(/[\s,]/g, "");
  if (!/^\d+(\.\d+)?$/.test(core)) return bad("is not an odometer reading: write the kilometres, such as 45000 or 45,000 km");
  const km = Math.round(Number(core));
  if (km > 2_000_000) return bad("is not an odometer reading: more than 2,000,000 km");
  return ok(km);
}

/** A model year: four digits from 1950 to 2100 (a spreadsheet's `2019.0` too). */
export function readYear(raw: string): Read<number> {
  const text = cleanText(raw).replace(/\.0+$/, "");
  if (!/^\d{4}$/.test(text)) return bad("is not a year: write the four-digit model year, such as 2019");
  const year = Number(text);
  if (year < 1950 || year > 2100) return bad("is not a year: write the four-digit model year, such as 2019");
  return ok(year);
}

/** A whole number in a range, its unit words dropped (`7 seats`, `1998cc`). */
export function readWholeNumber(raw: string, min: number, max: number, what: string): Read<number> {
  const core = cleanText(raw)
    .replace(/[a-z ]+$/i, "")
    .replace(/,/g, "");
  if (!/^\d+(\.0+)?$/.test(core)) return bad(`is not ${what}`);
  const n = Number(core);
  if (n < min || n > max) return bad(`is not ${what}: expected ${min} to ${max}`);
  return ok(n);
}

/** Engine capacity in cc: `1998`, `1998cc`, or litres written as `2.0L` / `2.0`. */
export function readEngineSize(raw: string): Read<number> {
  const text = cleanText(raw).toLowerCase();
  const litres = /^(\d{1,2}(\.\d)?)\s*(l|litres?|liters?)?$/.exec(text);
  if (litres && Number(litres[1]) <= 20 && (litres[3] || litres[2])) return ok(Math.round(Number(litres[1]) * 1000));
  return readWholeNumber(text.replace(/\s*cc$/, ""), 0, 20_000, "an engine size in cc");
}

/** A number with a decimal point in a range (engine litres). */
export function readDecimal(raw: string, min: number, max: number, what: string): Read<number> {
  const core = cleanText(raw).replace(/\s*[a-z]+$/i, "");
  if (!/^\d+(\.\d+)?$/.test(core)) return bad(`is not ${what}`);
  const n = Number(core);
  return n < min || n > max ? bad(`is not ${what}: expected ${min} to ${max}`) : ok(n);
}

const word = (raw: string) =>
  cleanText(raw)
    .toLowerCase()
    .replace(/[_.]/g, " ")
    .replace(/\s*-\s*/g, "-")
    .trim();

const CAR_TYPES: Record<string, CarType> = {
  n: "new",
  new: "new",
  "brand new": "new",
  d: "demo",
  demo: "demo",
  demonstrator: "demo",
  "ex-demo": "demo",
  "ex demo": "demo",
  u: "used",
  used: "used",
  "pre-owned": "used",
  preowned: "used",
  "pre owned": "used",
  "pre-loved": "used",
  preloved: "used",
  "second hand": "used",
  secondhand: "used",
};

/** New, demo or used from the words exports use: `N/D/U`, `New/Demo/Used`, `Pre-owned`, `Demonstrator`. */
export function readCarType(raw: string): Read<CarType> {
  const t = CAR_TYPES[word(raw)];
  return t ? ok(t) : bad("is not a condition: write New, Demo or Used (or N, D, U)");
}

const STATUSES: Record<string, { status: CarStatus; reserved?: boolean }> = {
  "in stock": { status: "in_stock" },
  instock: { status: "in_stock" },
  "in-stock": { status: "in_stock" },
  stock: { status: "in_stock" },
  available: { status: "in_stock" },
  active: { status: "in_stock" },
  current: { status: "in_stock" },
  "for sale": { status: "in_stock" },
  a: { status: "in_stock" },
  i: { status: "in_stock" },
  sold: { status: "sold" },
  delivered: { status: "sold" },
  s: { status: "sold" },
  hold: { status: "in_stock", reserved: true },
  "on hold": { status: "in_stock", reserved: true },
  h: { status: "in_stock", reserved: true },
  deposit: { status: "in_stock", reserved: true },
  "deposit taken": { status: "in_stock", reserved: true },
  "under offer": { status: "in_stock", reserved: true },
  reserved: { status: "in_stock", reserved: true },
  incoming: { status: "coming_soon" },
  "in transit": { status: "coming_soon" },
  arriving: { status: "coming_soon" },
  "arriving soon": { status: "coming_soon" },
  "coming soon": { status: "coming_soon" },
  "on order": { status: "coming_soon" },
  "pre-order": { status: "coming_soon" },
  unavailable: { status: "unavailable" },
  "not available": { status: "unavailable" },
  withdrawn: { status: "unavailable" },
  offline: { status: "unavailable" },
};

/**
 * Availability from the words exports use. `Hold` (a deposit taken) keeps the car in stock and
 * marks it reserved, so its card says RESERVED; `Incoming` and kin are coming soon.
 */
export function readStatus(raw: string): Read<{ status: CarStatus; reserved?: boolean }> {
  const s = STATUSES[word(raw)];
  return s ? ok(s) : bad("is not a status: write In Stock, Sold, Hold or Incoming");
}

/** What a price covers: drive-away, excluding government charges, plus on-road costs, or price on application. */
export function readPriceType(raw: string): Read<PriceType> {
  const w = word(raw).replace(/[+()]/g, " ").replace(/\s+/g, " ").trim();
  if (/^(dap|da|drive-?away|drive away|drive away price|driveaway price)$/.test(w)) return ok("DAP");
  if (/^(egc|excl? gov(ernment)? charges|excluding gov(ernment)? charges|ex gov|plus gov(ernment)? charges)$/.test(w)) return ok("EGC");
  if (/^(orc|plus orc|plus on-road costs|plus on road costs|on-road costs|on road costs)$/.test(w)) return ok("ORC");
  if (/^(poa|p o a|price on application)$/.test(w)) return ok("POA");
  return bad("is not a price type: write Drive Away, EGC, ORC or POA");
}

const TRUE_WORDS = new Set(["yes", "y", "true", "t", "1", "x", "✓"]);
const FALSE_WORDS = new Set(["no", "n", "false", "f", "0", ""]);

/** Yes or no: `Yes/No`, `Y/N`, `true/false`, `1/0`, a tick. */
export function readYesNo(raw: string): Read<boolean> {
  const w = word(raw);
  if (TRUE_WORDS.has(w)) return ok(true);
  if (FALSE_WORDS.has(w)) return ok(false);
  return bad("is not yes or no");
}

export type PhotoSeparator = "auto" | "|" | ";" | "," | "space" | "newline";

/**
 * Photo addresses from one cell, split by the separator ('auto' tries bar, semicolon, line break,
 * comma and space in turn, the first that splits the cell), duplicates dropped. Each address must
 * be an http(s) URL; the others are returned apart so the report can name them.
 */
export function readPhotos(raw: string, separator: PhotoSeparator): { urls: string[]; notUrls: string[] } {
  const text = raw.normalize("NFC").replace(INVISIBLE, "").trim();
  if (text === "") return { urls: [], notUrls: [] };
  const splitters: Record<Exclude<PhotoSeparator, "auto">, RegExp> = { "|": /\|/, ";": /;/, ",": /,/, space: /\s+/, newline: /\r?\n/ };
  let parts: string[];
  if (separator === "auto") {
    const order: Exclude<PhotoSeparator, "auto">[] = ["|", ";", "newline", ",", "space"];
    const found = order.find((s) => splitters[s].test(text));
    parts = found ? text.split(splitters[found]) : [text];
  } else parts = text.split(splitters[separator]);
  const urls: string[] = [];
  const notUrls: string[] = [];
  const seen = new Set<string>();
  for (const part of parts.map((p) => p.trim()).filter((p) => p !== "")) {
    if (isWebAddress(part)) {
      if (!seen.has(part)) urls.push(part);
      seen.add(part);
    } else notUrls.push(part);
  }
  return { urls, notUrls };
}

/** An absolute http(s) address with a host. */
export function isWebAddress(text: string): boolean {
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    return new URL(text).hostname !== "";
  } catch {
    return false;
  }
}

export type DateOrder = "dmy" | "mdy" | "ymd";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function isoDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2100) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

// A two-digit year: 00-69 is this century, 70-99 the last (as spreadsheets read them).
const fullYear = (y: string) => (y.length === 2 ? (Number(y) < 70 ? 2000 + Number(y) : 1900 + Number(y)) : Number(y));

/**
 * A calendar date as `YYYY-MM-DD`. Reads `2024-01-31` (any order), digits with slashes, dots or
 * dashes in the profile's order (`31/01/2024`, `31.1.24`), month names (`31 Jan 2024`,
 * `Jan 31, 2024`) and a spreadsheet's day number (`45322`); a time after the date is ignored.
 */
export function readDate(raw: string, order: DateOrder): Read<string> {
  const text = cleanText(raw)
    .replace(/[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*(am|pm)?(Z|[+-]\d{2}:?\d{2})?$/i, "")
    .trim();
  const example = order === "mdy" ? "01/31/2024" : order === "ymd" ? "2024/01/31" : "31/01/2024";
  const fail = bad<string>(`is not a date: write it as ${example}`);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) return toRead(isoDate(Number(m[1]), Number(m[2]), Number(m[3])), fail);
  m = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(text);
  if (m) {
    const [a, b, c] = [m[1], m[2], m[3]];
    if (order === "ymd") return a.length === 4 ? toRead(isoDate(Number(a), Number(b), Number(c)), fail) : fail;
    if (c.length !== 2 && c.length !== 4) return fail;
    const [d, mo] = order === "dmy" ? [a, b] : [b, a];
    return toRead(isoDate(fullYear(c), Number(mo), Number(d)), fail);
  }
  m = /^(\d{1,2})[ -]([a-z]{3,9})[ -,]*(\d{2}|\d{4})$/i.exec(text);
  if (m) return toRead(monthName(m[2]) ? isoDate(fullYear(m[3]), monthName(m[2])!, Number(m[1])) : null, fail);
  m = /^([a-z]{3,9}) (\d{1,2}),? (\d{4})$/i.exec(text);
  if (m) return toRead(monthName(m[1]) ? isoDate(Number(m[3]), monthName(m[1])!, Number(m[2])) : null, fail);
  m = /^(\d{5})(\.\d+)?$/.exec(text);
  if (m) {
    // A spreadsheet's serial day: days since 1899-12-30 (the 1900 leap-year bug included).
    const t = new Date(Date.UTC(1899, 11, 30) + Number(m[1]) * 86_400_000);
    return toRead(isoDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()), fail);
  }
  return fail;
}

function monthName(text: string): number | null {
  const i = MONTHS.indexOf(text.slice(0, 3).toLowerCase());
  return i < 0 ? null : i + 1;
}

const toRead = (iso: string | null, fail: Read<string>): Read<string> => (iso ? ok(iso) : fail);

/** A 17-character VIN: spaces and dashes dropped, upper case; I, O and Q are never in one. */
export function readVin(raw: string): Read<string> {
  const vin = cleanText(raw).replace(/[\s-]/g, "").toUpperCase();
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) ? ok(vin) : bad("is not a VIN: 17 letters and digits, without I, O or Q");
}

/** A number plate in upper case. */
export function readPlate(raw: string): Read<string> {
  const plate = cleanText(raw).toUpperCase();
  return /^[A-Z0-9 .-]{2,10}$/.test(plate) ? ok(plate) : bad("is not a number plate: 2 to 10 letters and digits");
}

/** Automatic or manual, from a transmission description (`8 Speed Automatic`, `CVT`, `6sp Man`). */
export function simpleTransmission(trans: string): SimpleTransmission | undefined {
  const t = trans.toLowerCase();
  if (/\b(man|manual|mt)\b/.test(t)) return "Manual";
  if (/auto|cvt|constantly variable|continuously variable|dct|dsg|dual clutch|tiptronic|sequential|reduction|\bat\b|single speed|1 speed/.test(t))
    return "Automatic";
  return undefined;
}

/** The gear count in a transmission description (`8 Speed Automatic`, `6sp`). */
export function gearCount(trans: string): number | undefined {
  const m = /(\d{1,2})\s*-?\s*(sp|spd|speed)\b/i.exec(trans);
  const n = m ? Number(m[1]) : NaN;
  return n >= 1 && n <= 18 ? n : undefined;
}

/** The fuel family used by the filter, from a fuel description. */
export function simpleFuel(fuel: string): SimpleFuel | undefined {
  const f = fuel.toLowerCase();
  if (/plug-?in|phev/.test(f)) return "PHEV";
  if (/hybrid|hev/.test(f)) return "Hybrid";
  if (/electric|\bev\b|\bbev\b/.test(f)) return "Electric";
  if (/diesel/.test(f)) return "Diesel";
  if (/lpg|\bgas\b/.test(f)) return "LPG";
  if (/petrol|unleaded|\bulp\b|\bpulp\b|premium|\bp\b/.test(f)) return "Petrol";
  return undefined;
}

const BODY_WORDS: Array<[RegExp, SimpleBody]> = [
  [/cab ?chassis/, "cabChassis"],
  [/ute|utility|pick-?up|dual cab|double cab|extra cab|king cab|space cab|crew cab/, "ute"],
  [/people ?mover|mpv/, "peopleMover"],
  [/motor ?home|camper ?van/, "motorhome"],
  [/caravan|pop ?top|camper trailer|camper/, "caravan"],
  [/convertible|cabriolet|roadster|spyder|spider/, "convertible"],
  [/coupe|coupé/, "coupe"],
  [/hatch/, "hatch"],
  [/sedan|saloon/, "sedan"],
  [/suv|sport utility|crossover/, "suv"],
  [/station wagon/, "stationWagon"],
  [/wagon|estate/, "wagon"],
  [/\bbus\b/, "bus"],
  [/van/, "van"],
  [/light truck|truck|tipper|tray/, "lightTruck"],
  [/motorcycle|motorbike|scooter|naked|cruiser|adventure|dirt ?bike|sports? bike/, "motorcycle"],
];

/** The body family used by the filter, from a body description; undefined when none fits. */
export function simpleBody(body: string): SimpleBody | undefined {
  const b = body.toLowerCase();
  return BODY_WORDS.find(([re]) => re.test(b))?.[1];
}

/** Driven wheels (or a motorcycle's final drive) from the words exports use. */
export function readDrive(raw: string): Read<Drive> {
  const w = word(raw).replace(/\s+/g, "");
  if (/^(4wd|4x4|fourwheeldrive|4-wheeldrive)$/.test(w)) return ok("4WD");
  if (/^(awd|allwheeldrive|all-wheeldrive)$/.test(w)) return ok("AWD");
  if (/^(fwd|frontwheeldrive|front-wheeldrive|front|4x2front)$/.test(w)) return ok("FWD");
  if (/^(rwd|rearwheeldrive|rear-wheeldrive|rear|4x2)$/.test(w)) return ok("RWD");
  if (/^(chain|belt|shaft)$/.test(w)) return ok((w[0].toUpperCase() + w.slice(1)) as Drive);
  return bad("is not a drive type: write FWD, RWD, AWD or 4WD");
}
