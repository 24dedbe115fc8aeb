/**
 * The props form of a block, generated from its JSON Schema (issue 19): a title is the label, a
 * description the help, an enum a select, a boolean a checkbox, a number or integer a number
 * field, a string a text field (a #rrggbb colour with a swatch), a list of strings a list with add, remove and move buttons, an
 * object a group of its own fields. Anything else (lists of objects, unions) is shown as "edit in
 * the file" for now. Written on our schemas directly, see docs/architecture.md ("Dealer studio").
 * Pure: the studio's client renders these descriptions.
 */
type Json = Record<string, unknown>;

export type FieldKind = "string" | "text" | "color" | "number" | "integer" | "boolean" | "enum" | "string-list" | "group" | "other";

export interface Field {
  /** The property's name (the last part of its path). */
  name: string;
  /** Path under the block's props. */
  path: string[];
  kind: FieldKind;
  label: string;
  help: string;
  required: boolean;
  default?: unknown;
  example?: unknown;
  /** Allowed values of an enum. */
  options?: (string | number)[];
  /** A group's fields. */
  fields?: Field[];
  minimum?: number;
  maximum?: number;
}

/** `#/$defs/x` references resolved against the composed schema's $defs (the studio page does it once per block). */
export function resolveRef(schema: Json, defs: Record<string, Json>): Json {
  let s = schema;
  for (let i = 0; i < 10 && typeof s.$ref === "string"; i++) {
    const target = defs[s.$ref.replace(/^#\/\$defs\//, "")];
    if (!target) break;
    const rest = { ...s };
    delete rest.$ref;
    s = { ...target, ...rest };
  }
  return s;
}

/** Words for a field without a title: "ctaLabel" → "Cta label". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldOf(name: string, raw: Json, defs: Record<string, Json>, path: string[], required: boolean, depth = 0): Field {
  const s = resolveRef(raw, defs);
  const base = {
    name,
    path,
    label: String(s.title ?? labelOf(name)),
    help: String(s.description ?? ""),
    required,
    default: s.default,
    example: Array.isArray(s.examples) ? s.examples[0] : undefined,
  };
  const type = Array.isArray(s.type) ? null : (s.type as string | undefined);
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === "string" || typeof v === "number"))
    return { ...base, kind: "enum", options: s.enum as (string | number)[] };
  if (type === "boolean") return { ...base, kind: "boolean" };
  if (type === "integer" || type === "number")
    return { ...base, kind: type, minimum: s.minimum as number | undefined, maximum: s.maximum as number | undefined };
  // The schema's colour (#rrggbb): a text field with a swatch; contrast is the theme-contrast rule's to judge on each change.
  if (type === "string" && s.pattern === "^#[0-9a-fA-F]{6}$") return { ...base, kind: "color" };
  if (type === "string") return { ...base, kind: typeof s.maxLength === "number" && s.maxLength > 200 ? "text" : "string" };
  if (type === "array") {
    const items = resolveRef((s.items ?? {}) as Json, defs);
    if (items.type === "string" && !Array.isArray(items.enum)) return { ...base, kind: "string-list" };
  }
  if (type === "object" && s.properties && depth < 3) return { ...base, kind: "group", fields: fieldsOf(s, defs, path, depth + 1) };
  return { ...base, kind: "other" };
}

/** The fields of an object schema (a block's props), in schema order. */
export function fieldsOf(schema: Json, defs: Record<string, Json>, prefix: string[] = [], depth = 0): Field[] {
  const s = resolveRef(schema, defs);
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries((s.properties ?? {}) as Record<string, Json>).map(([name, raw]) =>
    fieldOf(name, raw ?? {}, defs, [...prefix, name], required.has(name), depth),
  );
}

/**
 * What a typed-in value means for a field: a number field's text as a number, an empty optional
 * field as "leave it out" (undefined). `error` when the text cannot be that kind of value.
 */
export function parseInput(field: Pick<Field, "kind" | "required">, raw: string | boolean): { value: unknown } | { error: string } {
  if (field.kind === "boolean") return { value: raw === true };
  const text = String(raw);
  if (field.kind === "number" || field.kind === "integer") {
    if (text.trim() === "") return field.required ? { error: "Enter a number." } : { value: undefined };
    const n = Number(text);
    if (!Number.isFinite(n)) return { error: "Enter a number." };
    if (field.kind === "integer" && !Number.isInteger(n)) return { error: "Enter a whole number." };
    return { value: n };
  }
  return { value: text };
}

/** The props a new block starts with: its schema's first example of the whole props, else {} (the defaults fill the rest). */
export function newBlockProps(propsSchema: Json): Record<string, unknown> {
  const ex = Array.isArray(propsSchema.examples) ? propsSchema.examples[0] : undefined;
  return ex && typeof ex === "object" && !Array.isArray(ex) ? structuredClone(ex as Record<string, unknown>) : {};
}
