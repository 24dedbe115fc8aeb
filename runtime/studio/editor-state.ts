/**
 * The studio editor's state and how each event changes it (pure: no React, no fetch). The client
 * island keeps this in `useReducer`; the checks and saves it sends to the server come back here as
 * actions ("accepted", "refused", "save-answer"), so every rule about what the editor shows after
 * an event is in one place and tested without a browser. The manifest value itself moves through
 * `history.ts` (undo and redo) and `ops.ts` (the edits).
 */
import { parse } from "jsonc-parser";
import { canRedo, canUndo, commit, redo, startHistory, undo, type History } from "./history";
import { placeOf, plainMessage, type StudioProblem } from "./messages";
import type { Path } from "./ops";
import { applyValueToText, diffLines, type DiffLine } from "./text-edits";

/** A problem the platform reported, with its place in the file. */
export interface EditorProblem extends StudioProblem {
  line: number;
  column: number;
  /** For a template's check: the dealer (or draft) the problem is in. */
  dealer?: string;
  file?: string;
}

/** A field's typed text the platform (or the field's own parsing) refused, with why. */
export interface PendingInput {
  raw: string;
  messages: string[];
}

export interface EditorState {
  /** The manifest value as written in the file (no defaults filled), with undo and redo. */
  history: History<unknown>;
  /** The file's text as last read or saved: what "unsaved" and the diff compare against. */
  baseText: string;
  route: string;
  /** The chosen block's path, or null. */
  selected: Path | null;
  /** "theme" or a site-settings section's key when that form is open instead of a block's. */
  panel: string | null;
  warnings: EditorProblem[];
  /** Refused inputs by the field's JSON pointer. */
  pending: Record<string, PendingInput>;
  status: string;
  problems: EditorProblem[];
  /** A check or save is on its way. */
  busy: boolean;
  /** Bumped to reload the preview frame. */
  previewKey: number;
  /** The diff shown before saving, or null. */
  review: DiffLine[] | null;
}

/** What the server's check and save endpoints answer. */
export interface ServerAnswer {
  ok?: boolean;
  status?: string;
  errors?: EditorProblem[];
  warnings?: EditorProblem[];
  text?: string;
  backup?: string;
  message?: string;
}

export type EditorAction =
  /** The working copy as the page read it. */
  | { type: "load"; baseText: string; value: unknown; route: string; warnings: EditorProblem[] }
  | { type: "busy"; busy: boolean }
  | { type: "status"; text: string }
  /** The platform accepted a new value: it becomes the present. */
  | { type: "accepted"; next: unknown; what: string; pointer?: string; warnings: EditorProblem[] }
  /** The platform refused a new value: the value stays, the field (if any) keeps what was typed. */
  | { type: "refused"; errors: EditorProblem[]; message?: string; pointer?: string; raw?: string }
  /** A field's text did not even parse (a number field holding letters). */
  | { type: "input-refused"; pointer: string; raw: string; error: string }
  | { type: "undo" }
  | { type: "redo" }
  /** The check after undo or redo came back. */
  | { type: "rechecked"; what: string; ok: boolean; warnings: EditorProblem[] }
  | { type: "route"; route: string }
  | { type: "select"; path: Path | null }
  | { type: "panel"; panel: string }
  | { type: "review"; fileName: string }
  | { type: "close-review" }
  | { type: "save-answer"; answer: ServerAnswer; fileName: string; savedWords: SavedWords };

/** Who sees a save: a dealer's live site, the sites using a template, or no one yet (a draft or an unused template). */
export type SavedWords = "live" | "users" | "file";

export function initialEditorState(init: { baseText: string; value: unknown; route: string; warnings: EditorProblem[] }): EditorState {
  return {
    history: startHistory(init.value),
    baseText: init.baseText,
    route: init.route,
    selected: null,
    panel: null,
    warnings: init.warnings,
    pending: {},
    status: "",
    problems: [],
    busy: false,
    previewKey: 0,
    review: null,
  };
}

export const valueOf = (s: EditorState) => s.history.present;
export const undoable = (s: EditorState) => canUndo(s.history);
export const redoable = (s: EditorState) => canRedo(s.history);

