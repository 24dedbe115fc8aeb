/**
 * Template merge rules (documented in docs/authoring.md):
 *  - objects merge key by key, recursively (so routes, wording, features and theme colours
 *    can be overridden one entry at a time);
 *  - arrays replace the template's array whole (a menu or block list is a unit);
 *  - plain values replace; a `null` in the manifest removes the template's key.
 */
export function mergeManifest<T>(template: unknown, manifest: unknown): T {
  return mergeValue(template, manifest) as T;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function mergeValue(base: unknown, over: unknown): unknown {
  if (over === undefined) return clone(base);
  if (isPlainObject(base) && isPlainObject(over)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(base)) out[k] = clone(v);
    for (const [k, v] of Object.entries(over)) {
      if (v === null) delete out[k];
      else out[k] = k in base ? mergeValue(base[k], v) : clone(v);
    }
    return out;
  }
  return clone(over);
}

function clone<T>(v: T): T {
  return v === undefined ? v : structuredClone(v);
}
