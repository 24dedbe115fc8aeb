import { describe, expect, it } from "vitest";
import { parse } from "jsonc-parser";
import {
  editorReducer,
  initialEditorState,
  isUnsaved,
  nextCheck,
  problemPointerOf,
  problemWords,
  saveBlocker,
  redoable,
  savedStatus,
  undoable,
  valueOf,
  type EditorAction,
  type EditorProblem,
  type EditorState,
  type ServerAnswer,
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
/** A change kept in the working copy, then the server's answer for it. */
const accept = (next: unknown, what = "Heading changed", pointer?: string): EditorAction => ({ type: "edit", edit: { next, what, pointer } });
/** Sends the check of the newest version and answers it. */
const answer = (s: EditorState, a: ServerAnswer): EditorState => {
  const v = nextCheck(s);
  if (v === null) throw new Error("nothing to check");
  return run(s, { type: "check-sent", version: v }, { type: "checked", version: v, answer: a });
};
const set = (path: (string | number)[], value: unknown, what: string): EditorAction => ({
  type: "edit",
  edit: { set: { path, value }, what, pointer: "/" + path.join("/") },
});

describe("the studio editor's state", () => {
  it("starts from the working copy as read: nothing chosen, nothing to undo, nothing unsaved, nothing to check", () => {
    const s = fresh();
    expect(valueOf(s)).toEqual(start);
    expect(s.route).toBe("/");
    expect(s.selected).toBeNull();
    expect(s.panel).toBeNull();
    expect(s.warnings).toHaveLength(1);
    expect(undoable(s) || redoable(s)).toBe(false);
    expect(isUnsaved(s.baseText, valueOf(s))).toBe(false);
    expect(nextCheck(s)).toBeNull();
  });

  it("a change is kept at once and checked next; a passing answer reloads the preview and brings the warnings", () => {
    const next = setAt(start, heading, "Welcome");
    let s = run(fresh(), accept(next, "Heading changed", headingPointer));
    expect(valueOf(s)).toEqual(next);
    expect(s.status).toBe("Heading changed. Checking…");
    expect(nextCheck(s)).toBe(1);
    s = answer(s, { ok: true, warnings: [problem("/x", "w")] });
    expect(s.problems).toEqual([]);
    expect(s.warnings).toEqual([problem("/x", "w")]);
    expect(s.status).toBe("Heading changed. Preview updated.");
    expect(s.previewKey).toBe(1);
    expect(undoable(s)).toBe(true);
    expect(isUnsaved(s.baseText, valueOf(s))).toBe(true);
    expect(nextCheck(s)).toBeNull();
    expect(saveBlocker(s)).toBeNull();
  });

  it("an incomplete change stays in the working copy as a to-do: its fields show what to fill, the preview and saving wait", () => {
    const errors = [
      problem("/name", "must NOT have fewer than 1 characters", { keyword: "minLength", params: { limit: 1 }, source: "schema" }),
      problem("/locations/1", "must have required property 'slug'", { keyword: "required", params: { missingProperty: "slug" }, source: "schema" }),
    ];
    const next = setAt(start, ["name"], "");
    let s = run(fresh(), accept(next, "Name changed", "/name"));
    s = answer(s, { ok: false, errors });
    expect(valueOf(s)).toEqual(next);
    expect(s.previewKey).toBe(0);
    expect(s.problems).toBe(errors);
    expect(s.fieldErrors["/name"]).toEqual(["Enter at least 1 character: this cannot be empty. (at name)"]);
    // A missing value is shown at the field it names, not at the object holding it.
    expect(s.fieldErrors["/locations/1/slug"]).toEqual([expect.stringContaining('Fill in "slug"')]);
    expect(problemPointerOf({ pointer: "/locations/1/slug", message: "", keyword: "required", params: { missingProperty: "slug" } })).toBe("/locations/1/slug");
    expect(s.status).toMatch(/^Name changed\. Still to fill before the preview and saving: Enter at least 1 character/);
    expect(saveBlocker(s)).toMatch(/^Not saved: still to fill: /);
    // Filled in: the to-do is gone.
    s = answer(run(s, accept(start, "Name changed", "/name")), { ok: true });
    expect(s.fieldErrors).toEqual({});
    expect(saveBlocker(s)).toBeNull();
  });

  it("a whole-file problem with none at the changed field is shown at that field", () => {
    const s = answer(run(fresh(), accept(start, "Primary changed", "/theme/colors/primary")), { ok: false, errors: [problem("/theme", "contrast too low")] });
    expect(s.fieldErrors["/theme/colors/primary"]).toEqual(["contrast too low (at theme)"]);
    expect(s.fieldErrors["/theme"]).toEqual(["contrast too low (at theme)"]);
  });

  it("names the dealer a template's problem is in, and says when the platform did not answer", () => {
    const p = problem("/name", "Custom words", { dealer: "sunshine-chery" });
    expect(problemWords(p)).toMatch(/^sunshine-chery: /);
    expect(answer(run(fresh(), accept(start, "X")), { ok: false, errors: [p] }).status).toContain(
      "Still to fill before the preview and saving: sunshine-chery: Custom words",
    );
    expect(answer(run(fresh(), accept(start, "X")), { ok: false, message: "The file is not JSON" }).status).toBe("Not checked: The file is not JSON");
  });

  it("edits made while a check is on its way are all kept, and the older answer never replaces them", () => {
    // Four fields typed in quick succession: the first check is sent, three more edits follow before it answers.
    let s = run(fresh(), set(["a"], "1", "A changed"));
    const first = nextCheck(s)!;
    s = run(s, { type: "check-sent", version: first }, set(["b"], "2", "B changed"), set(["c"], "3", "C changed"), set(["d"], "4", "D changed"));
    // No second check while the first is out.
    expect(nextCheck(s)).toBeNull();
    // The first answer (for the value with only "a") arrives, refusing it: it is dropped, the newest value is checked next.
    s = run(s, { type: "checked", version: first, answer: { ok: false, errors: [problem("/b", "old answer")] } });
    expect(valueOf(s)).toMatchObject({ a: "1", b: "2", c: "3", d: "4" });
    expect(s.problems).toEqual([]);
    expect(s.previewKey).toBe(0);
    expect(nextCheck(s)).toBe(4);
    s = answer(s, { ok: true });
    expect(valueOf(s)).toMatchObject({ a: "1", b: "2", c: "3", d: "4" });
    expect(s.status).toBe("D changed. Preview updated.");
    expect(s.previewKey).toBe(1);
  });

  it("a set edit lands on the newest value, not on the value its field was drawn from", () => {
    const drawnFrom = valueOf(fresh());
    const s = run(fresh(), set(["a"], "1", "A"), { type: "edit", edit: { set: { path: ["b"], value: "2" }, next: setAt(drawnFrom, ["b"], "2"), what: "B" } });
    expect(valueOf(s)).toMatchObject({ a: "1", b: "2" });
  });

  it("an input that does not parse is held at its field with its message, and blocks saving", () => {
    const s = run(fresh(), { type: "input-refused", pointer: "/x", raw: "abc", error: "Enter a number." });
    expect(s.pending["/x"]).toEqual({ raw: "abc", messages: ["Enter a number."] });
    expect(s.status).toBe("Not changed: Enter a number.");
    expect(saveBlocker(s)).toBe("Not saved: Enter a number.");
    expect(run(s, set(["x"], 3, "X changed")).pending).toEqual({});
  });

  it("undo and redo move through the values, drop parse refusals and are checked like any change", () => {
    const a = setAt(start, heading, "A");
    const b = setAt(start, heading, "B");
    let s = run(fresh(), accept(a), accept(b), { type: "input-refused", pointer: "/x", raw: "?", error: "e" }, { type: "undo" });
    expect(valueOf(s)).toEqual(a);
    expect(s.pending).toEqual({});
    expect(redoable(s)).toBe(true);
    s = answer(s, { ok: true, warnings: [problem("/w", "w")] });
    expect(s.status).toBe("Undone. Preview updated.");
    expect(s.warnings).toHaveLength(1);
    s = answer(run(s, { type: "redo" }), { ok: true });
    expect(valueOf(s)).toEqual(b);
    expect(s.status).toBe("Redone. Preview updated.");
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

  it("a check of the saved version that answers after the save refreshes the preview and keeps the saved words", () => {
    let s = run(fresh(), accept(setAt(start, heading, "Welcome")));
    const v = s.version;
    s = run(
      s,
      { type: "check-sent", version: v },
      { type: "save-answer", answer: { status: "saved", text: baseText, backup: "f.bak" }, fileName: "f", savedWords: "users" },
    );
    s = run(s, { type: "checked", version: v, answer: { ok: true } });
    expect(s.status).toMatch(/^Saved f\. The sites that use it show it within seconds/);
    expect(s.previewKey).toBe(1);
    // The next change is checked and worded as usual.
    s = run(s, accept(setAt(start, heading, "Hi"), "Heading changed"));
    s = run(s, { type: "check-sent", version: s.version }, { type: "checked", version: s.version, answer: { ok: true } });
    expect(s.status).toBe("Heading changed. Preview updated.");
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

describe("opening on a refused plain-form post", () => {
  it("starts from the post's value with its problems at their fields (a whole-file one at the field changed last) and its unread inputs held", () => {
    const refused = setAt(start, ["name"], "");
    const contrast: EditorProblem = {
      pointer: "/theme",
      message: "Text on the brand colour contrasts 1:1",
      source: "theme-contrast",
      file: "x.json",
      line: 1,
      column: 1,
    };
    const s = initialEditorState({
      baseText,
      value: refused,
      route: "/",
      warnings: [],
      panel: "theme",
      problems: [contrast],
      pending: { "/theme/logo/width": { raw: "wide", messages: ["Enter a number."] } },
      lastPointer: "/name",
    });
    expect(valueOf(s)).toEqual(refused);
    expect(s.panel).toBe("theme");
    expect(Object.keys(s.fieldErrors).sort()).toEqual(["/name", "/theme"]);
    expect(s.fieldErrors["/name"][0]).toContain("Text on the brand colour contrasts 1:1");
    expect(saveBlocker(s)).toBe("Not saved: Enter a number.");
    expect(isUnsaved(s.baseText, valueOf(s))).toBe(true);
  });
});
