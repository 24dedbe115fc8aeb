import { describe, expect, it } from "vitest";
import { parse } from "jsonc-parser";
import {
  editorReducer,
  initialEditorState,
  isUnsaved,
  problemWords,
  redoable,
  savedStatus,
  undoable,
  valueOf,
  type EditorAction,
  type EditorProblem,
  type EditorState,
} from "./editor-state";
import { setAt } from "./ops";

const baseText = `{
  // the dealer's name
  "name": "Sunshine Chery",
  "routes": { "/": { "title": "Home", "blocks": [{ "type": "hero", "props": { "heading": "Hello" } }] } }
}
`;
const start = parse(baseText);
const heading = ["routes", "/", "blocks", 0, "props", "heading"];
const headingPointer = "/routes/~1/blocks/0/props/heading";
const problem = (pointer: string, message: string, extra: Partial<EditorProblem> = {}): EditorProblem => ({ pointer, message, line: 1, column: 1, ...extra });

const fresh = () => initialEditorState({ baseText, value: start, route: "/", warnings: [problem("/name", "Looks odd", { severity: "warning" })] });
const run = (s: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, s);
const accept = (next: unknown, what = "Heading changed", pointer?: string): EditorAction => ({ type: "accepted", next, what, pointer, warnings: [] });

describe("the studio editor's state", () => {
  it("starts from the working copy as read: nothing chosen, nothing to undo, nothing unsaved", () => {
    const s = fresh();
    expect(valueOf(s)).toEqual(start);
    expect(s.route).toBe("/");
    expect(s.selected).toBeNull();
    expect(s.panel).toBeNull();
    expect(s.warnings).toHaveLength(1);
    expect(undoable(s) || redoable(s)).toBe(false);
    expect(isUnsaved(s.baseText, valueOf(s))).toBe(false);
  });

  it("an accepted change becomes the present, clears its field's refusal and the problems, and reloads the preview", () => {
    const next = setAt(start, heading, "Welcome");
    let s = run(fresh(), { type: "refused", errors: [problem(headingPointer, "too long")], pointer: headingPointer, raw: "x".repeat(300) });
    expect(s.pending[headingPointer]?.raw).toHaveLength(300);
    expect(s.problems).toHaveLength(1);
    s = run(s, { type: "accepted", next, what: "Heading changed", pointer: headingPointer, warnings: [problem("/x", "w")] });
    expect(valueOf(s)).toEqual(next);
    expect(s.pending).toEqual({});
    expect(s.problems).toEqual([]);
    expect(s.warnings).toEqual([problem("/x", "w")]);
    expect(s.status).toBe("Heading changed. Preview updated.");
    expect(s.previewKey).toBe(1);
    expect(undoable(s)).toBe(true);
    expect(isUnsaved(s.baseText, valueOf(s))).toBe(true);
  });

  it("a refused change keeps the value, holds what was typed with the field's own messages, and says why", () => {
    const errors = [problem("/name", "must NOT have fewer than 1 characters", { keyword: "minLength", params: { limit: 1 } }), problem("/routes", "other")];
    const s = run(fresh(), { type: "refused", errors, pointer: "/name", raw: "" });
    expect(valueOf(s)).toBe(start);
    expect(s.pending["/name"]).toEqual({ raw: "", messages: [expect.stringContaining("(at ")] });
    expect(s.pending["/name"]!.messages).toHaveLength(1);
    expect(s.status).toMatch(/^Not changed: /);
    expect(s.problems).toBe(errors);
    expect(s.previewKey).toBe(0);
  });

  it("a refusal with no problem at the field shows every problem there; one with none at all gives the server's message", () => {
    const s = run(fresh(), { type: "refused", errors: [problem("/a", "one"), problem("/b", "two")], pointer: "/name", raw: "z" });
    expect(s.pending["/name"]!.messages).toHaveLength(2);
    expect(run(fresh(), { type: "refused", errors: [], message: "The file is not JSON" }).status).toBe("Not changed: The file is not JSON");
    expect(run(fresh(), { type: "refused", errors: [] }).status).toBe("Not changed: the platform refused it");
  });

  it("names the dealer a template's problem is in", () => {
    const p = problem("/name", "Custom words", { dealer: "sunshine-chery" });
    expect(problemWords(p)).toMatch(/^sunshine-chery: /);
    expect(run(fresh(), { type: "refused", errors: [p] }).status).toMatch(/^Not changed: sunshine-chery: /);
  });

  it("an input that does not parse is held at its field with its message", () => {
    const s = run(fresh(), { type: "input-refused", pointer: "/x", raw: "abc", error: "Enter a number." });
    expect(s.pending["/x"]).toEqual({ raw: "abc", messages: ["Enter a number."] });
    expect(s.status).toBe("Not changed: Enter a number.");
  });

  it("undo and redo move through the accepted values and drop refusals; the recheck brings the warnings and reloads the preview", () => {
    const a = setAt(start, heading, "A");
    const b = setAt(start, heading, "B");
    let s = run(fresh(), accept(a), accept(b), { type: "input-refused", pointer: "/x", raw: "?", error: "e" }, { type: "undo" });
    expect(valueOf(s)).toEqual(a);
    expect(s.pending).toEqual({});
    expect(redoable(s)).toBe(true);
    s = run(s, { type: "rechecked", what: "Undone", ok: true, warnings: [problem("/w", "w")] });
    expect(s.status).toBe("Undone. Preview updated.");
    expect(s.warnings).toHaveLength(1);
    expect(s.previewKey).toBe(3);
    s = run(s, { type: "redo" }, { type: "rechecked", what: "Redone", ok: false, warnings: [] });
    expect(valueOf(s)).toEqual(b);
    expect(s.status).toBe("Redone");
    // Undoing to the file's own value is no unsaved change.
    s = run(s, { type: "undo" }, { type: "undo" });
    expect(valueOf(s)).toBe(start);
    expect(isUnsaved(s.baseText, valueOf(s))).toBe(false);
  });

  it("undo with nothing to undo (and redo with nothing to redo) leaves the state as it was", () => {
    const s = fresh();
    expect(run(s, { type: "undo" })).toBe(s);
    expect(run(s, { type: "redo" })).toBe(s);
  });
});

