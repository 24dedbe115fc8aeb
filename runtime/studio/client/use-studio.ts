"use client";
/**
 * The studio editor's state (the pure reducer of editor-state.ts) joined to the server: each
 * change is sent to {basePath}/check and kept only when the platform accepts it; undo and redo
 * are checked again for the warnings; a save goes to {basePath}/save. One change at a time: a
 * second one while the first is checked would be made on a stale value, so it is dropped.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import { redo as redoOf, undo as undoOf } from "../history";
import { editorReducer, initialEditorState, type EditorProblem, type SavedWords, type ServerAnswer } from "../editor-state";
import type { Change } from "../editor-changes";

export interface StudioStart {
  baseText: string;
  value: unknown;
  route: string;
  warnings: EditorProblem[];
}

export function useStudio(start: StudioStart, server: { basePath: string; fileName: string; savedWords: SavedWords }, focusOn: (target: string) => void) {
  const [state, dispatch] = useReducer(editorReducer, start, initialEditorState);
  const { basePath, fileName, savedWords } = server;
  const { baseText, history } = state;
  const busyRef = useRef(false);

  const post = useCallback(
    async (action: "check" | "save", next: unknown): Promise<ServerAnswer> => {
      const res = await fetch(`${basePath}/${action}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ baseText, value: next }),
      });
      return (await res.json()) as ServerAnswer;
    },
    [basePath, baseText],
  );

  /** Checks a change; keeps it (then chooses and focuses what it names) only when the platform accepts it. */
  const apply = useCallback(
    async (change: Change): Promise<boolean> => {
      if (busyRef.current) return false;
      busyRef.current = true;
      dispatch({ type: "busy", busy: true });
      try {
        const r = await post("check", change.next);
        if (!r.ok) {
          dispatch({ type: "refused", errors: r.errors ?? [], message: r.message, pointer: change.pointer, raw: change.raw });
          return false;
        }
        dispatch({ type: "accepted", next: change.next, what: change.what, pointer: change.pointer, warnings: r.warnings ?? [] });
        if (change.select !== undefined) dispatch({ type: "select", path: change.select });
        if (change.focus) focusOn(change.focus);
        return true;
      } finally {
        busyRef.current = false;
        dispatch({ type: "busy", busy: false });
      }
    },
    [post, focusOn],
  );

  const step = useCallback(
    async (which: "undo" | "redo") => {
      const moved = which === "undo" ? undoOf(history) : redoOf(history);
      if (moved === history) return;
      dispatch({ type: which });
      const r = await post("check", moved.present);
      dispatch({ type: "rechecked", what: which === "undo" ? "Undone" : "Redone", ok: !!r.ok, warnings: r.warnings ?? [] });
    },
    [history, post],
  );
  const undo = useCallback(() => step("undo"), [step]);
  const redo = useCallback(() => step("redo"), [step]);

  const save = useCallback(async () => {
    dispatch({ type: "busy", busy: true });
    try {
      const answer = await post("save", history.present);
      dispatch({ type: "save-answer", answer, fileName, savedWords });
    } finally {
      dispatch({ type: "busy", busy: false });
    }
  }, [post, history, fileName, savedWords]);

  return { state, dispatch, apply, undo, redo, save };
}

/** Where the keyboard focus goes after a change re-renders the tree (a moved block's button has a new key): a `data-focus` value. */
export function useFocusAfterRender() {
  const target = useRef<string | null>(null);
  useEffect(() => {
    if (!target.current) return;
    const el = document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(target.current)}"]`);
    if (el) {
      el.focus();
      target.current = null;
    }
  });
  return useCallback((t: string) => {
    target.current = t;
  }, []);
}

/** Leaving with changes not saved asks first: the browser's own question on closing or reloading, ours on the studio's links. */
export function useLeaveGuard(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onLeave = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, [unsaved]);
  return (e: { preventDefault: () => void }) => {
    if (unsaved && !window.confirm("Leave the studio? Your changes are not saved: review and save them first, or they are lost.")) e.preventDefault();
  };
}

/** Ctrl (or Cmd) + Z undoes, + Y or + Shift + Z redoes, outside text inputs (which keep their own undo). */
export function useUndoKeys(undo: () => unknown, redo: () => unknown) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) {
        e.preventDefault();
        void undo();
      } else if (k === "y" || (k === "z" && e.shiftKey)) {
        e.preventDefault();
        void redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);
}
