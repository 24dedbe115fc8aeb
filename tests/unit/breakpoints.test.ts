import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every stylesheet changes layout at the spec's breakpoints only: 400, 576, 768, 992, 1200 and
// 1400 px, written `min-width: N` or, for the range below one, `max-width: N - 0.02` (Bootstrap's
// convention: no width falls between two rules at fractional zoom levels). The one width outside
// that list is 359.98 px: below the smallest breakpoint, a 320 px phone's header gives its phone
// number's text way to the icon (blocks/site-header), content-driven rather than a layout step.
const BREAKPOINTS = [400, 576, 768, 992, 1200, 1400];
const BELOW_SMALLEST = [359.98];
const root = path.resolve(import.meta.dirname, "..", "..");

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : stylesheets(file);
    return e.name.endsWith(".css") ? [file] : [];
  });
}

/** Each width a stylesheet's media queries test that is not one of the breakpoints, as "file: feature". */
export function offBreakpoints(file: string, css: string): string[] {
  const out: string[] = [];
  for (const [, query] of css.matchAll(/@media([^{]+)\{/g)) {
    for (const [feature, kind, value, unit] of query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)) {
      const px = Number(value) * (unit === "px" ? 1 : 16);
      const ok = kind === "min" ? BREAKPOINTS.includes(px) : BREAKPOINTS.some((b) => Math.abs(b - 0.02 - px) < 1e-9) || BELOW_SMALLEST.includes(px);
      if (!ok) out.push(`${path.relative(root, file)}: ${feature}`);
    }
  }
  return out;
}

describe("breakpoints", () => {
  it("reads a stylesheet's media widths against the list", () => {
    const css = "@media (min-width: 992px) {} @media (max-width: 575.98px) {} @media (min-width: 960px) and (max-width: 60rem) {}";
    expect(offBreakpoints(path.join(root, "x.css"), css)).toEqual(["x.css: (min-width: 960px)", "x.css: (max-width: 60rem)"]);
  });

  it("every stylesheet of the blocks, the runtime and the app uses only the spec's breakpoints", () => {
    const files = ["blocks", "runtime", "app"].flatMap((d) => stylesheets(path.join(root, d)));
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((f) => offBreakpoints(f, readFileSync(f, "utf8")))).toEqual([]);
  });
});
