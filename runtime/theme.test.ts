import { describe, expect, it } from "vitest";
import type { DealerManifest } from "./generated/types";
import { themeStyleSheet, themeVariables } from "./theme";

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
    fonts: { heading: "'Helvetica Neue', Arial, sans-serif", body: "system-ui, sans-serif" },
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
      "--font-heading": "'Helvetica Neue', Arial, sans-serif",
      "--font-body": "system-ui, sans-serif",
      "--radius": "4px",
      "--button-radius": "4px",
    });
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
  it("writes a :root rule with every variable", () => {
    const css = themeStyleSheet(theme());
    expect(css.startsWith(":root{")).toBe(true);
    expect(css.endsWith("}")).toBe(true);
    expect(css).toContain("--color-primary:#9b1c1f;");
    expect(css).toContain("--font-heading:'Helvetica Neue', Arial, sans-serif;");
  });

  it("strips characters that could close the style element or the rule", () => {
    const css = themeStyleSheet(theme({ fonts: { heading: "Arial</style><script>alert(1)</script>", body: "x;}body{display:none" } }));
    expect(css).not.toMatch(/<|>/);
    expect(css).not.toContain("</style");
    // only the :root rule's own braces remain, so nothing can start a new rule
    expect(css.match(/[{}]/g)).toEqual(["{", "}"]);
    expect(css).toContain("--font-heading:Arial/stylescriptalert(1)/script");
    expect(css).toContain("--font-body:xbodydisplay:none");
  });

  it("strips backslashes, so CSS escapes cannot smuggle those characters back", () => {
    const css = themeStyleSheet(theme({ fonts: { heading: "\\3c/style\\3e", body: "a" } }));
    expect(css).not.toContain("\\");
  });
});
