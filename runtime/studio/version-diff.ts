/**
 * What changed between two versions of a manifest, in words a person reads: one line per changed
 * value, its place as a path ("locations › 1 › phone") and its old and new value
 * ("02 6686 0000 → 02 6686 1111"). The comparison itself is microdiff's (a well-kept deep diff);
 * this turns its result into the studio's history lines. Pure.
 */
import diff from "microdiff";

export interface VersionChange {
  kind: "added" | "removed" | "changed";
  /** Keys and list positions from the top, as in the JSON. */
  path: (string | number)[];
  /** "locations › 1 › phone" (list positions counted from 1, as a person counts). */
  place: string;
  before?: string;
  after?: string;
}

/** A value as a short line: text as written, anything else as compact JSON, cut to `max` characters. */
export function shortValue(v: unknown, max = 60): string {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export const placeOfPath = (p: (string | number)[]) =>
  p.length ? p.map((k) => (typeof k === "number" ? String(k + 1) : k)).join(" › ") : "(the whole manifest)";

/** The changes from `before` to `after` (either may be null: a first version, a withdrawal). */
export function versionChanges(before: unknown, after: unknown): VersionChange[] {
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object";
  if (!isObject(before) || !isObject(after)) {
    if (before === after) return [];
    return [{ kind: before == null ? "added" : after == null ? "removed" : "changed", path: [], place: placeOfPath([]) }];
  }
  return diff(before, after).map((d) => {
    const base = { path: d.path, place: placeOfPath(d.path) };
    if (d.type === "CREATE") return { ...base, kind: "added", after: shortValue(d.value) };
    if (d.type === "REMOVE") return { ...base, kind: "removed", before: shortValue(d.oldValue) };
    return { ...base, kind: "changed", before: shortValue(d.oldValue), after: shortValue(d.value) };
  });
}

/** One change as a line: "locations › 1 › phone: 02 6686 0000 → 02 6686 1111". */
export function describeChange(c: VersionChange): string {
  if (c.kind === "added") return c.after === undefined ? `${c.place}: added` : `${c.place}: added ${c.after}`;
  if (c.kind === "removed") return c.before === undefined ? `${c.place}: removed` : `${c.place}: removed (was ${c.before})`;
  return c.before === undefined ? `${c.place}: changed` : `${c.place}: ${c.before} → ${c.after}`;
}

/** The changes between two versions' texts (null for none), as lines; at most `limit`, then how many more. */
export function describeVersionChanges(beforeText: string | null, afterText: string | null, limit = 30): string[] {
  const parse = (t: string | null) => (t === null ? null : (JSON.parse(t) as unknown));
  const changes = versionChanges(parse(beforeText), parse(afterText));
  const lines = changes.slice(0, limit).map(describeChange);
  if (changes.length > limit) lines.push(`… and ${changes.length - limit} more changes`);
  return lines;
}
