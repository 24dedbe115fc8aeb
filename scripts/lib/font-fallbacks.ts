/**
 * Metric-matched local stand-ins for each vetted brand font, shown until the brand font's file
 * arrives (fonts swap), so that nothing moves when it does.
 *
 * Why not next/font's own `adjustFontFallback`: it makes one stand-in from `local(Arial)` (or
 * Times New Roman) and ends the family list there. Debian, most Linux desktops and Android have
 * no font of that name, so the list fell through to the browser's default font, a serif on Linux:
 * the finance page painted in DejaVu Serif and reflowed 260 px when Inter arrived (Lighthouse CLS
 * 0.248). Capsize computes the overrides from published metrics for any number of stand-ins: Arial
 * and its metric clones (Liberation Sans on Linux, Arimo on ChromeOS), Roboto (Android), DejaVu
 * (Linux without the Liberation fonts), each scaled to the brand font; the list then ends with the
 * generic family, never the browser's default.
 *
 * Output (by `npm run generate`): runtime/generated/font-fallbacks.css (the @font-face rules, loaded
 * by the site's layout) and runtime/generated/font-fallbacks.ts (each font's stand-in families, for
 * runtime/theme.ts's font stacks).
 */
import { createFontStack } from "@capsizecss/core";
import arial from "@capsizecss/metrics/arial";
import arimo from "@capsizecss/metrics/arimo";
import figtree from "@capsizecss/metrics/figtree";
import inter from "@capsizecss/metrics/inter";
import montserrat from "@capsizecss/metrics/montserrat";
import notoSerif from "@capsizecss/metrics/notoSerif";
import openSans from "@capsizecss/metrics/openSans";
import roboto from "@capsizecss/metrics/roboto";
import sourceSans3 from "@capsizecss/metrics/sourceSans3";
import sourceSerif4 from "@capsizecss/metrics/sourceSerif4";
import timesNewRoman from "@capsizecss/metrics/timesNewRoman";
import tinos from "@capsizecss/metrics/tinos";

import type { ThemeFont } from "../../runtime/generated/types";

type Metrics = typeof arial;

/** The brand fonts' published metrics, by the schema's `themeFont` key (a key without metrics fails the type check and the generator). */
const BRAND_METRICS: Record<ThemeFont, Metrics> = {
  inter,
  arimo,
  roboto,
  "open-sans": openSans,
  "source-sans-3": sourceSans3,
  figtree,
  montserrat,
  "source-serif-4": sourceSerif4,
};

/** A metric-compatible clone of a font under its own local names (same glyph widths and vertical metrics). */
const clone = (metrics: Metrics, familyName: string, fullName: string, postscriptName: string): Metrics => ({
  ...metrics,
  familyName,
  fullName,
  postscriptName,
});

/**
 * DejaVu, the default sans and serif of Debian and many Linux desktops without the Liberation
 * fonts (Debian's chromium only recommends them). Capsize publishes no metrics for it: these were
 * read from DejaVuSans.ttf and DejaVuSerif.ttf 2.37 with @capsizecss/unpack (fromFile); the cap and
 * x heights (OS/2 table) are not used for a font stack. Without them such a machine fell through to
 * the generic family unscaled, 14% wider than Arimo: the finance page's paragraphs took a line more
 * and moved 50 px when the brand font arrived (Lighthouse CLS 0.117).
 */
const dejaVuSans: Metrics = {
  familyName: "DejaVu Sans",
  fullName: "DejaVu Sans",
  postscriptName: "DejaVuSans",
  category: "sans-serif",
  capHeight: 1493,
  ascent: 1901,
  descent: -483,
  lineGap: 0,
  unitsPerEm: 2048,
  xHeight: 1120,
  xWidthAvg: 1041,
  subsets: { latin: { xWidthAvg: 1041 }, thai: { xWidthAvg: 1229 } },
};
const dejaVuSerif: Metrics = {
  ...dejaVuSans,
  familyName: "DejaVu Serif",
  fullName: "DejaVu Serif",
  postscriptName: "DejaVuSerif",
  category: "serif",
  xHeight: 1063,
  xWidthAvg: 1058,
  subsets: { latin: { xWidthAvg: 1058 }, thai: { xWidthAvg: 1229 } },
};

// Local names as Chrome's local() matches them: a face's full name or PostScript name. The first
// one a machine has is used, so the closest matches come first and DejaVu last.
const SANS_STAND_INS = [
  arial,
  clone(arial, "Liberation Sans", "Liberation Sans", "LiberationSans"),
  clone(arimo, "Arimo", "Arimo Regular", "Arimo-Regular"),
  roboto,
  dejaVuSans,
];
const SERIF_STAND_INS = [timesNewRoman, clone(timesNewRoman, "Liberation Serif", "Liberation Serif", "LiberationSerif"), tinos, notoSerif, dejaVuSerif];

