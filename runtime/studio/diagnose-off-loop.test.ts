import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "jsonc-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suiteDb } from "../db/testing";
import { ValidVersion, validateVersion } from "../fleet/manifests";
import { readWorkingCopy } from "../fleet/working-copies";
import { loadManifest } from "../manifest/load";
import { listManifestFiles, loadFile, manifestCollection, publicDir } from "../manifest/store";
import {
  diagnosesOffLoop,
  goLiveOffLoop,
  loadFilesOffLoop,
  releaseDiagnoseWorker,
  standaloneOffLoop,
  stopDiagnoseWorker,
  validateVersionOffLoop,
} from "./diagnose-off-loop";
import { runStudioJob } from "./diagnose-jobs";
import { diagnoseManifest } from "../manifest/diagnostics";
import { setAt } from "./ops";
import { workingCopyName } from "./targets";
import { writeTemplatePreview } from "./working-copy";

// The studio's long manifest work in the diagnosis worker: the same answers as in this thread,
// and never computed here while a worker can be had (a pause that throws would be called first).

const db = suiteDb();
let root: string;
let dir: string;
const env = { ...process.env };
const onTheLoop = () => Promise.reject(new Error("the job ran on the event loop"));

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "studio-off-loop-"));
  cpSync(path.join(process.cwd(), "manifests"), path.join(root, "manifests"), { recursive: true });
  dir = path.join(root, "manifests");
  process.env.MANIFESTS_DIR = dir;
});
afterAll(async () => {
  await stopDiagnoseWorker();
  process.env = env;
  rmSync(root, { recursive: true, force: true });
});

describe("the studio's work off the event loop", () => {
  it("validates a version in the worker, rebuilt here as the version validateVersion makes", async () => {
    const text = readFileSync(path.join(dir, "sunshine-chery.json"), "utf8");
    const ctx = { manifestsDir: dir, publicDir: publicDir() };
    const here = validateVersion("sunshine-chery", text, ctx);
    const there = await validateVersionOffLoop("sunshine-chery", text, ctx, onTheLoop);
    expect(here.ok && there.ok).toBe(true);
    if (!here.ok || !there.ok) return;
    expect(there.version).toBeInstanceOf(ValidVersion);
    expect({ ...there.version }).toEqual({ ...here.version });
    // An invalid text: the same problems, from the worker.
    const broken = JSON.stringify(setAt(parse(text), ["name"], 42));
    const refused = await validateVersionOffLoop("sunshine-chery", broken, ctx, onTheLoop);
    expect(refused).toEqual(validateVersion("sunshine-chery", broken, ctx));
    expect(refused.ok).toBe(false);
    expect(diagnosesOffLoop()).toBe(true);
  });

  it("loads the server's manifest files in the worker, as loadFile does here, and lets the worker go once asked", async () => {
    // Each file three times: more than one message's worth.
    const files = [1, 2, 3].flatMap(() => listManifestFiles(dir).map((file) => ({ file, manifestsDir: dir, publicDir: publicDir() })));
    expect(files.length).toBeGreaterThan(10);
    const there = await loadFilesOffLoop(files, onTheLoop);
    const here = files.map(loadFile);
    // Buffers here, Uint8Arrays from the worker: compared as bytes.
    const plain = (l: (typeof here)[number]) => (l.ok ? { ...l, packed: Buffer.from(l.packed).toString("base64") } : l);
    expect(here.some((l) => l.ok && l.extendsTemplates)).toBe(true);
    expect(there.map(plain)).toEqual(here.map(plain));
    releaseDiagnoseWorker();
    // Stopped: the next job starts a new worker (still off the loop).
    expect(await loadFilesOffLoop(files.slice(0, 1), onTheLoop)).toHaveLength(1);
  });

  it("runs the go-live check of many files in the worker, in the files' order, as diagnoseManifest does here", async () => {
    const dirs = { manifestsDir: dir, publicDir: publicDir() };
    // Every file three times and one that is gone: more than one message's worth.
    const files = [1, 2, 3].flatMap(() => listManifestFiles(dir)).concat(path.join(dir, "no-such-dealer.json"));
    expect(files.length).toBeGreaterThan(10);
    const there = await goLiveOffLoop(files, dirs, onTheLoop);
    const here = files.slice(0, -1).map((f) => diagnoseManifest(f, dirs).goLive);
    expect(there).toEqual([...here, []]);
    // The sample dealers have go-live warnings, so the comparison is not of empty lists only.
    expect(there.some((p) => p.length > 0)).toBe(true);
  });

  it("merges a template's preview in the worker and writes it as the template's working copy", async () => {
    const templateText = readFileSync(path.join(dir, "templates", "dealer-base.json"), "utf8");
    const edited = JSON.stringify(setAt(parse(templateText), ["name"], "Edited in the studio"), null, 2);
    const merges: string[] = [];
    const user = await writeTemplatePreview("dealer-base", edited, dir, { db, by: "staff:ann" }, (job) => {
      merges.push(job.file);
      return standaloneOffLoop(job, onTheLoop);
    });
    expect(user).toBeTruthy();
    expect(merges).toHaveLength(1);
    const userFile = merges[0];
    const expected = loadManifest(userFile, { manifestsDir: dir, publicDir: publicDir(), templateText: (n) => (n === "dealer-base" ? edited : undefined) });
    expect(expected.ok).toBe(true);
    const copy = await readWorkingCopy(db, manifestCollection(dir), workingCopyName({ kind: "template", name: "dealer-base" }));
    expect(copy?.text).toBe(`${JSON.stringify(expected.ok && expected.standalone, null, 2)}\n`);
  });

  it("merges a manifest that does not load to nothing (the preview is left as it was)", () => {
    const job = {
      kind: "standalone" as const,
      file: path.join(dir, "x.json"),
      text: "{",
      manifestsDir: dir,
      publicDir: publicDir(),
      template: { name: "dealer-base", text: "{}" },
    };
    expect(runStudioJob(job)).toBeNull();
  });
});
