import type { DealerManifest, ThemeFont } from "./generated/types";
import { fontFallbackFamilies } from "./generated/font-fallbacks";

type Theme = DealerManifest["theme"];

/**
 * The custom property that holds a brand font's family (next/font's name for it).
 * The site's font declarations (app/fonts.ts) define it under this name on a class; the document
 * puts the classes of the dealer's fonts on <html> (brandFontClassNames) and the theme points
 * --font-heading and --font-body at it.
 */
export const brandFontVariable = (font: ThemeFont): `--brand-font-${ThemeFont}` => `--brand-font-${font}`;

/** The brand fonts a theme uses, each once (heading first). A theme built without fonts uses none. */
export function themeFontKeys(theme: Theme): ThemeFont[] {
  const keys = [theme.fonts?.heading, theme.fonts?.body].filter((k): k is ThemeFont => typeof k === "string");
  return [...new Set(keys)];
}

/** The classes that define the theme's brand font variables, for <html>: only the fonts it uses, so only those load. */
export function brandFontClassNames(theme: Theme, fonts: Record<ThemeFont, { variable: string }>): string {
  return themeFontKeys(theme)
    .map((key) => fonts[key].variable)
    .join(" ");
}

/**
 * A brand font as a font-family value: the font, then its metric-matched local stand-ins (shown
 * until its file arrives) and its generic family, never the browser's default (a serif on Linux).
 * Where the document has not defined the font's variable (a page outside a dealer's document, such
 * as the block catalogue's examples) the device's UI font stands in for the brand font.
 */
const fontStack = (font: ThemeFont | undefined) => (font ? `var(${brandFontVariable(font)}, system-ui), ${fontFallbackFamilies[font]}` : undefined);

/** The manifest's theme as CSS custom properties (no per-dealer CSS or code). */
export function themeVariables(theme: Theme): Record<string, string> {
  const c = theme.colors;
  const vars: Record<string, string | undefined> = {
    "--color-primary": c.primary,
    "--color-primary-contrast": c.primaryContrast,
    "--color-accent": c.accent ?? c.primary,
    "--color-accent-contrast": c.accentContrast ?? c.primaryContrast,
    "--color-bg": c.background,
    "--color-surface": c.surface,
    "--color-text": c.text,
    "--color-muted": c.muted,
    "--color-border": c.border,
    "--color-header-bg": c.headerBackground ?? c.background,
    "--color-header-text": c.headerText ?? c.text,
    "--color-footer-bg": c.footerBackground ?? "#15171a",
    "--color-footer-text": c.footerText ?? "#f2f3f5",
    "--font-heading": fontStack(theme.fonts?.heading),
    "--font-body": fontStack(theme.fonts?.body),
    "--radius": theme.radius,
    "--button-radius": theme.buttonStyle === "pill" ? "999px" : theme.radius,
  };
  return Object.fromEntries(Object.entries(vars).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** A `:root{...}` rule; values come from a schema that only admits hex colours, lengths and vetted font names, and are escaped anyway. */
export function themeStyleSheet(theme: Theme): string {
  const body = Object.entries(themeVariables(theme))
    .map(([k, v]) => `${k}:${v.replace(/[<>{};\\]/g, "")}`)
    .join(";");
  return `:root{${body}}`;
}
