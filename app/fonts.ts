/**
 * The brand fonts a dealer can choose (the schema's `themeFont` list), served by the site itself
 * from the Fontsource packages: the Latin subset as woff2, variable where the font has a variable
 * cut. next/font needs each font declared once, at module top level, with literal options.
 *
 * Every font:
 *  - `display: "swap"`, so text shows at once in a local stand-in scaled to the brand font's
 *    metrics and nothing moves when the brand font arrives. The stand-ins are not next/font's
 *    (`adjustFontFallback: false`): its one `local(Arial)` face matches nothing on Linux or Android
 *    and the text fell back to a serif; runtime/theme.ts appends the generated ones
 *    (scripts/lib/font-fallbacks.ts: Arial, Liberation Sans, Arimo, Roboto, then the generic family);
 *  - `preload: false`: next/font would preload every font this module declares on every page,
 *    since one layout serves every dealer. The document preloads nothing itself either: the
 *    @font-face rules are in the first stylesheet and only the dealer's own fonts are referenced;
 *  - `variable`: a class defining `--brand-font-<key>` (runtime/theme.ts brandFontVariable). The
 *    document puts only the dealer's fonts' classes on <html>, so only their files download.
 */
import localFont from "next/font/local";
import type { ThemeFont } from "@/runtime/generated/types";

const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--brand-font-inter",
});

// Arimo has no variable cut on npm: the weights the pages use (regular, semibold, bold).
const arimo = localFont({
  src: [
    { path: "../node_modules/@fontsource/arimo/files/arimo-latin-400-normal.woff2", weight: "400", style: "normal" },
    { path: "../node_modules/@fontsource/arimo/files/arimo-latin-600-normal.woff2", weight: "600", style: "normal" },
    { path: "../node_modules/@fontsource/arimo/files/arimo-latin-700-normal.woff2", weight: "700", style: "normal" },
  ],
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--brand-font-arimo",
});

const roboto = localFont({
  src: "../node_modules/@fontsource-variable/roboto/files/roboto-latin-wght-normal.woff2",
  weight: "100 900",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--brand-font-roboto",
});

const openSans = localFont({
  src: "../node_modules/@fontsource-variable/open-sans/files/open-sans-latin-wght-normal.woff2",
  weight: "300 800",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--brand-font-open-sans",
});

const sourceSans3 = localFont({
  src: "../node_modules/@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2",
  weight: "200 900",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--brand-font-source-sans-3",
});

const figtree = localFont({
  src: "../node_modules/@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2",
  weight: "300 900",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--brand-font-figtree",
});

const montserrat = localFont({
  src: "../node_modules/@fontsource-variable/montserrat/files/montserrat-latin-wght-normal.woff2",
  weight: "100 900",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--brand-font-montserrat",
});

const sourceSerif4 = localFont({
  src: "../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2",
  weight: "200 900",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--brand-font-source-serif-4",
});

/** Each vetted font by its manifest key (a key added to the schema without a font here fails the type check). */
export const brandFonts: Record<ThemeFont, { variable: string }> = {
  inter,
  arimo,
  roboto,
  "open-sans": openSans,
  "source-sans-3": sourceSans3,
  figtree,
  montserrat,
  "source-serif-4": sourceSerif4,
};
