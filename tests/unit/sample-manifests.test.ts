import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadManifest } from "../../runtime/manifest/load";
import { formatProblem } from "../../runtime/manifest/problems";
import { assignClaims, claimsOf } from "../../runtime/manifest/claims";
import { listManifestFiles } from "../../runtime/manifest/store";
import { CURRENT_SCHEMA_VERSION } from "../../runtime/manifest/migrations";
import { readFileSync } from "node:fs";
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

  it("claim their own slugs, hosts and dealership ids: every one is served", () => {
    const candidates = files.map((file) => {
      const result = load(file);
      if (!result.ok) throw new Error(`${file} does not load`);
      return { file, current: claimsOf(result.manifest), fallback: null };
    });
    const { outcomes } = assignClaims(candidates);
    expect([...outcomes.values()].map((o) => o.conflicts)).toEqual(candidates.map(() => []));
    expect(new Set(candidates.map((c) => c.current.slug)).size).toBe(candidates.length);
  });

  it("each have their own name and theme", () => {
    const loaded = files
      .map(load)
      .filter((r) => r.ok)
      .map((r) => (r.ok ? r.manifest : null)!);
    expect(new Set(loaded.map((m) => m.name)).size).toBe(loaded.length);
    expect(new Set(loaded.map((m) => m.theme.colors.primary)).size).toBe(loaded.length);
  });

  it("are written at the current schemaVersion, their template too (npm run migrate-manifests has nothing to do)", () => {
    for (const file of [...files, ...listManifestFiles(path.join(REPO_MANIFESTS, "templates"))]) {
      const raw = JSON.parse(readFileSync(file, "utf8"));
      expect(raw.schemaVersion, path.basename(file)).toBe(CURRENT_SCHEMA_VERSION);
      expect(raw.vehiclePage, path.basename(file)).toBeUndefined();
    }
  });

  it("each have a vehicle page whose sections are blocks of the vehicle-page block", () => {
    for (const file of files) {
      const result = load(file);
      if (!result.ok) throw new Error(`${file} does not load`);
      const page = result.manifest.routes["/cars/[slug]"].blocks.find((b) => b.type === "vehicle-page");
      expect(page?.slots?.sections?.length, path.basename(file)).toBeGreaterThan(3);
      expect(
        page?.slots?.sidebar?.map((b) => b.type),
        path.basename(file),
      ).toEqual(["vehicle-sidebar"]);
      expect(
        page?.slots?.gallery?.map((b) => b.type),
        path.basename(file),
      ).toEqual(["vehicle-viewer"]);
    }
  });
});
