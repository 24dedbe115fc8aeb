import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadManifest } from "./load";
import { asPublished, buildSiteStore, ManifestStore, publicDir } from "./store";

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

  it("gives the same manifest from a dealer's file as from its published text, so a process need not validate it twice", () => {
    const store = new ManifestStore({ dir: SAMPLES, publicDir: publicDir(), log: () => {} });
    const versions = store.fileVersions().filter((f) => f.result.ok && f.standalone);
    expect(versions.length).toBeGreaterThan(3);
    for (const f of versions) {
      const again = loadManifest(path.join(SAMPLES, `${f.name}.json`), { manifestsDir: SAMPLES, publicDir: publicDir() }, f.standalone!.text);
      expect(again.ok, f.name).toBe(true);
      const reused = f.result.ok ? asPublished(f.result) : null;
      if (again.ok && reused?.ok) expect(reused.manifest, f.name).toEqual(again.manifest);
    }
  });
});
