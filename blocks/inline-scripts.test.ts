import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PLATFORM_INLINE_SCRIPTS } from "./inline-scripts";
import { PRE_HYDRATION_SCRIPT } from "./shared/search/form";
import { HEADER_PRE_HYDRATION_SCRIPT } from "./site-header/pre-hydration";
import { BRAND_FONTS_SOURCE } from "@/runtime/http/after-paint-scripts.mjs";

const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".tsx") && !e.name.includes(".test."))
    .map((e) => path.join(e.parentPath, e.name));
}

describe("the platform's inline scripts", () => {
  it("lists the constants the blocks render", () => {
    expect(PLATFORM_INLINE_SCRIPTS).toEqual([PRE_HYDRATION_SCRIPT, HEADER_PRE_HYDRATION_SCRIPT, BRAND_FONTS_SOURCE]);
  });

  it("every executable inline <script> in the code renders one of the listed constants (JSON-LD aside)", () => {
    const listed = new Set([...readFileSync(path.join(root, "blocks/inline-scripts.ts"), "utf8").matchAll(/import \{ (\w+) \}/g)].map((m) => m[1]));
    const found: string[] = [];
    for (const file of ["app", "blocks", "runtime"].flatMap(sources)) {
      for (const m of readFileSync(file, "utf8").matchAll(/<script\b([^>]*?)dangerouslySetInnerHTML=\{\{\s*__html:\s*([\w.]+)/gs)) {
        if (/type="application\/ld\+json"/.test(m[1])) continue;
        found.push(m[2]);
        expect(listed, `${path.relative(root, file)} renders ${m[2]}`).toContain(m[2]);
      }
    }
    expect(found.sort()).toEqual(["BRAND_FONTS_SOURCE", "HEADER_PRE_HYDRATION_SCRIPT", "PRE_HYDRATION_SCRIPT"]);
  });
});
