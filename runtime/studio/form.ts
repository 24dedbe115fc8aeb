/**
 * The props form of a block, generated from its JSON Schema: a title is the label, a
 * description the help, an enum a select, a boolean a checkbox, a number or integer a number
 * field, a string a text field (a #rrggbb colour with a swatch, a link with the dealer's routes to
 * choose from, a picture with the files under public/), a list of strings or of objects a list with
 * add, remove and move buttons, an object a group of its own fields, a union (anyOf/oneOf) a select
 * of its variants then the chosen variant's fields. Anything else is shown as "edit in the file".
 * Written on our schemas directly, see docs/architecture.md ("Dealer studio").
 * Pure: the studio's client renders these descriptions.
 */
type Json = Record<string, unknown>;

export type FieldKind =
  "string" | "text" | "color" | "link" | "picture" | "number" | "integer" | "boolean" | "enum" | "string-list" | "object-list" | "group" | "union" | "other";

/** One variant of a union: its label in the select, the keys that tell it apart, its fields. */
export interface Variant {
  label: string;
  required: string[];
  fields: Field[];
  /** What choosing it starts with (its example, else its required fields' defaults or examples). */
  start: Record<string, unknown>;
}

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
  /** Allowed values of an enum, of the schema's own types (a heading level is the number 3). */
  options?: (string | number)[];
  /** Words shown for each option, when the stored value is a code (a weekday's number shows as its name). */
  optionLabels?: string[];
  /** A group's fields. */
  fields?: Field[];
  minimum?: number;
  maximum?: number;
  /** A picture slot's proportions (the schema's "x-picture-ratio", such as "1920:540"). */
  pictureRatio?: string;
  /** A list of objects: the fields of one item (paths relative to the item), what a new item starts with, the key naming an item. */
  itemFields?: Field[];
  newItem?: Record<string, unknown>;
  itemLabelKey?: string;
  /** A union's variants. */
  variants?: Variant[];
  /** A string's format in the schema ("email": the input is an email field). */
  format?: string;
}

/** The schema's asset pattern: a path under public/ or an https URL. */
const ASSET_PATTERN = "^(/[A-Za-z0-9._/-]+|https://.+)$";
/** Fields that hold a link: href, url, link, ctaHref, bookingUrl… (a string without an enum or a pattern of its own). */
const LINK_NAME = /^(href|url|link)$|(Href|Url|Link)$/;

/** The days of the week as the manifest numbers them: 0 Sunday to 6 Saturday. */
export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A day stored as a number (a weekday from 0 to 6): shown and chosen by its name. */
function isWeekday(name: string, s: Json): boolean {
  return /day$/i.test(name) && s.type === "integer" && s.minimum === 0 && s.maximum === 6;
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
  if (isWeekday(name, s)) return { ...base, kind: "enum", options: DAY_NAMES.map((_, i) => i), optionLabels: [...DAY_NAMES] };
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === "string" || typeof v === "number"))
    return { ...base, kind: "enum", options: s.enum as (string | number)[] };
  if (type === "boolean") return { ...base, kind: "boolean" };
  if (type === "integer" || type === "number")
    return { ...base, kind: type, minimum: s.minimum as number | undefined, maximum: s.maximum as number | undefined };
  // The schema's colour (#rrggbb): a text field with a swatch; contrast is the theme-contrast rule's to judge on each change.
  if (type === "string" && s.pattern === "^#[0-9a-fA-F]{6}$") return { ...base, kind: "color" };
  if (type === "string" && (typeof s["x-picture-ratio"] === "string" || s.pattern === ASSET_PATTERN))
    return { ...base, kind: "picture", pictureRatio: typeof s["x-picture-ratio"] === "string" ? s["x-picture-ratio"] : undefined };
  if (type === "string" && LINK_NAME.test(name) && !s.pattern && !s.format) return { ...base, kind: "link" };
  // A string of a format (an email address) is one line however long it may be, typed as that format.
  if (type === "string" && typeof s.format === "string") return { ...base, kind: "string", format: s.format };
  if (type === "string") return { ...base, kind: typeof s.maxLength === "number" && s.maxLength > 200 ? "text" : "string" };
  if (type === "array") {
    const items = resolveRef((s.items ?? {}) as Json, defs);
    if (items.type === "string" && !Array.isArray(items.enum)) return { ...base, kind: "string-list" };
    if (items.type === "object" && items.properties && depth < 4) {
      const ownFields = fieldsOf(items, defs, [], depth + 1);
      const labelKey = ["label", "title", "name", "heading", "id", "text"].find((k) => ownFields.some((f) => f.name === k && f.kind === "string"));
      // Items of several shapes (a lead destination: an email or a webhook): each item is one union
      // over the whole item, named after the list ("Destinations" → "Destination"), so its kind is chosen first.
      const itemUnion = Array.isArray(items.anyOf) || Array.isArray(items.oneOf);
      const itemFields = itemUnion ? [{ ...fieldOf("", items, defs, [], true, depth + 1), label: base.label.replace(/s$/, "") }] : ownFields;
      return { ...base, kind: "object-list", itemFields, newItem: startOf(items, defs), itemLabelKey: labelKey };
    }
  }
  const union = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null) as Json[] | null;
  if (union && type === "object" && s.properties && depth < 4) return { ...base, kind: "union", variants: variantsOf(s, union, defs, path, depth) };
  if (type === "object" && s.properties && depth < 4) return { ...base, kind: "group", fields: fieldsOf(s, defs, path, depth + 1) };
  return { ...base, kind: "other" };
}

