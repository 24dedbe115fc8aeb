import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadManifest } from "../../runtime/manifest/load";
import { formatProblem } from "../../runtime/manifest/problems";
import { findDuplicateHostsAndSlugs } from "../../runtime/manifest/rules/unique-hosts";
import { listManifestFiles } from "../../runtime/manifest/store";
import { REPO_MANIFESTS, REPO_PUBLIC } from "../helpers/manifest-fixture";

const files = listManifestFiles(REPO_MANIFESTS);
const load = (file: string) => loadManifest(file, { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC });

describe("sample manifests", () => {
  it("has at least four sample dealers", () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  it.each(files.map((f) => [path.basename(f), f]))("%s loads through loadManifest", (_name, file) => {
    const result = load(file);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
  });

  it("have unique slugs and hosts, none of them a .localhost name", () => {
    const identities = files.map((file) => {
      const result = load(file);
      return result.ok ? { file, slug: result.manifest.slug, hosts: result.manifest.hosts } : { file, slug: result.slug ?? "", hosts: result.hosts ?? [] };
    });
    expect(findDuplicateHostsAndSlugs(identities)).toEqual([]);
    expect(new Set(identities.map((i) => i.slug)).size).toBe(identities.length);
  });

  it("each have their own name and theme", () => {
    const loaded = files.map(load).filter((r) => r.ok).map((r) => (r.ok ? r.manifest : null)!);
    expect(new Set(loaded.map((m) => m.name)).size).toBe(loaded.length);
    expect(new Set(loaded.map((m) => m.theme.colors.primary)).size).toBe(loaded.length);
  });
});