/**
 * Each stand-in's bold face under its local names (full name, PostScript name). A stand-in with
 * only its regular face is bolded by the browser, which in Chromium keeps the regular advance
 * widths, while the brand font's bold is 5-8% wider than its regular: bold text (headings,
 * buttons, an announcement that is all link) drawn in the stand-in took a line fewer and rewrapped
 * when the brand font arrived (Sunshine's checkout journey, CLS 0.31). Arial Bold and its clones
 * match Arimo Bold's widths exactly. The bold face is scaled like the regular one: Capsize
 * publishes regular metrics only.
 */
const BOLD_NAMES: Record<string, [fullName: string, postscriptName: string]> = {
  Arial: ["Arial Bold", "Arial-BoldMT"],
  "Liberation Sans": ["Liberation Sans Bold", "LiberationSans-Bold"],
  Arimo: ["Arimo Bold", "Arimo-Bold"],
  Roboto: ["Roboto Bold", "Roboto-Bold"],
  "DejaVu Sans": ["DejaVu Sans Bold", "DejaVuSans-Bold"],
  "Times New Roman": ["Times New Roman Bold", "TimesNewRomanPS-BoldMT"],
  "Liberation Serif": ["Liberation Serif Bold", "LiberationSerif-Bold"],
  Tinos: ["Tinos Bold", "Tinos-Bold"],
  "Noto Serif": ["Noto Serif Bold", "NotoSerif-Bold"],
  "DejaVu Serif": ["DejaVu Serif Bold", "DejaVuSerif-Bold"],
};

const boldOf = (metrics: Metrics): Metrics => {
  const names = BOLD_NAMES[metrics.familyName];
  if (!names) throw new Error(`font-fallbacks: no bold face named for the stand-in '${metrics.familyName}' (add it to BOLD_NAMES)`);
  return { ...metrics, fullName: names[0], postscriptName: names[1] };
};

export interface FontFallbacks {
  /** The @font-face rules of every font's stand-ins. */
  css: string;
  /** Each font's stand-in families then its generic family, as a font-family list. */
  families: Record<string, string>;
}

export function fontFallbacks(themeFonts: readonly string[]): FontFallbacks {
  const faces: string[] = [];
  const families: Record<string, string> = {};
  for (const key of themeFonts) {
    const metrics = (BRAND_METRICS as Record<string, Metrics | undefined>)[key];
    if (!metrics) throw new Error(`font-fallbacks: no published metrics for the theme font '${key}' (add it to BRAND_METRICS)`);
    const serif = metrics.category === "serif";
    // Named after the manifest key, so two brand fonts never share a stand-in's name.
    const standIns = serif ? SERIF_STAND_INS : SANS_STAND_INS;
    const { fontFamily, fontFaces } = createFontStack([{ ...metrics, familyName: `${key}` }, ...standIns], {
      fontFaceFormat: "styleString",
      subset: "latin",
    });
    // The same families again with each stand-in's bold face, for text at 600 and above (the
    // browser picks the nearest heavier face declared for a weight over 500).
    const bold = createFontStack([{ ...metrics, familyName: `${key}` }, ...standIns.map(boldOf)], {
      fontFaceFormat: "styleString",
      fontFaceProperties: { fontWeight: "700" },
      subset: "latin",
    });
    faces.push(fontFaces, bold.fontFaces);
    // createFontStack's list begins with the brand family and ends with the stand-ins' own names
    // (unscaled): keep only the scaled faces, then the generic family.
    const scaled = fontFamily
      .split(/,\s*/)
      .filter((name) => name.includes(" Fallback: "))
      .join(", ");
    families[key] = `${scaled}, ${serif ? "serif" : "sans-serif"}`;
  }
  return { css: faces.join("\n") + "\n", families };
}

export function fontFallbackFiles(themeFonts: readonly string[]): Record<string, string> {
  const { css, families } = fontFallbacks(themeFonts);
  const banner = "GENERATED by scripts/generate.ts (scripts/lib/font-fallbacks.ts, Capsize metrics). Do not edit; run `npm run generate`.";
  const ts =
    `// ${banner}\nimport type { ThemeFont } from "./types";\n\n` +
    "/** Each brand font's metric-matched local stand-ins and generic family, shown until the font's file arrives. */\n" +
    `export const fontFallbackFamilies: Record<ThemeFont, string> = ${JSON.stringify(families, null, 2)};\n`;
  return {
    "runtime/generated/font-fallbacks.css": `/* ${banner} */\n${css}`,
    "runtime/generated/font-fallbacks.ts": ts,
  };
}
