/**
 * The studio editor's changes to the manifest value, each described before it is sent for
 * checking: the new value, the words the status line shows, and where the choice and the keyboard
 * focus go once the platform accepts it. Built on the edits in `ops.ts`; pure (no React), so each
 * button's behaviour is tested without a browser.
 */
import { parseInput, type Field } from "./form";
import { getAt, insertBlock, moveBlock, duplicateBlock, pointerOf, removeBlock, setAt, type Path } from "./ops";
import type { PendingInput } from "./editor-state";
import type { TemplateValue } from "./template-origin";

export interface Change {
  /** The value after the change, made from the value the editor showed. */
  next: unknown;
  /**
   * A change of one place (a field's input, a list's items): applied to the newest working copy
   * rather than `next`, so an edit made while an earlier one is still being checked never brings
   * back that earlier value's neighbours.
   */
  set?: { path: Path; value: unknown };
  /** What the status line says once it is accepted ("Moved hero up"). */
  what: string;
  /** The field the change belongs to: a refusal is shown there. */
  pointer?: string;
  /** What was typed, kept in the field when the change is refused. */
  raw?: string;
  /** The block chosen afterwards (null: none; undefined: the choice stays). */
  select?: Path | null;
  /** The `data-focus` target that takes the keyboard focus afterwards. */
  focus?: string;
}

/** The block types a page's own blocks offer to add; a block type with `within` only inside one of those. */
export interface AddableBlock {
  type: string;
  within: string[];
  newProps: Record<string, unknown>;
}

export const blocksPathOf = (route: string): Path => ["routes", route, "blocks"];

const listLength = (value: unknown, listPath: Path) => {
  const l = getAt(value, listPath);
  return Array.isArray(l) ? l.length : 0;
};

/** The pages the file itself defines. */
export const ownRoutesOf = (value: unknown) => Object.keys((getAt(value, ["routes"]) as Record<string, unknown> | undefined) ?? {});

/** The site's pages as the loader merges them: the templates' in their order, then the file's new ones. */
export function siteRoutesOf(value: unknown, siteRoutes: string[], templates: TemplateValue[]): string[] {
  const own = ownRoutesOf(value);
  return [
    ...siteRoutes.filter((r) => own.includes(r) || templates.some((t) => getAt(t.value, ["routes", r]) !== undefined)),
    ...own.filter((r) => !siteRoutes.includes(r)),
  ];
}

