import type { DealerManifest, ThemeFont } from "./generated/types";
import { fontFallbackFamilies } from "./generated/font-fallbacks";
import { BRAND_FONTS_ATTRIBUTE } from "./brand-fonts.mjs";

type Theme = DealerManifest["theme"];

/**
 * The custom property that holds a brand font's family (next/font's name for it).
 * The site's font declarations (app/fonts.ts) define it under this name on a class; the document
 * puts the classes of the dealer's fonts on <html> (brandFontClassNames) and the theme points
 * --font-heading and --font-body at it once the brand fonts are turned on (themeStyleSheet).
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

/** The entries with a value: a theme leaves some out. */
const defined = (vars: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(vars).filter((e): e is [string, string] => typeof e[1] === "string"));

/**
 * The theme's two font variables: in the brand fonts (`brand`, each followed by its stand-ins), or
 * in the stand-ins alone, what a page paints in before the brand fonts are turned on.
 */
function fontVariables(theme: Theme, brand: boolean): Record<string, string> {
  const stack = (font: ThemeFont | undefined) => (brand ? fontStack(font) : font && fontFallbackFamilies[font]);
  return defined({ "--font-heading": stack(theme.fonts?.heading), "--font-body": stack(theme.fonts?.body) });
}

/** The manifest's theme as CSS custom properties (no per-dealer CSS or code), the fonts in the brand fonts. */
export function themeVariables(theme: Theme): Record<string, string> {
  const c = theme.colors;
  return defined({
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
    ...fontVariables(theme, true),
    "--radius": theme.radius,
    "--button-radius": theme.buttonStyle === "pill" ? "999px" : theme.radius,
  });
}

/** Declarations from variables; values come from a schema that only admits hex colours, lengths and vetted font names, and are escaped anyway. */
const declarations = (vars: Record<string, string>) =>
  Object.entries(vars)
    .map(([k, v]) => `${k}:${v.replace(/[<>{};\\]/g, "")}`)
    .join(";");

/**
 * The theme's rules for the document's head: a `:root{...}` rule with every variable, the fonts in
 * their stand-ins, then the brand fonts under the attribute the brand fonts' switch sets on <html>
 * once the page has painted (runtime/http/after-paint-scripts.mjs): a font file downloads only
 * when some text is set in it, so until then none does.
 */
export function themeStyleSheet(theme: Theme): string {
  return `:root{${declarations({ ...themeVariables(theme), ...fontVariables(theme, false) })}}${brandFontsRule(theme, `:root[${BRAND_FONTS_ATTRIBUTE}]`)}`;
}

/** A rule under `selector` setting the font variables to the brand fonts; "" for a theme without fonts. */
function brandFontsRule(theme: Theme, selector: string): string {
  const brand = fontVariables(theme, true);
  return Object.keys(brand).length ? `${selector}{${declarations(brand)}}` : "";
}

/** The brand fonts turned on from the start, for a page read without scripts (a <noscript> rule after themeStyleSheet's); "" for a theme without fonts. */
export function brandFontsStyleSheet(theme: Theme): string {
  return brandFontsRule(theme, ":root");
}
