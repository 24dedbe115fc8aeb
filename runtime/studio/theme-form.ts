/**
 * The theme's form as a plain HTML form (before or without scripts): each field's input is named
 * by its JSON pointer ("/theme/colors/primary"), a union's kind select by its pointer and `#kind`,
 * and the post is read back into the manifest value by the same rules the editor's fields use
 * (`parseInput`): a field whose text is what it showed (the file's value, else its template's,
 * else the default) is no change, so posting the form never copies a template's or a default's
 * value into the dealer's file; an empty optional field leaves its key out. Choosing another kind
 * of a union (the logo: picture or text) takes that kind's fields as posted. Lists and checkboxes
 * are not part of the theme and are left as they are. Pure.
 */
import { parseInput, variantIndex, type Field } from "./form";
import { getAt, pointerOf, setAt, type Path } from "./ops";
import { originOf, type TemplateValue } from "./template-origin";

/** The hidden field holding which version of the target the form was read from. */
export const FORM_VERSION_FIELD = "_version";

/** The name of a union's kind select (its variant's number). */
export const kindFieldName = (pointer: string) => `${pointer}#kind`;

/** A value as a field shows it (the editor's `show`). */
const show = (v: unknown) => (v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));

/** A typed text a field could not take, with why. */
export interface RefusedInput {
  raw: string;
  error: string;
}

export interface FormReading {
  value: unknown;
  /** Inputs that did not parse (letters in a number field), by the field's pointer. */
  refused: Record<string, RefusedInput>;
  /** The pointer of each field the post changed, in form order. */
  changed: string[];
}

type Get = (name: string) => string | undefined;

function shownOf(value: unknown, templates: TemplateValue[], field: Field, path: Path): unknown {
  const own = getAt(value, path);
  if (own !== undefined) return own;
  const origin = originOf(value, templates, path);
  return origin.from === "template" ? origin.templateValue : field.default;
}

const TEXT_KINDS = new Set(["string", "text", "color", "link", "picture", "number", "integer", "enum"]);

/** One posted field read into the value: unchanged when its text is what it showed. */
function readLeaf(out: FormReading, templates: TemplateValue[], field: Field, path: Path, get: Get): void {
  if (!TEXT_KINDS.has(field.kind)) return;
  const pointer = pointerOf(path);
  const raw = get(pointer);
  if (raw === undefined) return;
  if (raw === show(shownOf(out.value, templates, field, path))) return;
  // An emptied optional field leaves its key out (the template's or the default's value then shows).
  const parsed = raw === "" && !field.required ? { value: undefined } : parseInput(field, raw);
  if ("error" in parsed) {
    out.refused[pointer] = { raw, error: parsed.error };
    return;
  }
  out.value = setAt(out.value, path, parsed.value);
  out.changed.push(pointer);
}

/** A union: the same kind as before reads its fields one by one; another kind is written afresh from its posted fields. */
function readUnion(out: FormReading, templates: TemplateValue[], field: Field, basePath: Path, get: Get): void {
  const path = [...basePath, ...field.path];
  const pointer = pointerOf(path);
  const variants = field.variants ?? [];
  const before = variantIndex(variants, shownOf(out.value, templates, field, path));
  const kindRaw = get(kindFieldName(pointer));
  const chosen = kindRaw !== undefined && /^\d+$/.test(kindRaw) && variants[Number(kindRaw)] ? Number(kindRaw) : before;
  const variant = variants[chosen];
  if (!variant) return;
  if (chosen === before) {
    readFields(out, templates, variant.fields, basePath, get);
    return;
  }
  let next: Record<string, unknown> = {};
  for (const f of variant.fields) {
    const fp = [...basePath, ...f.path];
    const raw = get(pointerOf(fp));
    const parsed = raw === undefined || raw === "" ? { value: undefined } : parseInput(f, raw);
    if ("error" in parsed) out.refused[pointerOf(fp)] = { raw: raw!, error: parsed.error };
    else if (parsed.value !== undefined) next = { ...next, [f.name]: parsed.value };
  }
  out.value = setAt(out.value, path, next);
  out.changed.push(pointer);
}

function readFields(out: FormReading, templates: TemplateValue[], fields: Field[], basePath: Path, get: Get): void {
  for (const f of fields) {
    if (f.kind === "group") readFields(out, templates, f.fields ?? [], basePath, get);
    else if (f.kind === "union") readUnion(out, templates, f, basePath, get);
    else readLeaf(out, templates, f, [...basePath, ...f.path], get);
  }
}

/**
 * The manifest value after a plain form's post of `fields` (under `basePath`, the theme's
 * ["theme"]): what changed, and the inputs that could not be read.
 */
export function valueFromForm(value: unknown, fields: Field[], basePath: Path, templates: TemplateValue[], get: Get): FormReading {
  const out: FormReading = { value, refused: {}, changed: [] };
  readFields(out, templates, fields, basePath, get);
  return out;
}
