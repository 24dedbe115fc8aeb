import type { AjvError } from "../generated/validators";
import { didYouMean } from "./suggest";

export interface SchemaProblem {
  pointer: string;
  /** Point at the property name rather than its value (unknown keys). */
  atKey: boolean;
  message: string;
  hint?: string;
  /** ajv's keyword and parameters (with `keywords: true`), for a reader that words them its own way (the studio, runtime/studio/messages.ts). */
  keyword?: string;
  params?: Record<string, unknown>;
}

/** The sub-schema an error is about, as far as the wording below reads it. */
interface ParentSchema {
  properties?: Record<string, { enum?: string[] } | undefined>;
}

type VerboseError = AjvError & { parentSchema?: ParentSchema; schema?: unknown; data?: unknown };

/** Turns ajv's errors into plain messages with a pointer and, where it helps, a hint. */
export function describeSchemaErrors(errors: VerboseError[], options: { keywords?: boolean } = {}): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const seen = new Set<string>();
  // A failed discriminator branch also reports the oneOf/if wrappers; keep the specific errors.
  // An anyOf (the logo: a picture or a text) is described once, as its choices, not as each branch's missing fields.
  const specific = errors.filter((e) => e.keyword !== "oneOf" && e.keyword !== "if" && !/\/anyOf\/\d+\//.test(e.schemaPath ?? ""));
  // An unknown block type fails both the tag enum and the discriminator; the latter says it better.
  const unknownTypeAt = new Set(errors.filter((e) => e.keyword === "discriminator").map((e) => `${e.instancePath}/type`));
  for (const e of specific.length ? specific : errors) {
    if (e.keyword === "enum" && unknownTypeAt.has(e.instancePath)) continue;
    const p: SchemaProblem = options.keywords ? { ...describe(e), keyword: e.keyword, params: e.params ?? {} } : describe(e);
    const key = `${p.pointer}|${p.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(p);
    }
  }
  return out;
}

function describe(e: VerboseError): SchemaProblem {
  const at = e.instancePath;
  const params = e.params ?? {};
  switch (e.keyword) {
    case "required":
      return { pointer: `${at}/${params.missingProperty}`, atKey: false, message: `missing required property '${params.missingProperty}'` };
    case "additionalProperties": {
      const known = Object.keys(e.parentSchema?.properties ?? {});
      return {
        pointer: `${at}/${params.additionalProperty}`,
        atKey: true,
        message: `unknown property '${params.additionalProperty}'`,
        hint: didYouMean(params.additionalProperty, known) ?? (known.length ? `allowed: ${known.join(", ")}` : undefined),
      };
    }
    case "discriminator": {
      const types: string[] = e.parentSchema?.properties?.type?.enum ?? [];
      if (params.error === "mapping") {
        return {
          pointer: `${at}/type`,
          atKey: false,
          message: `unknown block type '${params.tagValue}'`,
          hint: didYouMean(String(params.tagValue), types) ?? `known block types: ${types.join(", ")}`,
        };
      }
      return { pointer: `${at}/type`, atKey: false, message: "block 'type' must be a string naming a block" };
    }
    case "enum": {
      const allowed = (params.allowedValues ?? []) as unknown[];
      const hint = typeof e.data === "string" ? didYouMean(e.data, allowed.map(String)) : undefined;
      return { pointer: at, atKey: false, message: `must be one of: ${allowed.map((v) => JSON.stringify(v)).join(", ")}`, hint };
    }
    case "anyOf": {
      const branches = Array.isArray(e.schema) ? (e.schema as { required?: string[] }[]) : [];
      const words = ["", "", "both", "all three", "all four", "all five"];
      const choices = branches
        .map((b) => (b.required ?? []).map((k) => `'${k}'`))
        .filter((keys) => keys.length)
        .map((keys) => (keys.length === 1 ? keys[0] : `${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1]} (${words[keys.length] ?? "all"})`));
      return choices.length
        ? { pointer: at, atKey: false, message: `needs ${choices.join(", or else ")}` }
        : { pointer: at, atKey: false, message: e.message ?? "fails anyOf" };
    }
    case "const":
      return { pointer: at, atKey: false, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case "type":
      return {
        pointer: at,
        atKey: false,
        message: `must be ${params.type === "integer" ? "a whole number" : `of type ${params.type}`}, got ${describeValue(e.data)}`,
      };
    case "pattern":
      if (/\^\\d\{4\}-/.test(String(params.pattern)))
        return {
          pointer: at,
          atKey: false,
          message: `'${String(e.data)}' is not a date or date-time`,
          hint: "use 2025-07-01 or 2025-07-01T00:00:00 (Brisbane time), or add an offset like +10:00",
        };
      return { pointer: at, atKey: false, message: `'${String(e.data)}' has the wrong format`, hint: describePattern(params.pattern) };
    case "format":
      return { pointer: at, atKey: false, message: `'${String(e.data)}' is not a valid ${params.format}` };
    case "propertyNames":
      return { pointer: at, atKey: false, message: `invalid key '${params.propertyName}'` };
    default:
      return { pointer: at, atKey: false, message: e.message ?? `fails ${e.keyword}` };
  }
}

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)}`;
  return `${typeof v} ${JSON.stringify(v)}`;
}

function describePattern(pattern: string): string {
  const known: Record<string, string> = {
    "^[a-z0-9]+(?:-[a-z0-9]+)*$": "use lower-case letters, digits and single hyphens, e.g. 'sunshine-chery'",
    "^#[0-9a-fA-F]{6}$": "use a 6-digit hex colour, e.g. '#c8102e'",
    "^[0-9]{4}$": "use a 4-digit postcode",
    "^([01][0-9]|2[0-3]):[0-5][0-9]$": "use 24-hour time as HH:MM, e.g. '08:00' or '17:30'",
    "^(/[A-Za-z0-9._/-]+|https://.+)$": "use a path under public/ starting with '/', or an https URL",
  };
  return known[pattern] ?? `must match ${pattern}`;
}
