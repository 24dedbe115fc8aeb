import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_MANIFESTS, REPO_PUBLIC } from "../../../tests/helpers/manifest-fixture";
import { loadManifest, type ManifestLoadResult } from "../load";
import { CURRENT_SCHEMA_VERSION } from "./index";
import { lineDiff, migrationReport, planManifestMigrations } from "./files";

// The four sample dealers and their template as they were at schemaVersion 1 (before the vehicle
// page became a block tree), kept so the migration is tested on real manifests.
const V1 = path.join(import.meta.dirname, "fixtures/v1");
const SAMPLES = readdirSync(V1).filter((f) => f.endsWith(".json"));

type Json = Record<string, any>;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temporary `manifests/` folder holding a copy of `from` (and its templates/). */
function copyOf(from: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "migrate-"));
  dirs.push(root);
  const dir = path.join(root, "manifests");
  cpSync(from, dir, { recursive: true });
  return dir;
}

/** Writes what a real run writes. */
function migrateFolder(dir: string) {
  const plans = planManifestMigrations(dir);
  for (const p of plans) if (p.after !== undefined) writeFileSync(path.join(path.dirname(dir), p.file), p.after);
  return plans;
}

const load = (dir: string, file: string) => loadManifest(path.join(dir, file), { manifestsDir: dir, publicDir: REPO_PUBLIC });
function loaded(result: ManifestLoadResult): Json {
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.pointer} ${p.message}`).join("\n"));
  return result.manifest as unknown as Json;
}
const v1Of = (file: string): Json => JSON.parse(readFileSync(path.join(V1, file), "utf8"));
const carsTree = (m: Json) => (m.routes["/cars/[slug]"].blocks as Json[]).find((b) => b.type === "vehicle-page")!;

describe("npm run migrate-manifests -- --dry-run", () => {
  it("plans the template first, then each manifest, with the migration and a diff, and writes nothing", () => {
    const dir = copyOf(V1);
    const before = readFileSync(path.join(dir, "sunshine-chery.json"), "utf8");
    const plans = planManifestMigrations(dir);
    expect(plans.map((p) => p.file)).toEqual(["manifests/templates/dealer-base.json", ...SAMPLES.map((f) => `manifests/${f}`)]);
    const report = migrationReport(plans, { dryRun: true });
    expect(report).toContain("would migrate  manifests/templates/dealer-base.json\n  1→2: vehicle page as a block tree");
    expect(report).toContain("  2→3: brand fonts");
    expect(report).toContain(`  -  "schemaVersion": 1,\n  +  "schemaVersion": ${CURRENT_SCHEMA_VERSION},`);
    expect(report).toContain('  -  "vehiclePage": {');
    expect(report).toContain('  +          "slots": {');
    expect(report).toContain('  +                "type": "vehicle-key-information",');
    expect(report).not.toContain("FAIL");
    expect(readFileSync(path.join(dir, "sunshine-chery.json"), "utf8")).toBe(before);
  });

  it("says a current folder is current (the sample manifests are migrated)", () => {
    const plans = planManifestMigrations(REPO_MANIFESTS);
    expect(plans.filter((p) => p.error || p.applied.length)).toEqual([]);
    expect(migrationReport(plans, { dryRun: true })).toContain(`ok    manifests/sunshine-chery.json is at schemaVersion ${CURRENT_SCHEMA_VERSION}`);
  });

  it("reports a file it cannot migrate", () => {
    const dir = copyOf(V1);
    writeFileSync(path.join(dir, "broken.json"), JSON.stringify({ schemaVersion: 1, extends: "no-such-template" }));
    const plans = planManifestMigrations(dir);
    expect(migrationReport(plans, { dryRun: false })).toContain("FAIL  manifests/broken.json: template 'no-such-template' does not exist");
  });
});

describe("the migrated samples", () => {
  it("load, at the current version, without vehiclePage", () => {
    const dir = copyOf(V1);
    migrateFolder(dir);
    for (const file of SAMPLES) {
      const text = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
      expect(text.schemaVersion, file).toBe(CURRENT_SCHEMA_VERSION);
      expect(text.vehiclePage, file).toBeUndefined();
      expect(loaded(load(dir, file)).slug, file).toBe(file.replace(/\.json$/, ""));
    }
  });

  it.each(SAMPLES)("%s: keeps its sections in order, its sidebar buttons, its viewer settings and its section props", (file) => {
    const dir = copyOf(V1);
    migrateFolder(dir);
    const old = v1Of(file);
    const oldProps: Json = (old.routes["/cars/[slug]"].blocks as Json[]).find((b) => b.type === "vehicle-page")!.props ?? {};
    const tree = carsTree(loaded(load(dir, file)));
    expect(tree.slots.sections.map((s: Json) => s.type)).toEqual(old.vehiclePage.sections.map((s: string) => `vehicle-${s}`));
    const sidebar = tree.slots.sidebar[0].props;
    expect(sidebar.buttons).toEqual(old.vehiclePage.sidebarButtons);
    expect(sidebar.phoneRevealed).toBe(old.vehiclePage.phoneRevealed ?? false);
    expect(sidebar.twitter).toBe(oldProps.twitter ?? false);
    const viewer = tree.slots.gallery[0].props;
    expect(viewer).toMatchObject({ defaultView: old.vehiclePage.defaultView ?? "spinner", videoPosition: old.vehiclePage.videoPosition ?? "second" });
    expect(tree.props).toMatchObject({ breadcrumbs: oldProps.breadcrumbs ?? "title", analyticsSink: "dataLayer" });
    expect(tree.props.stickyBar).toEqual(oldProps.stickyBar);
    const section = (type: string) => tree.slots.sections.find((s: Json) => s.type === type)?.props;
    if (section("vehicle-delivery-calculator")) expect(section("vehicle-delivery-calculator").regions).toEqual(oldProps.deliveryTable ?? []);
    if (section("vehicle-features")) expect(section("vehicle-features").limit).toBe(oldProps.featuresLimit ?? 8);
    if (oldProps.whyBuyFromUs && section("vehicle-why-buy-from-us")) expect(section("vehicle-why-buy-from-us").items).toEqual(oldProps.whyBuyFromUs);
  });
});

describe("a version 1 manifest still loads, to the same site", () => {
  /** Each sample loaded from a folder with the manifest at one version and its template at another. */
  function loadAll(manifests: "v1" | "v2", template: "v1" | "v2") {
    const v2 = copyOf(V1);
    migrateFolder(v2);
    const dir = copyOf(V1);
    if (manifests === "v2") for (const f of SAMPLES) cpSync(path.join(v2, f), path.join(dir, f));
    if (template === "v2") cpSync(path.join(v2, "templates"), path.join(dir, "templates"), { recursive: true });
    return Object.fromEntries(SAMPLES.map((f) => [f, load(dir, f)]));
  }
  const strip = (r: ManifestLoadResult) => ({ ...r, file: path.basename(r.file), ...(r.ok ? { migrations: [] } : {}) });

  it("with its version 1 template, with the template migrated, and a migrated manifest with a version 1 template", () => {
    const migrated = loadAll("v2", "v2");
    for (const [name, combination] of [
      ["v1 manifest, v1 template", loadAll("v1", "v1")],
      ["v1 manifest, v2 template", loadAll("v1", "v2")],
      ["v2 manifest, v1 template", loadAll("v2", "v1")],
    ] as const) {
      for (const f of SAMPLES) {
        loaded(combination[f]);
        expect(strip(combination[f]), `${name}: ${f}`).toEqual(strip(migrated[f]));
      }
    }
  });

  it("says which migrations ran, the template's too", () => {
    const result = loadAll("v1", "v1")["sunshine-chery.json"];
    expect(result.ok && result.migrations.map((m) => m.slice(0, m.indexOf(":")))).toEqual([
      expect.stringMatching(/templates\/dealer-base\.json 1→2$/),
      expect.stringMatching(/templates\/dealer-base\.json 2→3$/),
      expect.stringMatching(/templates\/dealer-base\.json 3→4$/),
      expect.stringMatching(/templates\/dealer-base\.json 4→5$/),
      "1→2",
      "2→3",
      "3→4",
      "4→5",
    ]);
  });
});

describe("lineDiff", () => {
  it("gives hunks with three lines of context and both line numbers", () => {
    const lines = Array.from({ length: 20 }, (_, i) => String(i + 1));
    const a = lines.join("\n");
    const b = [...lines.slice(0, 4), "five", ...lines.slice(5), "21"].join("\n");
    expect(lineDiff(a, b)).toEqual(["@@ -2,7 +2,7 @@", " 2", " 3", " 4", "-5", "+five", " 6", " 7", " 8", "@@ -18,3 +18,4 @@", " 18", " 19", " 20", "+21"]);
  });

  it("is empty for equal texts", () => {
    expect(lineDiff("a\nb", "a\nb")).toEqual([]);
  });
});