/** The file's text with a value written into it (comments and layout kept). */
export const textWith = (baseText: string, value: unknown) => applyValueToText(baseText, parse(baseText), value);
/** Whether the value differs from what the file holds (a change undone back to the file is no change). */
export const isUnsaved = (baseText: string, value: unknown) => textWith(baseText, value) !== baseText;

/** A problem's sentence with who it is about (a template's check names the dealer). */
export const problemWords = (p: EditorProblem) => `${p.dealer ? `${p.dealer}: ` : ""}${plainMessage(p)}`;

/** The problems at a field (or under it); all of them when none is. */
function fieldMessages(errors: EditorProblem[], pointer: string): string[] {
  const atField = errors.filter((e) => e.pointer === pointer || e.pointer.startsWith(`${pointer}/`));
  return (atField.length ? atField : errors).map((e) => `${plainMessage(e)} (at ${placeOf(e.pointer)})`);
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

export function savedStatus(fileName: string, backup: string | undefined, words: SavedWords): string {
  if (words === "live") return `Saved ${fileName}. The live site shows it within seconds; the previous version is kept as ${backup}.`;
  if (words === "users") return `Saved ${fileName}. The sites that use it show it within seconds; the previous version is kept as ${backup}.`;
  return `Saved ${fileName}. The previous version is kept as ${backup}.`;
}

function saveAnswered(s: EditorState, a: Extract<EditorAction, { type: "save-answer" }>): EditorState {
  const r = a.answer;
  if (r.status === "saved" && r.text !== undefined) return { ...s, baseText: r.text, review: null, status: savedStatus(a.fileName, r.backup, a.savedWords) };
  if (r.status === "changed") return { ...s, status: "Not saved: the file changed since the studio opened it. Reload the studio to edit the new version." };
  return { ...s, problems: r.errors ?? [], status: `Not saved: ${r.message ?? r.errors?.[0]?.message ?? "the manifest has errors"}` };
}

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case "load":
      return initialEditorState(a);
    case "busy":
      return { ...s, busy: a.busy };
    case "status":
      return { ...s, status: a.text };
    case "accepted":
      return {
        ...s,
        history: commit(s.history, a.next),
        warnings: a.warnings,
        pending: a.pointer ? without(s.pending, a.pointer) : s.pending,
        problems: [],
        status: `${a.what}. Preview updated.`,
        previewKey: s.previewKey + 1,
      };
    case "refused": {
      const first = a.errors[0];
      return {
        ...s,
        pending: a.pointer ? { ...s.pending, [a.pointer]: { raw: a.raw ?? "", messages: fieldMessages(a.errors, a.pointer) } } : s.pending,
        problems: a.errors,
        status: `Not changed: ${first ? problemWords(first) : (a.message ?? "the platform refused it")}`,
      };
    }
    case "input-refused":
      return { ...s, pending: { ...s.pending, [a.pointer]: { raw: a.raw, messages: [a.error] } }, status: `Not changed: ${a.error}` };
    case "undo":
      return canUndo(s.history) ? { ...s, history: undo(s.history), pending: {} } : s;
    case "redo":
      return canRedo(s.history) ? { ...s, history: redo(s.history), pending: {} } : s;
    case "rechecked":
      return { ...s, warnings: a.warnings, status: a.ok ? `${a.what}. Preview updated.` : a.what, previewKey: s.previewKey + 1 };
    case "route":
      return { ...s, route: a.route, selected: null, pending: {}, previewKey: s.previewKey + 1 };
    case "select":
      // Choosing a block closes the theme's or a section's form; clearing the choice leaves it.
      return { ...s, selected: a.path, panel: a.path ? null : s.panel };
    case "panel":
      return { ...s, selected: null, panel: a.panel };
    case "review":
      return { ...s, review: diffLines(a.fileName, s.baseText, textWith(s.baseText, s.history.present)) };
    case "close-review":
      return { ...s, review: null };
    case "save-answer":
      return saveAnswered(s, a);
  }
}
