import { describe, expect, it } from "vitest";
import { canRedo, canUndo, commit, HISTORY_LIMIT, redo, startHistory, undo } from "./history";

describe("studio history", () => {
  it("undoes and redoes in order; a new change clears what could be redone", () => {
    let h = startHistory(1);
    expect(canUndo(h)).toBe(false);
    h = commit(commit(h, 2), 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = undo(h);
    expect(h.present).toBe(1);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(2);
    h = commit(h, 9);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(2);
  });

  it("keeps at most HISTORY_LIMIT steps", () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) h = commit(h, i);
    expect(h.past.length).toBe(HISTORY_LIMIT);
  });
});
