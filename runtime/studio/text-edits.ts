/**
 * The studio saves by editing the manifest's JSON text, never by rewriting it: each difference
 * between the value the file held and the value the studio made becomes one jsonc-parser
 * `modify` edit, applied in turn, so key order, formatting and comments elsewhere in the file are
 * kept. Pure: runs in the browser (the diff shown before saving) and on the server
 * (the write), so both produce the same text.
 */
import { applyEdits, modify, type FormattingOptions, type JSONPath } from "jsonc-parser";
import { structuredPatch, type StructuredPatch } from "diff";

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** The file's own indentation (manifests use two spaces), so inserted values look like their neighbours. */
export function formattingOf(text: string): FormattingOptions {
  const m = /\n([ \t]+)\S/.exec(text);
  const indent = m?.[1] ?? "  ";
  return { insertSpaces: !indent.startsWith("\t"), tabSize: indent.startsWith("\t") ? 1 : indent.length, eol: text.includes("\r\n") ? "\r\n" : "\n" };
}

/**
 * The text with `before` (what `text` parses to) changed into `after`. Objects are compared key by
 * key (a new key goes at the end of its object); a list that gained or lost one item gets that one
 * insertion or removal; a list of the same length is compared item by item (a move changes the two
 * places); anything else is replaced where it stands.
 */
export function applyValueToText(text: string, before: Json, after: Json): string {
  const formattingOptions = formattingOf(text);
  let out = text;
  const set = (path: JSONPath, value: Json, isArrayInsertion = false) => {
    out = applyEdits(out, modify(out, path, value, { formattingOptions, isArrayInsertion }));
  };
  const walk = (path: JSONPath, a: Json, b: Json) => {
    if (deepEqual(a, b)) return;
    if (isObject(a) && isObject(b)) {
      for (const k of Object.keys(a)) if (!Object.hasOwn(b, k)) set([...path, k], undefined);
      for (const k of Object.keys(b)) {
        if (Object.hasOwn(a, k)) walk([...path, k], a[k], b[k]);
        else set([...path, k], b[k]);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length === b.length) {
        a.forEach((v, i) => walk([...path, i], v, b[i]));
        return;
      }
      const one = singleChange(a, b);
      if (one?.kind === "insert") return set([...path, one.index], b[one.index], true);
      if (one?.kind === "remove") return set([...path, one.index], undefined);
    }
    set(path, b);
  };
  walk([], before, after);
  return out;
}

/** Where `b` is `a` with one item inserted or removed, else null. */
function singleChange(a: Json[], b: Json[]): { kind: "insert" | "remove"; index: number } | null {
  if (Math.abs(a.length - b.length) !== 1) return null;
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && deepEqual(short[i], long[i])) i++;
  for (let j = i; j < short.length; j++) if (!deepEqual(short[j], long[j + 1])) return null;
  return { kind: a.length > b.length ? "remove" : "insert", index: i };
}

export interface DiffLine {
  kind: "add" | "remove" | "context" | "hunk";
  text: string;
}

/** The change as unified-diff lines (jsdiff), three lines of context, for the studio's "Review changes". */
export function diffLines(fileName: string, before: string, after: string): DiffLine[] {
  const patch: StructuredPatch = structuredPatch(fileName, fileName, before, after, "", "", { context: 3 });
  const out: DiffLine[] = [];
  for (const h of patch.hunks) {
    out.push({ kind: "hunk", text: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@` });
    for (const l of h.lines) {
      if (l.startsWith("\\")) continue;
      out.push({ kind: l[0] === "+" ? "add" : l[0] === "-" ? "remove" : "context", text: l.slice(1) });
    }
  }
  return out;
}
