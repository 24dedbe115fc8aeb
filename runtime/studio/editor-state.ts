/**
 * The studio editor's state and how each event changes it (pure: no React, no fetch). The client
 * island keeps this in `useReducer`. Every edit is kept at once in the working copy (the value with
 * undo and redo), whether complete or not: a new location, holiday or block starts as a to-do with
 * its fields still to fill. The working copy is then checked by the server; each check answers for
 * one version of the working copy, and an answer for an older version is dropped (a newer check
 * follows), so a slow answer never replaces what was typed since. Saving and the preview wait
 * until the newest version passes. The manifest value itself moves through `history.ts` (undo and
 * redo) and `ops.ts` (the edits).
 */
import { parse } from "jsonc-parser";
import { canRedo, canUndo, commit, redo, startHistory, undo, type History } from "./history";
import { placeOf, plainMessage, type StudioProblem } from "./messages";
import { pointerOf, setAt, type Path } from "./ops";
import { applyValueToText, diffLines, type DiffLine } from "./text-edits";

/** A problem the platform reported, with its place in the file. */
export interface EditorProblem extends StudioProblem {
  line: number;
  column: number;
  /** For a template's check: the dealer (or draft) the problem is in. */
  dealer?: string;
  file?: string;
}

/** A field's typed text that does not parse for its kind (letters in a number field), with why: kept out of the working copy. */
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
  /** Inputs that did not parse, by the field's JSON pointer. */
  pending: Record<string, PendingInput>;
  status: string;
  /** What is wrong or still to fill in the working copy, as of its last check. */
  problems: EditorProblem[];
  /** The messages shown at each field (by JSON pointer) from the last check. */
  fieldErrors: Record<string, string[]>;
  /** A save is on its way. */
  busy: boolean;
  /** Bumped by every change of the working copy (edit, undo, redo). */
  version: number;
  /** The version the server last answered for (-1: none since loading, the file as read counts as checked). */
  checkedVersion: number;
  /** The version whose check is on its way, or null. */
  checking: number | null;
  /** The words and the field of the newest change, for the status line once it is checked. */
  lastWhat: string;
  lastPointer?: string;
  /** Bumped to reload the preview frame. */
  previewKey: number;
  /** The diff shown before saving, or null. */
  review: DiffLine[] | null;
  /**
   * The version last saved, or null: a check of that version answering after the save (both were
   * on their way together) refreshes the preview but leaves the status saying it was saved.
   */
  savedVersion: number | null;
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

/** A change of the working copy: a whole new value, or one place set in the newest value. */
export interface Edit {
  next?: unknown;
  set?: { path: Path; value: unknown };
  what: string;
  pointer?: string;
}

export type EditorAction =
  /** The working copy as the page read it. */
  | { type: "load"; baseText: string; value: unknown; route: string; warnings: EditorProblem[] }
  | { type: "busy"; busy: boolean }
  | { type: "status"; text: string }
  /** A change: kept at once (complete or not) and checked next. */
  | { type: "edit"; edit: Edit }
  /** A field's text did not even parse (a number field holding letters). */
  | { type: "input-refused"; pointer: string; raw: string; error: string }
  | { type: "undo" }
  | { type: "redo" }
  /** The check of a version was sent. */
  | { type: "check-sent"; version: number }
  /** The server's answer for a version. */
  | { type: "checked"; version: number; answer: ServerAnswer }
  | { type: "route"; route: string }
  | { type: "select"; path: Path | null }
  | { type: "panel"; panel: string }
  | { type: "review"; fileName: string }
  | { type: "close-review" }
  | { type: "save-answer"; answer: ServerAnswer; fileName: string; savedWords: SavedWords };

/** Who sees a save: a dealer's live site, the sites using a template, or no one yet (a draft or an unused template). */
export type SavedWords = "live" | "users" | "file";

/** What the page opens the editor with. */
export interface StudioStart {
  baseText: string;
  value: unknown;
  route: string;
  warnings: EditorProblem[];
  /** The settings panel open at first (the theme's, after a plain-form logo upload or theme post). */
  panel?: string;
  /** A refused plain-form post shown again: what is wrong with its value, and inputs that did not parse. */
  problems?: EditorProblem[];
  pending?: Record<string, PendingInput>;
  /** The field the refused post changed last: a problem about the whole file is shown there. */
  lastPointer?: string;
}

/**
 * The editor as the page opens it: the value (a refused plain-form post's value when one is shown
 * again, with its `problems` at their fields and its unparsed inputs held in theirs).
 */
export function initialEditorState(init: StudioStart): EditorState {
  return {
    history: startHistory(init.value),
    baseText: init.baseText,
    route: init.route,
    selected: null,
    panel: init.panel ?? null,
    warnings: init.warnings,
    pending: init.pending ?? {},
    status: "",
    problems: init.problems ?? [],
    fieldErrors: init.problems?.length ? fieldErrorsOf(init.problems, init.lastPointer, init.value) : {},
    busy: false,
    version: 0,
    checkedVersion: 0,
    checking: null,
    lastWhat: "",
    previewKey: 0,
    review: null,
    savedVersion: null,
  };
}

