import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lazyIslandFiles, readLazyIslands, type LazyIsland } from "./lazy-islands";

const repo = path.resolve(import.meta.dirname, "../..");
let root = "";

/** A repository holding only the declaration list (with `islands`), its schema and `files`. */
function fixtureRepo(islands: Partial<LazyIsland>[], files: string[] = []): string {
  root = mkdtempSync(path.join(tmpdir(), "lazy-islands-"));
  mkdirSync(path.join(root, "blocks"), { recursive: true });
  copyFileSync(path.join(repo, "blocks/lazy-islands.schema.json"), path.join(root, "blocks/lazy-islands.schema.json"));
  copyFileSync(path.join(repo, ".prettierrc.json"), path.join(root, ".prettierrc.json"));
  writeFileSync(path.join(root, "blocks/lazy-islands.json"), JSON.stringify({ islands }));
  for (const f of files) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), "");
  }
  return root;
}
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = "";
});

describe("the lazy wrappers generated from blocks/lazy-islands.json", () => {
  it("writes a next/dynamic wrapper and a hydrateLater one with its gate and options, marked generated", async () => {
    const files = await lazyIslandFiles(
      fixtureRepo([
        { wrapper: "a/Panel.lazy.tsx", export: "Panel", module: "./Panel", hydrate: "with-page" },
        {
          wrapper: "a/Panel.lazy.tsx",
          export: "PanelLater",
          module: "./Panel",
          component: "Panel",
          hydrate: "scroll",
          nativeForms: true,
          why: "Below the fold.",
        },
      ]),
    );
    expect(Object.keys(files)).toEqual(["blocks/a/Panel.lazy.tsx"]);
    const source = files["blocks/a/Panel.lazy.tsx"];
    expect(source.split("\n")[0]).toMatch(/^\/\/ GENERATED .*Do not edit/);
    expect(source.split("\n")[1]).toBe('"use client";');
    expect(source).toContain('export const Panel = dynamic(() => import("./Panel").then((m) => m.Panel));');
    expect(source).toContain(
      '// Below the fold.\nexport const PanelLater = hydrateLater(() => import("./Panel").then((m) => m.Panel), "scroll", { nativeForms: true });',
    );
  });

  it("writes the eager barrel of a wrapper over several modules", async () => {
    const files = await lazyIslandFiles(
      fixtureRepo([
        { wrapper: "a/client/components.lazy.tsx", export: "One", module: "./One", hydrate: "visible" },
        { wrapper: "a/client/components.lazy.tsx", export: "Two", module: "./Two", hydrate: "idle" },
      ]),
    );
    expect(files["blocks/a/client/components.ts"]).toMatch(/export \{ One \} from "\.\/One";\nexport \{ Two \} from "\.\/Two";\n$/);
  });

  it("refuses a wrapper file that is not declared", async () => {
    fixtureRepo([{ wrapper: "a/Panel.lazy.tsx", export: "Panel", module: "./Panel", hydrate: "with-page" }], ["blocks/b/Stray.lazy.tsx"]);
    await expect(lazyIslandFiles(root)).rejects.toThrow(/blocks\/b\/Stray\.lazy\.tsx: not declared in blocks\/lazy-islands\.json/);
  });

  it("refuses a list that breaks its schema, an island declared twice, and nativeForms on a next/dynamic island", () => {
    fixtureRepo([{ wrapper: "a/Panel.lazy.tsx", export: "Panel", module: "./Panel", hydrate: "soon" as never }]);
    expect(() => readLazyIslands(root)).toThrow(/\/islands\/0\/hydrate must be equal to one of the allowed values/);
    const island = { wrapper: "a/Panel.lazy.tsx", export: "Panel", module: "./Panel", hydrate: "with-page" } as const;
    fixtureRepo([island, island]);
    expect(() => readLazyIslands(root)).toThrow(/declared twice/);
    fixtureRepo([{ ...island, nativeForms: true }]);
    expect(() => readLazyIslands(root)).toThrow(/nativeForms/);
  });
});