/**
 * The variants of an object with anyOf/oneOf branches (the logo: a picture or a text). A branch
 * names some of the object's properties (`true` means "as the object defines it") or brings its
 * own; its fields are those properties, its label its title or its required fields' labels.
 */
function variantsOf(s: Json, branches: Json[], defs: Record<string, Json>, path: string[], depth: number): Variant[] {
  const props = (s.properties ?? {}) as Record<string, Json>;
  return branches.map((raw) => {
    const b = resolveRef(raw, defs);
    const own = (b.properties ?? {}) as Record<string, Json | boolean>;
    const names = Object.keys(own).length ? Object.keys(own) : Object.keys(props);
    const required = ((b.required as string[] | undefined) ?? []).filter((k) => names.includes(k));
    const merged: Json = {
      type: "object",
      required,
      properties: Object.fromEntries(names.map((k) => [k, own[k] === true || own[k] === undefined ? (props[k] ?? {}) : (own[k] as Json)])),
    };
    const fields = fieldsOf(merged, defs, path, depth + 1);
    // Its title, else "Picture" for a variant with a picture, else its one required field's label, else its required fields'.
    const label =
      typeof b.title === "string"
        ? b.title
        : fields.some((f) => f.kind === "picture")
          ? "Picture"
          : required.length === 1
            ? (fields.find((f) => f.name === required[0])?.label ?? required[0])
            : required.map((k) => fields.find((f) => f.name === k)?.label ?? k).join(", ") || "Other";
    const start = startOf(merged, defs);
    for (const f of fields) if (f.required && start[f.name] === undefined) start[f.name] = f.default ?? f.example ?? "";
    return { label, required, fields, start };
  });
}

/** Which variant a value is: the first whose required keys it all has, else the first that shares a key with it, else 0. */
export function variantIndex(variants: Variant[], value: unknown): number {
  const v = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const all = variants.findIndex((x) => x.required.length > 0 && x.required.every((k) => v[k] !== undefined));
  if (all >= 0) return all;
  const some = variants.findIndex((x) => x.fields.some((f) => v[f.name] !== undefined));
  return some >= 0 ? some : 0;
}

/**
 * What a new item of a list (or a new block) starts with: the item's own default or first example
 * when the schema gives one, else its required fields' schema defaults, with a required object
 * started the same way. A required value the schema gives no default for is left out: the new
 * item is a to-do whose missing fields the studio shows to fill (an example is not the dealer's
 * data, so it is never filled in for them; nor is a choice's first option, such as a state). A
 * required number starts at its minimum, a checkbox unticked, a list empty. A schema marked
 * `"x-studio-new": "blank"` (a lender) takes neither its example nor a number's minimum.
 */
