import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// The directory's go-live checks: each file checked off the event loop once per stamp (its date
// and size, the served set's version), the rest answered from what was found before.

const state = vi.hoisted(() => ({ version: "v1", sent: [] as string[][] }));

vi.mock("./diagnose-off-loop", () => ({
  goLiveOffLoop: async (files: string[]) => {
    state.sent.push(files.map((f) => path.basename(f)));
    return files.map((f) => [{ message: `problem of ${path.basename(f)}`, goLive: "warning" }]);
  },
}));
vi.mock("../manifest/store", () => ({
  getSiteStore: () => ({ version: state.version }),
  manifestsDir: () => "/manifests",
  publicDir: () => "/public",
}));
vi.mock("../db", () => ({ getDb: async () => ({}) }));
vi.mock("../leads/fallback", () => ({ leadFallbacks: async () => [] }));

const { goLiveChecks } = await import("./go-live-check");

const dir = mkdtempSync(path.join(tmpdir(), "go-live-check-"));
const file = (name: string) => path.join(dir, `${name}.json`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("goLiveChecks", () => {
  beforeEach(() => {
    state.sent = [];
  });

  it("checks unknown files in one call, then answers them from memory until a file or the served set changes", async () => {
    writeFileSync(file("a"), "{}");
    writeFileSync(file("b"), "{}");
    const first = await goLiveChecks([file("a"), file("b"), file("gone")]);
    expect(state.sent).toEqual([["a.json", "b.json"]]);
    expect(first.get(file("a"))?.[0].message).toBe("problem of a.json");
    expect(first.get(file("gone"))).toEqual([]);

    state.sent = [];
    const again = await goLiveChecks([file("a"), file("b")]);
    expect(state.sent).toEqual([]);
    expect(again.get(file("b"))?.[0].message).toBe("problem of b.json");

    // One file edited: only it is checked again.
    utimesSync(file("b"), new Date(), new Date(Date.now() + 5_000));
    await goLiveChecks([file("a"), file("b")]);
    expect(state.sent).toEqual([["b.json"]]);

    // Another dealer published (a new served set): every file again.
    state.sent = [];
    state.version = "v2";
    await goLiveChecks([file("a"), file("b")]);
    expect(state.sent).toEqual([["a.json", "b.json"]]);
  });
});
