import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { brandFontVariable } from "@/runtime/theme";
import { fieldsOf } from "@/runtime/studio/form";
import type { ThemeFont } from "@/runtime/generated/types";

// next/font/local is compiled away by Next; here each call returns its options, so the test sees
// exactly what app/fonts.ts declares.
vi.mock("next/font/local", () => ({ default: (options: Record<string, unknown>) => ({ variable: `class-of-${String(options.variable)}`, options }) }));

const { brandFonts } = await import("@/app/fonts");
type Declared = {
  variable: string;
  options: { src: string | { path: string; weight: string }[]; display: string; preload: boolean; adjustFontFallback: string | false; variable: string };
};
const declared = brandFonts as unknown as Record<ThemeFont, Declared>;

const root = path.resolve(import.meta.dirname, "../..");
const schema = JSON.parse(readFileSync(path.join(root, "schemas/manifest.source.json"), "utf8"));
const vetted: ThemeFont[] = schema.$defs.themeFont.enum;

describe("the brand fonts the site declares (app/fonts.ts)", () => {
  it("declare every font the schema lists, and no other", () => {
    expect(Object.keys(brandFonts).sort()).toEqual([...vetted].sort());
  });

  it.each(vetted)(
    "%s: defines the variable the theme points at, swaps in over the generated stand-ins (not next/font's), and is not preloaded everywhere",
    (key) => {
      const font = declared[key];
      expect(font.options.variable).toBe(brandFontVariable(key));
      expect(font.variable).toBe(`class-of-${brandFontVariable(key)}`);
      expect(font.options.display).toBe("swap");
      expect(font.options.preload).toBe(false);
      // next/font's one local(Arial) face matches nothing on Linux or Android: runtime/theme.ts follows
      // the font with scripts/lib/font-fallbacks.ts's stand-ins instead.
      expect(font.options.adjustFontFallback).toBe(false);
    },
  );

  it.each(vetted)("%s: its woff2 files come from an installed Fontsource package, Latin subset", (key) => {
    const src = declared[key].options.src;
    const files = typeof src === "string" ? [src] : src.map((s) => s.path);
    for (const file of files) {
      expect(file).toMatch(/^\.\.\/node_modules\/@fontsource(-variable)?\/[a-z0-9-]+\/files\/[a-z0-9-]+-latin-[a-z0-9]+-normal\.woff2$/);
      expect(existsSync(path.join(root, "app", file)), file).toBe(true);
    }
  });
});

describe("choosing a brand font in the studio", () => {
  it("offers the vetted list as a choice for the heading and the body font", () => {
    const composed = JSON.parse(readFileSync(path.join(root, "schemas/manifest.schema.json"), "utf8"));
    const fonts = fieldsOf(composed.$defs.theme, composed.$defs).find((f) => f.name === "fonts");
    for (const role of ["heading", "body"]) {
      expect(fonts?.fields?.find((f) => f.name === role)).toMatchObject({ kind: "enum", options: vetted, path: ["fonts", role] });
    }
  });
});
