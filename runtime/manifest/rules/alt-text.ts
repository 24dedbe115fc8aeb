import { pointerToPath } from "../problems";
import type { ManifestRule, RuleProblem } from "./types";
import { walkJson } from "./types";

const FILE_NAME = /\.(png|jpe?g|gif|webp|avif|svg)$/i;
const PLACEHOLDER = new Set(["image", "picture", "photo", "logo", "img", "alt", "banner", "todo"]);

function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const seg of pointerToPath(pointer)) {
    if (!v || typeof v !== "object") return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

/** Alt text that says nothing to someone who cannot see the picture. */
function emptyAlt(alt: string): string | null {
  const t = alt.trim();
  if (t === "") return "is blank";
  if (FILE_NAME.test(t)) return `is a file name ('${t}')`;
  if (PLACEHOLDER.has(t.toLowerCase())) return `is a placeholder ('${t}')`;
  return null;
}

/**
 * Pictures carry alt text (WCAG 1.1.1). The logo must say whose it is. A picture whose schema has
 * an `alt` field but which the dealer wrote without one would silently get the default (empty:
 * decoration), so leaving it out is an error: write the text, or `"alt": ""` on purpose for decoration.
 */
export const altText: ManifestRule = {
  id: "alt-text",
  description: "Pictures have alt text; the logo's says something.",
  check({ manifest, given }) {
    const problems: RuleProblem[] = [];
    const logoAlt = manifest.theme?.logo?.alt;
    if (typeof logoAlt === "string") {
      const why = emptyAlt(logoAlt);
      if (why)
        problems.push({
          pointer: "/theme/logo/alt",
          message: `the logo's alt text ${why}: screen readers read it out as the link to the home page`,
          hint: `write the dealer's name, e.g. "${manifest.name}"`,
        });
    }
    if (!given) return problems;
    const seen = new Set<string>();
    walkJson(manifest, (value, pointer) => {
      if (!value || typeof value !== "object" || Array.isArray(value) || pointer.startsWith("/theme/logo")) return;
      const picture = value as Record<string, unknown>;
      if (typeof picture.src !== "string" || !("alt" in picture)) return;
      const written = valueAt(given, pointer);
      if (!written || typeof written !== "object" || "alt" in written || seen.has(pointer)) return;
      seen.add(pointer);
      problems.push({
        pointer: `${pointer}/src`,
        message: `the picture '${picture.src}' has no alt text`,
        hint: `add "alt": "what the picture shows", or "alt": "" when it is only decoration`,
      });
    });
    return problems;
  },
};
