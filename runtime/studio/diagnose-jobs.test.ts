import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

// The go-live job over many files: one file whose check throws is that file's warning, and the
// others are still checked (the staff directory lists every dealer from it).

vi.mock("../manifest/diagnostics", () => ({
  diagnoseManifest: (file: string) => {
    if (file.endsWith("broken.json")) throw new Error("a rule fell over");
    return { goLive: [{ file, line: 1, column: 1, pointer: "", message: "checked", source: "test", goLive: "warning" }] };
  },
}));

const { runStudioJob } = await import("./diagnose-jobs");

const dir = mkdtempSync(path.join(tmpdir(), "diagnose-jobs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the go-live job", () => {
  it("reports a check that throws as that file's warning and checks the rest", () => {
    const files = ["a.json", "broken.json", "b.json"].map((f) => path.join(dir, f));
    for (const f of files) writeFileSync(f, "{}");
    const found = runStudioJob({ kind: "goLive", files: [...files, path.join(dir, "gone.json")], manifestsDir: dir, publicDir: dir });
    expect(found.map((p) => p.map((x) => x.message))).toEqual([
      ["checked"],
      ["the go-live check could not run on this file (a rule fell over)"],
      ["checked"],
      [],
    ]);
    expect(found[1][0]).toMatchObject({ goLive: "warning", source: "go-live" });
  });
});
