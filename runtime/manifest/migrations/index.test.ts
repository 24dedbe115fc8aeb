import { describe, expect, it, vi } from "vitest";
import { CURRENT_SCHEMA_VERSION, migrateManifest, migrateTemplateChain, migrations, type ManifestMigration } from "./index";

function fakeMigrations() {
  const calls: number[] = [];
  const list: ManifestMigration[] = [
    // Listed out of order on purpose: the runner must pick by `from`, not by position.
    {
      from: 2,
      description: "rename title to name",
      migrate: (m) => {
        calls.push(2);
        const { title, ...rest } = m;
        return { ...rest, name: title, steps: [...((m.steps as string[]) ?? []), "2→3"] };
      },
    },
    {
      from: 1,
      description: "add features",
      migrate: (m) => {
        calls.push(1);
        return { ...m, features: {}, steps: [...((m.steps as string[]) ?? []), "1→2"] };
      },
    },
  ];
  return { list, calls };
}

describe("migrateManifest", () => {
  it("passes a manifest at the current version through unchanged, with nothing applied", () => {
    const input = { schemaVersion: CURRENT_SCHEMA_VERSION, slug: "a" };
    const result = migrateManifest(input);
    expect(result.error).toBeUndefined();
    expect(result.applied).toEqual([]);
    expect(result.manifest).toEqual(input);
  });

  it("has a migration list that covers every version below the current one", () => {
    for (let v = 1; v < CURRENT_SCHEMA_VERSION; v++) expect(migrations.filter((m) => m.from === v)).toHaveLength(1);
  });

  it("treats a manifest without schemaVersion as version 1", () => {
    const { list } = fakeMigrations();
    const result = migrateManifest({ title: "x" }, list, 3);
    expect(result.error).toBeUndefined();
    expect(result.applied).toHaveLength(2);
    expect(result.applied[0]).toMatch(/^1→2/);
    expect(result.manifest.schemaVersion).toBe(3);
  });

  it("accepts a manifest without schemaVersion as the current format when the current version is 1", () => {
    const result = migrateManifest({ slug: "a" }, [], 1);
    expect(result.error).toBeUndefined();
    expect(result.applied).toEqual([]);
  });

  it("refuses a manifest newer than the runtime with a clear error", () => {
    const input = { schemaVersion: CURRENT_SCHEMA_VERSION + 1 };
    const result = migrateManifest(input);
    expect(result.error).toMatch(new RegExp(`schemaVersion ${CURRENT_SCHEMA_VERSION + 1} is newer than this runtime`));
    expect(result.error).toContain(`(${CURRENT_SCHEMA_VERSION})`);
    expect(result.manifest).toBe(input);
    expect(result.applied).toEqual([]);
  });

  it.each([[0], [-1], [1.5], ["1"]])("refuses schemaVersion %j", (v) => {
    expect(migrateManifest({ schemaVersion: v }).error).toMatch(/positive integer/);
  });

  it("runs the migrations in order, each exactly once, and records them in `applied`", () => {
    const { list, calls } = fakeMigrations();
    const result = migrateManifest({ schemaVersion: 1, title: "Dealer" }, list, 3);
    expect(result.error).toBeUndefined();
    expect(calls).toEqual([1, 2]);
    expect(result.manifest).toEqual({ schemaVersion: 3, name: "Dealer", features: {}, steps: ["1→2", "2→3"] });
    expect(result.applied).toEqual(["1→2: add features", "2→3: rename title to name"]);
  });

  it("starts from the manifest's own version", () => {
    const { list, calls } = fakeMigrations();
    const result = migrateManifest({ schemaVersion: 2, title: "Dealer" }, list, 3);
    expect(calls).toEqual([2]);
    expect(result.applied).toEqual(["2→3: rename title to name"]);
    expect(result.manifest.schemaVersion).toBe(3);
  });

  it("does not mutate its input", () => {
    const list: ManifestMigration[] = [
      {
        from: 1,
        description: "mutating step",
        migrate: (m) => {
          (m as any).touched = true;
          return m;
        },
      },
    ];
    const input = { schemaVersion: 1, slug: "a" };
    migrateManifest(input, list, 2);
    expect(input).toEqual({ schemaVersion: 1, slug: "a" });
  });

  it("reports a gap in the migration list as an error", () => {
    const step = vi.fn((m: Record<string, unknown>) => m);
    const list: ManifestMigration[] = [{ from: 1, description: "one", migrate: step }]; // no 2 → 3
    const result = migrateManifest({ schemaVersion: 1 }, list, 3);
    expect(result.error).toBe("no migration from schemaVersion 2");
    expect(step).toHaveBeenCalledTimes(1);
  });

  it("reports a missing first migration as an error", () => {
    const result = migrateManifest({ schemaVersion: 1 }, [{ from: 2, description: "two", migrate: (m) => m }], 3);
    expect(result.error).toBe("no migration from schemaVersion 1");
    expect(result.applied).toEqual([]);
  });
});

describe("migrateTemplateChain", () => {
  // Each step records the base it was given, so the order and the hand-over show.
  const seen: unknown[] = [];
  const list: ManifestMigration[] = [
    { from: 1, description: "note the base", migrate: (m, context) => (seen.push(structuredClone(context.base)), { ...m, migrated: true }) },
  ];

  it("migrates from the root template down, each against the merge of the migrated ones above it", () => {
    seen.length = 0;
    const result = migrateTemplateChain(
      [
        { schemaVersion: 1, name: "near", extends: "root" },
        { schemaVersion: 1, name: "root", root: true },
      ],
      list,
      2,
    );
    expect(result.error).toBeUndefined();
    expect(seen).toEqual([undefined, { schemaVersion: 2, name: "root", root: true, migrated: true }]);
    expect(result.base).toEqual({ schemaVersion: 2, name: "near", root: true, migrated: true, extends: "root" });
    expect(result.results.map((r) => r.manifest.name)).toEqual(["near", "root"]);
  });

  it("names the template that cannot be migrated", () => {
    const result = migrateTemplateChain([{ schemaVersion: 1 }, { schemaVersion: 9 }], list, 2);
    expect(result.error).toEqual({ index: 1, message: expect.stringMatching(/schemaVersion 9 is newer/) });
  });

  it("hands the base to the migration of a manifest", () => {
    seen.length = 0;
    migrateManifest({ schemaVersion: 1 }, list, 2, { base: { slug: "base" } });
    expect(seen).toEqual([{ slug: "base" }]);
  });
});
