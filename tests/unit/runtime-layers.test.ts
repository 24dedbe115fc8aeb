import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoLinter, repoRoot as root } from "../helpers/eslint";
import { RUNTIME_LAYERS, layerOf, runtimeArea } from "../../scripts/lint/runtime-layers.mjs";

// The layers inside runtime/ (scripts/lint/runtime-layers.mjs): the lint rule fires on an upward
// import, and the areas' import graph, read from the sources, has no cycle (same-layer areas may
// use each other, but never both ways round).
const RULE = "dealer-platform/runtime-layers";
const lint = repoLinter();

async function messages(code: string, filePath: string) {
  return (await lint.messages(code, filePath)).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe("runtime layers", () => {
  it("reports the pure core importing the request layer, and names both layers", async () => {
    const found = await messages('import { resolveTenant } from "../tenant";\nexport const t = resolveTenant;\n', "runtime/finance/x.ts");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/runtime\/finance \(core layer\) may not import runtime\/tenant \(request layer\)/);
  });

  it("reports a service importing a page module, by alias too", async () => {
    expect(
      await messages('import { renderSitePage } from "@/runtime/render/site-page";\nexport const r = renderSitePage;\n', "runtime/leads/x.ts"),
    ).toHaveLength(1);
  });

  it("reports the core importing Next or a database driver", async () => {
    expect(await messages('import { headers } from "next/headers";\nexport const h = headers;\n', "runtime/search/x.ts")).toHaveLength(1);
    expect(await messages('import pg from "pg";\nexport const p = pg;\n', "runtime/time.ts")).toHaveLength(1);
  });

  it("lets a module import its own area and lower layers, and a type from anywhere", async () => {
    expect(
      await messages('import { slugify } from "../slug";\nimport { getDb } from "../db";\nexport const x = [slugify, getDb];\n', "runtime/leads/x.ts"),
    ).toEqual([]);
    expect(await messages('import type { Tenant } from "../tenant";\nexport type T = Tenant;\n', "runtime/finance/x.ts")).toEqual([]);
  });

  it("reports an area that no layer lists", async () => {
    expect((await messages("export {};\n", "runtime/newthing/x.ts"))[0]).toMatch(/runtime\/newthing is in no layer/);
  });

  it("places every area of runtime/ in exactly one layer", () => {
    const areas = new Set(readdirSync(path.join(root, "runtime")).map((e) => runtimeArea(`runtime/${e}`)!));
    const listed = RUNTIME_LAYERS.flatMap((l) => l.areas);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...areas].filter((a) => layerOf(a) === undefined)).toEqual([]);
  });
});

/** Every runtime module's value imports of other areas, read from the source text. */
function areaGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.|test-fixtures|\/fixtures\//.test(file)) {
        const from = runtimeArea(file)!;
        const src = readFileSync(file, "utf8");
        for (const m of src.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gms)) {
          const spec = m[1] ?? m[2];
          const target = spec.startsWith("@/runtime/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
          const to = target ? runtimeArea(target) : null;
          if (to && to !== from) (graph.get(from) ?? graph.set(from, new Set()).get(from)!).add(to);
        }
      }
    }
  };
  walk(path.join(root, "runtime"));
  return graph;
}

/** The graph's cycles, as the areas of each strongly connected component with more than one area (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe("runtime areas", () => {
  it("finds a cycle when there is one (the check can fail)", () => {
    const g = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(cycles(g)).toEqual([["a", "b", "c"]]);
  });

  it("import one another in one direction only: no cycle between areas", () => {
    expect(cycles(areaGraph())).toEqual([]);
  });
});
