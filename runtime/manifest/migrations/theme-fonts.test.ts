import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrateManifest } from "./index";
import { closestVettedFont, migrateThemeFontsToKeys, stackFamilies, V3_FONTS } from "./theme-fonts";

type Json = Record<string, any>;

const schema = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../schemas/manifest.source.json"), "utf8")) as Json;
const vetted: string[] = schema.$defs.themeFont.enum;

describe("closestVettedFont", () => {
  it.each([
    // the sample dealers' stacks at version 2
    ["'Helvetica Neue', Arial, sans-serif", "arimo"],
    ["'Arial Black', 'Helvetica Neue', Arial, sans-serif", "arimo"],
    ["Arial, 'Helvetica Neue', sans-serif", "arimo"],
    ["Georgia, 'Times New Roman', serif", "source-serif-4"],
    ["system-ui, 'Segoe UI', Roboto, sans-serif", "inter"],
    ["'Trebuchet MS', 'Segoe UI', sans-serif", "source-sans-3"],
    ["'Segoe UI', system-ui, sans-serif", "open-sans"],
    // version 2's default
    ["system-ui, sans-serif", "inter"],
    ["Roboto, Arial", "roboto"],
    ['"Montserrat", sans-serif', "montserrat"],
    ["Poppins, sans-serif", "figtree"],
  ])("%s → %s", (stack, font) => {
    expect(closestVettedFont(stack)).toBe(font);
  });

  it("skips families it does not know and takes the first it does", () => {
    expect(closestVettedFont("'Brand Sans Pro', Verdana, sans-serif")).toBe("open-sans");
  });

  it("falls back to the generic family, then to the default", () => {
    expect(closestVettedFont("'Brand Serif', serif")).toBe("source-serif-4");
    expect(closestVettedFont("'Brand Sans', sans-serif")).toBe("inter");
    expect(closestVettedFont("Comic Sans MS")).toBe("inter");
    expect(closestVettedFont("")).toBe("inter");
  });

  it("keeps a value that already names a vetted font", () => {
    for (const font of V3_FONTS) expect(closestVettedFont(font)).toBe(font);
  });

  it("only ever names fonts the schema lists", () => {
    for (const font of V3_FONTS) expect(vetted).toContain(font);
    expect(vetted).toContain(schema.$defs.themeFont.default);
  });

  it("reads a stack's families without quotes, in order", () => {
    expect(stackFamilies(` 'Helvetica Neue' , "Arial",sans-serif,`)).toEqual(["helvetica neue", "arial", "sans-serif"]);
  });
});

describe("migration 2 → 3", () => {
  it("turns both stacks into vetted fonts and bumps the version", () => {
    const v2 = { schemaVersion: 2, slug: "d", theme: { colors: {}, fonts: { heading: "Georgia, serif", body: "Arial, sans-serif" }, radius: "4px" } };
    const result = migrateManifest(v2, undefined, 3);
    expect(result.error).toBeUndefined();
    expect(result.applied).toEqual([expect.stringMatching(/^2→3: brand fonts/)]);
    expect(result.manifest).toEqual({ schemaVersion: 3, slug: "d", theme: { colors: {}, fonts: { heading: "source-serif-4", body: "arimo" }, radius: "4px" } });
    expect(v2.theme.fonts.heading).toBe("Georgia, serif");
  });

  it("migrates the one font a manifest sets and leaves the other to its template", () => {
    expect(migrateThemeFontsToKeys({ theme: { fonts: { heading: "Futura" } } })).toEqual({ theme: { fonts: { heading: "montserrat" } } });
  });

  it("leaves a manifest without fonts, and values that are not strings (for validation to report), as they are", () => {
    expect(migrateThemeFontsToKeys({ slug: "d" })).toEqual({ slug: "d" });
    expect(migrateThemeFontsToKeys({ theme: { colors: {} } })).toEqual({ theme: { colors: {} } });
    expect(migrateThemeFontsToKeys({ theme: { fonts: { heading: 3, body: null } } })).toEqual({ theme: { fonts: { heading: 3, body: null } } });
  });
});
