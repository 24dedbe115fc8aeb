import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadManifest } from "./load";
import type { ManifestProblem } from "./problems";
import { manifestRules } from "./rules";
import { buildSiteStore, loadFile, ManifestStore, publicDir, type CheckMemory, type FileLoad, type FileVersion } from "./store";
import { rebuiltManifestCount, resetHeldManifests, wholeManifestCount } from "./held";

const SAMPLES = path.resolve(import.meta.dirname, "../../manifests");

describe("the first load of a manifest folder", () => {
  it("reads every manifest without holding the event loop, to the same snapshot as a synchronous read", async () => {
    const store = new ManifestStore({ dir: SAMPLES, publicDir: publicDir(), log: () => {}, sliceMs: 0 });
    const turns: number[] = [];
    let files = 0;
    // A timer set now runs between two slices of the load, not after it.
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void turns.push(files)), 0));
    const loading = store.load();
    const originalLoad = (store as unknown as { loadEntry: (...a: unknown[]) => unknown }).loadEntry.bind(store);
    (store as unknown as { loadEntry: (...a: unknown[]) => unknown }).loadEntry = (...a: unknown[]) => {
      files++;
      return originalLoad(...a);
    };
    const loaded = await loading;
    await timer;
    expect(turns[0]).toBeLessThan(files);
    const sync = buildSiteStore(SAMPLES);
    expect(loaded.sites.map((s) => [s.slug, s.status])).toEqual(sync.sites.map((s) => [s.slug, s.status]));
    expect(store.snapshot()).toBe(loaded);
  });

  it("loads the files where it is told (the server: a worker thread), to the same snapshot, holding no manifest whole until read", async () => {
    resetHeldManifests();
    const sent: FileLoad[] = [];
    const loadFiles = async (jobs: FileLoad[]) => {
      sent.push(...jobs);
      // As a worker's answer arrives: plain data, the packed manifest a Uint8Array.
      return structuredClone(jobs.map(loadFile));
    };
    const store = new ManifestStore({ dir: SAMPLES, publicDir: publicDir(), log: () => {}, loadFiles });
    const loaded = await store.load();
    expect(wholeManifestCount()).toBe(0);
    const sync = new ManifestStore({ dir: SAMPLES, publicDir: publicDir(), log: () => {} });
    expect(sent.length).toBe(sync.fileVersions().length);
    const expected = sync.snapshot().sites.map((s) => (s.status === "ok" ? s.manifest : s));
    const rebuilt = rebuiltManifestCount();
    // Each manifest built from its packed JSON on its first read.
    expect(loaded.sites.map((s) => (s.status === "ok" ? s.manifest : s))).toEqual(expected);
    expect(rebuiltManifestCount() - rebuilt).toBe(loaded.sites.filter((s) => s.status === "ok").length);
    const summary = (f: FileVersion) => [f.name, f.file, f.result.ok, f.standalone, f.claims, f.result.ok ? f.result.warnings : f.result.problems];
    expect(store.fileVersions().map(summary)).toEqual(sync.fileVersions().map(summary));
  });

  it("gives the same manifest from a dealer's file as from its published text, so a process need not validate it twice", () => {
    const store = new ManifestStore({ dir: SAMPLES, publicDir: publicDir(), log: () => {} });
    const versions = store.fileVersions().filter((f) => f.result.ok && f.standalone);
    expect(versions.length).toBeGreaterThan(3);
    for (const f of versions) {
      const again = loadManifest(path.join(SAMPLES, `${f.name}.json`), { manifestsDir: SAMPLES, publicDir: publicDir() }, f.standalone!.text);
      expect(again.ok, f.name).toBe(true);
      const reused = f.publishedHeld?.read();
      if (again.ok) expect(reused, f.name).toEqual(again.manifest);
    }
  });
});

describe("checks passed before", () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  /** A check memory in a map, as the database keeps it (runtime/fleet/manifest-checks.ts). */
  function memory(): CheckMemory & { kept: Map<string, ManifestProblem[]> } {
    const kept = new Map<string, ManifestProblem[]>();
    return {
      kept,
      known: async (keys) => new Map(keys.filter((k) => kept.has(k)).map((k) => [k, kept.get(k)!])),
      remember: (passed) => passed.forEach((p) => kept.set(p.key, p.warnings)),
    };
  }

  function copyOfSamples(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), "store-checks-"));
    dirs.push(dir);
    cpSync(SAMPLES, dir, { recursive: true });
    return dir;
  }

  it("does not run the rules again over a file whose exact text and templates passed them, and serves the same manifests", async () => {
    const dir = copyOfSamples();
    const checks = memory();
    const first = await new ManifestStore({ dir, publicDir: publicDir(), log: () => {}, checks }).load();
    const ok = first.sites.filter((s) => s.status === "ok");
    expect(ok.length).toBeGreaterThan(3);
    expect(checks.kept.size).toBe(ok.length);

    const rule = vi.spyOn(manifestRules[0], "check");
    const again = await new ManifestStore({ dir, publicDir: publicDir(), log: () => {}, checks }).load();
    expect(rule).not.toHaveBeenCalled();
    expect(again.sites.map((s) => (s.status === "ok" ? s.manifest : s.status))).toEqual(first.sites.map((s) => (s.status === "ok" ? s.manifest : s.status)));
    // The file store's results, warnings included, are those of a full check.
    const full = new ManifestStore({ dir, publicDir: publicDir(), log: () => {} }).fileVersions();
    const remembered = new ManifestStore({ dir, publicDir: publicDir(), log: () => {}, checks });
    await remembered.load();
    const summary = (f: FileVersion) => [f.name, f.result.ok, f.standalone?.hash, f.result.warnings];
    expect(remembered.fileVersions().map(summary)).toEqual(full.map(summary));
  });

  it("checks in full a file whose text or templates changed", async () => {
    const dir = copyOfSamples();
    const checks = memory();
    await new ManifestStore({ dir, publicDir: publicDir(), log: () => {}, checks }).load();
    const keys = new Set(checks.kept.keys());
    const rule = vi.spyOn(manifestRules[0], "check");
    // Any template edited: every dealer's input is new.
    writeFileSync(path.join(dir, "templates", "dealer-base.json"), JSON.stringify(JSON.parse(readTemplate(dir)), null, 4));
    await new ManifestStore({ dir, publicDir: publicDir(), log: () => {}, checks }).load();
    expect(rule).toHaveBeenCalled();
    expect([...checks.kept.keys()].filter((k) => !keys.has(k)).length).toBe(keys.size);
  });

  it("checks in full when the memory cannot answer", async () => {
    const dir = copyOfSamples();
    const log: string[] = [];
    const checks: CheckMemory = { known: () => Promise.reject(new Error("database down")), remember: () => {} };
    const rule = vi.spyOn(manifestRules[0], "check");
    const loaded = await new ManifestStore({ dir, publicDir: publicDir(), log: (m) => log.push(m), checks }).load();
    expect(rule).toHaveBeenCalled();
    expect(loaded.sites.filter((s) => s.status === "ok").length).toBeGreaterThan(3);
    expect(log.join("\n")).toMatch(/could not read the checks passed before: database down/);
  });
});

const readTemplate = (dir: string) => readFileSync(path.join(dir, "templates", "dealer-base.json"), "utf8");
