/**
 * Where a value of a dealer's manifest comes from: the dealer's own file, or a
 * template it extends (manifests/templates/, `extends`), or neither (the schema's default). The
 * manifest loader merges objects key by key and lets arrays and plain values replace
 * (runtime/manifest/merge.ts), so a template's value shows through wherever the dealer's file has
 * no key on the way to it, and never inside a list the dealer wrote. Pure.
 */
import type { Path } from "./ops";

export interface TemplateValue {
  /** The template's name (its file in manifests/templates/ without .json). */
  name: string;
  /** The template's file as written. */
  value: unknown;
}

export interface Origin {
  /** "dealer": the dealer's file sets it; "template": a template does and the dealer's file does not; "default": neither. */
  from: "dealer" | "template" | "default";
  /** The template that has a value there (nearest first), if any: "Reset to template" is possible when from is "dealer". */
  template?: string;
  /** That template's value. */
  templateValue?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value at `path` (through objects and lists), and whether a list the file wrote lies on the way. */
function lookUp(value: unknown, path: Path): { found: boolean; value?: unknown; throughList: boolean } {
  let v = value;
  let throughList = false;
  for (const key of path) {
    if (Array.isArray(v)) {
      throughList = true;
      v = v[Number(key)];
    } else if (isObject(v) && String(key) in v) v = v[String(key)];
    else return { found: false, throughList };
  }
  return { found: v !== undefined && v !== null, value: v, throughList };
}

/** The origin of the value at `path`, given the dealer's file and its template chain (nearest template first). */
export function originOf(own: unknown, templates: TemplateValue[], path: Path): Origin {
  const mine = lookUp(own, path);
  // Inside a list the dealer wrote: the dealer's list replaced the template's, so the template has no say.
  if (mine.throughList) return { from: mine.found ? "dealer" : "default" };
  for (const t of templates) {
    const theirs = lookUp(t.value, path);
    if (theirs.found) return { from: mine.found ? "dealer" : "template", template: t.name, templateValue: theirs.value };
  }
  return { from: mine.found ? "dealer" : "default" };
}

/** The chain of template names a manifest extends, nearest first, from `extends` fields (read by `load`, a function the caller gives). */
export function templateChain(own: unknown, load: (name: string) => unknown): TemplateValue[] {
  const out: TemplateValue[] = [];
  let next = isObject(own) ? own.extends : undefined;
  while (typeof next === "string" && /^[a-z0-9-]+$/.test(next) && !out.some((t) => t.name === next) && out.length < 10) {
    const value = load(next);
    if (value === undefined) break;
    out.push({ name: next, value });
    next = isObject(value) ? value.extends : undefined;
  }
  return out;
}