/** The address the preview shows: the page itself, or a sample address for a pattern ("/cars/[slug]"); null when there is none. */
export const previewPathOf = (route: string, previewPaths: Record<string, string>): string | null => (/\[/.test(route) ? (previewPaths[route] ?? null) : route);

/** The block types that may go where a new block would be added (in a slot: those allowed within its owner). */
export function addableTypes<T extends AddableBlock>(value: unknown, selected: Path | null, blockTypes: T[]): T[] {
  const parent = selected && selected.length > 4 ? (getAt(value, selected.slice(0, -3)) as { type?: string } | undefined)?.type : null;
  return blockTypes.filter((b) => b.within.length === 0 || (parent ? b.within.includes(parent) : false));
}

/** A new block right after the chosen one, else at the end of the page; it is chosen afterwards. */
export function addBlockChange(value: unknown, route: string, selected: Path | null, block: AddableBlock): Change {
  const listPath = blocksPathOf(route);
  const list = selected ? selected.slice(0, -1) : listPath;
  const index = selected ? (selected[selected.length - 1] as number) + 1 : listLength(value, listPath);
  return {
    next: insertBlock(value, list, index, { type: block.type, props: structuredClone(block.newProps) }),
    what: `Added ${block.type}`,
    select: [...list, index],
    focus: `${pointerOf([...list, index])}:pick`,
  };
}

export type BlockOp = "up" | "down" | "duplicate" | "remove";

/**
 * Moving, duplicating or removing a block of the tree. A moved block stays chosen and the focus
 * follows it (to the same button, or to its name when moved from the keyboard); a removed block's
 * focus goes to the "add" select. Null when the block cannot move that way.
 */
export function blockChange(
  value: unknown,
  node: { listPath: Path; index: number; type: string },
  op: BlockOp,
  focusOn: "pick" | "button" = "button",
): Change | null {
  const { listPath, index, type } = node;
  const at = (i: number) => pointerOf([...listPath, i]);
  if (op === "up" || op === "down") {
    const delta = op === "up" ? -1 : 1;
    const to = index + delta;
    if (to < 0 || to >= listLength(value, listPath)) return null;
    return {
      next: moveBlock(value, listPath, index, delta),
      what: `Moved ${type} ${op}`,
      select: [...listPath, to],
      focus: `${at(to)}:${focusOn === "pick" ? "pick" : op}`,
    };
  }
  if (op === "duplicate")
    return { next: duplicateBlock(value, listPath, index), what: `Duplicated ${type}`, select: [...listPath, index + 1], focus: `${at(index + 1)}:pick` };
  return { next: removeBlock(value, listPath, index), what: `Removed ${type}`, select: null, focus: "add" };
}

/** A new, empty page at a path no page has yet. */
export function addPageChange(value: unknown, routes: string[], path: string, title: string): (Change & { route: string }) | { error: string } {
  const p = path.trim();
  if (!p) return { error: "Enter the new page's path, such as /about-us." };
  if (routes.includes(p)) return { error: `There is already a page at ${p}.` };
  return { next: setAt(value, ["routes", p], { title: title.trim() || p, blocks: [] }), what: `Added the page ${p}`, route: p };
}

/**
 * What a field's new input does: refused when it does not parse for the field's kind, nothing when
 * the value is what the file already holds (and no refusal is showing), else the change.
 */
export function fieldChange(
  value: unknown,
  pending: Record<string, PendingInput>,
  field: Field,
  basePath: Path,
  raw: string | boolean | string[],
): { refused: { pointer: string; raw: string; error: string } } | Change | null {
  const path = [...basePath, ...field.path];
  const pointer = pointerOf(path);
  const parsed = Array.isArray(raw) ? { value: raw } : parseInput(field, raw);
  if ("error" in parsed) return { refused: { pointer, raw: String(raw), error: parsed.error } };
  if (JSON.stringify(getAt(value, path)) === JSON.stringify(parsed.value) && !pending[pointer]) return null;
  return { next: setAt(value, path, parsed.value), set: { path, value: parsed.value }, what: `${field.label} changed`, pointer, raw: String(raw) };
}

export function swap<T>(items: T[], a: number, b: number): T[] {
  const out = [...items];
  [out[a], out[b]] = [out[b], out[a]];
  return out;
}

/**
 * An item of a list of objects by its number and, when the field names one, its label key ("Slides 2: Summer sale");
 * an item holding a day by its number shows the day's name and hours ("Opening hours 2: Monday, 08:00–17:30").
 */
/** A weekday's hours in words: "closed", "08:00–17:30", or nothing while they are not set. */
function dayHours(item: Record<string, unknown>): string | undefined {
  if (item.status === "Closed") return "closed";
  return typeof item.open === "string" && typeof item.close === "string" ? `${item.open}–${item.close}` : undefined;
}

export function itemName(field: Pick<Field, "label" | "itemLabelKey" | "itemFields">, item: Record<string, unknown> | undefined, i: number): string {
  const named = field.itemLabelKey ? item?.[field.itemLabelKey] : undefined;
  const day = field.itemFields?.find((f) => f.optionLabels && typeof item?.[f.name] === "number");
  const words = day ? day.optionLabels![(day.options ?? []).indexOf(item![day.name] as number)] : undefined;
  // A day says its hours too, so hours nobody chose (a new dealer's usual week) are seen without opening every day.
  const hours = day && item ? dayHours(item) : undefined;
  const shown = (typeof named === "string" && named) || typeof named === "number" ? named : words && hours ? `${words}, ${hours}` : words;
  return `${field.label} ${i + 1}${shown !== undefined ? `: ${shown}` : ""}`;
}

export type ItemOp = { kind: "up" | "down" | "remove" | "duplicate"; index: number } | { kind: "add" };

/** Keys a copy leaves out: they name one item only (two locations with one id or one slug would clash). */
const UNIQUE_KEYS = ["id", "slug"];

/**
 * A list of objects after adding, moving or removing an item; the focus goes to the moved item,
 * the new one, or (after a removal) the list's "Add" button. `pointer` is the list's own.
 */
export function objectListChange(
  items: Record<string, unknown>[],
  field: Pick<Field, "label" | "newItem">,
  pointer: string,
  op: ItemOp,
): { next: Record<string, unknown>[]; what: string; focus: string } {
  if (op.kind === "add")
    return {
      next: [...items, structuredClone(field.newItem ?? {})],
      what: `Added ${field.label} ${items.length + 1}`,
      focus: `${pointer}/${items.length}:item`,
    };
  const i = op.index;
  if (op.kind === "remove") return { next: items.filter((_, j) => j !== i), what: `Removed ${field.label} ${i + 1}`, focus: `${pointer}:add` };
  if (op.kind === "duplicate") {
    // The copy goes right after the item, without the keys that must differ: those are left to fill.
    const copy = structuredClone(items[i] ?? {});
    for (const k of UNIQUE_KEYS) delete copy[k];
    return { next: [...items.slice(0, i + 1), copy, ...items.slice(i + 1)], what: `Duplicated ${field.label} ${i + 1}`, focus: `${pointer}/${i + 1}:item` };
  }
  const to = op.kind === "up" ? i - 1 : i + 1;
  return { next: swap(items, i, to), what: `Moved ${field.label} ${i + 1} ${op.kind}`, focus: `${pointer}/${to}:item` };
}

export type StringItemOp = ItemOp | { kind: "edit"; index: number; text: string };

/** A list of strings after an edit; a new item starts empty, to fill (an example is not the dealer's own value). */
export function stringListChange(items: string[], _field: Pick<Field, "example">, op: StringItemOp): string[] {
  if (op.kind === "add") return [...items, ""];
  const i = op.index;
  if (op.kind === "edit") return items.map((v, j) => (j === i ? op.text : v));
  if (op.kind === "remove") return items.filter((_, j) => j !== i);
  return swap(items, i, op.kind === "up" ? i - 1 : i + 1);
}
