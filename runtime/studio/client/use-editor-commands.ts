"use client";
/**
 * The editor's commands as its panels call them: choose a page, add a page, open the theme's or a
 * section's form, choose a block, change a field, set a value at a path. Each describes its change
 * with ../editor-changes.ts and sends it through `apply` (checked by the platform first).
 */
import { useCallback, type Dispatch } from "react";
import type { Field } from "../form";
import { pointerOf, setAt, type Path } from "../ops";
import { addPageChange, fieldChange, type Change } from "../editor-changes";
import type { EditorAction, EditorState } from "../editor-state";

export function useEditorCommands(p: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  apply: (change: Change) => Promise<boolean>;
  basePath: string;
  routes: string[];
  focusOn: (target: string) => void;
}) {
  const { state, dispatch, apply, basePath, routes, focusOn } = p;
  const value = state.history.present;
  const { pending } = state;

  const chooseRoute = (r: string) => {
    dispatch({ type: "route", route: r });
    window.history.replaceState(null, "", `${basePath}?route=${encodeURIComponent(r)}`);
  };
  /** Resolves true when the page was added (and is then shown). */
  const addPage = async (path: string, title: string) => {
    const change = addPageChange(value, routes, path, title);
    if ("error" in change) {
      dispatch({ type: "status", text: change.error });
      return false;
    }
    if (!(await apply(change))) return false;
    chooseRoute(change.route);
    return true;
  };
  const openPanel = (key: string) => {
    dispatch({ type: "panel", panel: key });
    focusOn("panel-heading");
  };
  const select = useCallback((path: Path) => dispatch({ type: "select", path }), [dispatch]);
  const changeField = useCallback(
    async (field: Field, base: Path, raw: string | boolean | string[]) => {
      const change = fieldChange(value, pending, field, base, raw);
      if (!change) return;
      if ("refused" in change) dispatch({ type: "input-refused", ...change.refused });
      else await apply(change);
    },
    [value, pending, apply, dispatch],
  );
  const setAtPath = useCallback(
    (path: Path, next: unknown, what: string, focus?: string) =>
      apply({ next: setAt(value, path, next), set: { path, value: next }, what, pointer: pointerOf(path), focus }),
    [apply, value],
  );
  return { chooseRoute, addPage, openPanel, select, changeField, setAtPath };
}
