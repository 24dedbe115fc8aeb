import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Next's CSS Modules (Turbopack) give a class the classes it composes from its own file one level
// deep: `.b { composes: a }` and `.c { composes: b }` leave `.c` without `.a`'s rules (a "Book now"
// button once lost its fill that way). A class composes every class it builds on by name instead.
const root = path.resolve(import.meta.dirname, "..", "..");

function cssModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    return e.isDirectory() ? cssModules(file) : e.name.endsWith(".module.css") ? [file] : [];
  });
}

/** Each class of a stylesheet and the classes it composes from the same file. */
export function localComposes(css: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [, name, body] of css.matchAll(/^\.([A-Za-z][\w-]*)\s*\{([^}]*)\}/gm)) {
    const local = [...body.matchAll(/composes:\s*([^;]+?)\s*;/g)].filter((m) => !/\bfrom\b/.test(m[1])).flatMap((m) => m[1].split(/\s+/));
    out.set(name, [...(out.get(name) ?? []), ...local]);
  }
  return out;
}

/** Classes that compose a class which itself composes another: the chains the build would cut short. */
export function chainedComposes(css: string): string[] {
  const composes = localComposes(css);
  return [...composes].flatMap(([name, parents]) =>
    parents.filter((p) => (composes.get(p) ?? []).some((g) => !parents.includes(g))).map((p) => `${name} → ${p}`),
  );
}

describe("CSS Modules composes", () => {
  it("finds a chain (the check can fail)", () => {
    expect(chainedComposes(".a { color: red; }\n.b {\n  composes: a;\n}\n.c {\n  composes: b;\n}\n")).toEqual(["c → b"]);
    expect(chainedComposes(".a { color: red; }\n.b {\n  composes: a;\n}\n.c {\n  composes: a b;\n}\n")).toEqual([]);
  });

  it("no block stylesheet composes through a chain in its own file", () => {
    const found = cssModules(path.join(root, "blocks")).flatMap((file) =>
      chainedComposes(readFileSync(file, "utf8")).map((c) => `${path.relative(root, file)}: ${c}`),
    );
    expect(found).toEqual([]);
  });
});
