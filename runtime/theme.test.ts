import { describe, expect, it } from "vitest";
import type { DealerManifest } from "./generated/types";
import { brandFontClassNames, brandFontsStyleSheet, brandFontVariable, themeFontKeys, themeStyleSheet, themeVariables } from "./theme";

type Theme = DealerManifest["theme"];
const theme = (over: Partial<Theme> = {}, colors: Partial<Theme["colors"]> = {}): Theme =>
  ({
    colors: {
      primary: "#9b1c1f",
      primaryContrast: "#ffffff",
      background: "#ffffff",
      surface: "#f5f6f8",
      text: "#1a1c20",
      muted: "#5a6270",
      border: "#d9dde3",
      ...colors,
    },
    fonts: { heading: "source-serif-4", body: "arimo" },
    logo: { src: "/logo.svg", alt: "Logo", width: 200, height: 50 },
    radius: "4px",
    buttonStyle: "solid",
    ...over,
  }) as Theme;

describe("themeVariables", () => {
  it("maps the theme to CSS custom properties", () => {
    const vars = themeVariables(theme());
    expect(vars).toMatchObject({
      "--color-primary": "#9b1c1f",
      "--color-primary-contrast": "#ffffff",
      "--color-bg": "#ffffff",
      "--color-text": "#1a1c20",
      "--radius": "4px",
      "--button-radius": "4px",
    });
  });

  it("follows each brand font with its metric-matched local stand-ins and its generic family, never the browser's default", () => {
    const vars = themeVariables(theme());
    expect(vars["--font-heading"]).toMatch(
      /^var\(--brand-font-source-serif-4, system-ui\), "source-serif-4 Fallback: Times New Roman", .*"source-serif-4 Fallback: Liberation Serif".*, serif$/,
    );
    expect(vars["--font-body"]).toMatch(/^var\(--brand-font-arimo, system-ui\), "arimo Fallback: Arial", "arimo Fallback: Liberation Sans", .*, sans-serif$/);
  });

  it("falls back: accent to primary, header to page colours, footer to dark defaults", () => {
    const vars = themeVariables(theme());
    expect(vars["--color-accent"]).toBe("#9b1c1f");
    expect(vars["--color-accent-contrast"]).toBe("#ffffff");
    expect(vars["--color-header-bg"]).toBe("#ffffff");
    expect(vars["--color-header-text"]).toBe("#1a1c20");
    expect(vars["--color-footer-bg"]).toBe("#15171a");
  });

  it("uses the accent and header colours when given", () => {
    const vars = themeVariables(theme({}, { accent: "#000000", headerBackground: "#111111" }));
    expect(vars["--color-accent"]).toBe("#000000");
    expect(vars["--color-header-bg"]).toBe("#111111");
  });

  it("gives pill buttons a fully round radius", () => {
    expect(themeVariables(theme({ buttonStyle: "pill" }))["--button-radius"]).toBe("999px");
  });

  it("leaves out variables with no value", () => {
    const vars = themeVariables(theme({ fonts: undefined }));
    expect("--font-heading" in vars).toBe(false);
    expect(Object.values(vars).every((v) => typeof v === "string")).toBe(true);
  });
});

describe("themeStyleSheet", () => {
  it("writes a :root rule with every variable, the fonts in their stand-ins until the switch turns the brand fonts on", () => {
    const css = themeStyleSheet(theme());
    const [root, switched] = css.split("}:root[data-brand-fonts]{");
    expect(root.startsWith(":root{")).toBe(true);
    expect(root).toContain("--color-primary:#9b1c1f;");
    // No brand font is named before the switch, so no font file is asked for before the first paint.
    expect(root).not.toContain("--brand-font");
    expect(root).toMatch(/--font-heading:"source-serif-4 Fallback: Times New Roman", .*, serif;/);
    expect(root).toMatch(/--font-body:"arimo Fallback: Arial", .*, sans-serif(;|$)/);
    expect(switched).toBe(`--font-heading:${themeVariables(theme())["--font-heading"]};--font-body:${themeVariables(theme())["--font-body"]}}`);
  });

  it("writes no switched rule for a theme without fonts", () => {
    expect(themeStyleSheet(theme({ fonts: undefined }))).not.toContain("data-brand-fonts");
    expect(brandFontsStyleSheet(theme({ fonts: undefined }))).toBe("");
  });

  it("turns the brand fonts on from the start for a page read without scripts", () => {
    expect(brandFontsStyleSheet(theme())).toBe(
      `:root{--font-heading:${themeVariables(theme())["--font-heading"]};--font-body:${themeVariables(theme())["--font-body"]}}`,
    );
  });

  it("strips characters that could close the style element or the rule", () => {
    const css = themeStyleSheet(
      theme({ fonts: undefined, radius: "4px</style><script>alert(1)</script>", colors: { ...theme().colors, muted: "x;}body{display:none" } }),
    );
    expect(css).not.toMatch(/<|>/);
    expect(css).not.toContain("</style");
    // only the :root rule's own braces remain, so nothing can start a new rule
    expect(css.match(/[{}]/g)).toEqual(["{", "}"]);
    expect(css).toContain("--radius:4px/stylescriptalert(1)/script");
    expect(css).toContain("--color-muted:xbodydisplay:none");
  });

  it("strips backslashes, so CSS escapes cannot smuggle those characters back", () => {
    const css = themeStyleSheet(theme({ radius: "\\3c/style\\3e" }));
    expect(css).not.toContain("\\");
  });
});

describe("brand fonts", () => {
  const fonts = {
    inter: { variable: "v-inter" },
    arimo: { variable: "v-arimo" },
    roboto: { variable: "v-roboto" },
    "open-sans": { variable: "v-open-sans" },
    "source-sans-3": { variable: "v-source-sans-3" },
    figtree: { variable: "v-figtree" },
    montserrat: { variable: "v-montserrat" },
    "source-serif-4": { variable: "v-source-serif-4" },
  };

  it("names one custom property per font", () => {
    expect(brandFontVariable("open-sans")).toBe("--brand-font-open-sans");
  });

  it("lists the theme's fonts once each, heading first", () => {
    expect(themeFontKeys(theme())).toEqual(["source-serif-4", "arimo"]);
    expect(themeFontKeys(theme({ fonts: { heading: "inter", body: "inter" } }))).toEqual(["inter"]);
    expect(themeFontKeys(theme({ fonts: undefined }))).toEqual([]);
  });

  it("puts only the theme's fonts' classes on the document, so only their files load", () => {
    expect(brandFontClassNames(theme(), fonts)).toBe("v-source-serif-4 v-arimo");
    expect(brandFontClassNames(theme({ fonts: { heading: "montserrat", body: "montserrat" } }), fonts)).toBe("v-montserrat");
    expect(brandFontClassNames(theme({ fonts: undefined }), fonts)).toBe("");
  });
});
