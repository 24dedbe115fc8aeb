/**
 * Reading attribute values from plain records by Algolia-style dot paths
 * (`location.address.city`). Arrays anywhere on the path are flattened, so
 * `images.url` yields every image's url. A key that literally contains the
 * dot (`{"a.b": 1}`) wins over the nested reading.
 */
export type Scalar = string | number | boolean;

export type PathReader = (record: unknown) => Scalar[];

function pushLeaves(value: unknown, out: Scalar[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const v of value) pushLeaves(v, out);
    return;
  }
  const t = typeof value;
  if (t === "string" || t === "number" || t === "boolean") out.push(value as Scalar);
}

function walk(value: unknown, parts: readonly string[], i: number, out: Scalar[]): void {
  if (value === null || value === undefined) return;
  if (i === parts.length) {
    pushLeaves(value, out);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) walk(v, parts, i, out);
    return;
  }
  if (typeof value !== "object") return;
  const obj = value as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(obj, parts[i])) return;
  walk(obj[parts[i]], parts, i + 1, out);
}

/** Appends the scalar values of a record at one path to `out` (no allocation of its own). */
export type PathCollector = (record: unknown, out: Scalar[]) => void;

/**
 * Compile a collector for one attribute path: the allocation-free form of `pathReader`
 * for index builds, which read every record once per attribute into a reused array.
 */
export function pathCollector(path: string): PathCollector {
  const parts = path.split(".");
  if (parts.length === 1) {
    return (record, out) => {
      if (record !== null && typeof record === "object" && Object.prototype.hasOwnProperty.call(record, path)) {
        pushLeaves((record as Record<string, unknown>)[path], out);
      }
    };
  }
  return (record, out) => {
    if (record === null || typeof record !== "object") return;
    const obj = record as Record<string, unknown>;
    if (Object.prototype.hasOwnProperty.call(obj, path)) pushLeaves(obj[path], out);
    else walk(obj, parts, 0, out);
  };
}

/** Compile a reader for one attribute path (do this once, call it per record). */
export function pathReader(path: string): PathReader {
  const collect = pathCollector(path);
  return (record) => {
    const out: Scalar[] = [];
    collect(record, out);
    return out;
  };
}

/** One-off convenience: the scalar values of `record` at `path`. */
export function valuesAtPath(record: unknown, path: string): Scalar[] {
  return pathReader(path)(record);
}
