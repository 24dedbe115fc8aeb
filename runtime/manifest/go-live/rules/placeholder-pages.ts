import equal from "fast-deep-equal";
import { mergeManifest } from "../../merge";
import { pathToPointer } from "../../problems";
import type { GoLiveRule } from "../types";

/** The template's pages that hold words the dealer must make their own: privacy, terms, about. */
const PLACEHOLDER_PAGE = /(^|\/)(privacy|terms|about)([-/]|$)/;

/**
 * A privacy policy, terms or About page still as the template wrote it speaks for no one: the
 * dealer's page is compared with the template's (the dealer's edits merged over it, as the site
 * shows it), and a page that comes out the same is reported.
 */
export const placeholderPages: GoLiveRule = {
  id: "placeholder-pages",
  description: "The privacy, terms and About pages are the dealer's own, not the template's text.",
  check({ manifest, written, template }) {
    const templateRoutes = (template?.routes ?? {}) as Record<string, unknown>;
    const own = (written.routes ?? {}) as Record<string, unknown>;
    return Object.keys(templateRoutes)
      .filter((p) => PLACEHOLDER_PAGE.test(p) && manifest.routes?.[p] !== undefined)
      .filter((p) => own[p] === undefined || equal(mergeManifest(templateRoutes[p], own[p]), templateRoutes[p]))
      .map((p) => {
        const title = (templateRoutes[p] as { title?: string }).title ?? p;
        return {
          pointer: `/routes${pathToPointer([p])}`,
          severity: "warning" as const,
          message: `The ${title} page (${p}) is still the template's placeholder text: it does not speak for this dealer`,
          hint: "write the dealer's own text on this page (Pages in the studio), or remove the page and its menu links",
        };
      });
  },
};
