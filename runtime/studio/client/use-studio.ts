"use client";
/**
 * The studio editor's state (the pure reducer of editor-state.ts) joined to the server. A change is
 * kept in the working copy at once (never dropped, never waiting for the server); the newest
 * version is then sent to {basePath}/check, one check at a time, and an answer that comes back
 * for an older version is dropped by the reducer, which then asks for the newest to be checked.
 * A save goes to {basePath}/save with the newest working copy, unless it is known to be incomplete.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import { editorReducer, initialEditorState, nextCheck, saveBlocker, type SavedWords, type ServerAnswer, type StudioStart } from "../editor-state";
import type { Change } from "../editor-changes";

export type { StudioStart };

export function useStudio(start: StudioStart, server: { basePath: string; fileName: string; savedWords: SavedWords }, focusOn: (target: string) => void) {
  const [state, dispatch] = useReducer(editorReducer, start, initialEditorState);
  const { basePath, fileName, savedWords } = server;
  const { baseText, history } = state;

  const post = useCallback(
    async (action: "check" | "save", next: unknown): Promise<ServerAnswer> => {
      try {
        const res = await fetch(`${basePath}/${action}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ baseText, value: next }),
        });
        return (await res.json()) as ServerAnswer;
      } catch {
        return { ok: false, message: "the studio's server did not answer; your changes are kept here, try again in a moment" };
      }
    },
    [basePath, baseText],
  );

  // The newest version of the working copy is checked once no other check is on its way.
  const toCheck = nextCheck(state);
  const present = history.present;
  useEffect(() => {
    if (toCheck === null) return;
    dispatch({ type: "check-sent", version: toCheck });
    void post("check", present).then((answer) => dispatch({ type: "checked", version: toCheck, answer }));
  }, [toCheck, present, post]);

  /** Keeps a change in the working copy, then chooses and focuses what it names. */
  const apply = useCallback(
    async (change: Change): Promise<boolean> => {
      dispatch({ type: "edit", edit: change });
      if (change.select !== undefined) dispatch({ type: "select", path: change.select });
      if (change.focus) focusOn(change.focus);
      return true;
    },
    [focusOn],
  );

  const undo = useCallback(() => dispatch({ type: "undo" }), []);
  const redo = useCallback(() => dispatch({ type: "redo" }), []);

  // The save sends the working copy of the render the person pressed Save in (the newest: each edit re-renders before the next event).
  const saving = useRef(false);
  const save = useCallback(async () => {
    const blocked = saveBlocker(state);
    if (blocked) {
      dispatch({ type: "status", text: blocked });
      return;
    }
    if (saving.current) return;
    saving.current = true;
    dispatch({ type: "busy", busy: true });
    try {
      const answer = await post("save", history.present);
      dispatch({ type: "save-answer", answer, fileName, savedWords });
    } finally {
      saving.current = false;
      dispatch({ type: "busy", busy: false });
    }
  }, [post, state, history, fileName, savedWords]);

  return { state, dispatch, apply, undo, redo, save };
}

/** Where the keyboard focus goes after a change re-renders the tree (a moved block's button has a new key): a `data-focus` value. */
export function useFocusAfterRender() {
  const target = useRef<{ name: string; from: Element | null } | null>(null);
  useEffect(() => {
    const pending = target.current;
    if (!pending) return;
    // The element may appear only on a later render (after a check answers). If the person has
    // put focus somewhere themselves by then, theirs wins: moving it would send what they type
    // into another field.
    const active = document.activeElement;
    if (active && active !== document.body && active !== pending.from) {
      target.current = null;
      return;
    }
    const el = document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(pending.name)}"]`);
    if (el) {
      el.focus();
      target.current = null;
    }
  });
  return useCallback((name: string) => {
    target.current = { name, from: document.activeElement };
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
