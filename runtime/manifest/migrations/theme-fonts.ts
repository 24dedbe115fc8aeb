/**
 * Migration 2 → 3: the theme's fonts become brand fonts the site serves itself.
 *
 * Version 2 wrote each of `theme.fonts.heading` and `theme.fonts.body` as a CSS font stack
 * ("'Helvetica Neue', Arial, sans-serif"), so a page showed whatever the shopper's device had of
 * those fonts. Version 3 names one font from the vetted list (the schema's `themeFont` enum),
 * which the site ships. Each stack becomes the vetted font closest to the first family in it that
 * the table below knows: Arial and Helvetica to Arimo (the same metrics), Segoe UI to Open Sans,
 * Georgia and Times to Source Serif 4, the platform's UI font to Inter, and so on. A stack with no
 * known family becomes the schema's default (Inter), a serif-only one Source Serif 4.
 *
 * Each field is migrated on its own and means the same in a template as in a manifest, so no
 * template context is needed. A value that already names a vetted font is kept; anything that is
 * not a string is left for validation to report.
 *
 * The font keys are copied, not imported: a migration describes the format at one moment and must
 * keep doing so when the list grows later.
 */
type Json = Record<string, unknown>;

/** The vetted fonts at version 3. */
export const V3_FONTS = ["inter", "arimo", "roboto", "open-sans", "source-sans-3", "figtree", "montserrat", "source-serif-4"] as const;
export type V3Font = (typeof V3_FONTS)[number];

/** The default a stack with no family we know becomes (the schema's default at version 3). */
const DEFAULT_FONT: V3Font = "inter";

/** Families (lower case, unquoted) and the vetted font closest to each in shape and width. */
const CLOSEST: Record<string, V3Font> = {
  // The same metrics as Arial and Helvetica, so lines break where they did.
  arial: "arimo",
  "arial black": "arimo",
  helvetica: "arimo",
  "helvetica neue": "arimo",
  "liberation sans": "arimo",
  "nimbus sans": "arimo",
  arimo: "arimo",
  // The platform's own interface font: a neutral modern sans.
  "system-ui": "inter",
  "-apple-system": "inter",
  blinkmacsystemfont: "inter",
  "ui-sans-serif": "inter",
  "sf pro text": "inter",
  "sf pro display": "inter",
  inter: "inter",
  "sans-serif": "inter",
  roboto: "roboto",
  // Humanist sans with open shapes (Open Sans and Segoe UI share a designer).
  "segoe ui": "open-sans",
  "open sans": "open-sans",
  tahoma: "open-sans",
  verdana: "open-sans",
  calibri: "open-sans",
  "noto sans": "open-sans",
  "trebuchet ms": "source-sans-3",
  "source sans pro": "source-sans-3",
  "source sans 3": "source-sans-3",
  "fira sans": "source-sans-3",
  "gill sans": "source-sans-3",
  "lucida grande": "source-sans-3",
  "lucida sans": "source-sans-3",
  // Geometric sans: the friendly narrow ones and the wide display ones.
  figtree: "figtree",
  poppins: "figtree",
  avenir: "figtree",
  "avenir next": "figtree",
  nunito: "figtree",
  "dm sans": "figtree",
  montserrat: "montserrat",
  futura: "montserrat",
  "century gothic": "montserrat",
  gotham: "montserrat",
  // Serif text faces.
  georgia: "source-serif-4",
  times: "source-serif-4",
  "times new roman": "source-serif-4",
  cambria: "source-serif-4",
  garamond: "source-serif-4",
  palatino: "source-serif-4",
  "palatino linotype": "source-serif-4",
  "book antiqua": "source-serif-4",
  merriweather: "source-serif-4",
  "source serif pro": "source-serif-4",
  "source serif 4": "source-serif-4",
  "ui-serif": "source-serif-4",
  serif: "source-serif-4",
};

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isVetted = (v: string): v is V3Font => (V3_FONTS as readonly string[]).includes(v);

/** The families of a CSS font stack, lower case and unquoted, in order. */
export function stackFamilies(stack: string): string[] {
  return stack
    .split(",")
    .map((f) =>
      f
        .trim()
        .replace(/^(['"])(.*)\1$/, "$2")
        .trim()
        .toLowerCase(),
    )
    .filter(Boolean);
}

/** The vetted font closest to a CSS font stack (or the stack itself when it already names one). */
export function closestVettedFont(stack: string): V3Font {
  if (isVetted(stack.trim())) return stack.trim() as V3Font;
  for (const family of stackFamilies(stack)) {
    const found = CLOSEST[family];
    if (found) return found;
  }
  return DEFAULT_FONT;
}

export function migrateThemeFontsToKeys(manifest: Json): Json {
  const out = structuredClone(manifest);
  const fonts = isObject(out.theme) && isObject(out.theme.fonts) ? out.theme.fonts : undefined;
  if (!fonts) return out;
  for (const role of ["heading", "body"] as const) {
    const value = fonts[role];
    if (typeof value === "string") fonts[role] = closestVettedFont(value);
  }
  return out;
}
