import type { ManifestRule, RuleProblem } from "./types";

/** Text colour on background colour, as the theme uses them (runtime/theme.ts); 4.5:1 is WCAG 2.2 AA for body text. */
const PAIRS: [text: string, background: string, where: string][] = [
  ["primaryContrast", "primary", "text on buttons and other brand-colour areas"],
  ["accentContrast", "accent", "text on accent-colour areas"],
  ["text", "background", "body text"],
  ["muted", "background", "secondary text"],
  ["text", "surface", "text on cards"],
  ["primary", "background", "links"],
  ["headerText", "headerBackground", "the header's text"],
  ["footerText", "footerBackground", "the footer's text"],
];

/** What runtime/theme.ts uses when an optional colour is left out: another colour's name, or a colour. */
const FALLBACK: Record<string, string> = {
  accent: "primary",
  accentContrast: "primaryContrast",
  headerBackground: "background",
  headerText: "text",
  footerBackground: "#15171a",
  footerText: "#f2f3f5",
};

export const MIN_CONTRAST = 4.5;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const themeContrast: ManifestRule = {
  id: "theme-contrast",
  description: "Theme colour pairs that carry text contrast at least 4.5:1 (WCAG AA).",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    const colors = (manifest.theme?.colors ?? {}) as Record<string, string | undefined>;
    // The colours the site really uses, with runtime/theme.ts's fallbacks for the optional ones.
    const used = (name: string): string | undefined => colors[name] ?? (FALLBACK[name] ? (colors[FALLBACK[name]] ?? FALLBACK[name]) : undefined);
    for (const [text, background, where] of PAIRS) {
      const fg = used(text);
      const bg = used(background);
      if (!fg || !bg || !/^#[0-9a-fA-F]{6}$/.test(fg) || !/^#[0-9a-fA-F]{6}$/.test(bg)) continue;
      const ratio = contrastRatio(fg, bg);
      if (ratio >= MIN_CONTRAST) continue;
      problems.push({
        // At the colour the dealer wrote (the text one when both are written).
        pointer: `/theme/colors/${colors[text] || !colors[background] ? text : background}`,
        message: `${text} ${fg} on ${background} ${bg} (${where}) has contrast ${ratio.toFixed(2)}:1; at least ${MIN_CONTRAST}:1 is needed to be readable`,
        hint: `make one of the two darker or lighter; a contrast checker such as webaim.org/resources/contrastchecker shows the ratio`,
      });
    }
    return problems;
  },
};