describe("the studio editor's choices, review and save", () => {
  it("choosing a block closes the theme's or a section's form; clearing the choice leaves the form open", () => {
    let s = run(fresh(), { type: "panel", panel: "theme" });
    expect(s.panel).toBe("theme");
    s = run(s, { type: "select", path: null });
    expect(s.panel).toBe("theme");
    s = run(s, { type: "select", path: ["routes", "/", "blocks", 0] });
    expect(s.selected).toEqual(["routes", "/", "blocks", 0]);
    expect(s.panel).toBeNull();
    s = run(s, { type: "panel", panel: "wording" });
    expect(s.selected).toBeNull();
    expect(s.panel).toBe("wording");
  });

  it("choosing a page clears the chosen block and the refusals and shows that page", () => {
    const s = run(
      fresh(),
      { type: "select", path: ["routes", "/", "blocks", 0] },
      { type: "input-refused", pointer: "/x", raw: "?", error: "e" },
      { type: "route", route: "/about" },
    );
    expect(s.route).toBe("/about");
    expect(s.selected).toBeNull();
    expect(s.pending).toEqual({});
    expect(s.previewKey).toBe(1);
  });

  it("the review shows the file's diff, comments kept; keep editing closes it", () => {
    let s = run(fresh(), accept(setAt(start, heading, "Welcome")), { type: "review", fileName: "sunshine-chery.jsonc" });
    const lines = s.review!.map((l) => `${l.kind}:${l.text}`);
    expect(lines).toContain('remove:  "routes": { "/": { "title": "Home", "blocks": [{ "type": "hero", "props": { "heading": "Hello" } }] } }');
    expect(lines.some((l) => l.startsWith("add:") && l.includes('"Welcome"'))).toBe(true);
    expect(lines.some((l) => l.includes("remove:") && l.includes("// the dealer"))).toBe(false);
    s = run(s, { type: "close-review" });
    expect(s.review).toBeNull();
  });

  it("a save marks the saved text as the new base (nothing unsaved), closes the review and says who sees it", () => {
    const next = setAt(start, heading, "Welcome");
    let s = run(fresh(), accept(next), { type: "review", fileName: "f.jsonc" });
    const saved = `${baseText.replace('"Hello"', '"Welcome"')}`;
    s = run(s, { type: "save-answer", answer: { status: "saved", text: saved, backup: "f.jsonc.bak" }, fileName: "f.jsonc", savedWords: "live" });
    expect(s.baseText).toBe(saved);
    expect(s.review).toBeNull();
    expect(isUnsaved(s.baseText, valueOf(s))).toBe(false);
    expect(s.status).toBe("Saved f.jsonc. The live site shows it within seconds; the previous version is kept as f.jsonc.bak.");
  });

  it("words a save for a dealer, a template in use, and a draft", () => {
    expect(savedStatus("t.jsonc", "b", "users")).toContain("The sites that use it show it");
    expect(savedStatus("d.jsonc", "b", "file")).toBe("Saved d.jsonc. The previous version is kept as b.");
  });

  it("a save refused keeps the review open: a file changed elsewhere, or the manifest's errors", () => {
    const open = run(fresh(), accept(setAt(start, heading, "W")), { type: "review", fileName: "f" });
    const changed = run(open, { type: "save-answer", answer: { status: "changed" }, fileName: "f", savedWords: "live" });
    expect(changed.status).toMatch(/^Not saved: the file changed/);
    expect(changed.review).not.toBeNull();
    expect(changed.baseText).toBe(baseText);
    const errors = [problem("/name", "bad name")];
    const refused = run(open, { type: "save-answer", answer: { status: "invalid", errors }, fileName: "f", savedWords: "live" });
    expect(refused.problems).toBe(errors);
    expect(refused.status).toBe("Not saved: bad name");
    expect(run(open, { type: "save-answer", answer: {}, fileName: "f", savedWords: "live" }).status).toBe("Not saved: the manifest has errors");
  });

  it("busy and status are set as told; load starts afresh from a working copy", () => {
    let s = run(fresh(), { type: "busy", busy: true }, { type: "status", text: "Hi" }, accept(setAt(start, heading, "W")));
    expect(s.busy).toBe(true);
    s = run(s, { type: "load", baseText: "{}", value: {}, route: "/x", warnings: [] });
    expect(s).toEqual(initialEditorState({ baseText: "{}", value: {}, route: "/x", warnings: [] }));
  });
});
