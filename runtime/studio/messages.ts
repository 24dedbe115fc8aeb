/**
 * Refused values in plain words for the studio: the schema's ajv keyword and its
 * parameters become a sentence a member of staff can act on ("Enter at least 1 character",
 * "Choose one of: …", "Use a colour like #1a2b3c"), with the field's place in words. A semantic
 * rule's message (theme contrast, hours order…) is already written for people and is kept as it
 * is. Pure: the studio's client shows these at the field.
 */
import { DAY_NAMES } from "./form";

export interface StudioProblem {
  pointer: string;
  message: string;
  hint?: string;
  source?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  severity?: "error" | "warning";
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (values: unknown[]) => values.map((v) => (v === "" ? "(empty)" : String(v))).join(", ");

/** Patterns the schemas use, in words with an example. */
const PATTERNS: Record<string, string> = {
  "^#[0-9a-fA-F]{6}$": "Use a colour like #1a2b3c.",
  "^([01][0-9]|2[0-3]):[0-5][0-9]$": "Use a 24-hour time like 08:00 or 17:30.",
  "^[a-z0-9]+(?:-[a-z0-9]+)*$": "Use lower-case letters, digits and single hyphens, like sunshine-chery.",
  "^[a-z0-9-]+$": "Use lower-case letters, digits and hyphens.",
  "^(/[A-Za-z0-9._/-]+|https://.+)$": "Use a file under public/ (starting with /) or an https:// address.",
  "^[0-9 +()]{6,20}$": "Use a phone number like 07 3000 1234.",
  "^[0-9]{4}$": "Use a 4-digit postcode.",
  "^https://": "Use an address starting with https://.",
  "^[a-z0-9.-]+$": "Use a domain name like www.example.com.au (lower-case, without https:// or a port).",
};

/** The sentence for one refused value. */
export function plainMessage(p: StudioProblem): string {
  if (p.source !== "schema" || !p.keyword) return p.hint ? `${p.message} (${p.hint})` : p.message;
  const params = p.params ?? {};
  const n = Number(params.limit);
  switch (p.keyword) {
    case "minLength":
      return n === 1 ? "Enter at least 1 character: this cannot be empty." : `Enter at least ${plural(n, "character")}.`;
    case "maxLength":
      return `Use at most ${plural(n, "character")}.`;
    case "minimum":
      return `Enter ${n} or more.`;
    case "maximum":
      return `Enter ${n} or less.`;
    case "exclusiveMinimum":
      return `Enter more than ${n}.`;
    case "exclusiveMaximum":
      return `Enter less than ${n}.`;
    case "minItems":
      return `Add at least ${plural(n, "item")}.`;
    case "maxItems":
      return `Keep at most ${plural(n, "item")}.`;
    case "uniqueItems":
      return "Each item must be different from the others.";
    case "enum":
      return `Choose one of: ${list((params.allowedValues as unknown[] | undefined) ?? [])}.`;
    case "const":
      return `This must be ${String(params.allowedValue)}.`;
    case "required":
      return `Fill in "${String(params.missingProperty)}": it is needed here.`;
    case "additionalProperties":
      return `"${String(params.additionalProperty)}" is not a setting here.${p.hint ? ` (${p.hint})` : ""}`;
    case "type":
      return params.type === "integer"
        ? "Enter a whole number."
        : params.type === "number"
          ? "Enter a number."
          : params.type === "boolean"
            ? "Tick or untick the box."
            : params.type === "string"
              ? "Enter some text."
              : `Enter a value of type ${String(params.type)}.`;
    case "pattern": {
      const pattern = String(params.pattern);
      if (/\^\\d\{4\}-/.test(pattern)) return "Use a date like 2025-07-01 or a date and time like 2025-07-01T09:00.";
      return PATTERNS[pattern] ?? `Use the expected format${p.hint ? `: ${p.hint}` : ""}.`;
    }
    case "format":
      return params.format === "email"
        ? "Enter an email address like sales@example.com.au."
        : params.format === "date"
          ? "Use a date like 2025-07-01."
          : params.format === "uri"
            ? "Enter a full web address like https://example.com.au."
            : `Enter a valid ${String(params.format)}.`;
    default:
      return p.hint ? `${p.message} (${p.hint})` : p.message;
  }
}

/**
 * A JSON pointer in words: /routes/~1about/blocks/0/props/heading → "routes › /about › blocks ›
 * block 1 › props › heading". Given the manifest value, an item holding a weekday number is named by
 * its day ("opening_hours › Saturday › open"); an entry of a list of hours is otherwise an "entry",
 * never a "day" (its number is its place in the list, not a day of the week).
 */
export function placeOf(pointer: string, value?: unknown): string {
  if (!pointer) return "the whole file";
  const parts = pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  let at: unknown = value;
  return parts
    .map((s, i) => {
      at = at !== null && typeof at === "object" ? (at as Record<string, unknown>)[s] : undefined;
      if (!/^\d+$/.test(s)) return s;
      const weekday = at !== null && typeof at === "object" ? (at as Record<string, unknown>).weekday : undefined;
      return typeof weekday === "number" && DAY_NAMES[weekday] ? DAY_NAMES[weekday] : `${singular(parts[i - 1])} ${Number(s) + 1}`;
    })
    .join(" › ");
}

function singular(word: string | undefined): string {
  if (!word) return "item";
  if (word === "blocks") return "block";
  if (word === "opening_hours" || word === "special_hours") return "entry";
  return "item";
}
