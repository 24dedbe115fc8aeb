/**
 * Text in a generated SVG picture, drawn as vector outlines instead of a <text> element.
 *
 * A picture shown through <img> cannot use the page's web fonts, so a <text> element in it is
 * drawn with whatever fonts the viewing machine has, and looks different from one machine to the
 * next. Outlines drawn here from the font files the sites ship look the same everywhere.
 *
 * The face is Arimo (from @fontsource/arimo, the Latin subset as WOFF, which opentype.js reads
 * directly): it has Arial's metrics, the font these pictures were drawn for. Each weight is its own
 * file; a weight between or beyond the shipped ones uses the nearest.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import opentype, { type Font } from "opentype.js";

export type TextAnchor = "start" | "middle" | "end";

export interface TextStyle {
  /** Font size in user units (the SVG's px). */
  size: number;
  /** CSS font weight; the nearest shipped weight is drawn. Default 400. */
  weight?: number;
  /** Extra space after each character in user units, as SVG/CSS `letter-spacing`. Default 0. */
  letterSpacing?: number;
}

export interface TextRun extends TextStyle {
  text: string;
  /** Where the anchor point sits; `y` is the baseline, as for <text x y>. */
  x: number;
  y: number;
  /** Which point of the line `x` names, as SVG `text-anchor`. Default "start". */
  anchor?: TextAnchor;
  fill: string;
}

/** The weights @fontsource/arimo ships. */
export const OUTLINE_WEIGHTS = [400, 500, 600, 700] as const;

const require = createRequire(import.meta.url);
const fonts = new Map<number, Font>();

/** The shipped weight nearest to `weight` (the heavier one on a tie, as a browser would pick for bold). */
export function nearestWeight(weight: number): (typeof OUTLINE_WEIGHTS)[number] {
  let best: (typeof OUTLINE_WEIGHTS)[number] = OUTLINE_WEIGHTS[0];
  for (const w of OUTLINE_WEIGHTS) if (Math.abs(w - weight) <= Math.abs(best - weight)) best = w;
  return best;
}

/** The parsed font for a weight, read once per process. */
function fontFor(weight = 400): Font {
  const w = nearestWeight(weight);
  let font = fonts.get(w);
  if (!font) {
    const file = readFileSync(require.resolve(`@fontsource/arimo/files/arimo-latin-${w}-normal.woff`));
    font = opentype.parse(new Uint8Array(file).buffer);
    fonts.set(w, font);
  }
  return font;
}

function options(style: TextStyle): { kerning: true; letterSpacing: number } {
  // opentype.js counts letter spacing in ems, added after every glyph like CSS letter-spacing.
  return { kerning: true, letterSpacing: (style.letterSpacing ?? 0) / style.size };
}

/** The advance width of a line in user units: glyph advances, kerning and letter spacing. */
export function measureText(text: string, style: TextStyle): number {
  return fontFor(style.weight).getAdvanceWidth(text, style.size, options(style));
}

/** The outline of a line of text as SVG path data, placed as <text> with the same attributes would be. */
export function textPathData(run: TextRun): string {
  const font = fontFor(run.weight);
  const missing = [...run.text].filter((ch) => /\S/.test(ch) && font.charToGlyphIndex(ch) === 0);
  if (missing.length > 0) {
    throw new RangeError(`text "${run.text}": the outline font has no glyph for ${[...new Set(missing)].map((c) => JSON.stringify(c)).join(", ")}`);
  }
  const width = run.anchor === "middle" || run.anchor === "end" ? measureText(run.text, run) : 0;
  const left = run.anchor === "middle" ? run.x - width / 2 : run.anchor === "end" ? run.x - width : run.x;
  // Two decimals: a hundredth of a px, finer than any screen shows, and the files stay small.
  return font.getPath(run.text, left, run.y, run.size, options(run)).toPathData({ decimalPlaces: 2, flipY: false });
}

/**
 * A <path> element drawing the text in its fill colour. Its `data-text` keeps the words beside their
 * drawing, so a check (the logo contrast test) can still tell which words are drawn in which colour.
 */
export function textPath(run: TextRun): string {
  const words = run.text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  return `<path data-text="${words}" fill="${run.fill}" d="${textPathData(run)}"/>`;
}
