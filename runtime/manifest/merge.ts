/**
 * Template merge rules (documented in docs/authoring.md):
 *  - objects merge key by key, recursively (so routes, wording, features and theme colours
 *    can be overridden one entry at a time);
 *  - arrays replace the template's array whole (a menu or block list is a unit);
 *  - plain values replace; a `null` in the manifest removes the template's key.
 */
export function mergeManifest<T>(template: unknown, manifest: unknown, options: { ownInputs?: boolean } = {}): T {
  return (options.ownInputs ? mergeOwned(template, manifest) : mergeValue(template, manifest)) as T;
}

/**
 * The same merge over inputs the caller made for this merge alone (the manifest loader's freshly
 * migrated copies): their parts are used in the result as they are instead of copied. Each part
 * lands in the result once, so nothing in it is shared; at a thousand dealers the copies were a
 * fifth of loading a manifest whose checks are remembered.
 */
function mergeOwned(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (isPlainObject(base) && isPlainObject(over)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) {
      if (v === null) delete out[k];
      else out[k] = k in base ? mergeOwned(base[k], v) : v;
    }
    return out;
  }
  return over;
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