/** The version to check now: the newest, when it has not been answered and no check is on its way; else null. */
export const nextCheck = (s: EditorState): number | null => (s.checking === null && s.checkedVersion !== s.version ? s.version : null);

/**
 * Why the working copy cannot be saved yet, in plain words, or null when it can: an input that
 * did not parse, or what the last check of the newest version found still to fill.
 */
export function saveBlocker(s: EditorState): string | null {
  const typed = Object.values(s.pending)[0];
  if (typed) return `Not saved: ${typed.messages[0] ?? "a field holds text it cannot take"}`;
  if (s.checkedVersion === s.version && s.problems.length) return `Not saved: still to fill: ${todoWords(s.problems, s.history.present)}`;
  return null;
}

/**
 * Where a problem is shown: a missing required value at the field it names (the platform's loader
 * already places it there; ajv's own pointer is the object holding it), anything else at its own place.
 */
export function problemPointerOf(p: StudioProblem): string {
  const missing = p.keyword === "required" ? p.params?.missingProperty : undefined;
  if (typeof missing !== "string") return p.pointer;
  const key = pointerOf([missing]);
  return p.pointer.endsWith(key) ? p.pointer : `${p.pointer}${key}`;
}

/** The first problems in a short sentence ("Enter … (at …); and 2 more"). */
export function todoWords(problems: EditorProblem[], value?: unknown): string {
  const shown = problems.slice(0, 2).map((p) => `${problemWords(p)} (at ${placeOf(problemPointerOf(p), value)})`);
  return `${shown.join("; ")}${problems.length > 2 ? `; and ${problems.length - 2} more` : ""}`;
}

/**
 * The messages shown at each field: each problem at its own field; the field of the newest change
 * also shows every problem when none is at it or under it (a rule about the whole file, such as
 * a theme's contrast, is shown where the change was made).
 */
export function fieldErrorsOf(errors: EditorProblem[], lastPointer: string | undefined, value?: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const say = (e: EditorProblem) => `${plainMessage(e)} (at ${placeOf(problemPointerOf(e), value)})`;
  for (const e of errors) (out[problemPointerOf(e)] ??= []).push(say(e));
  if (lastPointer && errors.length && !errors.some((e) => (problemPointerOf(e) + "/").startsWith(`${lastPointer}/`)))
    out[lastPointer] = [...(out[lastPointer] ?? []), ...errors.map(say)];
  return out;
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
  if (r.status === "saved" && r.text !== undefined)
    return { ...s, baseText: r.text, review: null, savedVersion: s.version, status: savedStatus(a.fileName, r.backup, a.savedWords) };
  if (r.status === "changed") return { ...s, status: "Not saved: the file changed since the studio opened it. Reload the studio to edit the new version." };
  return { ...s, problems: r.errors ?? [], status: `Not saved: ${r.message ?? r.errors?.[0]?.message ?? "the manifest has errors"}` };
}

/** The working copy moved to a new value: a version to check, the field's parse refusal gone. */
function changed(s: EditorState, history: History<unknown>, what: string, pointer?: string): EditorState {
  return {
    ...s,
    history,
    version: s.version + 1,
    pending: pointer ? without(s.pending, pointer) : s.pending,
    lastWhat: what,
    lastPointer: pointer,
    status: `${what}. Checking…`,
  };
}

function checked(s: EditorState, a: Extract<EditorAction, { type: "checked" }>): EditorState {
  // An answer for an older version says nothing about the working copy now: the newest is checked next.
  if (a.version !== s.version) return { ...s, checking: null };
  const r = a.answer;
  const errors = r.errors ?? [];
  const base = { ...s, checking: null, checkedVersion: a.version, problems: errors, fieldErrors: fieldErrorsOf(errors, s.lastPointer, s.history.present) };
  const status = s.savedVersion === a.version ? s.status : `${s.lastWhat}. Preview updated.`;
  if (r.ok) return { ...base, warnings: r.warnings ?? [], status, previewKey: s.previewKey + 1 };
  if (!errors.length) return { ...base, status: `Not checked: ${r.message ?? "the platform did not answer"}` };
  return { ...base, status: `${s.lastWhat}. Still to fill before the preview and saving: ${todoWords(errors, s.history.present)}` };
}

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case "load":
      return initialEditorState(a);
    case "busy":
      return { ...s, busy: a.busy };
    case "status":
      return { ...s, status: a.text };
    case "edit": {
      const { edit } = a;
      const next = edit.set ? setAt(s.history.present, edit.set.path, edit.set.value) : edit.next;
      return changed(s, commit(s.history, next), edit.what, edit.pointer);
    }
    case "input-refused":
      return { ...s, pending: { ...s.pending, [a.pointer]: { raw: a.raw, messages: [a.error] } }, status: `Not changed: ${a.error}` };
    case "undo":
      return canUndo(s.history) ? { ...changed(s, undo(s.history), "Undone"), pending: {} } : s;
    case "redo":
      return canRedo(s.history) ? { ...changed(s, redo(s.history), "Redone"), pending: {} } : s;
    case "check-sent":
      return { ...s, checking: a.version };
    case "checked":
      return checked(s, a);
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
