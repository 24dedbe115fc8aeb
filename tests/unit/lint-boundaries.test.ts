import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoLinter, repoRoot } from "../helpers/eslint";
import { readLazyIslands } from "../../scripts/lib/lazy-islands";

// The import boundaries of eslint.config.mjs, run through ESLint's own API on small snippets: the
// rules must fire where the architecture forbids an import and stay quiet where it allows one.
const { rulesFired } = repoLinter();

const BOUNDARY = "no-restricted-imports";
const LAZY = "dealer-platform/import-lazy-wrapper";

describe("runtime/ never imports blocks/ or app/", () => {
  it("reports a runtime module importing a block through the alias", async () => {
    expect(await rulesFired('import hero from "@/blocks/hero";\nexport default hero;\n', "runtime/x.ts")).toContain(BOUNDARY);
  });

  it("reports relative paths into blocks/ and the app/ routes too", async () => {
    expect(await rulesFired('export { HeroBlock } from "../../blocks/hero/Hero";\n', "runtime/render/x.ts")).toContain(BOUNDARY);
    expect(await rulesFired('import { GET } from "@/app/robots.txt/route";\nexport { GET };\n', "runtime/x.ts")).toContain(BOUNDARY);
  });

  it("lets a runtime module import runtime", async () => {
    expect(await rulesFired('import { safeHref } from "@/runtime/safe-href";\nexport const h = safeHref("/");\n', "runtime/x.ts")).not.toContain(BOUNDARY);
  });
});

describe("blocks/ use runtime/, never app/", () => {
  it("lets a block import runtime", async () => {
    expect(await rulesFired('import { safeHref } from "@/runtime/safe-href";\nexport const h = safeHref("/");\n', "blocks/hero/x.ts")).toEqual([]);
  });

  it("reports a block importing a route file", async () => {
    expect(await rulesFired('import { GET } from "@/app/robots.txt/route";\nexport { GET };\n', "blocks/hero/x.ts")).toContain(BOUNDARY);
  });
});

describe("a block uses its own folder and blocks/shared/, never another block's folder", () => {
  const RULE = "dealer-platform/block-folders";
  it("reports a block importing another block's folder, by alias or relative path", async () => {
    expect(await rulesFired('import { Hero } from "@/blocks/hero/Hero";\nexport const x = Hero;\n', "blocks/rich-text/x.ts")).toContain(RULE);
    expect(await rulesFired('import block from "../hero/index";\nexport const x = block;\n', "blocks/rich-text/x.ts")).toContain(RULE);
  });

  it("reports blocks/shared/ importing a block's folder", async () => {
    expect(await rulesFired('import { x } from "@/blocks/hero/Hero";\nexport { x };\n', "blocks/shared/blog/x.ts")).toContain(RULE);
  });

  it("lets a block import its own folder and blocks/shared/", async () => {
    const own = 'import block from "./index";\nimport { BlogCards } from "@/blocks/shared/blog/BlogCards";\nexport const x = [block, BlogCards];\n';
    expect(await rulesFired(own, "blocks/blog-cards/x.ts")).not.toContain(RULE);
  });
});

describe("server modules import client components through their lazy wrappers", () => {
  // Every island in the declaration list: its generated wrapper, the eager twin beside it
  // (`X.lazy.tsx` → `./X`) and the component's own module.
  const islands = readLazyIslands(repoRoot);
  const cases = islands.map((island) => {
    const folder = path.posix.join("blocks", path.posix.dirname(island.wrapper));
    return { island, folder, eager: `./${path.posix.basename(island.wrapper, ".lazy.tsx")}`, serverFile: `${folder}/ServerPart.tsx` };
  });
  const { folder, eager, serverFile } = cases[0];

  it.each(cases)("reports a server module importing $island.module or the twin of $island.wrapper directly, and not the wrapper", async (c) => {
    expect(await rulesFired(`import * as parts from "${c.island.module}";\nexport default parts;\n`, c.serverFile)).toContain(LAZY);
    expect(await rulesFired(`import * as parts from "@/${c.folder}/${c.eager.slice(2)}";\nexport default parts;\n`, c.serverFile)).toContain(LAZY);
    expect(await rulesFired(`import * as parts from "${c.eager}.lazy";\nexport default parts;\n`, c.serverFile)).not.toContain(LAZY);
  });

  it("lets client modules, type-only imports and tests import the eager module", async () => {
    expect(await rulesFired(`"use client";\nimport * as parts from "${eager}";\nexport default parts;\n`, serverFile)).not.toContain(LAZY);
    expect(await rulesFired(`import type * as parts from "${eager}";\nexport type P = typeof parts;\n`, serverFile)).not.toContain(LAZY);
    expect(await rulesFired(`import * as parts from "${eager}";\nexport default parts;\n`, `${folder}/server-part.test.tsx`)).not.toContain(LAZY);
  });
});