export function startOf(schema: Json, defs: Record<string, Json>, depth = 0): Record<string, unknown> {
  const s = resolveRef(schema, defs);
  // A lender's rates and fees are the dealer's to give: an example's (or a minimum's) figures would go live as theirs.
  const blank = s["x-studio-new"] === "blank";
  const given = blank ? undefined : (s.default ?? (Array.isArray(s.examples) ? s.examples[0] : undefined));
  if (given && typeof given === "object" && !Array.isArray(given)) return structuredClone(given as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  const props = (s.properties ?? {}) as Record<string, Json>;
  for (const k of (s.required as string[] | undefined) ?? []) {
    const p = resolveRef((props[k] ?? {}) as Json, defs);
    const v =
      p.default ??
      (p.type === "boolean"
        ? false
        : p.type === "array"
          ? []
          : !blank && (p.type === "integer" || p.type === "number") && typeof p.minimum === "number"
            ? p.minimum
            : undefined);
    if (v !== undefined) out[k] = structuredClone(v);
    else if (p.type === "object" && p.properties && depth < 4) out[k] = startOf(p, defs, depth + 1);
  }
  return out;
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
/**
 * The options a select offers: a schema that accepts a word in two cases (a state as "qld" or
 * "QLD", kept for older files) offers it once, in capitals, unless the value shown is the other case.
 */
export function shownOptions<T extends string | number>(options: readonly T[], current: unknown): T[] {
  const twinOf = (o: T) => (typeof o === "string" ? options.find((x) => x !== o && typeof x === "string" && x.toUpperCase() === o.toUpperCase()) : undefined);
  return options.filter((o) => {
    const twin = twinOf(o);
    if (twin === undefined) return true;
    // Of the two cases, the one the value is written in, else the capitals.
    if (current === o || current === twin) return current === o;
    return o === String(o).toUpperCase();
  });
}

export function parseInput(field: Pick<Field, "kind" | "required" | "options">, raw: string | boolean): { value: unknown } | { error: string } {
  if (field.kind === "boolean") return { value: raw === true };
  const text = String(raw);
  // An optional select's "(none)": leave the key out.
  if (field.kind === "enum" && text === "" && !(field.options ?? []).includes("")) return { value: undefined };
  // A select's text back to the option it names, of the schema's own type ("3" is the number 3 in a list of numbers).
  if (field.kind === "enum") {
    const option = (field.options ?? []).find((o) => String(o) === text);
    return option === undefined ? { error: `Choose one of: ${(field.options ?? []).join(", ")}.` } : { value: option };
  }
  if (field.kind === "number" || field.kind === "integer") {
    if (text.trim() === "") return field.required ? { error: "Enter a number." } : { value: undefined };
    const n = Number(text);
    if (!Number.isFinite(n)) return { error: "Enter a number." };
    if (field.kind === "integer" && !Number.isInteger(n)) return { error: "Enter a whole number." };
    return { value: n };
  }
  // An emptied optional text leaves its key out, as the plain theme form does: "" is rarely a value
  // the schema takes (a time, a colour, an email) and would hold the save back at a field nothing needs.
  if (text === "" && !field.required) return { value: undefined };
  return { value: text };
}

/**
 * The props a new block starts with: its schema's first example of the whole props (a catalogue
 * block's sample content), else what its required fields start with (startOf): a to-do for the
 * fields the schema gives no default for.
 */
export function newBlockProps(propsSchema: Json, defs: Record<string, Json> = {}): Record<string, unknown> {
  const ex = Array.isArray(propsSchema.examples) ? propsSchema.examples[0] : undefined;
  return ex && typeof ex === "object" && !Array.isArray(ex)
    ? structuredClone(ex as Record<string, unknown>)
    : startOf({ ...propsSchema, examples: undefined }, defs);
}
