import { afterEach, describe, expect, it } from "vitest";
import { isReady, memoryNotes, noteMemory, resetReadiness, setReady, waitFor, whenReady } from "./readiness.mjs";

afterEach(() => {
  resetReadiness();
  memoryNotes().length = 0;
});

describe("readiness", () => {
  it("is not ready until every condition is met, and names the ones still waited for", async () => {
    waitFor("manifests");
    waitFor("stock");
    let ready = false;
    const waiting = whenReady().then(() => (ready = true));
    setReady("manifests");
    expect(isReady()).toEqual({ ok: false, waiting: ["stock"] });
    expect(ready).toBe(false);
    setReady("stock");
    await waiting;
    expect(isReady().ok).toBe(true);
  });

  it("notes the process's memory once as each start step is done, in order", () => {
    noteMemory("node");
    waitFor("manifests");
    waitFor("stock");
    setReady("manifests");
    setReady("manifests");
    setReady("stock");
    // A condition unmet and met again (the bus reconnecting) is not a start step.
    setReady("stock", false);
    setReady("stock");
    const notes = memoryNotes();
    expect(notes.map((n) => n.step)).toEqual(["node", "manifests", "stock"]);
    for (const n of notes) expect(n.rss).toBeGreaterThan(0);
  });
});
