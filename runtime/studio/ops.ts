/**
 * The studio's edits to a manifest value (as written in the file, not the one with defaults
 * filled): set a field, add, remove, duplicate and move blocks. Each returns a new value and
 * leaves its input alone, so undo and redo are a list of values (history.ts). Pure.
 */
export type Path = (string | number)[];
type Json = unknown;
type Obj = Record<string, Json>;

/** A JSON pointer (RFC 6901) for a path: ["routes", "/", "blocks", 0] → "/routes/~1/blocks/0". */
export function pointerOf(path: Path): string {
  return path.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

export function getAt(value: Json, path: Path): Json {
  let v = value;
  for (const s of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Obj)[s as string];
  }
  return v;
}

/** The value with `path` set to `next` (undefined removes the key); missing objects on the way are made. */
export function setAt(value: Json, path: Path, next: Json): Json {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, next);
    return copy;
  }
  const obj: Obj = value !== null && typeof value === "object" ? { ...(value as Obj) } : {};
  const child = setAt(obj[head as string], rest, next);
  if (child === undefined) delete obj[head as string];
  else obj[head as string] = child;
  return obj;
}

function list(value: Json, listPath: Path): Json[] {
  const l = getAt(value, listPath);
  return Array.isArray(l) ? l : [];
}

export function insertBlock(value: Json, listPath: Path, index: number, node: Json): Json {
  const l = [...list(value, listPath)];
  l.splice(Math.max(0, Math.min(index, l.length)), 0, node);
  return setAt(value, listPath, l);
}

export function removeBlock(value: Json, listPath: Path, index: number): Json {
  const l = [...list(value, listPath)];
  l.splice(index, 1);
  return setAt(value, listPath, l);
}

/** A copy placed right after the block; an `id` is dropped from the copy (ids are unique in a page). */
export function duplicateBlock(value: Json, listPath: Path, index: number): Json {
  const l = list(value, listPath);
  const copy = structuredClone(l[index]) as Obj;
  if (copy && typeof copy === "object") delete copy.id;
  return insertBlock(value, listPath, index + 1, copy);
}

/** Moves the block one place up (-1) or down (+1); at either end the value is returned unchanged. */
export function moveBlock(value: Json, listPath: Path, index: number, delta: -1 | 1): Json {
  const l = [...list(value, listPath)];
  const to = index + delta;
  if (index < 0 || index >= l.length || to < 0 || to >= l.length) return value;
  [l[index], l[to]] = [l[to], l[index]];
  return setAt(value, listPath, l);
}

export interface TreeNode {
  /** Path of the block itself: [...listPath, index]. */
  path: Path;
  listPath: Path;
  index: number;
  type: string;
  /** Block type of the list's owner, or null for a page's own blocks. */
  parentType: string | null;
  slots: { name: string; path: Path; children: TreeNode[] }[];
}

/** The block tree of one list of blocks (a page's `blocks`, or a slot), slots nested. */
export function blockTree(value: Json, listPath: Path, parentType: string | null = null): TreeNode[] {
  return list(value, listPath).map((raw, index) => {
    const node = (raw ?? {}) as Obj;
    const path = [...listPath, index];
    const type = String(node.type ?? "?");
    const slots = Object.keys((node.slots as Obj | undefined) ?? {}).map((name) => {
      const slotPath = [...path, "slots", name];
      return { name, path: slotPath, children: blockTree(value, slotPath, type) };
    });
    return { path, listPath, index, type, parentType, slots };
  });
}
